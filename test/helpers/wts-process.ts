// Runs the built CLI (`node bin/wts`, after `npm run build`) as a real child process, for what an
// in-process run cannot show: several processes at once, a process killed, a login waiting for a browser.
//
//   const wts = spawnWts(['login', '--no-browser'], { env: { WTS_CONFIG_DIR: dir } });
//   const url = await wts.authorizationUrl();
//   ...
//   const { code, stdout, stderr } = await wts.done;
import { spawn, spawnSync, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const WTS_BIN = fileURLToPath(new URL('../../bin/wts', import.meta.url));
export const FAKE_BROWSER = fileURLToPath(new URL('./fake-browser.mjs', import.meta.url));
const LOADED_MODULES = fileURLToPath(new URL('./loaded-modules.cjs', import.meta.url));

export interface WtsResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface WtsProcess {
  child: ChildProcessWithoutNullStreams;
  /** What it printed so far. */
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves once stderr matches `pattern` (rejects if the process ends first). */
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves once stdout matches `pattern` (rejects if the process ends first). */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** The authorization URL `wts login` printed. */
  authorizationUrl(): Promise<URL>;
  done: Promise<WtsResult>;
}

/** Where children keep bin/wts's code cache: in the repository (ignored by git), not the user's cache. */
export const TEST_CACHE_DIR = join(REPO, '.wts-test-code-cache');

/**
 * The environment of a child: this one's (PATH, the D-Bus session) without any WTS_* or BROWSER, plus
 * `env`; its code cache in TEST_CACHE_DIR.
 */
export function childEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('WTS_') && k !== 'BROWSER'));
  return { ...base, NO_COLOR: '1', WTS_CACHE_DIR: TEST_CACHE_DIR, ...env };
}

/** A BROWSER value that runs the fake browser, recording what it received in `recordFile`. */
export function fakeBrowserCommand(recordFile: string): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return `${q(process.execPath)} ${q(FAKE_BROWSER)} --record ${q(recordFile)}`;
}

export interface SpawnOptions {
  env?: Record<string, string | undefined>;
  /** Node's own options, before bin/wts (`-r FILE`). */
  node?: string[];
}

