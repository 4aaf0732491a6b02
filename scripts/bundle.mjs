// Builds what bin/wts runs (part of `npm run build`, after tsc): dist/wts.cjs, the CLI and everything it
// imports in one CommonJS file, and dist/chunks/SET/*.cjs, the packages it loads only now and then. Why one
// file: Node's ES module loader costs about a millisecond a module to resolve, read and link, and a run of
// `wts workspace list` loads about fifty; and V8 can keep a code cache for a CommonJS file compiled
// through node:vm (bin/wts does), not for ES modules on Node 20. Modules a command does not use are still
// not evaluated: esbuild wraps each module reached only through `import()` so that it runs on first use,
// as before.
//
// Chunks: the packages that no command on a hot path uses (the browser opener, the OAuth client, prompts,
// date phrases, the MCP SDK, jq for --jq, Ink and React for `wts dash`), which the source loads only
// through src/lazy.ts, are each bundled on their own into dist/chunks/SET/NAME.cjs, which the main bundle
// requires on the package's first use. The main bundle is half the size for it, and pure ASCII (chrono-node's and open's non-ASCII
// regular expressions stay out), so bin/wts reads it as Latin-1, a third of the time of decoding UTF-8.
// Only @napi-rs/keyring stays in node_modules (its native binding is found next to its own files): it is
// the one runtime dependency, and the build fails when what the output loads from node_modules differs
// from package.json's dependencies.
//
// The build also fails when a package the output holds or loads does not support every Node version that
// package.json's `engines` admits (semver's subset): `engines` is a promise about them too.
//
// The sandbox (src/sandbox/, with hono and jose) is a chunk too, dist/chunks/SET/sandbox.cjs: only `wts sandbox`
// runs it, and it was a fifth of what every other command read.
//
// How the bundle loads them: src/lazy.ts lists them, each as an import(); the build reads that list (from
// esbuild's account of the module) and puts in its place a module whose entries require the chunk and
// take the specifier's namespace from it (a chunk exports one per specifier: the MCP SDK's are three).
// Not esbuild's own `supported: { 'dynamic-import': false }`: that makes `import("open")`
// `__toESM(require(...), 1)`, the module in Node's mode, whose `default` is the whole chunk, not the
// package's default export; and the Ink chunk is an ES module with top-level awaits, which no require()
// loads: bin/wts passes its own import() for it as `__import`, since the bundle's code, compiled through
// node:vm, has none (an import() callback under node:vm warns on Node 20, and is lost from a code cache).
// No import() is left in dist/wts.cjs: the build checks.
//
// Also writes dist/build.json, { date }: the build's day (SOURCE_DATE_EPOCH when set), which
// `wts --version` prints; and dist/meta.json, esbuild's account of the inputs (below).
//
// Atomic: esbuild writes nothing (write: false); every check runs on the output in memory, and only a
// build that passes them all is written. The chunks are one set, a directory named by a hash of their
// contents (dist/chunks/SET/NAME.cjs), written under a temporary name and renamed into place whole; then
// dist/wts.cjs, which names its set, dist/meta.json, and dist/build.json last, which
// test/setup/fresh-build.ts takes to mean a finished build. Each file is written whole (a temporary file
// renamed over it). A `wts` started during a build, or after a failed one, runs the old build or the new
// one, its bundle with its own chunks, never a part of one (test/e2e/build.test.ts). The set before this
// build's is kept, for a `wts` that read the old bundle and has not yet loaded a chunk; older sets are
// removed, and with `--sole` (npm pack's build) every set but this build's. WTS_BUNDLE_DIST (another
// dist/) and WTS_BUNDLE_ENTRY (another entry) are for that test.
import { build } from 'esbuild';
import semver from 'semver';
import { builtinModules } from 'node:module';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = process.env.WTS_BUNDLE_DIST ? resolve(process.env.WTS_BUNDLE_DIST) : join(root, 'dist');
const entry = process.env.WTS_BUNDLE_ENTRY ?? 'src/cli.ts';
const http2Stand_in = fileURLToPath(new URL('../src/api/undici-http2.ts', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** The list of what is loaded on first use (see above). */
const LAZY = join(root, 'src', 'lazy.ts');

/** The packages loaded from node_modules at run time (see above). */
const EXTERNAL = ['@napi-rs/keyring'];
/**
 * The packages bundled apart, by chunk: dist/chunks/SET/NAME.cjs holds the packages listed under NAME. The
 * prompts and @inquirer/core share one: the prompts are built on it, and so is the review's own prompt.
 */
const CHUNKS = {
  open: ['open'],
  'openid-client': ['openid-client'],
  inquirer: ['@inquirer/prompts', '@inquirer/core'],
  'chrono-node': ['chrono-node'],
  mcp: ['@modelcontextprotocol/sdk'],
  jq: ['jq-wasm'],
  ink: ['ink', 'react'],
  // The OAuth client's private_key_jwt (src/auth/oauth-client.ts); the sandbox chunk holds its own copy.
  jose: ['jose'],
  // src/lazy.ts's specifier for the sandbox's server, relative to src/.
  sandbox: ['./sandbox/server.js'],
};
const CHUNKED = Object.values(CHUNKS).flat();
/** The chunk that holds a package. */
const chunkOf = (name) => Object.keys(CHUNKS).find((chunk) => CHUNKS[chunk].includes(name));
/** The chunk that holds what a specifier names: a package (`open`, `@scope/name/sub.js`) or one of CHUNKS' paths. */
const chunkFor = (specifier) => chunkOf(specifier.startsWith('.') ? specifier : packageOf(specifier));

/** The package a specifier names: `@scope/name` or `name`, without a subpath. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (specifier) => specifier.startsWith('node:') || builtinModules.includes(specifier);

/**
 * Node built-in modules that a package requires when it loads but uses only in calls a run of wts rarely
 * or never makes; each costs milliseconds to load, every run:
 * - undici asks for node:http2 (it uses it only for HTTP/2, which the client never asks for) and reads
 *   constants from it at once: it gets src/api/undici-http2.ts, which loads node:http2 on a `connect`;
 * - commander asks for node:child_process, used only to run executable subcommands (wts has none): it
 *   gets a stand-in that loads the real module on the first property read;
 * - undici asks for node:assert (about 18 M instructions to load, four built-in modules) and only ever
 *   calls it as `assert(value)`: it gets a function that loads the real one to throw, when a value is
 *   falsy (a bug in undici), and does nothing otherwise.
 */
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: /^(node:)?http2$/ }, (args) =>
      args.importer.includes('/node_modules/undici/') ? { path: http2Stand_in } : undefined,
    );
    b.onResolve({ filter: /^(node:)?assert$/ }, (args) =>
      args.importer.includes('/node_modules/undici/') ? { path: 'assert', namespace: 'assert-on-failure' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'assert-on-failure' }, () => ({
      loader: 'js',
      contents: `module.exports = function assert(value, message) {
  if (!value) require('node:assert')(value, message);
};`,
    }));
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes('/node_modules/commander/') ? { path: 'child_process', namespace: 'on-first-use' } : undefined,
    );
    // node:crypto loads 16 built-in modules (~38 M instructions); the sign-in's modules use it only to
    // name a lock, hash a token or make a nonce, when a refresh or a login happens, not on every run.
    // An ES module stand-in with the functions they import, each loading node:crypto when first called (a
    // name they import that it lacks fails the build).
    b.onResolve({ filter: /^(node:)?crypto$/ }, (args) =>
      args.importer.includes('/src/auth/') ? { path: 'crypto', namespace: 'crypto-on-first-use' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'crypto-on-first-use' }, () => ({
      loader: 'js',
      contents: `let real;
const crypto = () => (real ??= require('node:crypto'));
${['createHash', 'createPrivateKey', 'randomBytes'].map((name) => `export const ${name} = (...args) => crypto().${name}(...args);`).join('\n')}`,
    }));
    b.onLoad({ filter: /.*/, namespace: 'on-first-use' }, (args) => ({
      loader: 'js',
      contents: `let real;
module.exports = new Proxy({}, {
  get: (_, key) => (real ??= require('node:${args.path}'))[key],
  has: (_, key) => key in (real ??= require('node:${args.path}')),
});`,
    }));
  },
};

