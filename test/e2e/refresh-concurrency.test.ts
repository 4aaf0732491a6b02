// Many real processes sharing one credentials file (WTS_CREDENTIALS_FILE), all finding the access token
// expired at once: one refresh, no revocation. And the refresh lock surviving a holder killed with
// SIGKILL, a holder on another host, a holder that does not let go, a holder paused with SIGSTOP far
// past the stale time; and a refresh killed after its request left, whose refresh token is never
// presented again. Runs `node bin/wts` (npm run build).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectionLockPath } from '../../src/auth/profile-auth.js';
import { FileStore } from '../../src/auth/stores/file.js';
import { changeStoredCredentials, expectLoggedIn, secretsOf, storedCredentials, workdir, type Workdir } from '../helpers/credentials.js';
import { runWts } from '../helpers/cli.js';
import { childEnv, runWtsProcess, spawnWts, type SandboxStats } from '../helpers/wts-process.js';
import { dirname, join } from 'node:path';
import { readRefreshIntent, refreshIntentPath } from '../../src/auth/refresh-intent.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { onWindows } from '../helpers/platform.js';

const HOLD_LOCK = fileURLToPath(new URL('../helpers/hold-lock.mjs', import.meta.url));

const sandbox = useSandbox({ signIn: false });
let w: Workdir;
let env: Record<string, string>;
let lockPath: string;

beforeAll(async () => {
  w = workdir();
  await expectLoggedIn(sandbox.origin, w);
  env = { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile };
  const store = new FileStore(w.credentialsFile, 'default', { lock: { staleMs: 0, waitMs: 0 }, ownDirectory: false });
  lockPath = connectionLockPath(w.configDir, store);
});

