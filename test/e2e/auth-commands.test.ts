// `wts auth status | token | refresh` and `wts logout`, and the token lifecycle seen from commands:
// refresh ahead of expiry, one refresh and one retry after a 401, a revoked connection cleared.
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { refreshTokens, signIn, type RegisteredClient } from '../helpers/auth.js';
import { runWts } from '../helpers/cli.js';
import {
  changeStoredCredentials,
  expectLoggedIn,
  readCredentialsFile,
  secretsOf,
  storedCredentials,
  workdir,
  type Workdir,
} from '../helpers/credentials.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { expectMode } from '../helpers/platform.js';

const sandbox = useSandbox({ signIn: false });
let w: Workdir;
let env: Record<string, string>;

beforeEach(async () => {
  w = workdir();
  await expectLoggedIn(sandbox.origin, w);
  env = { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile, NO_COLOR: '1' };
});

/** The registered client of the stored connection, as the test helpers take it. */
function clientOf(w: Workdir): RegisteredClient {
  const { client } = storedCredentials(w.credentialsFile);
  return { client_id: client.id, redirect_uris: ['http://127.0.0.1/callback'], token_endpoint_auth_method: client.authMethod };
}

describe('wts auth status', () => {
  it('shows the connection on a terminal', async () => {
    const r = await runWts(['auth', 'status'], { env, tty: true });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const row = (label: string, value: string) => `${`${label}:`.padEnd(14)}${value}`;
    expect(lines).toContain(row('Profile', 'default'));
    expect(lines).toContain(row('Origin', sandbox.origin));
    expect(lines).toContain(row('Organization', 'Acme Corp (org_acme)'));
    expect(lines).toContain(row('User', 'Ada Lovelace (ada)'));
    expect(lines).toContain(row('Scopes', 'workspace:read workspace:write agents:read agents:write approvals:write'));
    expect(lines).toContain(row('Workspaces', 'all'));
    expect(lines.find((l) => l.startsWith('Expires:'))).toMatch(/^Expires: +\d{4}-\d\d-\d\d \d\d:\d\d \(in (59 minutes|1 hour)\)$/);
    expect(lines).toContain(row('Refresh', 'automatic'));
    expect(lines).toContain(row('Credentials', `file ${w.credentialsFile}`));
    expect(lines).toContain(row('Connection', 'working'));
  });

  it('colors the connection state on a color terminal, without escaping the color itself', async () => {
    const { NO_COLOR: _, ...colorEnv } = env;
    const r = await runWts(['auth', 'status'], { env: { ...colorEnv, FORCE_COLOR: '1' }, tty: true });
    expect(r.code).toBe(0);
    const line = r.stdout.split('\n').find((l) => l.includes('Connection'));
    expect(line).toContain('\x1b[32mworking\x1b[39m');
    expect(line).not.toContain('\\x1b');
  });

  it('prints label<TAB>value lines when piped, and an object with --json', async () => {
    const plain = await runWts(['auth', 'status'], { env });
    expect(plain.stdout).toContain('Workspaces\tall\n');
    expect(plain.stdout).toMatch(/\nExpires\t\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\n/);
    const json = await runWts(['auth', 'status', '--json'], { env });
    expect(JSON.parse(json.stdout)).toEqual({
      profile: 'default',
      origin: sandbox.origin,
      source: 'store',
      organization: { id: 'org_acme', name: 'Acme Corp' },
      user: { id: 'usr_ada', name: 'Ada Lovelace', login: 'ada' },
      scopes: ['workspace:read', 'workspace:write', 'agents:read', 'agents:write', 'approvals:write'],
      workspaces: 'all',
      expiresAt: new Date(storedCredentials(w.credentialsFile).expiresAt!).toISOString(),
      refreshable: true,
      store: { kind: 'file', location: w.credentialsFile },
      client: { id: storedCredentials(w.credentialsFile).client.id, registration: 'dynamic', authMethod: 'none' },
      working: true,
    });
    for (const secret of secretsOf(storedCredentials(w.credentialsFile))) expect(json.stdout + plain.stdout).not.toContain(secret);
  });

  it('shows a workspace restriction', async () => {
    const restricted = await signIn(sandbox.origin, { workspaceIds: ['ws_sales'] });
    const r = await runWts(['auth', 'status', '--json'], {
      env: { ...env, WTS_TOKEN: restricted.access_token, WTS_ORIGIN: sandbox.origin },
    });
    expect(JSON.parse(r.stdout)).toMatchObject({ source: 'WTS_TOKEN', working: true, store: null });
    // A sign-in limited to chosen workspaces says so.
    changeStoredCredentials(w.credentialsFile, 'default', (c) => (c.workspaceIds = ['ws_sales']));
    const limited = await runWts(['auth', 'status'], { env });
    expect(limited.stdout).toContain('Workspaces\tonly ws_sales\n');
  });

  it('exits 4 when not signed in, or when the connection was revoked (and forgets it)', async () => {
    const none = await runWts(['auth', 'status'], { env: { WTS_CONFIG_DIR: workdir().configDir, WTS_ORIGIN: sandbox.origin } });
    expect(none.code).toBe(4);
    expect(none.stderr).toBe(`wts: not signed in to ${sandbox.origin} — run \`wts login\`\n`);

    const stored = storedCredentials(w.credentialsFile);
    await fetch(`${sandbox.origin}/oauth/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: stored.client.id, token: stored.refreshToken! }),
    });
    const revoked = await runWts(['auth', 'status', '--json'], { env });
    expect(revoked.code).toBe(4);
    expect(revoked.stderr).toMatch(/^wts: not signed in: Ada Lovelace \(ada\) was signed in to profile default at .+ — run `wts login`\n$/);
    expect(JSON.parse(revoked.stdout)).toMatchObject({
      working: false,
      problem: expect.stringContaining('was signed in to profile default'),
    });
    expect(readCredentialsFile(w.credentialsFile).credentials.default).toBeUndefined();
    for (const secret of secretsOf(stored)) expect(revoked.stdout + revoked.stderr).not.toContain(secret);
  });
});

describe('wts auth token', () => {
  it('prints the access token and nothing else', async () => {
    const r = await runWts(['auth', 'token'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${storedCredentials(w.credentialsFile).accessToken}\n`);
    expect(r.stderr).toBe('');
  });

  it('refreshes a token expiring within 60 s first, and writes the rotated tokens back', async () => {
    const before = storedCredentials(w.credentialsFile);
    changeStoredCredentials(w.credentialsFile, 'default', (c) => (c.expiresAt = Date.now() + 30_000));
    const stats = await sandbox.stats();
    const r = await runWts(['auth', 'token'], { env });
    const after = storedCredentials(w.credentialsFile);
    expect(r.stdout).toBe(`${after.accessToken}\n`);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect((await sandbox.stats()).refreshes).toBe(stats.refreshes + 1);
    // not refreshed again while valid
    await runWts(['auth', 'token'], { env });
    expect((await sandbox.stats()).refreshes).toBe(stats.refreshes + 1);
  });

  it('prints WTS_TOKEN as it is', async () => {
    const r = await runWts(['auth', 'token'], { env: { WTS_TOKEN: 'given-token', WTS_ORIGIN: sandbox.origin } });
    expect(r.stdout).toBe('given-token\n');
  });
});

