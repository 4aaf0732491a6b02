// The start-up tricks of docs/performance.md ("The start-up tricks"), each checked by what it does, never
// by a time: what a `node bin/wts` process loads (test/helpers/loaded-modules.cjs), which compiler V8 gives
// WebAssembly in it (test/helpers/wasm-tier.cjs), and what the build put in the bundle (dist/meta.json,
// esbuild's account, written by scripts/bundle.mjs). The code cache has its own file, code-cache.test.ts.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATION_IDS, operations } from '../../src/contract/operations.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { loginWithFakeBrowser, workdir } from '../helpers/credentials.js';
import { REPO, runWtsProcess, runWtsRecordingLoads, WTS_BIN } from '../helpers/wts-process.js';

const sandbox = useSandbox();

interface Input {
  imports: { path: string; kind: string; external?: boolean }[];
}
interface Meta {
  bundle: Record<string, Input>;
  kept: Record<string, number>;
  chunks: Record<string, Record<string, Input>>;
}
const meta: Meta = JSON.parse(readFileSync(join(REPO, 'dist', 'meta.json'), 'utf8'));

/** The package an input of the bundle belongs to, or undefined for our own modules and the stand-ins. */
const packageOf = (input: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];

/** Each module `from` reaches by static imports (not import()), with the chain of imports that reached it. */
function staticallyReached(from: string): Map<string, string[]> {
  const reached = new Map<string, string[]>([[from, [from]]]);
  const queue = [from];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const { path, kind, external } of meta.bundle[next]?.imports ?? []) {
      if (kind === 'dynamic-import' || external || reached.has(path)) continue;
      reached.set(path, [...(reached.get(next) ?? []), path]);
      queue.push(path);
    }
  }
  return reached;
}

const relative = (files: string[]) => files.map((f) => (f.startsWith(REPO) ? f.slice(REPO.length) : f));

