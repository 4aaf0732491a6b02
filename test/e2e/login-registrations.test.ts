// `wts login`'s bookkeeping against the sandbox, the browser being BROWSER = a small script that follows
// the authorization URL over HTTP to the loopback callback: the scopes asked for, one registration per
// origin kept across profiles and made again when the server forgot it or it predates native clients,
// several origins and users side by side, a confidential client's secret kept only in the credential
// store, a sign-in again after the last one ended. The same JavaScript on every Node line once a sign-in
// works there (login.test.ts, in the lines tier), so not in that tier.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerClient } from '../helpers/auth.js';
import { runWts } from '../helpers/cli.js';
import { browserRecord, expectLoggedIn, loginWithFakeBrowser, storedCredentials, workdir } from '../helpers/credentials.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ signIn: false });

describe('wts login through BROWSER: registrations and profiles', () => {
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

describe('wts login with a client registered beforehand', () => {
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
