// The keychain credential store against a real Secret Service (gnome-keyring in a D-Bus session: see
// .ci/run). Where none can be used, those tests are skipped with a notice; the behavior without a
// keychain (login says so and names the choice) and the call timeout are tested everywhere.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AsyncEntry } from '@napi-rs/keyring';
import { keychainAccount, keychainDetailsFile } from '../../src/auth/profile-auth.js';
import { KeychainStore, type KeychainEntry } from '../../src/auth/stores/keychain.js';
import { KeychainError } from '../../src/errors.js';
import type { StoredCredentials } from '../../src/auth/credentials.js';
import { runWts } from '../helpers/cli.js';
import { browserRecordWritten, workdir, type Workdir } from '../helpers/credentials.js';
import { bareNodeLoads, runWtsProcess, runWtsRecordingLoads, setAutoApprove } from '../helpers/wts-process.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { privateSecretService, secretServiceProblem } from '../helpers/secret-service.js';

const problem = await secretServiceProblem('test');
const hasSecretTool = spawnSync('secret-tool', ['--version']).error === undefined;
if (problem) {
  console.warn(
    `\n⚠ keychain: SKIPPING the Secret Service tests: ${problem}\n  (run them with gnome-keyring in a D-Bus session, as .ci/run does: dbus-run-session -- sh -c 'echo -n ci | gnome-keyring-daemon --unlock --components=secrets; npx vitest run test/e2e/keychain.test.ts')\n`,
  );
}

const sandbox = useSandbox({ signIn: false });

/** A details file of a store made by a test (not by `wts login`). */
const scratchDetails = (name: string) => join(mkdtempSync(join(tmpdir(), 'wts-keychain-')), `${name}.json`);

/** The entry's text as another Secret Service client reads it. */
async function rawEntry(account: string): Promise<string | null> {
  return new AsyncEntry('wts', account, { linux: { store: 'secret-service' } }).getPassword();
}

function sampleCredentials(accessToken: string): StoredCredentials {
  return {
    version: 1,
    origin: 'https://tasks.example.com',
    resource: 'https://tasks.example.com/api/v1',
    server: {
      issuer: 'https://tasks.example.com',
      authorizationEndpoint: 'https://tasks.example.com/oauth/authorize',
      tokenEndpoint: 'https://tasks.example.com/oauth/token',
      issParameterSupported: true,
    },
    client: { id: 'wts_test', authMethod: 'none', registration: 'dynamic' },
    accessToken,
    refreshToken: `${accessToken}-refresh`,
    tokenType: 'bearer',
    expiresAt: Date.now() + 3600_000,
    scopes: ['workspace:read'],
    signedInAt: Date.now(),
  };
}

/** Every file under a directory, read whole. */
function allFileText(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
}