describe('what a run of bin/wts loads', () => {
  it('--version is answered by bin/wts alone: the bundle is neither read nor compiled', async () => {
    const r = await runWtsRecordingLoads(['--version']);
    expect(r.stdout).toMatch(/^wts \d+\.\d+\.\d+/);
    // bin/wts among the files Node's loader read is also what shows it runs as CommonJS (an ES module
    // entry is not in require's cache): a CommonJS entry starts sooner.
    expect(relative(r.loaded.files).sort()).toEqual(['bin/wts', 'dist/build.json', 'package.json', 'test/helpers/loaded-modules.cjs']);
    expect(r.loaded.builtins).not.toContain('vm');
  });

  it('one request loads no chunk, and none of the built-in modules the bundle keeps off that path', async () => {
    const r = await runWtsRecordingLoads(['workspace', 'list', '--json'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).not.toEqual([]);
    expect(r.loaded.builtins).toContain('vm'); // the bundle was compiled, through node:vm
    expect(relative(r.loaded.files).filter((f) => f.startsWith('dist/') || f.includes('node_modules/'))).toEqual(['dist/build.json']);
    // node:http2 (and node:tls with it): undici's stand-in (src/api/undici-http2.ts); node:child_process:
    // commander's stand-in and the editor loaded on use; node:tty: chalk, not loaded without colors;
    // node:assert: undici's stand-in, which loads it only to throw; node:fs/promises: src/input/text.ts.
    for (const builtin of ['http2', 'tls', 'child_process', 'tty', 'assert', 'fs/promises'])
      expect(r.loaded.builtins, builtin).not.toContain(builtin);
  });

  it('one request signed in with the file store loads no node:crypto (a lock is named, a token hashed, only on a refresh)', async () => {
    const w = workdir();
    try {
      expect((await loginWithFakeBrowser(sandbox.origin, w)).code).toBe(0);
      const r = await runWtsRecordingLoads(['workspace', 'list', '--json'], {
        env: { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).not.toEqual([]);
      expect(r.loaded.builtins).not.toContain('crypto');
    } finally {
      rmSync(w.dir, { recursive: true, force: true });
    }
  });

  it('--jq loads the jq chunk, beside the bundle', async () => {
    const r = await runWtsRecordingLoads(['workspace', 'list', '-q', 'length'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    const { chunks } = JSON.parse(readFileSync(join(REPO, 'dist', 'build.json'), 'utf8'));
    expect(relative(r.loaded.files).filter((f) => f.startsWith('dist/chunks/'))).toEqual([`dist/chunks/${chunks}/jq.cjs`]);
  });
});

describe('--liftoff-only, set before the first WebAssembly is compiled (src/api/liftoff.ts)', () => {
  /** Which compiler V8 gave a hot WebAssembly function, at the end of a process run with `args`. */
  async function tierOf(args: string[]): Promise<{ turbofan: boolean; liftoff: boolean }> {
    const dir = mkdtempSync(join(tmpdir(), 'wts-wasm-tier-'));
    try {
      const file = join(dir, 'tier.json');
      const probe = ['--allow-natives-syntax', '-r', join(REPO, 'test', 'helpers', 'wasm-tier.cjs')];
      // Its own code cache: V8 takes one only under the flags it was made with.
      const env = { ...sandbox.env, WTS_TEST_WASM_TIER: file, WTS_CACHE_DIR: join(dir, 'cache') };
      if (args[0] === WTS_BIN) {
        const r = await runWtsProcess(args.slice(1), { env, node: probe });
        expect(r.code, r.stderr).toBe(0);
      } else {
        const r = spawnSync(process.execPath, [...probe, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
      }
      return JSON.parse(readFileSync(file, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('keeps WebAssembly on Liftoff in a bin/wts process that makes a request (not set on Node 24 and later)', async () => {
    // The probe sees a tier-up where nothing stops it: the check below can fail.
    expect(await tierOf(['-e', '0'])).toEqual({ turbofan: true, liftoff: false });
    const major = Number(process.versions.node.split('.')[0]);
    // V8 12.4 (Node 24) reads its WebAssembly tiering flags once, so wts does not set it there: the day
    // that changes, this still passes, and docs/performance.md says how to tell whether it should be set.
    expect(await tierOf([WTS_BIN, 'workspace', 'list', '--json'])).toEqual(
      major >= 24 ? { turbofan: true, liftoff: false } : { turbofan: false, liftoff: true },
    );
    // A run that compiles no WebAssembly leaves V8's flags as they were.
    expect(await tierOf([WTS_BIN, 'schedule', 'explain', '0 9 * * 1-5'])).toEqual({ turbofan: true, liftoff: false });
  });

  it("no built-in module loses Node's code cache to it: the flag is set after the ones a request needs", async () => {
    // A V8 flag changed at run time makes V8 refuse the code cache Node keeps for its own modules: each
    // one loaded after it is compiled from source (20 of them for one request when bin/wts set it first).
    const env = { ...sandbox.env, WTS_CACHE_DIR: mkdtempSync(join(tmpdir(), 'wts-builtins-cache-')) };
    try {
      for (const args of [
        ['workspace', 'list', '--json'],
        ['workspace', 'list', '-q', 'length'],
      ]) {
        await runWtsProcess(args, { env });
        const r = await runWtsProcess(args, { env: { ...env, NODE_DEBUG_NATIVE: 'CODE_CACHE' } });
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).toMatch(/Code cache of \S+ .* is accepted/);
        expect(r.stderr.split('\n').filter((line) => line.includes('is rejected'))).toEqual([]);
      }
    } finally {
      rmSync(env.WTS_CACHE_DIR, { recursive: true, force: true });
    }
  });

  it("jq's WebAssembly runs under it, in bin/wts and in-process (vitest's workers start with it)", async () => {
    expect(process.execArgv).toContain('--liftoff-only');
    const r = await runWtsProcess(['workspace', 'list', '-q', 'map(.id) | length > 0'], { env: sandbox.env });
    expect(r).toMatchObject({ code: 0, stdout: 'true\n' });
  });
});

describe('the bundle (dist/meta.json)', () => {
  it('is written wrapped in the function bin/wts calls, so the text read is the text compiled (not a copy)', () => {
    const head = readFileSync(join(REPO, 'dist', 'wts.cjs'), 'latin1').slice(0, 80);
    expect(head.startsWith('(function (exports, require, module, __filename, __dirname, __import) { ')).toBe(true);
    expect(readFileSync(WTS_BIN, 'utf8')).toContain('new vm.Script(source, ');
  });

  it('is ASCII only, so bin/wts reads it as Latin-1', () => {
    const bytes = readFileSync(join(REPO, 'dist', 'wts.cjs'));
    expect(bytes.findIndex((b) => b > 0x7f)).toBe(-1);
  });

  it('holds no sandbox code: the sandbox, hono and jose are dist/chunks/SET/sandbox.cjs, which only `wts sandbox` loads', () => {
    const sandboxCode = /^(src\/sandbox\/|.*node_modules\/(hono|@hono\/node-server|jose)\/)/;
    expect(Object.keys(meta.kept).filter((f) => sandboxCode.test(f))).toEqual([]);
    expect(Object.keys(meta.chunks.sandbox ?? {})).toContain('src/sandbox/server.ts');
    // esbuild names each module it wraps by its path: none of the sandbox's is in the bundle's text.
    expect(readFileSync(join(REPO, 'dist', 'wts.cjs'), 'latin1').match(/"src\/sandbox\/[\w/-]+\.ts"/g)).toBeNull();
  });

  it('follows the rule of what is loaded lazily (ARCHITECTURE.md)', () => {
    // Every run: src/cli.ts and what it imports statically.
    const startUp = staticallyReached('src/cli.ts');
    const ours = [...startUp.keys()].filter((f) => f.startsWith('src/')).sort();
    expect(ours).toEqual(['src/cli.ts', 'src/errors.ts', 'src/input/suggest.ts', 'src/output/sanitize.ts', 'src/version.ts']);
    expect([...new Set([...startUp.keys()].map(packageOf).filter((p) => p !== undefined))].sort()).toEqual(['commander', 'leven']);
    // The group the first word names (and every group, for `wts help`): what declaring its verbs needs.
    const groups = (meta.bundle['src/cli.ts']?.imports ?? []).filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
    expect(groups.length).toBeGreaterThan(15);
    const GROUP_PACKAGES = ['commander', 'env-paths', 'is-safe-filename', 'fast-string-truncated-width', 'leven'];
    const ONLY_BY_IMPORT = /^src\/(api\/client\.ts|contract\/operations\.ts|contract\/tools\.ts|sandbox\/|mcp\/|dash\/|review\/)/;
    const broken: string[] = [];
    for (const group of groups) {
      for (const [module, chain] of staticallyReached(group)) {
        const pkg = packageOf(module);
        if (pkg ? !GROUP_PACKAGES.includes(pkg) : ONLY_BY_IMPORT.test(module)) broken.push(chain.join(' → '));
      }
    }
    // One line per module that breaks the rule, with the static imports that brought it in.
    expect([...new Set(broken.map((chain) => chain.replace(/.*node_modules\/((?:@[^/]+\/)?[^/]+)\/.*/, '… $1')))]).toEqual([]);
  });

  it('keeps out what the stand-ins replace', () => {
    const kept = Object.keys(meta.kept);
    // undici's entry point (fetch, WebSocket, caches, mocks): the client loads only its Agent (and a helper of undici's core).
    expect(kept.filter((f) => /node_modules\/undici\/index\.js$/.test(f))).toEqual([]);
    // Nor its request() and the stream it answers with: answers are read by a handler of the client's own.
    // Only connect() is kept, loaded on first use for a proxy's tunnel (src/net/network.ts).
    expect(kept.filter((f) => /node_modules\/undici\/lib\/api\/(?!api-connect\.js|abort-signal\.js)/.test(f))).toEqual([]);
    expect(meta.kept['src/api/undici-http2.ts']).toBeGreaterThan(0);
    expect(kept).toContain('on-first-use:child_process');
    // zod imported as a namespace of named exports: only the English messages of its locales.
    expect(kept.filter((f) => /zod\/v4\/locales\/(?!en\.js|index\.js)/.test(f))).toEqual([]);
    // The chunks: iconv-lite is TextDecoder; Ink without devtools, CI detection or restore-cursor's hook.
    const inquirer = Object.keys(meta.chunks.inquirer ?? {});
    expect(inquirer).toContain('text-decoder:iconv-lite');
    expect(inquirer.filter((f) => f.includes('node_modules/iconv-lite/'))).toEqual([]);
    const ink = Object.keys(meta.chunks.ink ?? {});
    expect(ink.filter((f) => /node_modules\/(ink\/build\/devtools\.js|is-in-ci|restore-cursor|react-devtools-core)\b/.test(f))).toEqual([]);
    expect(ink.filter((f) => /react\/cjs\/react\.development\.js$/.test(f))).toEqual([]);
  });
});

describe('the catalog', () => {
  it("builds an operation's schemas on first use: they are getters, not built as the catalog loads", () => {
    for (const id of OPERATION_IDS) {
      for (const part of ['pathParams', 'query', 'body'] as const) {
        expect(Object.getOwnPropertyDescriptor(operations[id], part)?.get, `${id}.${part}`).toBeTypeOf('function');
      }
    }
  });
});
