// Many real processes sharing one credentials file (WTS_CREDENTIALS_FILE), all finding the access token
// expired at once: one refresh, no revocation. And the refresh lock surviving a holder killed with
// SIGKILL, a holder on another host, a holder that does not let go. Runs `node bin/wts` (npm run build).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionLockPath } from '../../src/auth/profile-auth.js';
import { FileStore } from '../../src/auth/stores/file.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server.js';
import { changeStoredCredentials, expectLoggedIn, secretsOf, storedCredentials, workdir, type Workdir } from '../helpers/credentials.js';
import { advanceSandboxClock, childEnv, runWtsProcess, sandboxStats } from '../helpers/wts-process.js';
import { dirname, join } from 'node:path';

const HOLD_LOCK = fileURLToPath(new URL('../helpers/hold-lock.mjs', import.meta.url));

let sandbox: RunningSandbox;
let origin: string;
let w: Workdir;
let env: Record<string, string>;
let lockPath: string;

beforeAll(async () => {
  sandbox = await startSandbox({ log: () => {} });
  origin = sandbox.origin;
  w = workdir();
  await expectLoggedIn(origin, w);
  env = { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile };
  const store = new FileStore(w.credentialsFile, 'default', { lock: { staleMs: 0, waitMs: 0 }, ownDirectory: false });
  lockPath = connectionLockPath(w.configDir, store);
});
afterAll(async () => {
  await sandbox.close();
});

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
    await advanceSandboxClock(origin, 3700);
    const before = await sandboxStats(origin);
    const results = await Promise.all(Array.from({ length: 20 }, () => runWtsProcess(['workspace', 'list'], { env })));
    for (const r of results) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('ws_support\tCustomer Support');
    }
    const after = await sandboxStats(origin);
    expect(after.refreshes - before.refreshes).toBe(1);
    expect(after.revocations).toBe(before.revocations);
    expect(after.connections.every((c) => !c.revoked)).toBe(true);
  });

  it('`auth token` × 20 with the stored token past its expiry (refreshed ahead): all print the same new token', async () => {
    const old = storedCredentials(w.credentialsFile);
    expireStoredToken();
    const before = await sandboxStats(origin);
    // Each with a configuration directory of its own: sharing the credentials file is enough to share the lock.
    const results = await Promise.all(
      Array.from({ length: 20 }, () => runWtsProcess(['auth', 'token'], { env: { ...env, WTS_ORIGIN: origin, WTS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'wts-own-config-')) } })),
    );
    const current = storedCredentials(w.credentialsFile);
    expect(current.accessToken).not.toBe(old.accessToken);
    for (const r of results) {
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${current.accessToken}\n`);
    }
    const after = await sandboxStats(origin);
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
    const before = await sandboxStats(origin);
    const r = await runWtsProcess(['auth', 'token'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((await sandboxStats(origin)).refreshes).toBe(before.refreshes + 1);
  });

  it('a lock left by a process on another host is taken over after the stale timeout (WTS_LOCK_STALE_MS)', async () => {
    mkdirSync(dirname(lockPath), { recursive: true, mode: 0o700 });
    writeFileSync(lockPath, JSON.stringify({ pid: 4242, host: 'another-host.example', createdAt: Date.now(), nonce: 'elsewhere', purpose: 'refreshing elsewhere' }));
    expireStoredToken();
    const r = await runWtsProcess(['auth', 'token'], { env: { ...env, WTS_LOCK_STALE_MS: '1500' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${storedCredentials(w.credentialsFile).accessToken}\n`);
  });

  it('waits for a live holder with a bound, says what it waits for, and gives up with a clear message', async () => {
    const holder = await startHolder();
    try {
      expireStoredToken();
      const r = await runWtsProcess(['auth', 'token'], { env: { ...env, WTS_LOCK_WAIT_MS: '2600' } });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`wts: waiting for another wts process (pid ${holder.child.pid} on `);
      expect(r.stderr).toMatch(new RegExp(`wts: another wts process \\(pid ${holder.child.pid} on .*, a test holding the lock\\) held .*\\.lock for the \\d+\\.\\d s waited; try again, or remove that file if no wts is running\\n$`));
      for (const secret of secretsOf(storedCredentials(w.credentialsFile))) expect(r.stderr).not.toContain(secret);
    } finally {
      holder.child.kill('SIGKILL');
      await holder.exited;
    }
  });
});