describe.skipIf(problem !== undefined)('the keychain store on a real Secret Service', () => {
  let w: Workdir;
  let env: Record<string, string>;
  let account: string;
  /** The store `wts login` wrote, read as wts reads it. */
  const loggedIn = () => new KeychainStore(account, { timeoutMs: 5000, detailsFile });
  let detailsFile: string;

  it('writes, reads back and removes an entry another Secret Service client can see', async () => {
    const name = `test-${process.pid} @ https://tasks.example.com (roundtrip)`;
    const store = new KeychainStore(name, { timeoutMs: 5000, detailsFile: scratchDetails('roundtrip') });
    await store.write(sampleCredentials('AT-roundtrip'));
    expect((await store.read())?.accessToken).toBe('AT-roundtrip');
    if (hasSecretTool) {
      const seen = execFileSync('secret-tool', ['lookup', 'service', 'wts', 'username', name], { encoding: 'utf8' });
      expect(JSON.parse(seen).accessToken).toBe('AT-roundtrip');
    }
    await store.remove();
    expect(await store.read()).toBeUndefined();
    await store.remove(); // nothing to remove: no error
  });

  it("reads each entry's own secret among the service's entries, not another service's", async () => {
    const store = (name: string) =>
      new KeychainStore(`test-${process.pid} @ https://tasks.example.com (${name})`, {
        timeoutMs: 5000,
        detailsFile: scratchDetails(name),
      });
    const [one, two] = [store('one'), store('two')];
    await one.write(sampleCredentials('AT-one'));
    await two.write(sampleCredentials('AT-two'));
    const other = new AsyncEntry(`wts-test-other-${process.pid}`, one.account, { linux: { store: 'secret-service' } });
    await other.setPassword('not for wts');
    try {
      expect([(await one.read())?.accessToken, (await two.read())?.accessToken]).toEqual(['AT-one', 'AT-two']);
      await one.remove();
      expect(await one.read()).toBeUndefined();
      expect((await two.read())?.accessToken).toBe('AT-two');
    } finally {
      await Promise.all([one.remove(), two.remove(), other.deleteCredential()]);
    }
  });

  it('a locked keychain is asked to unlock it, and a dismissed prompt is named', async () => {
    // The search does not ask to unlock a locked collection; the library's entry, which the store falls
    // back to, does (loaded with require, not through the ES module loader: that loader lexes a CommonJS
    // package for its names, 8-10 ms on Node 20 and 22).
    // On a Secret Service of its own: locking the suite's would fail the other files' keychain tests.
    const own = workdir();
    const service = await privateSecretService(own.dir);
    try {
      const env = { WTS_CONFIG_DIR: own.configDir, DBUS_SESSION_BUS_ADDRESS: service.address };
      await setAutoApprove(sandbox.origin, 'ada');
      const login = await runWtsProcess(['login', '--origin', sandbox.origin, '--store', 'keychain'], {
        env: { ...env, BROWSER: own.browser },
      });
      await setAutoApprove(sandbox.origin, null);
      expect(login.code, login.stderr).toBe(0);
      const unlocked = await runWtsProcess(['workspace', 'list', '--json'], { env });
      expect([unlocked.code, unlocked.stderr]).toEqual([0, '']);
      service.lock();
      const locked = await runWtsRecordingLoads(['workspace', 'list', '--json'], { env });
      expect(locked.code).toBe(1);
      expect(locked.stderr).toMatch(/^wts: the OS keychain \(Secret Service\) failed \(read\): .*unlock prompt was dismissed\n$/);
      expect(locked.loaded.files).toContainEqual(expect.stringMatching(/node_modules\/@napi-rs\/keyring\/index\.js$/));
      const bare = new Set(bareNodeLoads().internals);
      expect(locked.loaded.internals.filter((m) => m.startsWith('internal/modules/esm/') && !bare.has(m))).toEqual([]);
    } finally {
      await service.stop();
    }
  });

  it('wts login keeps the tokens in the keychain by default, and nothing secret in files', async () => {
    w = workdir();
    env = { WTS_CONFIG_DIR: w.configDir, NO_COLOR: '1' };
    await setAutoApprove(sandbox.origin, 'ada');
    const r = await runWts(['login', '--origin', sandbox.origin], { env: { ...env, BROWSER: w.browser } });
    await setAutoApprove(sandbox.origin, null);
    expect(r.stderr).not.toMatch(/^wts: /m);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `Signed in to ${sandbox.origin} as Ada Lovelace (ada) in Acme Corp; the credentials are in the OS keychain (Secret Service)\n`,
    );
    const auth = JSON.parse(readFileSync(join(w.configDir, 'config.json'), 'utf8')).profiles.default.auth;
    expect(auth.store).toBe('keychain');
    account = keychainAccount(sandbox.origin, 'default', auth.credentialId);
    detailsFile = keychainDetailsFile(w.configDir, auth.credentialId);
    const stored = await loggedIn().read();
    expect(stored).toMatchObject({ origin: sandbox.origin, user: { login: 'ada' } });
    // The entry holds the tokens alone; the endpoints and the rest are in the details file.
    const raw = await rawEntry(account);
    expect(Object.keys(JSON.parse(raw ?? '{}')).sort()).toEqual(['accessToken', 'refreshToken', 'stamp', 'version']);
    for (const meta of [sandbox.origin, new URL(sandbox.origin).host, 'issuer', 'Endpoint', 'scopes', 'ada'])
      expect(raw).not.toContain(meta);
    expect(JSON.parse(readFileSync(detailsFile, 'utf8'))).toMatchObject({ origin: sandbox.origin, server: stored?.server });
    expect(statSync(detailsFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(detailsFile, '..')).mode & 0o777).toBe(0o700);
    const files = allFileText(w.configDir);
    expect(files).not.toContain(stored!.accessToken);
    expect(files).not.toContain(stored!.refreshToken!);
    expect((await browserRecordWritten(w)).argv.join(' ')).not.toContain(stored!.accessToken);

    const status = await runWts(['auth', 'status', '--json'], { env });
    expect(JSON.parse(status.stdout)).toMatchObject({ working: true, store: { kind: 'keychain', location: `wts/${account}` } });
    const list = await runWts(['workspace', 'list'], { env });
    expect(list.code).toBe(0);
  });

  it('a signed-in run begins its keychain read before its HTTP client loads', async () => {
    // src/context.ts begins the credentials' read before loading the HTTP client (undici, which loads
    // node:http), so that the keychain's answer, on the library's threads, and the loading overlap.
    const r = await runWtsRecordingLoads(['workspace', 'list', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.loaded.builtins).toContain('http');
    expect(r.loaded.atKeychainLoad).toBeDefined();
    expect(r.loaded.atKeychainLoad).not.toContain('http');
  });

  it('refreshes write the rotated tokens back to the keychain, once for many processes', async () => {
    const before = (await loggedIn().read())!;
    await sandbox.advanceClock(3700);
    const stats = await sandbox.stats();
    const results = await Promise.all(Array.from({ length: 6 }, () => runWtsProcess(['workspace', 'list'], { env })));
    for (const r of results) expect([r.code, r.stderr]).toEqual([0, '']);
    const after = (await loggedIn().read())!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    const now = await sandbox.stats();
    expect([now.refreshes - stats.refreshes, now.revocations - stats.revocations]).toEqual([1, 0]);
    const token = await runWts(['auth', 'token'], { env });
    expect(token.stdout).toBe(`${after.accessToken}\n`);
  });

  it('an entry of the old shape (the whole record) keeps working, and is rewritten as the tokens alone on first use', async () => {
    const record = await loggedIn().read();
    if (!record) throw new Error('not signed in');
    await new AsyncEntry('wts', account, { linux: { store: 'secret-service' } }).setPassword(JSON.stringify(record));
    rmSync(detailsFile);
    const r = await runWtsProcess(['workspace', 'list', '--json'], { env });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const raw = JSON.parse((await rawEntry(account)) ?? '{}');
    expect(raw).toMatchObject({ version: 2, accessToken: record.accessToken, refreshToken: record.refreshToken });
    expect(raw).not.toHaveProperty('server');
    expect(existsSync(detailsFile)).toBe(true);
    expect(await loggedIn().read()).toEqual(record);
    const token = await runWts(['auth', 'token'], { env });
    expect(token.stdout).toBe(`${record.accessToken}\n`);
  });

  it('wts logout removes the keychain entry and its details file', async () => {
    const r = await runWts(['logout'], { env });
    expect(r.code).toBe(0);
    expect(await rawEntry(account)).toBeNull();
    expect(existsSync(detailsFile)).toBe(false);
  });

  it("a sign-in too long for one of Windows' entries is split across entries of 2,560 bytes of UTF-16 at most, on a real keychain", async () => {
    const name = `test-${process.pid} @ https://tasks.example.com (split)`;
    const store = new KeychainStore(name, { timeoutMs: 5000, detailsFile: scratchDetails('split'), platform: 'win32' });
    const credentials = { ...sampleCredentials(`eyJ${'x'.repeat(2045)}`), refreshToken: 'r'.repeat(1024) };
    let parts: string[] = [];
    try {
      await store.write(credentials);
      expect(await store.read()).toEqual(credentials);
      const head = JSON.parse((await rawEntry(name)) ?? '{}');
      expect(head.split.count).toBeGreaterThan(1);
      parts = Array.from({ length: head.split.count }, (_, i) => `${name} [${head.split.id} ${i + 1}/${head.split.count}]`);
      for (const part of parts) {
        const text = await rawEntry(part);
        expect(text).not.toBeNull();
        expect(Buffer.byteLength(text ?? '', 'utf16le')).toBeLessThanOrEqual(2560);
      }
    } finally {
      await store.remove();
    }
    for (const entry of [name, ...parts]) expect(await rawEntry(entry)).toBeNull();
  });
});