/**
 * In the sandbox chunk, a package another chunk holds (the MCP SDK, jose) is taken from that chunk's file
 * beside it, not bundled a second time.
 */
const fromChunks = {
  name: 'from-chunks',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.namespace === 'from-chunk') return { path: args.path, external: true };
      const chunk = isBuiltin(args.path) ? undefined : chunkOf(packageOf(args.path));
      if (chunk === undefined || chunk === 'sandbox' || ESM_CHUNKS.includes(chunk)) return undefined;
      return { path: args.path, namespace: 'from-chunk', pluginData: chunk };
    });
    b.onLoad({ filter: /.*/, namespace: 'from-chunk' }, (args) => ({
      loader: 'js',
      contents: `module.exports = require(${JSON.stringify(`./${chunkFile(args.pluginData)}`)})[${JSON.stringify(args.path)}];`,
    }));
  },
};

/**
 * iconv-lite, as @inquirer/external-editor uses it (the prompts' editor prompt, which wts does not use,
 * decodes the edited file in the encoding chardet guessed), is Node's TextDecoder, which knows the
 * WHATWG encodings: the chunk is ~490 KB of code tables lighter. An encoding TextDecoder lacks (UTF-32)
 * is reported missing, and the editor falls back to UTF-8.
 */
const iconvByTextDecoder = {
  name: 'iconv-by-text-decoder',
  setup(b) {
    b.onResolve({ filter: /^iconv-lite$/ }, (args) =>
      args.importer.includes('/node_modules/@inquirer/external-editor/') ? { path: 'iconv-lite', namespace: 'text-decoder' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'text-decoder' }, () => ({
      loader: 'js',
      contents: `const encodingExists = (encoding) => { try { new TextDecoder(encoding); return true; } catch { return false; } };
const decode = (bytes, encoding) => new TextDecoder(encoding).decode(bytes);
module.exports = { encodingExists, decode };`,
    }));
  },
};

