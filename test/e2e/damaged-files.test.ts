// The files wts keeps, damaged (edited by hand, cut short, written by something else): each is one line
// naming the file and how to repair it, with the documented exit code, never a stack trace, never the
// file's content (the credentials file holds tokens). Run as real processes, as a user meets them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { endedSignInPath } from '../../src/auth/ended.js';
import { connectionLockPath } from '../../src/auth/profile-auth.js';
import { refreshIntentPath } from '../../src/auth/refresh-intent.js';
import { FileStore } from '../../src/auth/stores/file.js';
import { keychainName, keychainProblem, KeychainStore } from '../../src/auth/stores/keychain.js';
import { CliError, describeFailure, KeychainError } from '../../src/errors.js';
import { changeStoredCredentials, expectLoggedIn, storedCredentials, workdir, type Workdir } from '../helpers/credentials.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { runWtsProcess } from '../helpers/wts-process.js';

const sandbox = useSandbox({ signIn: false });
let w: Workdir;
let env: Record<string, string>;
let configFile: string;

beforeEach(async () => {
  w = workdir();
  await expectLoggedIn(sandbox.origin, w);
  env = { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile, NO_COLOR: '1' };
  configFile = join(w.configDir, 'config.json');
});

/** The refresh lock of the signed-in connection, beside its credentials file. */
function lockPath(): string {
  const store = new FileStore(w.credentialsFile, 'default', { lock: { staleMs: 60_000, waitMs: 1000 }, ownDirectory: false });
  return connectionLockPath(w.configDir, store);
}

/** The stored access token, made due for a refresh. */
function expireAccessToken(): void {
  changeStoredCredentials(w.credentialsFile, 'default', (c) => (c.expiresAt = Date.now()));
}

describe('config.json, damaged', () => {
  it('names the file, where it is damaged and how to repair it (exit 1), for a command that sends nothing too', async () => {
    const config = JSON.parse(readFileSync(configFile, 'utf8'));
    config.profiles.default.origin = 42;
    writeFileSync(configFile, JSON.stringify(config));
    const line = `wts: ${configFile} is damaged (profiles.default.origin: expected a string); fix it or delete it (then run \`wts login\`)\n`;
    for (const args of [
      ['workspace', 'list'],
      ['config', 'get', 'pager'],
    ]) {
      const r = await runWtsProcess(args, { env });
      expect({ code: r.code, stderr: r.stderr, stdout: r.stdout }).toEqual({ code: 1, stderr: line, stdout: '' });
    }
  });

  it('says where JSON that is not JSON stops, and that a member is missing', async () => {
    writeFileSync(configFile, '{\n  "version": 1,\n  "profiles": {,\n}\n');
    const notJson = await runWtsProcess(['workspace', 'list'], { env });
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toBe(
      `wts: ${configFile} is damaged (not valid JSON at line 3, column 16); fix it or delete it (then run \`wts login\`)\n`,
    );
    writeFileSync(configFile, '{"version": 1}');
    const missing = await runWtsProcess(['workspace', 'list'], { env });
    expect(missing.stderr).toBe(`wts: ${configFile} is damaged (profiles: missing); fix it or delete it (then run \`wts login\`)\n`);
  });
});

