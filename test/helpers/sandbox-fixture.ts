// The one way an e2e test gets a sandbox: `useSandbox()` at the top of a file (or of a describe block)
// starts the sandbox in this process before the block's tests, signs in once as ada (real OAuth with
// PKCE over HTTP), and closes everything after them.
//
//   const sandbox = useSandbox();
//   it('lists', async () => {
//     const r = await runWts(['workspace', 'list'], sandbox.tty());      // a terminal, no colour
//     const piped = await runWts(['workspace', 'list'], { env: sandbox.env });
//     const before = await sandbox.requests();                              // requests the service saw
//     const { requests } = await sandbox.counted(['task', 'list']);         // run piped, requests counted
//     await sandbox.api.ok('GET', '/workspaces');                           // /api/v1 as ada
//     sandbox.ctx.store.state.data.tasks;                                   // the service's own state
//   });
//
// Options: the sandbox's own (faults, autoApprove, dataFile, seedTasks), `signIn: false` for a file that
// signs in its own way, or the sign-in's options (another user, organization, scopes); `scratchDataFile`
// for a sandbox that keeps its state in a file of a scratch directory of its own, `perTest` for a fresh
// sandbox for every test, `agentStopped` for a sandbox whose agent never finishes a run, `columns` for the
// width of every `sandbox.tty()` of the block. A block may call
// useSandbox() twice for two sandboxes. `stop()` and `start()` restart it on the same data file:
//
//   const sandbox = useSandbox({ scratchDataFile: 'state.json' });
//   await sandbox.stop();                                   // writes the data file
//   readFileSync(sandbox.dataFile, 'utf8');
//   await sandbox.start();                                  // the same state, a new port, signed in again
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { Faults, SandboxContext, SandboxOptions } from '../../src/sandbox/context.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server.js';
import { apiAs, type Api } from './api.js';
import { signIn, type AuthorizeOptions, type SignInResult } from './auth.js';
import { runWts, type RunOptions, type RunResult } from './cli.js';
import { sandboxStats, type SandboxStats } from './wts-process.js';

export interface SandboxFixtureOptions extends Omit<SandboxOptions, 'log' | 'port' | 'host'> {
  /**
   * How to sign in once for the block (default: ada, every scope and workspace), or a function of the
   * sandbox's origin giving that (for a resource indicator); false: not at all.
   */
  signIn?: AuthorizeOptions | ((origin: string) => AuthorizeOptions) | false;
  /**
   * The data file, at this path (relative) inside a scratch directory of the fixture's own: made before
   * the sandbox starts, removed after the block (or the test, with perTest). Its path: `dataFile`.
   */
  scratchDataFile?: string;
  /** A fresh sandbox (and scratch directory) for each test of the block, instead of one for them all. */
  perTest?: boolean;
  /** The agent's ticker stopped from the start (and after each start): no run finishes, no reply comes. */
  agentStopped?: boolean;
  /** The terminal width tty() gives unless a test says otherwise (default: runWts's). */
  columns?: number;
}

export interface SandboxFixture {
  readonly origin: string;
  /** The service's state, clock, faults and agent, in this process. */
  readonly ctx: SandboxContext;
  /** The block's access token. */
  readonly token: string;
  /** The environment for running `wts` against the sandbox as the signed-in user. */
  readonly env: Record<string, string>;
  /** /api/v1 over HTTP as the signed-in user, for arranging and checking state. */
  readonly api: Api;
  /** The client's own HTTP layer as the signed-in user (closed after the block). */
  readonly client: ApiClient;
  /** Options for runWts on a terminal without colour: the block's env and `columns` plus `overrides`. */
  tty(overrides?: RunOptions): RunOptions;
  /** Options for runWts piped: the block's env plus `overrides`. */
  piped(overrides?: RunOptions): RunOptions;
  /** How many requests the service has answered so far (to show a command sent none). */
  requests(): Promise<number>;
  /** Runs wts in-process (piped unless `options` say otherwise), with the requests the service answered meanwhile. */
  counted(args: string[], options?: RunOptions): Promise<RunResult & { requests: number }>;
  /** The sandbox's counters: requests, refreshes, revocations, connections. */
  stats(): Promise<SandboxStats>;
  /** Sets fault injection over HTTP (POST /__sandbox/faults); the fields not given keep their value. */
  setFaults(faults: Partial<Faults>): Promise<Response>;
  /** Moves the sandbox's clock over HTTP (POST /__sandbox/clock); returns its new time in ms. */
  advanceClock(seconds: number): Promise<number>;
  /** The sandbox's time in ms (GET /__sandbox/clock). */
  clockNow(): Promise<number>;
  /** Signs in again (after the clock moved past the token's life); env, api and client follow. */
  renewSignIn(): Promise<void>;
  /** The file the sandbox keeps its state in (the `dataFile` or `scratchDataFile` option). */
  readonly dataFile: string;
  /** Closes the sandbox, writing its data file; the session ends with it. */
  stop(): Promise<void>;
  /**
   * Starts the sandbox again after stop(), on the same options and data file (on a new port), and signs
   * in as the block does unless `signIn: false` (then renewSignIn() signs in when the test wants).
   */
  start(options?: { signIn?: boolean }): Promise<void>;
}