/**
 * Ink and its layout engine (yoga-layout, WebAssembly) hold top-level awaits, which a CommonJS file
 * cannot: their chunk is an ES module, dist/chunks/SET/ink.mjs, which src/lazy.ts (below) loads with bin/wts's
 * import(). Its CommonJS packages (React) get a `require` for Node's built-in modules. React's
 * development build and Ink's optional devtools (DEV=true only; react-devtools-core is not installed)
 * are left out, and so is restore-cursor's exit hook; and Ink does not take a CI variable to mean that
 * there is no terminal.
 */
const noDevtools = {
  name: 'no-devtools',
  setup(b) {
    b.onResolve({ filter: /^\.\/devtools\.js$/ }, (args) =>
      args.importer.includes('/node_modules/ink/') ? { path: 'devtools', namespace: 'no-devtools' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'no-devtools' }, () => ({
      loader: 'js',
      contents: 'export default undefined; throw new Error("wts is built without the React devtools");',
    }));
    // restore-cursor writes "show the cursor" to stderr at exit, even when stderr is a file: wts dash
    // shows the cursor itself on every way out, on the terminal it hid it on.
    // Ink renders only a last frame when it thinks it runs in CI (a CI variable is set): wts dash runs on
    // a terminal, which is interactive wherever it is.
    b.onResolve({ filter: /^is-in-ci$/ }, () => ({ path: 'is-in-ci', namespace: 'not-in-ci' }));
    b.onLoad({ filter: /.*/, namespace: 'not-in-ci' }, () => ({ loader: 'js', contents: 'export default false;' }));
    b.onResolve({ filter: /^restore-cursor$/ }, () => ({ path: 'restore-cursor', namespace: 'no-restore-cursor' }));
    b.onLoad({ filter: /.*/, namespace: 'no-restore-cursor' }, () => ({
      loader: 'js',
      contents: 'export default function restoreCursor() {}',
    }));
  },
};
/** How a chunk is built, beyond the common options: an ES module chunk is NAME.mjs. */
const CHUNK_EXTRAS = {
  ink: {
    format: 'esm',
    plugins: [noDevtools],
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  },
};
const ESM_CHUNKS = Object.keys(CHUNK_EXTRAS).filter((name) => CHUNK_EXTRAS[name].format === 'esm');

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile: true,
};

const chunksDir = join(dist, 'chunks');
const chunkFile = (name) => `${name}.${ESM_CHUNKS.includes(name) ? 'mjs' : 'cjs'}`;
/** Where the bundle names its chunk set until the set's hash is known (replaced before it is written). */
const SET_MARK = 'wts-chunk-set-mark';

