// The keychain store, for every platform (the platform is a parameter): the keychain holds the secrets
// alone, sized for Windows' Credential Manager (2,560 bytes of UTF-16 per entry, as keyring-rs stores
// them), the rest in a details file beside the configuration; old whole-record entries migrate; and
// macOS' words for a Keychain dialog and for SSH. The keychain is a stand-in here; test/e2e/keychain.test.ts
// drives a real Secret Service.
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredCredentials } from '../../src/auth/credentials.js';
import { authTimings } from '../../src/auth/settings.js';
import { entryLimit, planEntries, WINDOWS_ENTRY_MAX_BYTES } from '../../src/auth/stores/keychain-entries.js';
import { keychainCall, KeychainStore, type KeychainBackend } from '../../src/auth/stores/keychain.js';
import { KeychainError } from '../../src/errors.js';

/** An in-memory keychain that refuses, as keyring-rs does on Windows, a password over `maxBytes` of UTF-16. */
function fakeKeychain(maxBytes = Number.POSITIVE_INFINITY) {
  const entries = new Map<string, string>();
  const writes: string[] = [];
  let failWrites: ((account: string) => boolean) | undefined;
  const backend: KeychainBackend = async (_service, account) => ({
    getPassword: async () => entries.get(account) ?? null,
    setPassword: async (password) => {
      if (failWrites?.(account)) throw new Error('the keychain refused the write');
      if (Buffer.byteLength(password, 'utf16le') > maxBytes) throw new Error('Attribute too long for platform: password');
      writes.push(account);
      entries.set(account, password);
    },
    deleteCredential: async () => entries.delete(account),
  });
  return { entries, writes, backend, failOn: (f: ((account: string) => boolean) | undefined) => (failWrites = f) };
}

const ACCOUNT = 'default @ https://tasks.example.com (0123456789ab)';

function detailsFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'wts-keychain-')), 'config', 'sign-ins', '0123456789ab.json');
}

/** A base64url run of `n` characters, as in a JWT. */
function b64(n: number, seed: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from({ length: n }, (_, i) => alphabet[(i * 7 + seed.charCodeAt(i % seed.length)) % 64]).join('');
}

/** The worst case: a 2 KB JWT access token, a long refresh token, a client secret, 20 workspaces. */
function worstCase(seed = 'a'): StoredCredentials {
  const origin = 'https://tasks.example.com';
  return {
    version: 1,
    origin,
    resource: `${origin}/api/v1`,
    server: {
      issuer: `${origin}/oidc`,
      authorizationEndpoint: `${origin}/oidc/auth`,
      tokenEndpoint: `${origin}/oidc/token`,
      revocationEndpoint: `${origin}/oidc/token/revocation`,
      issParameterSupported: true,
    },
    client: { id: 'wts_abcdef', authMethod: 'client_secret_basic', registration: 'dynamic', secret: b64(64, `s${seed}`) },
    accessToken: `${b64(36, `h${seed}`)}.${b64(1900, `p${seed}`)}.${b64(86, `g${seed}`)}`,
    refreshToken: b64(1024, `r${seed}`),
    tokenType: 'bearer',
    expiresAt: 1_800_000_000_000,
    lifetimeMs: 3_600_000,
    scopes: ['workspace:read', 'task:read', 'task:write', 'approval:write', 'offline_access'],
    organization: { id: 'org_1', name: 'Acme Corp' },
    user: { id: 'usr_1', name: 'Ada Lovelace', login: 'ada' },
    workspaceIds: Array.from({ length: 20 }, (_, i) => `ws_${String(i).padStart(24, '0')}`),
    signedInAt: 1_700_000_000_000,
  };
}