describe('without a keychain', () => {
  it.skipIf(process.platform !== 'linux')(
    'wts login says the keychain is unavailable and names the choice, before opening any browser',
    async () => {
      const w = workdir();
      const r = await runWtsProcess(['login', '--origin', sandbox.origin], {
        env: { WTS_CONFIG_DIR: w.configDir, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(w.dir, 'no-bus')}`, BROWSER: w.browser },
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^wts: cannot keep the credentials in the OS keychain \(Secret Service\): .+\. Choose where they go instead: `wts login --store file` keeps them in .+credentials\.json \(mode 0600, readable only by you\), or start and unlock a keychain and try again\n$/,
      );
      expect(r.stderr).not.toContain('Opening the sign-in page');
    },
  );

  it('a keychain call that does not answer fails after the timeout, with a message', async () => {
    const hung: KeychainEntry = {
      getPassword: () => new Promise(() => {}),
      setPassword: () => new Promise(() => {}),
      deleteCredential: () => new Promise(() => {}),
    };
    let aborted = false;
    const store = new KeychainStore('hung', {
      timeoutMs: 150,
      detailsFile: scratchDetails('hung'),
      backend: async () => ({
        ...hung,
        getPassword: (signal) => {
          signal?.addEventListener('abort', () => (aborted = true));
          return hung.getPassword(signal);
        },
      }),
    });
    const err = await store.read().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeychainError);
    expect((err as Error).message).toMatch(/did not answer within 0\.2 s \(read\); unlock it, or set WTS_KEYCHAIN_TIMEOUT_MS$/);
    expect(aborted).toBe(true);
  });
});