// What src/lazy.ts lists, in its order: the specifiers of its import() calls, as esbuild reads them.
const lazyRead = await build({
  absWorkingDir: root,
  entryPoints: [LAZY],
  bundle: true,
  write: false,
  metafile: true,
  platform: 'node',
  format: 'esm',
  logLevel: 'warning',
  plugins: [
    {
      name: 'list-only',
      setup: (b) =>
        b.onResolve({ filter: /.*/ }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path, external: true })),
    },
  ],
}).catch(() => fail('esbuild could not read src/lazy.ts (above)'));
const lazySpecifiers = Object.values(lazyRead.metafile.inputs).flatMap((input) =>
  input.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path),
);
const strays = lazySpecifiers.filter((s) => !EXTERNAL.includes(packageOf(s)) && chunkFor(s) === undefined);
if (strays.length > 0) fail(`src/lazy.ts loads ${strays.join(', ')}, which no chunk holds: add it to CHUNKS`);

/**
 * src/lazy.ts as the output has it: each entry loads what it names from its chunk (above), its own
 * export, by name. `from` is where the loading file is: dist/ for the bundle, dist/chunks/SET/ for a chunk.
 */
const lazyModule = (from) => ({
  name: 'lazy-module',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]lazy\.ts$/ }, () => ({
      loader: 'js',
      resolveDir: root,
      contents: `export const lazy = {\n${lazySpecifiers.map((s) => `  ${JSON.stringify(s)}: () => ${loaderOf(s, from)},`).join('\n')}\n};`,
    }));
    // The chunks, beside the loading file, are not bundled.
    b.onResolve({ filter: /^\.\/(chunks\/[\w-]+\/)?[\w-]+\.(cjs|mjs)$/ }, (args) =>
      args.importer === LAZY ? { path: args.path, external: true } : undefined,
    );
  },
});
/** How `specifier` is loaded from `from`: a package left in node_modules, or a chunk's export. */
function loaderOf(specifier, from) {
  const name = JSON.stringify(specifier);
  // A require() on the next tick: the keychain's package is CommonJS, and import() would start Node's ES
  // module loader and lexer for it, 8-10 ms of a signed-in run (docs/performance.md).
  if (EXTERNAL.includes(packageOf(specifier))) return `Promise.resolve().then(() => require(${name}))`;
  const chunk = chunkFor(specifier);
  const file = `./${from === 'bundle' ? `chunks/${SET_MARK}/` : ''}${chunkFile(chunk)}`;
  if (!ESM_CHUNKS.includes(chunk)) return `Promise.resolve().then(() => require(${JSON.stringify(file)})[${name}])`;
  // An ES module chunk: the bundle has bin/wts's import() (see above); a chunk, loaded by Node itself, its own.
  if (from === 'bundle')
    return `__import(require('node:url').pathToFileURL(require('node:path').join(__dirname, 'chunks', ${JSON.stringify(SET_MARK)}, ${JSON.stringify(chunkFile(chunk))})).href).then((c) => c[${name}])`;
  return `import(${JSON.stringify(file)}).then((c) => c[${name}])`;
}

const date = new Date(process.env.SOURCE_DATE_EPOCH ? Number(process.env.SOURCE_DATE_EPOCH) * 1000 : Date.now()).toISOString().slice(0, 10);

