// `wts login` against the sandbox, the browser being BROWSER = a small script that follows the
// authorization URL over HTTP to the loopback callback (the sandbox auto-approves as a demo user).
// In the lines tier: openid-client on Node's fetch and WebCrypto (PKCE, private_key_jwt), the loopback
// listener. Registrations, profiles and stored client secrets are in login-registrations.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { registerClient } from '../helpers/auth.js';
import { runWts } from '../helpers/cli.js';
import { browserRecord, expectLoggedIn, loginWithFakeBrowser, secretsOf, storedCredentials, workdir } from '../helpers/credentials.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { expectMode } from '../helpers/platform.js';

const sandbox = useSandbox({ signIn: false });

describe('wts login through BROWSER', () => {
  it('signs in, keeps the tokens in a 0600 file in a 0700 directory, and says so on a terminal', async () => {
    const w = workdir();
    const r = await loginWithFakeBrowser(sandbox.origin, w, [], { tty: true, env: { NO_COLOR: '1' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `✓ Signed in to ${sandbox.origin} as Ada Lovelace (ada) in Acme Corp; the credentials are in the file ${w.credentialsFile}\n`,
    );
    expect(r.stderr).toContain('Opening the sign-in page with BROWSER');

    const record = browserRecord(w);
    expect(record.callbackStatus).toBe(200);
    expect(record.page).toContain('You can close this tab');

    const stored = storedCredentials(w.credentialsFile);
    expect(stored).toMatchObject({
      origin: sandbox.origin,
      resource: `${sandbox.origin}/api/v1`,
      // The access token's scope (RFC 6749 §5.1); offline access is the refresh token below.
      scopes: ['workspace:read', 'workspace:write', 'agents:read', 'agents:write', 'approvals:write'],
      organization: { id: 'org_acme', name: 'Acme Corp' },
      user: { id: 'usr_ada', name: 'Ada Lovelace', login: 'ada' },
      workspaceIds: null,
      client: { registration: 'dynamic', authMethod: 'none', applicationType: 'native' },
    });
    expect(stored.refreshToken).toBeTruthy();
    expect(r.stderr).not.toContain('narrower');
    // expires_in (3600 s) read from the response
    expect(stored.expiresAt! - Date.now()).toBeGreaterThan(3500_000);
    expect(stored.lifetimeMs).toBe(3600_000);
    expectMode(w.credentialsFile, 0o600);
    expectMode(join(w.credentialsFile, '..'), 0o700);
    // The configuration keeps no secret.
    const config = readFileSync(join(w.configDir, 'config.json'), 'utf8');
    for (const secret of secretsOf(stored)) expect(config).not.toContain(secret);
    expect(JSON.parse(config).profiles.default.origin).toBe(sandbox.origin);

    // The profile remembers its origin: no --origin, no WTS_ORIGIN.
    const list = await runWts(['workspace', 'list'], { env: { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile } });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('ws_support\tCustomer Support');
  });

  it('prints a plain line when piped and the status object with --json, never a token', async () => {
    const w = workdir();
    const plain = await loginWithFakeBrowser(sandbox.origin, w);
    expect(plain.stdout).toBe(
      `Signed in to ${sandbox.origin} as Ada Lovelace (ada) in Acme Corp; the credentials are in the file ${w.credentialsFile}\n`,
    );
    const json = await loginWithFakeBrowser(sandbox.origin, w, ['--json']);
    expect(json.code).toBe(0);
    const status = JSON.parse(json.stdout);
    expect(status).toMatchObject({
      profile: 'default',
      origin: sandbox.origin,
      source: 'store',
      user: { login: 'ada' },
      workspaces: 'all',
      refreshable: true,
      working: true,
      store: { kind: 'file', location: w.credentialsFile },
    });
    for (const secret of secretsOf(storedCredentials(w.credentialsFile))) expect(json.stdout + json.stderr).not.toContain(secret);
  });

  it('passes BROWSER only the authorization URL: PKCE S256, a fresh state per attempt, the API resource, a loopback redirect', async () => {
    const w = workdir();
    await expectLoggedIn(sandbox.origin, w);
    const first = browserRecord(w);
    const stored = await expectLoggedIn(sandbox.origin, w);
    const second = browserRecord(w);
    for (const record of [first, second]) {
      // node, the script, its own two arguments, then the URL: nothing else, and no token anywhere.
      expect(record.argv.slice(2, 4)).toEqual(['--record', w.browserRecord]);
      expect(record.argv).toHaveLength(5);
      for (const secret of secretsOf(stored)) expect(record.argv.join(' ')).not.toContain(secret);
    }
    const [a, b] = [new URL(first.argv[4]!), new URL(second.argv[4]!)];
    expect(a.origin + a.pathname).toBe(`${sandbox.origin}/oauth/authorize`);
    expect(a.searchParams.get('code_challenge_method')).toBe('S256');
    expect(a.searchParams.get('response_type')).toBe('code');
    expect(a.searchParams.get('resource')).toBe(`${sandbox.origin}/api/v1`);
    expect(a.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(a.searchParams.get('scope')).toBe('workspace:read workspace:write agents:read agents:write approvals:write offline_access');
    // offline_access needs a request for consent (OpenID Connect Core §11).
    expect(a.searchParams.get('prompt')).toBe('consent');
    expect(a.searchParams.get('state')).not.toBe(b.searchParams.get('state'));
    expect(a.searchParams.get('code_challenge')).not.toBe(b.searchParams.get('code_challenge'));
    // Registered once per origin: the second sign-in reuses the client.
    expect(a.searchParams.get('client_id')).toBe(b.searchParams.get('client_id'));
  });

  it('listens on the port given with --port, and says when it is taken', async () => {
    const w = workdir();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as AddressInfo).port;
    const busy = await loginWithFakeBrowser(sandbox.origin, w, ['--port', String(taken)]);
    expect(busy.code).toBe(2);
    expect(busy.stderr).toBe(`wts: --port ${taken}: that port is in use on 127.0.0.1; choose another, or leave out --port\n`);
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    await expectLoggedIn(sandbox.origin, w, ['--port', String(taken)]);
    expect(new URL(browserRecord(w).argv[4]!).searchParams.get('redirect_uri')).toBe(`http://127.0.0.1:${taken}/callback`);
  });
});

describe('wts login refusals and failures', () => {
  it('refuses plain http except on loopback, before any request', async () => {
    const r = await runWts(['login', '--origin', 'http://tasks.example.com', '--store', 'file']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'wts: refusing plain http to tasks.example.com: use https (plain http is allowed only on loopback: 127.0.0.1, [::1], localhost)\n',
    );
  });

  it('times out with a clear message, keeping nothing (WTS_LOGIN_TIMEOUT_MS)', async () => {
    const w = workdir();
    const r = await runWts(['login', '--origin', sandbox.origin, '--no-browser'], {
      env: { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile, WTS_LOGIN_TIMEOUT_MS: '400' },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/Open this address in a browser to sign in:\n\n {2}http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?/);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('wts: '))).toEqual([
      'wts: the sign-in was not completed within 0.4 seconds — run `wts login` to try again',
    ]);
    const status = await runWts(['auth', 'status'], { env: { WTS_CONFIG_DIR: w.configDir, WTS_ORIGIN: sandbox.origin } });
    expect(status.code).toBe(4);
  });

  it('says when BROWSER cannot be started, and still prints the address', async () => {
    const w = workdir();
    const r = await runWts(['login', '--origin', sandbox.origin], {
      env: {
        WTS_CONFIG_DIR: w.configDir,
        WTS_CREDENTIALS_FILE: w.credentialsFile,
        BROWSER: '/nonexistent/browser --new-tab',
        WTS_LOGIN_TIMEOUT_MS: '300',
      },
    });
    expect(r.stderr).toContain('wts: cannot run BROWSER (/nonexistent/browser): ENOENT. Open this address in a browser to sign in:');
    expect(r.code).toBe(4);
  });
});

describe('wts login with other clients', () => {
  it('signs in as the client a client ID metadata document describes (--client-id URL)', async () => {
    let documentUrl = '';
    const server: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          client_id: documentUrl,
          client_name: 'wts via metadata document',
          application_type: 'native',
          redirect_uris: ['http://127.0.0.1/callback'],
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    documentUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wts/client.json`;
    try {
      const w = workdir();
      const stored = await expectLoggedIn(sandbox.origin, w, ['--client-id', documentUrl]);
      expect(stored.client).toEqual({ id: documentUrl, authMethod: 'none', registration: 'metadata-document' });
      expect(new URL(browserRecord(w).argv[4]!).searchParams.get('client_id')).toBe(documentUrl);
      const refreshed = await runWts(['auth', 'refresh'], {
        env: { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile },
      });
      expect(refreshed.code).toBe(0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('signs in as a client registered beforehand with a private key (private_key_jwt, --client-key)', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const client = await registerClient(sandbox.origin, {
      client_name: 'Key client',
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [{ ...(await exportJWK(publicKey)), alg: 'ES256', use: 'sig' }] },
    });
    const w = workdir();
    const keyFile = join(w.dir, 'client-key.pem');
    writeFileSync(keyFile, await exportPKCS8(privateKey), { mode: 0o600 });
    const stored = await expectLoggedIn(sandbox.origin, w, ['--client-id', client.client_id, '--client-key', keyFile]);
    expect(stored.client).toEqual({ id: client.client_id, authMethod: 'private_key_jwt', registration: 'pre-registered', keyFile });
    const base = { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile };
    expect((await runWts(['auth', 'refresh'], { env: base })).code).toBe(0);
    expect((await runWts(['workspace', 'list'], { env: base })).code).toBe(0);
  });
});