describe('wts auth refresh', () => {
  it('forces a refresh, on a terminal, piped and with --json', async () => {
    const stats = await sandbox.stats();
    const tty = await runWts(['auth', 'refresh'], { env, tty: true });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(
      new RegExp(
        `^✓ Refreshed the sign-in to ${sandbox.origin}; the access token expires \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\(in (59 minutes|1 hour)\\)\\n$`,
      ),
    );
    const piped = await runWts(['auth', 'refresh'], { env });
    expect(piped.stdout).toMatch(/^Refreshed the sign-in to /);
    const json = await runWts(['auth', 'refresh', '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ profile: 'default', working: true, refreshable: true });
    expect((await sandbox.stats()).refreshes).toBe(stats.refreshes + 3);
    expect((await sandbox.stats()).revocations).toBe(stats.revocations);
  });

  it('refuses with WTS_TOKEN, which is never refreshed', async () => {
    const r = await runWts(['auth', 'refresh'], { env: { ...env, WTS_TOKEN: 'given-token' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("wts: WTS_TOKEN is set: it is used as is and never refreshed; unset it to refresh the profile's sign-in\n");
  });
});

describe('the token lifecycle', () => {
  it('a 401 on a token thought valid: one refresh, one retry', async () => {
    await sandbox.advanceClock(3700);
    const stats = await sandbox.stats();
    const r = await runWts(['workspace', 'list'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('ws_support\tCustomer Support');
    const after = await sandbox.stats();
    expect(after.refreshes).toBe(stats.refreshes + 1);
    expect(after.requests - stats.requests).toBe(3); // refused, refresh, retried
  });

  it('invalid_grant clears the credentials and exits 4 with what to do', async () => {
    // Someone else used the refresh token: the one stored is superseded.
    const stored = storedCredentials(w.credentialsFile);
    await refreshTokens(sandbox.origin, clientOf(w), stored.refreshToken!);
    changeStoredCredentials(w.credentialsFile, 'default', (c) => (c.expiresAt = Date.now()));
    const r = await runWts(['workspace', 'list'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /^wts: not signed in: Ada Lovelace \(ada\) was signed in to profile default at .+ \(invalid_grant.*\) — run `wts login`\n$/,
    );
    expect(readCredentialsFile(w.credentialsFile).credentials.default).toBeUndefined();
    // Every later command says the same, until the next `wts login`.
    const again = await runWts(['workspace', 'list'], { env });
    expect(again.stderr).toBe(r.stderr);
  });

  it('never shows a token in --debug output, refreshing or not', async () => {
    const before = storedCredentials(w.credentialsFile);
    await sandbox.advanceClock(3700);
    const r = await runWts(['workspace', 'list', '--debug'], { env });
    expect(r.code).toBe(0);
    const after = storedCredentials(w.credentialsFile);
    expect(r.stderr).toContain(`> POST ${sandbox.origin}/oauth/token`);
    expect(r.stderr).toContain('> authorization: Bearer [redacted]');
    for (const secret of [...secretsOf(before), ...secretsOf(after)]) expect(r.stdout + r.stderr).not.toContain(secret);
    const login = await runWts(['login', '--origin', sandbox.origin, '--debug', '--no-browser'], {
      env: { ...env, WTS_LOGIN_TIMEOUT_MS: '200' },
    });
    for (const secret of secretsOf(after)) expect(login.stderr).not.toContain(secret);
  });
});

describe('a credentials file on its own (WTS_CREDENTIALS_FILE, as on a CI machine)', () => {
  it('works without the configuration that wrote it, and gets the rotated tokens written back atomically', async () => {
    const ci = workdir();
    // A file of its own, away from any configuration directory.
    ci.credentialsFile = join(ci.dir, 'secrets', 'credentials.json');
    mkdirSync(dirname(ci.credentialsFile), { recursive: true });
    copyFileSync(w.credentialsFile, ci.credentialsFile);
    changeStoredCredentials(ci.credentialsFile, 'default', (c) => (c.expiresAt = Date.now()));
    const ciEnv = { WTS_CONFIG_DIR: ci.configDir, WTS_CREDENTIALS_FILE: ci.credentialsFile, WTS_ORIGIN: sandbox.origin };
    const before = storedCredentials(ci.credentialsFile);
    const r = await runWts(['workspace', 'list'], { env: ciEnv });
    expect(r.code).toBe(0);
    const after = storedCredentials(ci.credentialsFile);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expectMode(ci.credentialsFile, 0o600);
    // Nothing but the file itself in its directory: the temporary file was renamed into place.
    expect(readdirSync(dirname(ci.credentialsFile))).toEqual(['credentials.json']);
  });

  it('a damaged credentials file is named without quoting its content', async () => {
    const ci = workdir();
    mkdirSync(dirname(ci.credentialsFile), { recursive: true });
    writeFileSync(ci.credentialsFile, '{"version":1,"credentials":{"default":{"accessToken":"secret-token-1234567890"');
    const r = await runWts(['workspace', 'list'], {
      env: { WTS_CONFIG_DIR: ci.configDir, WTS_CREDENTIALS_FILE: ci.credentialsFile, WTS_ORIGIN: sandbox.origin },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `wts: the credentials file ${ci.credentialsFile} is damaged (not valid JSON at line 1, column 79); remove it and run \`wts login\`\n`,
    );
  });
});

describe('wts logout', () => {
  it('revokes the connection at the service, then forgets it here', async () => {
    const stored = storedCredentials(w.credentialsFile);
    const client = clientOf(w);
    const stats = await sandbox.stats();
    const r = await runWts(['logout'], { env, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `✓ Signed out of ${sandbox.origin}; the credentials were removed from the file ${w.credentialsFile}, and the connection was revoked\n`,
    );
    const after = await sandbox.stats();
    expect(after.revocations).toBe(stats.revocations + 1);
    expect(after.connections.filter((c) => c.revoked).length).toBe(stats.connections.filter((c) => c.revoked).length + 1);
    await expect(refreshTokens(sandbox.origin, client, stored.refreshToken!)).rejects.toThrow(/invalid_grant/);
    expect(readCredentialsFile(w.credentialsFile).credentials.default).toBeUndefined();
    const list = await runWts(['workspace', 'list'], { env });
    expect(list.code).toBe(4);
    // Signing in again reuses the registration kept in the profile.
    await expectLoggedIn(sandbox.origin, w);
    expect(storedCredentials(w.credentialsFile).client.id).toBe(stored.client.id);
  });

  it('exits 4 when there is nothing to sign out of, and 1 (having forgotten) when the service cannot be told', async () => {
    const none = await runWts(['logout'], { env: { WTS_CONFIG_DIR: workdir().configDir, WTS_ORIGIN: sandbox.origin } });
    expect(none.code).toBe(4);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    changeStoredCredentials(w.credentialsFile, 'default', (c) => (c.server.revocationEndpoint = `http://127.0.0.1:${port}/oauth/revoke`));
    const unreachable = await runWts(['logout', '--json'], { env });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toBe(
      `wts: signed out here, but the service could not be told to end the connection (cannot connect to 127.0.0.1:${port} (ECONNREFUSED)), so it may still work there: disconnect wts in the service's settings\n`,
    );
    expect(existsSync(w.credentialsFile) && readCredentialsFile(w.credentialsFile).credentials.default).toBeFalsy();
  });
});