const result = await build({
  ...common,
  write: false,
  entryPoints: [entry],
  outfile: join(dist, 'wts.cjs'),
  external: [...EXTERNAL, ...CHUNKED.flatMap((name) => [name, `${name}/*`])],
  // import.meta.url of any module in the bundle is the bundle's own URL: the files it names beside
  // itself (../package.json) are found as from any module in dist/.
  define: { 'import.meta.url': '__bundle_url' },
  banner: { js: "const __bundle_url = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [lazyBuiltins, lazyModule('bundle')],
  charset: 'ascii',
}).catch(() => fail('esbuild could not build the bundle (above); dist/ is as it was'));

// A chunked package the source imports other than through src/lazy.ts would be a second copy, or an
// import() the bundle cannot serve.
for (const [file, input] of Object.entries(result.metafile.inputs)) {
  for (const { path, kind, external } of input.imports) {
    if (!external || isBuiltin(path) || path.startsWith('./chunks/') || EXTERNAL.includes(packageOf(path))) continue;
    if (chunkOf(packageOf(path))) fail(`${file} loads ${path} with ${kind}; a chunked package is loaded through src/lazy.ts only`);
  }
}
// What each chunk holds: the namespace of every specifier src/lazy.ts lists of its packages.
const imported = new Map();
for (const specifier of lazySpecifiers) {
  const chunk = chunkFor(specifier);
  if (chunk === undefined) continue;
  if (!imported.has(chunk)) imported.set(chunk, new Set());
  imported.get(chunk).add(specifier);
}
const unused = CHUNKED.filter((name) => !lazySpecifiers.some((s) => (s.startsWith('.') ? s : packageOf(s)) === name));
if (unused.length > 0) fail(`CHUNKS names what src/lazy.ts never loads: ${unused.join(', ')}`);

// Chunks are minified whole (the main bundle keeps its identifiers): they are most of the package's size.
/** Builds chunk `name`: a module exporting, under each specifier, that specifier's namespace. */
const buildChunk = (name, specifiers) =>
  build({
    ...common,
    write: false,
    minify: true,
    stdin: {
      contents: [...specifiers]
        .map((s, i) => `import * as m${i} from ${JSON.stringify(s)};\nexport { m${i} as ${JSON.stringify(s)} };`)
        .join('\n'),
      // src/lazy.ts's specifiers: packages, and paths relative to src/.
      resolveDir: join(root, 'src'),
      sourcefile: `chunk ${name}`,
    },
    outfile: join(chunksDir, chunkFile(name)),
    external: EXTERNAL,
    plugins: [iconvByTextDecoder, lazyModule('chunk'), ...(name === 'sandbox' ? [fromChunks] : []), ...(CHUNK_EXTRAS[name]?.plugins ?? [])],
    ...(CHUNK_EXTRAS[name] && {
      format: CHUNK_EXTRAS[name].format,
      define: CHUNK_EXTRAS[name].define,
      banner: CHUNK_EXTRAS[name].banner,
    }),
  }).catch(() => fail(`esbuild could not build the ${name} chunk (above); dist/ is as it was`));

// The sandbox chunk first: what it takes from other chunks (fromChunks) those chunks export too.
const sandboxResult = imported.has('sandbox') ? await buildChunk('sandbox', imported.get('sandbox')) : undefined;
for (const input of Object.keys(sandboxResult?.metafile.inputs ?? {})) {
  const specifier = input.startsWith('from-chunk:') && input.slice('from-chunk:'.length);
  if (specifier) imported.get(chunkOf(packageOf(specifier)))?.add(specifier);
}
const chunkResults = await Promise.all(
  [...imported].map(([name, specifiers]) => (name === 'sandbox' ? sandboxResult : buildChunk(name, specifiers))),
);

// The chunk set's name: a hash of every chunk's name and contents, so the bundle names the chunks it was
// built with, and two builds of the same chunks share one set.
const made = [...imported.keys()].map(chunkFile);
const hash = createHash('sha256');
for (const [i, r] of chunkResults.entries()) hash.update(`${made[i]}\0`).update(r.outputFiles[0].contents);
const set = hash.digest('hex').slice(0, 12);
const bundle = Buffer.from(result.outputFiles[0].contents).toString('latin1').replaceAll(SET_MARK, set);
// A package required through createRequire at run time is not in the bundle, nor in an install.
const required = /createRequire\)\(__bundle_url\)\("(?!node:)([^"]+)"\)/.exec(bundle);
if (required) fail(`the source loads ${required[1]} with createRequire(import.meta.url), which the bundle cannot hold: use import()`);
const left = bundle.search(/\bimport\(/);
if (left !== -1) fail(`dist/wts.cjs still has an import() bin/wts cannot serve: ${JSON.stringify(bundle.slice(left, left + 60))}`);

// bin/wts reads the bundle as Latin-1: a byte past ASCII would be read wrong, so the build fails on one.
const at = bundle.search(/[^\x00-\x7f]/);
if (at !== -1) {
  const inputs = Object.keys(result.metafile.inputs).filter((f) => /[^\x00-\x7f]/.test(readFileSync(join(root, f), 'latin1')));
  fail(
    `dist/wts.cjs is not ASCII at byte ${at}: ${JSON.stringify(bundle.slice(at - 40, at + 10))}; inputs with non-ASCII text, comments included: ${inputs.join(', ')}`,
  );
}

// What the output loads from node_modules must be what an install brings: package.json's dependencies.
const loaded = new Set();
for (const { metafile } of [result, ...chunkResults]) {
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports)
      if (external && !isBuiltin(path) && !path.startsWith('./') && !chunkOf(packageOf(path))) loaded.add(packageOf(path));
  }
}
const declared = Object.keys(pkg.dependencies ?? {});
if (declared.length !== loaded.size || declared.some((name) => !loaded.has(name))) {
  fail(
    `the output loads from node_modules ${[...loaded].join(', ') || 'nothing'}, but package.json's dependencies are ${declared.join(', ') || 'none'}: make them the same`,
  );
}

