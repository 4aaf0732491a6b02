// `wts login` against the sandbox, the browser being BROWSER = a small script that follows the
// authorization URL over HTTP to the loopback callback (the sandbox auto-approves as a demo user).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { registerClient } from '../helpers/auth.js';
import { runWts } from '../helpers/cli.js';
import { browserRecord, expectLoggedIn, loginWithFakeBrowser, secretsOf, storedCredentials, workdir } from '../helpers/credentials.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

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
    expect(statSync(w.credentialsFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(w.credentialsFile, '..')).mode & 0o777).toBe(0o700);
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

  it('asks for the scopes given, and registers once per origin across profiles', async () => {
    const w = workdir();
    await expectLoggedIn(sandbox.origin, w);
    const clientId = new URL(browserRecord(w).argv[4]!).searchParams.get('client_id');
    const narrow = await expectLoggedIn(sandbox.origin, w, ['--profile', 'reader', '--scopes', 'workspace:read,offline_access']);
    const url = new URL(browserRecord(w).argv[4]!);
    expect(url.searchParams.get('scope')).toBe('workspace:read offline_access');
    expect(url.searchParams.get('client_id')).toBe(clientId);
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(narrow.scopes).toEqual(['workspace:read']);
    expect(narrow.refreshToken).toBeTruthy();
    // Without offline_access nothing asks for consent, and no refresh token comes.
    const online = await expectLoggedIn(sandbox.origin, w, ['--profile', 'online', '--scopes', 'workspace:read']);
    expect(new URL(browserRecord(w).argv[4]!).searchParams.has('prompt')).toBe(false);
    expect(online.refreshToken).toBeUndefined();

    const bad = await loginWithFakeBrowser(sandbox.origin, w, ['--scopes', 'workspace:read', 'admin:all']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'wts: --scopes: unknown scope admin:all (known: workspace:read, workspace:write, agents:read, agents:write, approvals:write, offline_access)\n',
    );
  });

  it('registers again when the server no longer knows the kept registration', async () => {
    const w = workdir();
    await expectLoggedIn(sandbox.origin, w);
    const first = new URL(browserRecord(w).argv[4]!).searchParams.get('client_id')!;
    // The sandbox forgets the client, as one restarted without its data would.
    delete (sandbox.ctx.store.state.oauth as { clients: Record<string, unknown> }).clients[first];
    await expectLoggedIn(sandbox.origin, w);
    expect(new URL(browserRecord(w).argv[4]!).searchParams.get('client_id')).not.toBe(first);
  });

  it('replaces a registration made before wts registered as a native client', async () => {
    const w = workdir();
    await expectLoggedIn(sandbox.origin, w);
    const first = new URL(browserRecord(w).argv[4]!).searchParams.get('client_id')!;
    // A profile written by an older wts: its client registered without application_type (a web client).
    const file = join(w.configDir, 'config.json');
    const config = JSON.parse(readFileSync(file, 'utf8'));
    delete config.profiles.default.auth.client.applicationType;
    writeFileSync(file, JSON.stringify(config));
    await expectLoggedIn(sandbox.origin, w);
    const second = new URL(browserRecord(w).argv[4]!).searchParams.get('client_id')!;
    expect(second).not.toBe(first);
    expect(
      (sandbox.ctx.store.state.oauth as { clients: Record<string, { applicationType?: string }> }).clients[second]!.applicationType,
    ).toBe('native');
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

  describe('with a second sandbox', () => {
    const other = useSandbox({ signIn: false });

    it('profiles keep several origins and users side by side', async () => {
      const w = workdir();
      await expectLoggedIn(sandbox.origin, w, ['--profile', 'acme-ada']);
      await expectLoggedIn(sandbox.origin, w, ['--profile', 'acme-ben'], { user: 'ben' });
      await expectLoggedIn(other.origin, w, ['--profile', 'elsewhere']);
      const env = { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile };
      const status = async (profile: string) =>
        JSON.parse((await runWts(['auth', 'status', '--json', '--profile', profile], { env })).stdout);
      expect(await status('acme-ada')).toMatchObject({ origin: sandbox.origin, user: { login: 'ada' } });
      expect(await status('acme-ben')).toMatchObject({ origin: sandbox.origin, user: { login: 'ben' } });
      expect(await status('elsewhere')).toMatchObject({ origin: other.origin, user: { login: 'ada' } });
      // Another origin than the profile's has no sign-in there.
      const mismatch = await runWts(['workspace', 'list', '--profile', 'elsewhere', '--origin', sandbox.origin], { env });
      expect(mismatch.code).toBe(4);
      expect(mismatch.stderr).toBe(`wts: not signed in to ${sandbox.origin} — run \`wts login --profile elsewhere\`\n`);
    });
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

  it('signs in as a confidential client registered beforehand, its secret from WTS_CLIENT_SECRET kept only in the credential store', async () => {
    const client = await registerClient(sandbox.origin, {
      client_name: 'Pre-registered',
      token_endpoint_auth_method: 'client_secret_basic',
    });
    const w = workdir();
    const env = { WTS_CLIENT_SECRET: client.client_secret! };
    const stored = await expectLoggedIn(sandbox.origin, w, ['--client-id', client.client_id], { env });
    expect(stored.client).toEqual({
      id: client.client_id,
      authMethod: 'client_secret_basic',
      registration: 'pre-registered',
      secret: client.client_secret,
    });
    expect(readFileSync(join(w.configDir, 'config.json'), 'utf8')).not.toContain(client.client_secret!);
    // Later commands need no WTS_CLIENT_SECRET: refresh and revocation authenticate from the store.
    const base = { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile };
    const before = await sandbox.stats();
    expect((await runWts(['auth', 'refresh'], { env: base })).code).toBe(0);
    expect((await runWts(['logout'], { env: base })).code).toBe(0);
    const after = await sandbox.stats();
    expect([after.refreshes - before.refreshes, after.revocations - before.revocations]).toEqual([1, 1]);

    const missing = await loginWithFakeBrowser(sandbox.origin, workdir(), [
      '--client-id',
      client.client_id,
      '--client-auth',
      'client_secret_post',
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('wts: --client-auth client_secret_post needs the secret in WTS_CLIENT_SECRET\n');
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

describe('wts login after the sign-in ended', () => {
  const ended = useSandbox({ signIn: false });

  it('signs in again where the last sign-in kept its credentials, without --store', async () => {
    const w = workdir();
    const file = join(w.configDir, 'credentials.json');
    // The file store chosen by flag alone: no WTS_CREDENTIALS_FILE to choose it on later runs.
    const env = { WTS_CREDENTIALS_FILE: '' };
    expect((await loginWithFakeBrowser(ended.origin, w, ['--store', 'file'], { env })).code).toBe(0);
    // The refresh token expires (90 days in all): the next command ends the sign-in.
    await ended.advanceClock(91 * 24 * 3600);
    const after = await runWts(['workspace', 'list'], { env: { WTS_CONFIG_DIR: w.configDir, WTS_ORIGIN: ended.origin } });
    expect(after.code, after.stderr).toBe(4);
    expect(after.stderr).toContain('wts login');
    // `wts login` alone uses the file again, not the keychain (which this machine may not have).
    const again = await loginWithFakeBrowser(ended.origin, w, [], { env });
    expect(again.stderr).not.toMatch(/^wts: /m);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`the credentials are in the file ${file}`);
    expect(storedCredentials(file).origin).toBe(ended.origin);
  });
});
