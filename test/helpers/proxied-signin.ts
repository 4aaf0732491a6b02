// A file-store sign-in whose API origin and token endpoint sit behind the fault proxy, its access token
// expired, made fresh before each test of the block: for the tests of what `wts` makes of token-endpoint
// answers (test/e2e/wire-signin.test.ts, test/e2e/refresh-answers.test.ts).
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { changeStoredCredentials, expectLoggedIn, type Workdir, workdir } from './credentials.js';
import { type Exchange, type FaultProxy, faultProxy, type MeasuredRun, type Rule, runMeasured } from './fault-proxy.js';
import type { SandboxFixture } from './sandbox-fixture.js';

type Stats = Awaited<ReturnType<SandboxFixture['stats']>>;

export interface ProxiedSignIn {
  /** The proxy in front of the sandbox (forwarding unless a test sets a rule). */
  readonly proxy: FaultProxy;
  /** This test's config directory and credentials file. */
  readonly w: Workdir;
  /** `wts` as this sign-in, through the proxy. */
  env(): Record<string, string>;
  /** Whether a request is the refresh (a POST to the token endpoint). */
  isRefresh(ex: Pick<Exchange, 'method' | 'path'>): boolean;
  /** The rule for the token endpoint only; everything else is forwarded. */
  atTokenEndpoint(rule: Rule): Rule;
  /** `wts workspace list` as this sign-in, killed after 60 s. */
  workspaceList(): Promise<MeasuredRun>;
  /** Runs `workspace list` with the rule at the token endpoint; returns the run and the stats before and after. */
  refreshThrough(rule: Rule): Promise<{ run: MeasuredRun; before: Stats; after: Stats }>;
  /** The next command with the proxy forwarding: it succeeds without a sign-in. */
  nextCleanCommandSucceeds(): Promise<{ before: Stats; after: Stats }>;
}

/** A sign-in behind the fault proxy for each test of the enclosing block (the sandbox signs nobody in itself). */
export function useProxiedSignIn(sandbox: SandboxFixture): ProxiedSignIn {
  let proxy: FaultProxy | undefined;
  let w: Workdir | undefined;
  let tokenPath = '';
  beforeAll(async () => {
    proxy = await faultProxy(sandbox.origin);
  });
  afterAll(async () => {
    await proxy?.close();
  });
  const theProxy = (): FaultProxy => {
    if (!proxy) throw new Error('useProxiedSignIn: the proxy is not started yet (use it inside a test)');
    return proxy;
  };
  const theWorkdir = (): Workdir => {
    if (!w) throw new Error('useProxiedSignIn: no sign-in yet (use it inside a test)');
    return w;
  };
  /** A fresh sign-in, its API origin and token endpoint moved behind the proxy, its access token expired (the next command refreshes). */
  beforeEach(async () => {
    const p = theProxy();
    p.setRule(undefined);
    const dir = workdir();
    w = dir;
    const signedIn = await expectLoggedIn(sandbox.origin, dir);
    tokenPath = new URL(signedIn.server.tokenEndpoint).pathname;
    changeStoredCredentials(dir.credentialsFile, 'default', (c) => {
      c.origin = p.origin;
      c.server.tokenEndpoint = `${p.origin}${tokenPath}`;
      c.expiresAt = Date.now() - 1000;
    });
  });

  const env = () => ({
    WTS_CONFIG_DIR: theWorkdir().configDir,
    WTS_CREDENTIALS_FILE: theWorkdir().credentialsFile,
    WTS_ORIGIN: theProxy().origin,
  });
  const isRefresh = (ex: Pick<Exchange, 'method' | 'path'>) => ex.method === 'POST' && ex.path === tokenPath;
  const atTokenEndpoint =
    (rule: Rule): Rule =>
    (ex) =>
      isRefresh(ex) ? rule(ex) : undefined;
  const workspaceList = () => runMeasured(['workspace', 'list'], env(), { killAfterMs: 60_000 });
  return {
    get proxy() {
      return theProxy();
    },
    get w() {
      return theWorkdir();
    },
    env,
    isRefresh,
    atTokenEndpoint,
    workspaceList,
    async refreshThrough(rule) {
      theProxy().setRule(atTokenEndpoint(rule));
      const before = await sandbox.stats();
      const run = await workspaceList();
      const after = await sandbox.stats();
      theProxy().setRule(undefined);
      return { run, before, after };
    },
    async nextCleanCommandSucceeds() {
      const before = await sandbox.stats();
      const r = await workspaceList();
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('ws_support');
      const after = await sandbox.stats();
      expect(after.revocations).toBe(before.revocations);
      return { before, after };
    },
  };
}
