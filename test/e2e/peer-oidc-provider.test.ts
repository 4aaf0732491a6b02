// `wts` against an authorization server we did not write: panva's oidc-provider 9, strictly configured,
// with a resource server in front that checks its JWT access tokens (test/helpers/peer.ts). Real `wts`
// processes (`node bin/wts`, after `npm run build`); sign-in and consent on the provider's own pages in
// headless Chromium, through BROWSER and through --no-browser with the final address pasted. Once with
// one-hour access tokens and once with 30-second ones, for which the 30-second suite waits out a real expiry.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES } from '../helpers/auth.js';
import { chromiumAvailable, useChromium } from '../helpers/chromium.js';
import { changeStoredCredentials, secretsOf, storedCredentials, workdir, type Workdir } from '../helpers/credentials.js';
import { PEER_WORKSPACES, startPeer, type RunningPeer } from '../helpers/peer.js';
import type { PeerBrowserRecord } from '../helpers/peer-browser.js';
import { answerPeerPages, LOOPBACK_CALLBACK, peerBrowserCommand } from '../helpers/peer-pages.js';
import { runWtsProcess, spawnWts } from '../helpers/wts-process.js';

const hasChromium = chromiumAvailable('peer-oidc-provider');
const WORKSPACE_LINE = `${PEER_WORKSPACES[0]!.id}\t${PEER_WORKSPACES[0]!.name}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe.skipIf(!hasChromium).each([
  { ttl: 3600, tokens: 'one-hour access tokens' },
  { ttl: 30, tokens: '30-second access tokens' },
])('wts against oidc-provider 9 with $tokens', ({ ttl }) => {
  let peer: RunningPeer;
  let w: Workdir;
  let env: Record<string, string>;

  beforeAll(async () => {
    peer = await startPeer({ accessTokenTtlSeconds: ttl });
    w = workdir();
    // A sign-in the provider refuses shows an error page and no redirect: wts then waits this long.
    env = { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile, WTS_LOGIN_TIMEOUT_MS: '60000' };
  }, 60_000);

  afterAll(async () => {
    await peer?.close();
  });

  /**
   * A browser "on another machine": it reaches the peer, and nothing else on this machine's loopback
   * (every request goes through a proxy that is not there, except those to the peer).
   */
  const elsewhere = useChromium(() => [
    '--proxy-server=http://127.0.0.1:9',
    `--proxy-bypass-list=<-loopback>;${new URL(peer.origin).host}`,
  ]);

  /** The access token expired: for a short lifetime by waiting it out, else as the resource server and the credentials file see it. */
  async function expireAccessToken(): Promise<void> {
    const stored = storedCredentials(w.credentialsFile);
    if (ttl <= 60) {
      // Its real expiry (oidc-provider's clock is this machine's), and one second more.
      await sleep(Math.max(0, stored.expiresAt! + 1000 - Date.now()));
      return;
    }
    peer.expireAccessToken(stored.accessToken);
    changeStoredCredentials(w.credentialsFile, 'default', (c) => (c.expiresAt = Date.now() - 1000));
  }

  /** `n` processes of `wts workspace list` at once: all served; the provider made one refresh, reused no refresh token, revoked no grant. */
  async function manyServedWithOneRefresh(n: number): Promise<void> {
    const counts = { ...peer.counts };
    const results = await Promise.all(Array.from({ length: n }, () => runWtsProcess(['workspace', 'list'], { env })));
    for (const r of results) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(WORKSPACE_LINE);
    }
    expect(peer.counts.refreshes).toBe(counts.refreshes + 1);
    expect(peer.counts.reuses).toBe(counts.reuses);
    expect(peer.counts.revokedGrants).toBe(counts.revokedGrants);
  }

  it('signs in through BROWSER: discovery through openid-configuration, a native registration, consent for offline_access, a refresh token', async () => {
    const from = peer.log.length;
    const record = `${w.dir}/peer-browser.json`;
    const r = await runWtsProcess(['login', '--origin', peer.origin], { env: { ...env, BROWSER: peerBrowserCommand(record) } });
    expect(r.stderr.split('\n').filter((l) => l.startsWith('wts: '))).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `Signed in to ${peer.origin}; the credentials are in the file ${w.credentialsFile}, used only where WTS_CREDENTIALS_FILE names it (profile default is unchanged)\n`,
    );

    await until(() => existsSync(record), 'the browser record');
    const browser = JSON.parse(readFileSync(record, 'utf8')) as PeerBrowserRecord;
    expect(browser.error).toBeNull();
    expect(browser.callbackStatus).toBe(200);
    expect(browser.page).toContain('You can close this tab');
    // The provider kept offline_access because wts asked for consent (OpenID Connect Core §11).
    expect(browser.consentText).toContain('the client is asking to have offline access to this authorization');
    expect(new URL(browser.callbackUrl!).searchParams.get('iss')).toBe(peer.issuer);
    const asked = new URL(browser.argv.at(-1)!);
    expect(asked.origin + asked.pathname).toBe(`${peer.issuer}/auth`);
    expect(asked.searchParams.get('prompt')).toBe('consent');
    expect(asked.searchParams.get('scope')).toBe([...API_SCOPES, 'offline_access'].join(' '));
    expect(asked.searchParams.get('resource')).toBe(peer.resource);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    // A port of the listener's choosing, which only a native client's registration allows (RFC 8252 §7.3).
    expect(asked.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);

    // RFC 8414's document, inserted and then as OpenID Connect names it, before OpenID Connect's own.
    const discovery = peer.log
      .slice(from)
      .filter((e) => e.path.includes('/.well-known/') && !e.path.includes('oauth-protected-resource'))
      .slice(0, 3);
    expect(discovery.map((e) => `${e.path} ${e.status}`)).toEqual([
      '/.well-known/oauth-authorization-server/oidc 404',
      '/.well-known/openid-configuration/oidc 404',
      '/oidc/.well-known/openid-configuration 200',
    ]);

    const stored = storedCredentials(w.credentialsFile);
    expect(stored).toMatchObject({
      origin: peer.origin,
      resource: peer.resource,
      server: {
        issuer: peer.issuer,
        tokenEndpoint: `${peer.issuer}/token`,
        revocationEndpoint: `${peer.issuer}/token/revocation`,
        issParameterSupported: true,
      },
      client: { registration: 'dynamic', authMethod: 'none', applicationType: 'native' },
      // The access token's scope: the resource's scopes, without offline_access.
      scopes: [...API_SCOPES],
      lifetimeMs: ttl * 1000,
    });
    expect(stored.refreshToken).toEqual(expect.any(String));
    expect(await peer.client(stored.client.id)).toMatchObject({
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'none',
    });
    expect(peer.counts.registrations).toBe(1);

    const list = await runWtsProcess(['workspace', 'list'], { env });
    expect(list.stderr).toBe('');
    expect(list.stdout).toContain(WORKSPACE_LINE);
    for (const secret of secretsOf(stored)) expect(r.stdout + r.stderr + list.stdout).not.toContain(secret);
  }, 120_000);

  it('signs in with --no-browser: the address the browser ended on, pasted', async () => {
    const other = workdir();
    const wts = spawnWts(['login', '--origin', peer.origin, '--no-browser'], {
      env: { ...env, WTS_CONFIG_DIR: other.configDir, WTS_CREDENTIALS_FILE: other.credentialsFile },
    });
    const [href] = await wts.waitForStderr(new RegExp(`${peer.issuer.replace(/[.]/g, '\\.')}/auth\\?\\S+`));
    await wts.waitForStderr(/paste the address it ends up on here/);
    // The browser is on another machine: its redirect to 127.0.0.1 never reaches wts's listener.
    const page = await elsewhere.context.newPage();
    let ended: string | undefined;
    page.on('requestfailed', (request) => {
      if (LOOPBACK_CALLBACK.test(request.url())) ended = request.url();
    });
    await answerPeerPages(page, href, 'ben');
    await until(() => ended !== undefined, 'the redirect to the loopback callback');
    await page.close();
    wts.child.stdin.write(`${ended}\n`);
    const r = await wts.done;
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `Signed in to ${peer.origin}; the credentials are in the file ${other.credentialsFile}, used only where WTS_CREDENTIALS_FILE names it (profile default is unchanged)\n`,
    );
    expect(r.stderr).not.toMatch(/^wts: /m);
    const stored = storedCredentials(other.credentialsFile);
    expect(stored.refreshToken).toEqual(expect.any(String));
    expect(stored.accessToken).not.toBe(storedCredentials(w.credentialsFile).accessToken);
    const list = await runWtsProcess(['workspace', 'list'], {
      env: { WTS_CONFIG_DIR: other.configDir, WTS_CREDENTIALS_FILE: other.credentialsFile },
    });
    expect(list.stdout).toContain(WORKSPACE_LINE);
  }, 120_000);

  it('refreshes with rotation: each refresh presents the newest refresh token, none is reused', async () => {
    const before = storedCredentials(w.credentialsFile);
    const counts = { ...peer.counts };
    for (let i = 1; i <= 2; i++) {
      const r = await runWtsProcess(['auth', 'refresh'], { env });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(peer.counts.refreshes).toBe(counts.refreshes + i);
    }
    const after = storedCredentials(w.credentialsFile);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.lifetimeMs).toBe(ttl * 1000);
    expect(peer.counts.reuses).toBe(counts.reuses);
    expect(peer.counts.revokedGrants).toBe(counts.revokedGrants);
    expect((await runWtsProcess(['workspace', 'list'], { env })).stdout).toContain(WORKSPACE_LINE);
  });

  it('12 processes after the access token expired: one refresh, no refresh token reused, all served', async () => {
    await expireAccessToken();
    const held = storedCredentials(w.credentialsFile);
    await manyServedWithOneRefresh(12);
    expect(storedCredentials(w.credentialsFile).refreshToken).not.toBe(held.refreshToken);
  }, 120_000);

  it('a 401 leads to one refresh and the request retried with the new token', async () => {
    expect((await runWtsProcess(['auth', 'refresh'], { env })).code).toBe(0);
    const refused = storedCredentials(w.credentialsFile).accessToken;
    peer.expireAccessToken(refused);
    const counts = { ...peer.counts };
    const from = peer.log.length;
    const r = await runWtsProcess(['workspace', 'list'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(WORKSPACE_LINE);
    const calls = peer.log.slice(from).filter((e) => e.path === '/api/v1/workspaces');
    expect(calls.map((e) => e.status)).toEqual([401, 200]);
    expect(calls[1]!.jti).not.toBe(calls[0]!.jti);
    expect(peer.counts.refreshes).toBe(counts.refreshes + 1);
    expect(
      peer.log
        .slice(from)
        .filter((e) => e.path === '/oidc/token')
        .map((e) => e.status),
    ).toEqual([200]);
  });

  it('10 processes refused with 401 at once: one refresh, every request retried and served', async () => {
    expect((await runWtsProcess(['auth', 'refresh'], { env })).code).toBe(0);
    peer.expireAccessToken(storedCredentials(w.credentialsFile).accessToken);
    await manyServedWithOneRefresh(10);
  }, 120_000);

  it('logout revokes the refresh token first, which ends the grant, and takes the refused JWT revocation for what it is', async () => {
    const stored = storedCredentials(w.credentialsFile);
    const counts = { ...peer.counts };
    const from = peer.log.length;
    const r = await runWtsProcess(['logout'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `^Signed out of ${peer.origin.replace(/[.]/g, '\\.')}; the credentials were removed from the file ${w.credentialsFile.replace(/[.]/g, '\\.')}, and the connection was revoked; the service did not revoke the last access token, which works until it expires \\(.+\\)\\n$`,
      ),
    );
    expect(r.stdout).not.toContain('30 days');
    // The refresh token (200, the grant revoked), then the access token (a JWT: unsupported_token_type, RFC 7009 §2.2.1).
    expect(
      peer.log
        .slice(from)
        .filter((e) => e.path === '/oidc/token/revocation')
        .map((e) => e.status),
    ).toEqual([200, 400]);
    expect(peer.counts.revokedGrants).toBe(counts.revokedGrants + 1);
    expect(peer.counts.unsupportedRevocations).toBe(counts.unsupportedRevocations + 1);

    // The grant is over: its refresh token is refused.
    const refresh = await fetch(`${peer.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: stored.refreshToken!, client_id: stored.client.id }),
    });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');

    const list = await runWtsProcess(['workspace', 'list'], { env });
    expect(list.code).toBe(4);
  });

  it('a sign-in without offline_access: no refresh token, no consent asked, and logout exits 0 when the JWT cannot be revoked', async () => {
    const online = workdir();
    const onlineEnv = { ...env, WTS_CONFIG_DIR: online.configDir, WTS_CREDENTIALS_FILE: online.credentialsFile };
    const record = `${online.dir}/peer-browser.json`;
    const login = await runWtsProcess(['login', '--origin', peer.origin, '--scopes', 'workspace:read'], {
      env: { ...onlineEnv, BROWSER: peerBrowserCommand(record) },
    });
    expect(login.stderr).not.toMatch(/^wts: /m);
    expect(login.code).toBe(0);
    await until(() => existsSync(record), 'the browser record');
    const browser = JSON.parse(readFileSync(record, 'utf8')) as PeerBrowserRecord;
    expect(new URL(browser.argv.at(-1)!).searchParams.has('prompt')).toBe(false);
    expect(browser.consentText).not.toContain('offline access');
    const stored = storedCredentials(online.credentialsFile);
    expect(stored.refreshToken).toBeUndefined();
    expect(stored.scopes).toEqual(['workspace:read']);

    const counts = { ...peer.counts };
    const r = await runWtsProcess(['logout', '--json'], { env: onlineEnv });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      profile: 'default',
      origin: peer.origin,
      revoked: false,
      accessTokenRevoked: false,
      accessTokenExpiresAt: new Date(stored.expiresAt!).toISOString(),
    });
    expect(peer.counts.unsupportedRevocations).toBe(counts.unsupportedRevocations + 1);
    expect(existsSync(online.credentialsFile) && JSON.parse(readFileSync(online.credentialsFile, 'utf8')).credentials.default).toBeFalsy();
  }, 120_000);

  it('the provider reported no server error', () => {
    expect(peer.serverErrors).toEqual([]);
  });
});