describe('the credentials file, damaged', () => {
  it('is named without quoting it: it holds tokens', async () => {
    const { accessToken, refreshToken } = storedCredentials(w.credentialsFile);
    const entry = readFileSync(w.credentialsFile, 'utf8');
    writeFileSync(w.credentialsFile, JSON.stringify({ version: '1', credentials: JSON.parse(entry).credentials }));
    const r = await runWtsProcess(['workspace', 'list'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `wts: the credentials file ${w.credentialsFile} is damaged (version: expected 1); remove it and run \`wts login\`\n`,
    );
    for (const secret of [accessToken, refreshToken ?? 'none']) expect(r.stderr).not.toContain(secret);
  });
});

describe("one profile's sign-in, damaged", () => {
  const SIGN_IN_AGAIN = 'run `wts login` to sign in again';

  it('an entry of the credentials file is named where it is damaged, not quoted; `wts login` replaces it', async () => {
    const { accessToken, refreshToken } = storedCredentials(w.credentialsFile);
    changeStoredCredentials(w.credentialsFile, 'default', (c) => Object.assign(c, { refreshToken: 42 }));
    const r = await runWtsProcess(['workspace', 'list'], { env });
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 1, stdout: '' });
    expect(r.stderr).toBe(
      `wts: the credentials file ${w.credentialsFile} is damaged (credentials.default.refreshToken: expected a string); ${SIGN_IN_AGAIN}\n`,
    );
    for (const secret of [accessToken, refreshToken ?? 'none']) expect(r.stderr).not.toContain(secret);
    changeStoredCredentials(w.credentialsFile, 'default', (c) => Object.assign(c, { server: 'somewhere' }));
    expect((await runWtsProcess(['auth', 'status'], { env })).stderr).toBe(
      `wts: the credentials file ${w.credentialsFile} is damaged (credentials.default.server: expected an object); ${SIGN_IN_AGAIN}\n`,
    );
    await expectLoggedIn(sandbox.origin, w);
    expect((await runWtsProcess(['workspace', 'list'], { env })).code).toBe(0);
  });

  it("the profile's auth record in config.json (its registered client) is named; `wts login` writes it anew", async () => {
    const config = JSON.parse(readFileSync(configFile, 'utf8'));
    const { id } = config.profiles.default.auth.client;
    config.profiles.default.auth.client.id = 7;
    writeFileSync(configFile, JSON.stringify(config));
    const r = await runWtsProcess(['workspace', 'list'], { env });
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 1, stdout: '' });
    expect(r.stderr).toBe(`wts: ${configFile} is damaged (profiles.default.auth.client.id: expected a string); ${SIGN_IN_AGAIN}\n`);
    config.profiles.default.auth.client = { id, authMethod: 'magic', registration: 'dynamic' };
    writeFileSync(configFile, JSON.stringify(config));
    expect((await runWtsProcess(['auth', 'status'], { env })).stderr).toMatch(
      /^wts: \S+ is damaged \(profiles\.default\.auth\.client\.authMethod: expected "none" or .*"private_key_jwt"\); run `wts login` to sign in again\n$/,
    );
    // `auth list` names it on its profile's row and goes on.
    const list = await runWtsProcess(['auth', 'list', '--json'], { env });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)[0].problem).toMatch(/profiles\.default\.auth\.client\.authMethod/);
    await expectLoggedIn(sandbox.origin, w);
    expect(JSON.parse(readFileSync(configFile, 'utf8')).profiles.default.auth.client.authMethod).toBe('none');
    expect((await runWtsProcess(['workspace', 'list'], { env })).code).toBe(0);
  });

  it('a keychain entry is named, not quoted, and the keychain still counts as usable (signing in replaces the entry)', async () => {
    const entryHolding = (text: string): KeychainStore =>
      new KeychainStore('default @ x (abc)', {
        timeoutMs: 1000,
        detailsFile: join(w.configDir, 'sign-ins', 'abc.json'),
        backend: async () => ({
          getPassword: async () => text,
          setPassword: async () => {},
          deleteCredential: async () => true,
        }),
      });
    const named = `the entry wts/default @ x (abc) in ${keychainName()}`;
    for (const [text, where] of [
      ['{"version": 1, "origin": "x", "accessToken": "secret-token"}', 'resource: missing'],
      ['{"version": 1, "accessToken": "secret-token"', 'not valid JSON at line 1, column 45'],
      ['secret-token', 'not valid JSON'],
    ] as const) {
      const store = entryHolding(text);
      const err = await store.read().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CliError);
      expect(err).not.toBeInstanceOf(KeychainError);
      expect(await describeFailure(err)).toMatchObject({ message: `${named} is damaged (${where}); ${SIGN_IN_AGAIN}`, exitCode: 1 });
      expect(err instanceof Error && err.message).not.toContain('secret-token');
      expect(await keychainProblem(store)).toBeUndefined();
    }
  });
});

describe('the refresh records, damaged', () => {
  it('a damaged lock file is a lock of an unknown holder: waited for, then named, never taken over while young', async () => {
    expireAccessToken();
    const lock = lockPath();
    mkdirSync(dirname(lock), { recursive: true });
    writeFileSync(lock, '{"pid": "not a number"}');
    const before = await sandbox.stats();
    const r = await runWtsProcess(['workspace', 'list'], { env: { ...env, WTS_LOCK_WAIT_MS: '300' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `^wts: gave up after waiting \\d+\\.\\d s \\(WTS_LOCK_WAIT_MS\\) for ${lock.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, which is damaged and not yet old enough to take over; try again, or remove that file if no wts is running\\n$`,
      ),
    );
    expect((await sandbox.stats()).refreshes).toBe(before.refreshes);
    expect(readFileSync(lock, 'utf8')).toBe('{"pid": "not a number"}');
  });

  it('a damaged refresh record is about every token: the refresh token is not presented, and wts login is the way out', async () => {
    expireAccessToken();
    const intent = refreshIntentPath(lockPath());
    mkdirSync(dirname(intent), { recursive: true });
    writeFileSync(intent, '{"pid": 1, "host": "x", "startedAt": "yesterday"');
    const before = await sandbox.stats();
    const r = await runWtsProcess(['workspace', 'list'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /^wts: an earlier refresh of this sign-in \(its record is damaged\) was interrupted .*run `wts login` to sign in again\n$/,
    );
    expect((await sandbox.stats()).refreshes).toBe(before.refreshes);
  });

  it('a damaged record of an ended sign-in only leaves out who was signed in', async () => {
    writeFileSync(endedSignInPath(lockPath()), '{"origin": 7}');
    rmSync(w.credentialsFile);
    const r = await runWtsProcess(['auth', 'status'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^wts: [^\n]*wts login[^\n]*\n$/);
    expect(r.stderr).not.toContain('was signed in to profile');
  });
});
