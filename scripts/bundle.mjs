// Builds dist/wts.cjs, the file bin/wts runs: the CLI and everything it imports in one CommonJS file
// (part of `npm run build`, after tsc). Why one file: Node's ES module loader costs about a millisecond
// a module to resolve, read and link, and a run of `wts workspace list` loads about fifty; and V8 can
// keep a code cache for a CommonJS file compiled through node:vm (bin/wts does), not for ES modules on
// Node 20. Modules a command does not use are still not evaluated: esbuild wraps each module reached only
// through `import()` so that it runs on first use, as before.
//
// Kept out of the bundle, and loaded from node_modules by import() when a command needs them: the
// packages the source only ever imports dynamically and that no command on a hot path uses (the browser
// opener, the OAuth client, prompts, the editor, date phrases, the MCP SDK), and @napi-rs/keyring, whose
// native binding is found next to its own files. The bundle is half the size for it, and pure ASCII
// (chrono-node's and open's non-ASCII regular expressions stay out), so bin/wts reads it as Latin-1, a
// third of the time of decoding UTF-8.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const http2Stand_in = fileURLToPath(new URL('../src/api/undici-http2.ts', import.meta.url));

/** The packages kept out of the bundle (see above). */
const EXTERNAL = ['@napi-rs/keyring', 'open', 'openid-client', '@inquirer/prompts', '@inquirer/core', 'chrono-node', '@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*'];

/**
 * Node built-in modules that a package requires when it loads but uses only in calls a run of wts rarely
 * or never makes; each costs milliseconds to load, every run:
 * - undici asks for node:http2 (it uses it only for HTTP/2, which the client never asks for) and reads
 *   constants from it at once: it gets src/api/undici-http2.ts, which loads node:http2 on a `connect`;
 * - commander asks for node:child_process, used only to run executable subcommands (wts has none): it
 *   gets a stand-in that loads the real module on the first property read.
 */
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: /^(node:)?http2$/ }, (args) => (args.importer.includes('/node_modules/undici/') ? { path: http2Stand_in } : undefined));
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes('/node_modules/commander/') ? { path: 'child_process', namespace: 'on-first-use' } : undefined,
    );
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

const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/wts.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: EXTERNAL,
  // import.meta.url of any module in the bundle is the bundle's own URL: the files it names beside
  // itself (../package.json) are found as from any module in dist/.
  define: { 'import.meta.url': '__bundle_url' },
  banner: { js: "const __bundle_url = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [lazyBuiltins],
  legalComments: 'none',
  charset: 'ascii',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile: true,
});

// import() of the packages kept out goes through `__import`, a parameter bin/wts passes (its own import()):
// an import() compiled by node:vm needs a callback that Node 20 marks experimental, warns about, and loses
// when the code comes from a code cache.
const out = join(root, 'dist', 'wts.cjs');
let bundle = readFileSync(out, 'latin1');
const isExternal = (specifier) => EXTERNAL.some((e) => (e.endsWith('/*') ? specifier.startsWith(e.slice(0, -1)) : specifier === e));
bundle = bundle.replace(/\bimport\("([^"]+)"\)/g, (call, specifier) => (isExternal(specifier) ? `__import(${JSON.stringify(specifier)})` : call));
const left = bundle.search(/\bimport\(/);
if (left !== -1) fail(`dist/wts.cjs still has an import() bin/wts cannot serve: ${JSON.stringify(bundle.slice(left, left + 60))}`);

// bin/wts reads the bundle as Latin-1: a byte past ASCII would be read wrong, so the build fails on one.
const at = bundle.search(/[^\x00-\x7f]/);
if (at !== -1) {
  const inputs = Object.keys(result.metafile.inputs).filter((f) => /[^\x00-\x7f]/.test(readFileSync(join(root, f), 'latin1')));
  fail(`dist/wts.cjs is not ASCII at byte ${at}: ${JSON.stringify(bundle.slice(at - 40, at + 10))}; inputs with non-ASCII text, comments included: ${inputs.join(', ')}`);
}
writeFileSync(out, bundle, 'latin1');

function fail(message) {
  console.error(`bundle: ${message}`);
  process.exit(1);
}