/** Polls the sandbox's stats until `ready` holds (the test's timeout bounds the wait). */
async function statsWhen(ready: (s: SandboxStats) => boolean): Promise<SandboxStats> {
  for (;;) {
    const stats = await sandbox.stats();
    if (ready(stats)) return stats;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const refreshing = (s: SandboxStats) => s.connections.some((c) => c.refreshing);

function expireStoredToken() {
  changeStoredCredentials(w.credentialsFile, 'default', (c) => (c.expiresAt = Date.now() - 1000));
}

/** A child holding the connection's lock with the real lock code; resolves once it holds it. */
async function startHolder() {
  const child = spawn(process.execPath, [HOLD_LOCK, lockPath], { env: childEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('holding') && resolve());
    child.once('exit', (code) => reject(new Error(`the holder ended (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited };
}

describe('20 processes with an expired access token', () => {
  it('`workspace list` × 20 after the service clock passed expiry (401 → refresh): all succeed, one refresh, no revocation', async () => {
    await sandbox.advanceClock(3700);
    const before = await sandbox.stats();
    const results = await Promise.all(Array.from({ length: 20 }, () => runWtsProcess(['workspace', 'list'], { env })));
    for (const r of results) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('ws_support\tCustomer Support');
    }
    const after = await sandbox.stats();
    expect(after.refreshes - before.refreshes).toBe(1);
    expect(after.revocations).toBe(before.revocations);
    expect(after.connections.every((c) => !c.revoked)).toBe(true);
  });

  it('`auth token` × 20 with the stored token past its expiry (refreshed ahead): all print the same new token', async () => {
    const old = storedCredentials(w.credentialsFile);
    expireStoredToken();
    const before = await sandbox.stats();
    // Each with a configuration directory of its own: sharing the credentials file is enough to share the lock.
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        runWtsProcess(['auth', 'token'], {
          env: { ...env, WTS_ORIGIN: sandbox.origin, WTS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'wts-own-config-')) },
        }),
      ),
    );
    const current = storedCredentials(w.credentialsFile);
    expect(current.accessToken).not.toBe(old.accessToken);
    for (const r of results) {
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${current.accessToken}\n`);
    }
    const after = await sandbox.stats();
    expect(after.refreshes - before.refreshes).toBe(1);
    expect(after.revocations).toBe(before.revocations);
    // The tokens work.
    expect((await runWtsProcess(['workspace', 'list'], { env })).code).toBe(0);
  });
});

describe('the refresh lock', () => {
  it('a holder killed with SIGKILL does not stop the next process (same host, dead pid: stale at once)', async () => {
    const holder = await startHolder();
    holder.child.kill('SIGKILL');
    await holder.exited;
    expireStoredToken();
    const before = await sandbox.stats();
    const r = await runWtsProcess(['auth', 'token'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((await sandbox.stats()).refreshes).toBe(before.refreshes + 1);
  });

  it('a lock left by a process on another host is taken over after the stale timeout (WTS_LOCK_STALE_MS)', async () => {
    mkdirSync(dirname(lockPath), { recursive: true, mode: 0o700 });
    writeFileSync(
      lockPath,
      JSON.stringify({
        pid: 4242,
        host: 'another-host.example',
        createdAt: Date.now(),
        nonce: 'elsewhere',
        purpose: 'refreshing elsewhere',
      }),
    );
    expireStoredToken();
    const r = await runWtsProcess(['auth', 'token'], { env: { ...env, WTS_LOCK_STALE_MS: '1500' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${storedCredentials(w.credentialsFile).accessToken}\n`);
  });

  it('waits for a live holder with a bound, says on a terminal what it waits for, and gives up with a clear message', async () => {
    const holder = await startHolder();
    try {
      expireStoredToken();
      const gaveUp = new RegExp(
        `wts: gave up after waiting \\d+\\.\\d s \\(WTS_LOCK_WAIT_MS\\) for wts process ${holder.child.pid} \\(a test holding the lock, since \\d\\d:\\d\\d:\\d\\d\\), which holds .*\\.lock and is still running, so its lock was not taken over; let it finish \\(or end it\\) and try again\\n$`,
      );
      // On a terminal: once, after 2 s, who holds the lock and since when.
      const onTerminal = await runWts(['auth', 'token'], { env: { ...env, WTS_LOCK_WAIT_MS: '2600' }, tty: true });
      expect(onTerminal.code).toBe(1);
      expect(onTerminal.stderr).toMatch(
        new RegExp(
          `^wts: waiting for wts process ${holder.child.pid} \\(a test holding the lock, since \\d\\d:\\d\\d:\\d\\d\\); giving up after 3 s \\(WTS_LOCK_WAIT_MS\\)…\\n`,
        ),
      );
      expect(onTerminal.stderr).toMatch(gaveUp);
      // In a script: only the reason it gave up.
      const r = await runWtsProcess(['auth', 'token'], { env: { ...env, WTS_LOCK_WAIT_MS: '1000' } });
      expect(r.code).toBe(1);
      expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(r.stderr).toMatch(gaveUp);
      for (const secret of secretsOf(storedCredentials(w.credentialsFile))) expect(r.stderr + onTerminal.stderr).not.toContain(secret);
    } finally {
      holder.child.kill('SIGKILL');
      await holder.exited;
    }
  });
});

describe('a lock holder paused far past the stale time', () => {
  // SIGSTOP pauses a process on POSIX only.
  it.skipIf(onWindows)('is never taken over: the others wait until it resumes and use its tokens; one refresh, no revocation', async () => {
    const fast = { ...env, WTS_LOCK_STALE_MS: '500' };
    expireStoredToken();
    const before = await sandbox.stats();
    // The holder's refresh stays in flight long enough to be caught holding the lock.
    sandbox.ctx.faults.refreshDelayMs = 1000;
    const holder = spawnWts(['auth', 'token'], { env: fast });
    try {
      await statsWhen(refreshing);
      holder.child.kill('SIGSTOP');
      const waiters = Array.from({ length: 5 }, () => spawnWts(['--debug', 'auth', 'token'], { env: fast }));
      // Once each is at the lock, the pause goes on for twice the stale time (a lower bound: nothing is timed).
      for (const p of waiters) await p.waitForStderr(/\* refreshing the access token under /);
      await new Promise((r) => setTimeout(r, 2 * 500));
      expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: holder.child.pid });
      expect((await sandbox.stats()).refreshes).toBe(before.refreshes + 1);
      holder.child.kill('SIGCONT');
      const held = await holder.done;
      expect(held.stderr).toBe('');
      expect(held.code).toBe(0);
      const current = storedCredentials(w.credentialsFile);
      expect(held.stdout).toBe(`${current.accessToken}\n`);
      for (const r of await Promise.all(waiters.map((p) => p.done))) {
        expect(r.code).toBe(0);
        expect(r.stdout).toBe(`${current.accessToken}\n`);
        // They used the holder's tokens: none presented a refresh token.
        expect(r.stderr).toContain('* another wts process already refreshed the tokens; using them');
        expect(r.stderr).not.toMatch(/^wts: /m);
      }
      const after = await sandbox.stats();
      expect(after.refreshes - before.refreshes).toBe(1);
      expect(after.revocations).toBe(before.revocations);
      expect(after.connections.every((c) => !c.revoked)).toBe(true);
    } finally {
      sandbox.ctx.faults.refreshDelayMs = 0;
      holder.child.kill('SIGCONT');
    }
  });
});

describe('a refresh whose outcome is unknown', () => {
  const intentPath = () => refreshIntentPath(lockPath);

  it('a record left before the request was sent (process killed in between) stops every later process too, with exit 4', async () => {
    const stored = storedCredentials(w.credentialsFile);
    // As a process that died right after writing its record: pid of nobody, the current refresh token.
    const { recordRefreshIntent } = await import('../../src/auth/refresh-intent.js');
    recordRefreshIntent(intentPath(), stored.refreshToken!, Date.now());
    const record = readRefreshIntent(intentPath())!;
    writeFileSync(intentPath(), JSON.stringify({ ...record, pid: 999_999 }));
    try {
      expireStoredToken();
      const before = await sandbox.stats();
      const r = await runWtsProcess(['auth', 'token'], { env });
      expect(r.code).toBe(4);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        /^wts: a refresh of this sign-in by wts process 999999 at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d was interrupted before its answer was saved/,
      );
      expect((await sandbox.stats()).requests).toBe(before.requests);
      expect((await sandbox.stats()).refreshes).toBe(before.refreshes);
    } finally {
      rmSync(intentPath(), { force: true });
    }
    // Without the record, the same token refreshes as ever.
    expect((await runWtsProcess(['auth', 'token'], { env })).code).toBe(0);
  });

  it('a refresh killed after its request left: the old refresh token is never presented again, and every process says what happened', async () => {
    const old = storedCredentials(w.credentialsFile);
    expireStoredToken();
    const before = await sandbox.stats();
    sandbox.ctx.faults.refreshDelayMs = 1000;
    let victimPid: number | undefined;
    try {
      const victim = spawnWts(['auth', 'token'], { env });
      victimPid = victim.child.pid;
      // The request is at the service…
      await statsWhen(refreshing);
      // …when the process dies, its answer lost.
      victim.child.kill('SIGKILL');
      expect((await victim.done).signal).toBe('SIGKILL');
      // The service completes it and rotates the refresh token the store still holds.
      await statsWhen((s) => s.refreshes === before.refreshes + 1 && !refreshing(s));
    } finally {
      sandbox.ctx.faults.refreshDelayMs = 0;
    }
    expect(storedCredentials(w.credentialsFile).refreshToken).toBe(old.refreshToken);
    expect(readRefreshIntent(intentPath())).toMatchObject({ pid: victimPid });
    const message = new RegExp(
      `^wts: a refresh of this sign-in by wts process ${victimPid} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d was interrupted before its answer was saved, and may have reached the service; the service may have rotated the refresh token, and presenting the old one again would revoke the connection — run \`wts login\` to sign in again\\n$`,
    );
    const results = await Promise.all(Array.from({ length: 5 }, () => runWtsProcess(['auth', 'token'], { env })));
    for (const r of results) {
      expect(r.code).toBe(4);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
    }
    const api = await runWtsProcess(['workspace', 'list'], { env });
    expect(api.code).toBe(4);
    expect(api.stderr).toMatch(message);
    const status = await runWtsProcess(['auth', 'status'], { env });
    expect(status.code).toBe(4);
    expect(status.stdout).toMatch(/Connection\s+not working/);
    expect(status.stderr).toMatch(message);
    // Nothing presented the old refresh token: no refresh after the one in flight, no revocation.
    const after = await sandbox.stats();
    expect(after.refreshes).toBe(before.refreshes + 1);
    expect(after.revocations).toBe(before.revocations);
    expect(after.connections.every((c) => !c.revoked)).toBe(true);
    for (const secret of secretsOf(old)) expect(results.map((r) => r.stderr).join('')).not.toContain(secret);
    // Signing in again starts over: the record, about a refresh token no longer held, means nothing.
    await expectLoggedIn(sandbox.origin, w);
    expect((await runWtsProcess(['workspace', 'list'], { env })).code).toBe(0);
  });
});