describe('the keychain entries on Windows', () => {
  it("a worst-case sign-in is written in entries of at most 2,560 bytes of UTF-16 each, the limit of Windows' Credential Manager", () => {
    const limit = entryLimit('win32');
    expect(limit?.maxBytes).toBe(WINDOWS_ENTRY_MAX_BYTES);
    const credentials = worstCase();
    // The old shape, the whole record in one entry, does not fit.
    expect(Buffer.byteLength(JSON.stringify(credentials), 'utf16le')).toBeGreaterThan(2560);
    const secrets = {
      version: 2 as const,
      stamp: 'x',
      accessToken: credentials.accessToken,
      refreshToken: credentials.refreshToken,
      clientSecret: credentials.client.secret,
    };
    const plan = planEntries(ACCOUNT, secrets, limit);
    const entries = [...plan.parts, plan.head];
    expect(plan.parts.length).toBeGreaterThan(1);
    for (const entry of entries) expect(Buffer.byteLength(entry.text, 'utf16le')).toBeLessThanOrEqual(2560);
    expect(JSON.parse(plan.parts.map((p) => p.text).join(''))).toEqual(secrets);
    // Elsewhere, one entry.
    for (const platform of ['linux', 'darwin']) expect(planEntries(ACCOUNT, secrets, entryLimit(platform)).parts).toEqual([]);
  });

  it('stores and reads back a worst-case sign-in on a keychain that refuses longer entries, with no metadata in any entry', async () => {
    const keychain = fakeKeychain(2560);
    const file = detailsFile();
    const store = new KeychainStore(ACCOUNT, { timeoutMs: 5000, detailsFile: file, backend: keychain.backend, platform: 'win32' });
    const credentials = worstCase();
    await store.write(credentials);
    expect(await store.read()).toEqual(credentials);
    expect(keychain.entries.size).toBeGreaterThan(2);
    for (const text of keychain.entries.values()) {
      expect(Buffer.byteLength(text, 'utf16le')).toBeLessThanOrEqual(2560);
      for (const meta of ['tasks.example.com', 'issuer', 'tokenEndpoint', 'ws_0', 'workspace:read', 'Ada'])
        expect(text).not.toContain(meta);
    }
    // The details file: no secret, 0600 in a 0700 directory.
    const details = readFileSync(file, 'utf8');
    for (const secret of [credentials.accessToken, credentials.refreshToken, credentials.client.secret])
      expect(details).not.toContain(secret);
    expect(JSON.parse(details)).toMatchObject({
      origin: credentials.origin,
      server: credentials.server,
      workspaceIds: credentials.workspaceIds,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
  });

  it('a refresh writes a new set of entries before the first entry names it, then removes the old set', async () => {
    const keychain = fakeKeychain(2560);
    const store = new KeychainStore(ACCOUNT, { timeoutMs: 5000, detailsFile: detailsFile(), backend: keychain.backend, platform: 'win32' });
    await store.write(worstCase('a'));
    const first = new Set(keychain.entries.keys());
    keychain.writes.length = 0;
    const next = { ...worstCase('b'), refreshedAt: 1_700_000_100_000 };
    await store.write(next);
    // The first entry is written last: until then it names the old, whole set.
    expect(keychain.writes.at(-1)).toBe(ACCOUNT);
    expect(keychain.writes.slice(0, -1).every((account) => !first.has(account))).toBe(true);
    expect([...keychain.entries.keys()].filter((account) => first.has(account))).toEqual([ACCOUNT]);
    expect(await store.read()).toEqual(next);
  });

  it('a write that fails part-way leaves the sign-in as it was, and no new entries behind', async () => {
    const keychain = fakeKeychain(2560);
    const store = new KeychainStore(ACCOUNT, { timeoutMs: 5000, detailsFile: detailsFile(), backend: keychain.backend, platform: 'win32' });
    const before = worstCase('a');
    await store.write(before);
    const entries = new Map(keychain.entries);
    let n = 0;
    keychain.failOn(() => ++n === 2);
    const err = await store.write(worstCase('b')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeychainError);
    expect(String(err)).toMatch(/the Windows Credential Manager failed \(write\): the keychain refused the write/);
    keychain.failOn(undefined);
    expect(keychain.entries).toEqual(entries);
    expect(await store.read()).toEqual(before);
  });

  it('a first write (a login) that fails part-way leaves nothing behind: no entry, no details file', async () => {
    const keychain = fakeKeychain(2560);
    const file = detailsFile();
    const store = new KeychainStore(ACCOUNT, { timeoutMs: 5000, detailsFile: file, backend: keychain.backend, platform: 'win32' });
    keychain.failOn((account) => account === ACCOUNT);
    await expect(store.write(worstCase())).rejects.toThrow(/the Windows Credential Manager failed \(write\)/);
    expect(keychain.entries.size).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(await store.read()).toBeUndefined();
  });

  it('a client secret in any script round-trips, measured in UTF-16', async () => {
    const keychain = fakeKeychain(2560);
    const store = new KeychainStore(ACCOUNT, { timeoutMs: 5000, detailsFile: detailsFile(), backend: keychain.backend, platform: 'win32' });
    const credentials = worstCase();
    credentials.client.secret = `clé-秘密-🔑-${'é'.repeat(900)}`;
    await store.write(credentials);
    expect((await store.read())?.client.secret).toBe(credentials.client.secret);
  });
});

describe('the keychain holds the secrets alone', () => {
  it('on Linux and macOS, one entry with the tokens and nothing else', async () => {
    for (const platform of ['linux', 'darwin']) {
      const keychain = fakeKeychain();
      const store = new KeychainStore(ACCOUNT, { timeoutMs: 5000, detailsFile: detailsFile(), backend: keychain.backend, platform });
      const credentials = worstCase();
      await store.write(credentials);
      expect([...keychain.entries.keys()]).toEqual([ACCOUNT]);
      const entry = JSON.parse(keychain.entries.get(ACCOUNT) ?? '');
      expect(Object.keys(entry).sort()).toEqual(['accessToken', 'clientSecret', 'refreshToken', 'stamp', 'version']);
      expect(await store.read()).toEqual(credentials);
      await store.remove();
      expect(keychain.entries.size).toBe(0);
      expect(await store.read()).toBeUndefined();
    }
  });

  it('an entry in the old shape (the whole record) is read as it is, and migrate() rewrites it as tokens and details', async () => {
    for (const platform of ['linux', 'win32']) {
      const keychain = fakeKeychain();
      const file = detailsFile();
      const store = new KeychainStore(ACCOUNT, { timeoutMs: 5000, detailsFile: file, backend: keychain.backend, platform });
      const credentials = { ...worstCase(), accessToken: 'AT-old', refreshToken: 'RT-old' };
      keychain.entries.set(ACCOUNT, JSON.stringify(credentials));
      expect(await store.read()).toEqual(credentials);
      expect(store.oldShape).toBe(true);
      expect(await store.migrate()).toBe(true);
      expect(store.oldShape).toBe(false);
      expect(JSON.parse(keychain.entries.get(ACCOUNT) ?? '')).not.toHaveProperty('server');
      expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveProperty('server');
      expect(await store.read()).toEqual(credentials);
      expect(store.oldShape).toBe(false);
      expect(await store.migrate()).toBe(false);
    }
  });

  it('details written with other tokens (their write failed after the tokens were stored) give no expiry', async () => {
    const keychain = fakeKeychain();
    const file = detailsFile();
    const store = new KeychainStore(ACCOUNT, { timeoutMs: 5000, detailsFile: file, backend: keychain.backend, platform: 'linux' });
    await store.write(worstCase('a'));
    const details = readFileSync(file, 'utf8');
    await store.write({ ...worstCase('b'), expiresAt: 1_900_000_000_000 });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, details);
    const read = await store.read();
    expect(read?.accessToken).toBe(worstCase('b').accessToken);
    expect(read?.expiresAt).toBeUndefined();
  });

  it('tokens without their details file are named, with the way out', async () => {
    const keychain = fakeKeychain();
    const file = detailsFile();
    const store = new KeychainStore(ACCOUNT, { timeoutMs: 5000, detailsFile: file, backend: keychain.backend, platform: 'linux' });
    await store.write(worstCase());
    const { rmSync } = await import('node:fs');
    rmSync(file);
    const err = await store.read().catch((e: unknown) => e);
    expect(String(err)).toContain(
      `holds the tokens, but the sign-in's details file ${file} is missing; run \`wts login\` to sign in again`,
    );
  });
});

describe('the macOS Keychain', () => {
  const never = () => new Promise<string>(() => {});

  it('waits 5 minutes by default, for its dialog; 10 s over SSH and elsewhere; WTS_KEYCHAIN_TIMEOUT_MS wins', () => {
    expect(authTimings({}, 'darwin').keychainTimeoutMs).toBe(300_000);
    expect(authTimings({ SSH_CONNECTION: '10.0.0.2 50000 10.0.0.1 22' }, 'darwin').keychainTimeoutMs).toBe(10_000);
    expect(authTimings({ SSH_TTY: '/dev/ttys003' }, 'darwin').keychainTimeoutMs).toBe(10_000);
    expect(authTimings({}, 'linux').keychainTimeoutMs).toBe(10_000);
    expect(authTimings({}, 'win32').keychainTimeoutMs).toBe(10_000);
    expect(authTimings({ WTS_KEYCHAIN_TIMEOUT_MS: '1234' }, 'darwin').keychainTimeoutMs).toBe(1234);
  });

  it('a call still waiting says the Keychain may be showing a dialog, and waits on for the answer', async () => {
    const lines: string[] = [];
    let answer: (value: string) => void = () => {};
    const value = await keychainCall('read', 60_000, () => new Promise<string>((resolve) => (answer = resolve)), {
      platform: 'darwin',
      noticeAfterMs: 1,
      notice: (line) => {
        lines.push(line);
        answer('the user allowed it');
      },
    });
    expect(value).toBe('the user allowed it');
    expect(lines).toEqual([
      'wts: waiting for the macOS Keychain (read): the Keychain may be showing a dialog asking to allow wts (node) to use its entry: answer it (Always Allow keeps it from asking again); giving up after 60 s…',
    ]);
  });

  it('a timeout names the dialog on macOS, the file store over SSH, and unlocking elsewhere', async () => {
    const message = (platform: string, ssh = false) =>
      keychainCall('read', 20, never, { platform, ssh }).then(
        () => '',
        (e: unknown) => (e instanceof KeychainError ? e.message : String(e)),
      );
    expect(await message('darwin')).toBe(
      'the macOS Keychain did not answer within 0 s (read); the Keychain may be showing a dialog asking to allow wts (node) to use its entry: answer it (Always Allow keeps it from asking again); or set WTS_KEYCHAIN_TIMEOUT_MS',
    );
    expect(await message('darwin', true)).toBe(
      'the macOS Keychain did not answer within 0 s (read); over SSH the macOS Keychain cannot show its dialog: keep the credentials in a file instead (`wts login --store file`, or WTS_CREDENTIAL_STORE=file), or run `security unlock-keychain` first; or set WTS_KEYCHAIN_TIMEOUT_MS',
    );
    expect(await message('win32')).toBe(
      'the Windows Credential Manager did not answer within 0 s (read); unlock it, or set WTS_KEYCHAIN_TIMEOUT_MS',
    );
  });

  it('a failure over SSH on macOS says to use the file store', async () => {
    const failing = () => Promise.reject(new Error('User interaction is not allowed.'));
    const err = await keychainCall('read', 5000, failing, { platform: 'darwin', ssh: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeychainError);
    expect(String(err)).toMatch(
      /the macOS Keychain failed \(read\): User interaction is not allowed\.; over SSH the macOS Keychain cannot show its dialog: keep the credentials in a file instead \(`wts login --store file`, or WTS_CREDENTIAL_STORE=file\)/,
    );
    const local = await keychainCall('read', 5000, failing, { platform: 'darwin' }).catch((e: unknown) => e);
    expect(String(local)).toBe('KeychainError: the macOS Keychain failed (read): User interaction is not allowed.');
  });
});