// Every package bundled (an input of the bundle or a chunk) or loaded from node_modules, and the Node
// versions each says it supports: each must support every version package.json's engines admits.
const promised = pkg.engines?.node;
if (!promised) fail('package.json has no engines.node');
const packageDirs = new Set(Object.keys(pkg.dependencies ?? {}).map((name) => `node_modules/${name}`));
for (const { metafile } of [result, ...chunkResults]) {
  for (const input of Object.keys(metafile.inputs)) {
    const at = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (at?.[1]) packageDirs.add(at[1]);
  }
}
const narrower = [];
for (const dir of packageDirs) {
  const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  const supported = manifest.engines?.node;
  if (supported && !semver.subset(promised, supported)) narrower.push(`${manifest.name} ${manifest.version} (node ${supported})`);
}
if (narrower.length > 0) {
  fail(`package.json's engines (node ${promised}) promises more than these bundled packages support: ${narrower.join(', ')}`);
}

// Every check passed: written, the chunk set first, build.json last (see the top).
const before = previousSet();
mkdirSync(chunksDir, { recursive: true });
writeSet();
// Wrapped as Module.wrap would (plus `__import`, see bin/wts), on the first line: bin/wts compiles the
// file's text as it is read, and the 1.4 MB string is not copied a second time to wrap it.
writeWhole(
  join(dist, 'wts.cjs'),
  Buffer.from(`(function (exports, require, module, __filename, __dirname, __import) { ${bundle}\n});`, 'latin1'),
);
// Sets no longer named by this bundle or the one before it (with --sole, by this one), files of the
// layout before sets, and what a build that crashed left; another build's temporary set is its own.
const keep = process.argv.includes('--sole') ? [set] : [set, before];
for (const entry of readdirSync(chunksDir, { withFileTypes: true })) {
  const temporary = /\.(\d+)\.tmp$/.exec(entry.name);
  if (keep.includes(entry.name) || (temporary && running(Number(temporary[1])))) continue;
  rmSync(join(chunksDir, entry.name), { recursive: true, force: true });
}

// What went into the bundle and each chunk, how each input imports the next (`import-statement`,
// `require-call`, `dynamic-import`), and the bytes of each input the bundle kept after tree shaking:
// test/e2e/start-up.test.ts checks ARCHITECTURE.md's rule of what is loaded lazily, and what the stand-ins
// keep out, against it. Not in the package (package.json's files).
writeWhole(
  join(dist, 'meta.json'),
  JSON.stringify({
    bundle: result.metafile.inputs,
    kept: Object.fromEntries(
      Object.entries(Object.values(result.metafile.outputs)[0].inputs).map(([input, { bytesInOutput }]) => [input, bytesInOutput]),
    ),
    chunks: Object.fromEntries([...imported.keys()].map((name, i) => [name, chunkResults[i].metafile.inputs])),
  }),
);
writeWhole(join(dist, 'build.json'), `${JSON.stringify({ date, chunks: set })}\n`);

/** The chunk set the build before this one named (in its build.json), if any. */
function previousSet() {
  try {
    const chunks = JSON.parse(readFileSync(join(dist, 'build.json'), 'utf8')).chunks;
    return typeof chunks === 'string' ? chunks : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the chunk set whole: into a temporary directory, renamed into place (unless a build of the same chunks did). */
function writeSet() {
  const final = join(chunksDir, set);
  if (existsSync(final)) return;
  const temp = `${final}.${process.pid}.tmp`;
  try {
    mkdirSync(temp);
    for (const [i, r] of chunkResults.entries()) writeFileSync(join(temp, made[i]), r.outputFiles[0].contents);
    renameSync(temp, final);
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    // Another build of the same chunks renamed its set into place first: the same files.
    if (!existsSync(final)) fail(`cannot write ${final}: ${err.message}`);
  }
}

/** Whether process `pid` is running (a build that left a temporary set may still be writing it). */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Writes `file` whole or not at all: a temporary file beside it, renamed over it. */
function writeWhole(file, data) {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, data);
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    fail(`cannot write ${file}: ${err.message}`);
  }
}

function fail(message) {
  console.error(`bundle: ${message}`);
  process.exit(1);
}