export function useSandbox(options: SandboxFixtureOptions = {}): SandboxFixture {
  const { signIn: signInOptions = {}, scratchDataFile, perTest = false, agentStopped = false, columns, ...sandboxOptions } = options;
  let running: RunningSandbox | undefined;
  let signedIn: { result: SignInResult; api: Api } | undefined;
  let client: ApiClient | undefined;
  let scratch: string | undefined;
  let dataFile = sandboxOptions.dataFile;

  const started = (): RunningSandbox => {
    if (!running) throw new Error('useSandbox: the sandbox is only there inside the tests of the block that asked for it');
    return running;
  };
  const session = (): { result: SignInResult; api: Api } => {
    if (!signedIn)
      throw new Error(signInOptions === false ? 'useSandbox({ signIn: false }) signs no one in' : 'useSandbox: not signed in yet');
    return signedIn;
  };
  const token = (): string => session().result.access_token;
  const env = (): Record<string, string> => ({ WTS_ORIGIN: started().origin, WTS_TOKEN: token() });
  const signInOnce = async (): Promise<void> => {
    if (signInOptions === false) return;
    const origin = started().origin;
    const result = await signIn(origin, typeof signInOptions === 'function' ? signInOptions(origin) : signInOptions);
    signedIn = { result, api: apiAs(origin, result.access_token) };
  };
  const start = async (signInNow = true): Promise<void> => {
    if (running) throw new Error('useSandbox: start() is for a sandbox that stop() closed');
    running = await startSandbox({ ...sandboxOptions, dataFile, log: () => {} });
    if (agentStopped) running.ctx.agent.stop();
    if (signInNow) await signInOnce();
  };
  const stop = async (): Promise<void> => {
    await client?.close();
    client = undefined;
    signedIn = undefined;
    const closing = running;
    running = undefined;
    await closing?.close();
  };

  const control = (path: 'faults' | 'clock', body: unknown): Promise<Response> =>
    fetch(`${started().origin}/__sandbox/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const setUp = async (): Promise<void> => {
    if (scratchDataFile !== undefined) {
      scratch = mkdtempSync(join(tmpdir(), 'wts-sandbox-'));
      dataFile = join(scratch, scratchDataFile);
    }
    await start();
  };
  const tearDown = async (): Promise<void> => {
    await stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    scratch = undefined;
  };
  if (perTest) {
    beforeEach(setUp);
    afterEach(tearDown);
  } else {
    beforeAll(setUp);
    afterAll(tearDown);
  }

  return {
    get origin() {
      return started().origin;
    },
    get ctx() {
      return started().ctx;
    },
    get token() {
      return token();
    },
    get env() {
      return env();
    },
    get api() {
      return session().api;
    },
    get client() {
      client ??= new ApiClient({ origin: started().origin, tokens: { accessToken: async () => token() } });
      return client;
    },
    tty(overrides = {}) {
      return { tty: true, ...(columns !== undefined && { columns }), ...overrides, env: { ...env(), NO_COLOR: '1', ...overrides.env } };
    },
    piped(overrides = {}) {
      return { ...overrides, env: { ...env(), ...overrides.env } };
    },
    async requests() {
      return (await sandboxStats(started().origin)).requests;
    },
    async counted(args, options = { env: env() }) {
      const before = (await sandboxStats(started().origin)).requests;
      const r = await runWts(args, options);
      return { ...r, requests: (await sandboxStats(started().origin)).requests - before };
    },
    stats() {
      return sandboxStats(started().origin);
    },
    setFaults(faults) {
      return control('faults', faults);
    },
    async advanceClock(seconds) {
      const res = await control('clock', { advanceSeconds: seconds });
      if (res.status !== 200) throw new Error(`POST /__sandbox/clock answered ${res.status}`);
      return nowOf(res);
    },
    async clockNow() {
      return nowOf(await fetch(`${started().origin}/__sandbox/clock`));
    },
    renewSignIn: signInOnce,
    get dataFile() {
      if (!dataFile) throw new Error('useSandbox: no data file (give dataFile or scratchDataFile)');
      return dataFile;
    },
    stop,
    start: (startOptions = {}) => start(startOptions.signIn ?? true),
  };
}

async function nowOf(res: Response): Promise<number> {
  return Date.parse(((await res.json()) as { now: string }).now);
}