export function spawnWts(args: string[], options: SpawnOptions = {}): WtsProcess {
  const child = spawn(process.execPath, [...(options.node ?? []), WTS_BIN, ...args], { env: childEnv(options.env), stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString('utf8');
    for (const l of listeners) l();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString('utf8');
    for (const l of listeners) l();
  });
  const done = new Promise<WtsResult>((resolve) => {
    child.on('close', (code, signal) => {
      for (const l of listeners) l();
      resolve({ code, signal, stdout, stderr });
    });
  });
  let ended = false;
  void done.then(() => (ended = true));

  const waitFor = (name: string, text: () => string, pattern: RegExp, timeoutMs: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = text().match(pattern);
        if (m) {
          cleanup();
          resolve(m);
        } else if (ended || child.exitCode !== null) {
          cleanup();
          reject(new Error(`wts ended before printing ${pattern} on ${name}; stdout:\n${stdout}\nstderr:\n${stderr}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`wts did not print ${pattern} on ${name} within ${timeoutMs} ms; stdout:\n${stdout}\nstderr:\n${stderr}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  const proc: WtsProcess = {
    child,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    waitForStderr(pattern, timeoutMs = 20_000) {
      return waitFor('stderr', () => stderr, pattern, timeoutMs);
    },
    waitForStdout(pattern, timeoutMs = 20_000) {
      return waitFor('stdout', () => stdout, pattern, timeoutMs);
    },
    async authorizationUrl() {
      const [href] = await proc.waitForStderr(/http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+/);
      return new URL(href);
    },
    done,
  };
  return proc;
}

/** Runs wts to the end. */
export function runWtsProcess(args: string[], options: SpawnOptions = {}): Promise<WtsResult> {
  const proc = spawnWts(args, options);
  proc.child.stdin.end();
  return proc.done;
}

/** What a `node bin/wts` process loaded: the files Node's loader read, the public built-in modules, Node's internal ones. */
export interface Loaded {
  files: string[];
  builtins: string[];
  internals: string[];
  /** The public built-in modules loaded when @napi-rs/keyring was, if it was. */
  atKeychainLoad?: string[];
}

/** Runs wts to the end with test/helpers/loaded-modules.cjs preloaded: what it printed, and what it loaded. */
export async function runWtsRecordingLoads(args: string[], options: SpawnOptions = {}): Promise<WtsResult & { loaded: Loaded }> {
  const dir = mkdtempSync(join(tmpdir(), 'wts-loaded-'));
  try {
    const file = join(dir, 'loaded.json');
    const result = await runWtsProcess(args, {
      env: { ...options.env, WTS_TEST_LOADED: file },
      node: [...(options.node ?? []), '-r', LOADED_MODULES],
    });
    const loaded: Loaded = JSON.parse(readFileSync(file, 'utf8'));
    return { ...result, loaded };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What a bare `node -e 0` loads on this Node, the same way: what every process pays before wts's first line. */
export function bareNodeLoads(): Loaded {
  const dir = mkdtempSync(join(tmpdir(), 'wts-loaded-'));
  try {
    const file = join(dir, 'loaded.json');
    const r = spawnSync(process.execPath, ['-r', LOADED_MODULES, '-e', '0'], { env: { ...process.env, WTS_TEST_LOADED: file } });
    if (r.status !== 0) throw new Error(`node -e 0 failed: ${r.stderr}`);
    return JSON.parse(readFileSync(file, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `wts sandbox` as a process of its own, and the origin it printed. */
export interface SandboxProcess {
  child: ChildProcess;
  origin: string;
}

/**
 * Starts `wts sandbox ARGS` as a process of its own (for the tests of the command itself, or of the
 * installed package): the built bin/wts, or `command` (an installed wts), in `env` (default:
 * childEnv()). Resolves once its first line gives the address it listens on; rejects with that line if
 * it says anything else, or with its stderr if it exits first. The caller ends the process.
 */
export function spawnSandbox(args: string[], options: { command?: string; env?: NodeJS.ProcessEnv } = {}): Promise<SandboxProcess> {
  const argv = options.command ? [options.command, 'sandbox', ...args] : [process.execPath, WTS_BIN, 'sandbox', ...args];
  const child = spawn(argv[0]!, argv.slice(1), { env: options.env ?? childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  // Both pipes are read to the end (a full pipe would stall the sandbox); what came before the address is kept.
  let out = '';
  let err = '';
  let settled = false;
  child.stderr.on('data', (d: Buffer) => {
    if (!settled) err += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      if (settled) return;
      out += d.toString();
      const newline = out.indexOf('\n');
      if (newline < 0) return;
      settled = true;
      const first = out.slice(0, newline);
      const m = /^wts sandbox listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(first);
      if (m) resolve({ child, origin: m[1]! });
      else reject(new Error(`wts sandbox's first line was: ${first}`));
    });
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`wts sandbox exited (${code}) before it listened: ${err}`));
      settled = true;
    });
  });
}

export interface SandboxStats {
  refreshes: number;
  revocations: number;
  requests: number;
  connections: { id: string; refreshes: number; revoked: boolean; refreshing: boolean }[];
}

export async function sandboxStats(origin: string): Promise<SandboxStats> {
  return (await (await fetch(`${origin}/__sandbox/stats`)).json()) as SandboxStats;
}

/** Moves the sandbox's clock (token expiry follows it). */
export async function advanceSandboxClock(origin: string, seconds: number): Promise<void> {
  const res = await fetch(`${origin}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  if (!res.ok) throw new Error(`clock: ${res.status}`);
}

export async function setAutoApprove(origin: string, user: string | null): Promise<void> {
  const res = await fetch(`${origin}/__sandbox/auto-approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user }),
  });
  if (!res.ok) throw new Error(`auto-approve: ${res.status}`);
}
