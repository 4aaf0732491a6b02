// The sandbox's OAuth server, driven over real HTTP by openid-client (a conformant, strict client) and
// by hand where a test needs to send what a good client never would.
import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ALL_SCOPES,
  API_SCOPES,
  approve,
  authorize,
  exchangeCode,
  pkcePair,
  refreshTokens,
  registerClient,
  signIn,
  tokenRequest,
  type RegisteredClient,
} from '../helpers/auth.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import type { SandboxStats } from '../helpers/wts-process.js';

const REDIRECT_URI = 'http://127.0.0.1/callback';

const sandbox = useSandbox({ signIn: false });
let apiResource: string;
let mcpResource: string;

beforeAll(async () => {
  apiResource = `${sandbox.origin}/api/v1`;
  mcpResource = `${sandbox.origin}/mcp`;
});

const stats = () => sandbox.stats();

function connection(s: SandboxStats, id: string) {
  const found = s.connections.find((c) => c.id === id);
  if (!found) throw new Error(`no connection ${id} in stats`);
  return found;
}

function verify(token: string, resource = apiResource) {
  return sandbox.ctx.tokens.verifyAccessToken(token, resource);
}

function connectionOf(token: string): string {
  const principal = verify(token) ?? verify(token, mcpResource);
  if (!principal) throw new Error('token does not verify');
  return principal.connectionId;
}

async function oauthError(res: Response): Promise<{ status: number; error: string; description: string; cacheControl: string | null }> {
  const body = (await res.json()) as { error: string; error_description: string };
  return { status: res.status, error: body.error, description: body.error_description, cacheControl: res.headers.get('cache-control') };
}

/** From the protected resource's metadata (RFC 9728) to its authorization server's issuer. */
async function issuerFor(path: '/api/v1' | '/mcp'): Promise<URL> {
  const prm = (await (await fetch(`${sandbox.origin}/.well-known/oauth-protected-resource${path}`)).json()) as {
    authorization_servers: string[];
  };
  return new URL(prm.authorization_servers[0]!);
}

const insecure = { algorithm: 'oauth2' as const, execute: [oidc.allowInsecureRequests] };

/** Dynamic registration through openid-client. */
async function registerWithOpenidClient(metadata: Partial<oidc.ClientMetadata>, auth?: oidc.ClientAuth): Promise<oidc.Configuration> {
  return oidc.dynamicClientRegistration(
    await issuerFor('/api/v1'),
    {
      application_type: 'native',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...metadata,
    },
    auth,
    insecure,
  );
}

interface StartedAuthorization {
  url: URL;
  state: string;
  verifier: string;
}

async function startAuthorization(
  config: oidc.Configuration,
  params: Record<string, string | string[]> = {},
): Promise<StartedAuthorization> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const search = new URLSearchParams({
    redirect_uri: REDIRECT_URI,
    scope: ALL_SCOPES.join(' '),
    prompt: 'consent', // for offline_access (OpenID Connect Core §11)
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  for (const [key, value] of Object.entries(params)) {
    search.delete(key);
    for (const v of typeof value === 'string' ? [value] : value) search.append(key, v);
  }
  return { url: oidc.buildAuthorizationUrl(config, search), state, verifier };
}

/**
 * Registers (a public client, or as `metadata` and `auth` say), authorizes as ada with every scope,
 * exchanges with openid-client.
 */
async function connectWithOpenidClient(
  resource?: string,
  metadata: Partial<oidc.ClientMetadata> = { client_name: 'openid-client test' },
  auth?: oidc.ClientAuth,
) {
  const config = await registerWithOpenidClient(metadata, auth);
  const started = await startAuthorization(config, resource ? { resource } : {});
  const callback = await approve(started.url);
  const tokens = await oidc.authorizationCodeGrant(
    config,
    callback,
    { pkceCodeVerifier: started.verifier, expectedState: started.state },
    resource ? { resource } : undefined,
  );
  return { config, tokens };
}

/** An authorization URL with valid defaults, for requests a good client would not send. */
function rawAuthorizationUrl(clientId: string, overrides: Record<string, string | string[] | null> = {}): URL {
  const url = new URL('/oauth/authorize', sandbox.origin);
  const params: Record<string, string | string[] | null> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'workspace:read',
    state: 'state-123',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [key, value] of Object.entries(params)) {
    if (value === null) continue;
    for (const v of typeof value === 'string' ? [value] : value) url.searchParams.append(key, v);
  }
  return url;
}

/** Approves a raw authorization request (rawAuthorizationUrl with `overrides`, its own PKCE pair) and exchanges the code. */
async function approveAndExchange(
  client: Parameters<typeof exchangeCode>[1]['client'],
  overrides: Record<string, string | string[] | null>,
) {
  const { verifier, challenge } = pkcePair();
  const callback = await approve(rawAuthorizationUrl(client.client_id, { ...overrides, code_challenge: challenge }));
  return exchangeCode(sandbox.origin, {
    code: callback.searchParams.get('code')!,
    state: '',
    iss: null,
    codeVerifier: verifier,
    redirectUri: REDIRECT_URI,
    client,
  });
}

async function expectErrorPage(url: URL, text: RegExp): Promise<void> {
  const res = await fetch(url, { redirect: 'manual' });
  const body = await res.text();
  expect(res.status).toBe(400);
  expect(res.headers.get('location')).toBeNull();
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(body).toMatch(text);
}

async function expectErrorRedirect(url: URL, error: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  expect(location.searchParams.get('error')).toBe(error);
  expect(location.searchParams.get('error_description')).toBeTruthy();
  expect(location.searchParams.get('state')).toBe(url.searchParams.get('state'));
  expect(location.searchParams.get('iss')).toBe(sandbox.origin);
  expect(location.searchParams.has('code')).toBe(false);
  return location;
}

describe('discovery', () => {
  test('protected-resource metadata names the resource and leads to the authorization server metadata', async () => {
    for (const path of ['/api/v1', '/mcp'] as const) {
      const res = await fetch(`${sandbox.origin}/.well-known/oauth-protected-resource${path}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        resource: `${sandbox.origin}${path}`,
        authorization_servers: [sandbox.origin],
        scopes_supported: [...API_SCOPES, 'offline_access'],
        bearer_methods_supported: ['header'],
        resource_name: expect.any(String),
      });
    }
    const config = await oidc.discovery(await issuerFor('/mcp'), 'any-client', undefined, oidc.None(), insecure);
    expect(config.serverMetadata()).toMatchObject({
      issuer: sandbox.origin,
      authorization_endpoint: `${sandbox.origin}/oauth/authorize`,
      token_endpoint: `${sandbox.origin}/oauth/token`,
      registration_endpoint: `${sandbox.origin}/oauth/register`,
      revocation_endpoint: `${sandbox.origin}/oauth/revoke`,
      scopes_supported: [...API_SCOPES, 'offline_access'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: expect.arrayContaining(['ES256', 'RS256']),
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
    expect(config.serverMetadata().supportsPKCE('S256')).toBe(true);
    expect(config.serverMetadata().supportsPKCE('plain')).toBe(false);
  });
});

describe('dynamic client registration', () => {
  async function register(body: unknown, contentType = 'application/json') {
    return fetch(`${sandbox.origin}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  test('echoes the registered metadata; a secret only for the secret methods; client_secret_basic by default', async () => {
    const res = await register({
      redirect_uris: ['https://app.example/cb'],
      client_name: 'Reporter',
      scope: 'workspace:read offline_access',
      contacts: ['ops@app.example'],
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      client_id: expect.any(String),
      client_id_issued_at: expect.any(Number),
      client_secret: expect.any(String),
      client_secret_expires_at: 0,
      redirect_uris: ['https://app.example/cb'],
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      client_name: 'Reporter',
      scope: 'workspace:read offline_access',
      contacts: ['ops@app.example'],
    });
    expect((body.client_secret as string).length).toBeGreaterThanOrEqual(43);

    const publicClient = await registerClient(sandbox.origin, { token_endpoint_auth_method: 'none' });
    expect(publicClient.client_secret).toBeUndefined();
    expect(publicClient).not.toHaveProperty('client_secret_expires_at');
  });

  test.each([
    [{}, 'invalid_redirect_uri'],
    [{ redirect_uris: [] }, 'invalid_redirect_uri'],
    [{ redirect_uris: 'https://app.example/cb' }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['/relative'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['http://app.example/cb'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['https://app.example/cb#frag'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'client_secret_jwt' }, 'invalid_client_metadata'],
    [{ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'private_key_jwt' }, 'invalid_client_metadata'],
    [
      { redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'private_key_jwt', jwks_uri: 'https://app.example/jwks' },
      'invalid_client_metadata',
    ],
    [{ redirect_uris: [REDIRECT_URI], grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    [{ redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code'], response_types: ['token'] }, 'invalid_client_metadata'],
    [{ redirect_uris: [REDIRECT_URI], grant_types: ['refresh_token'], response_types: [] }, 'invalid_client_metadata'],
    [{ redirect_uris: [REDIRECT_URI], scope: 'workspace:read admin' }, 'invalid_client_metadata'],
    [{ redirect_uris: [REDIRECT_URI], client_name: 42 }, 'invalid_client_metadata'],
    [[1, 2], 'invalid_client_metadata'],
  ])('refuses %j with %s', async (metadata, error) => {
    const res = await register(metadata);
    expect(await oauthError(res)).toMatchObject({ status: 400, error, description: expect.any(String) });
  });

  test('refuses a private key in jwks, and bodies that are not JSON', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const res = await register({
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [await exportJWK(privateKey)] },
    });
    expect(await oauthError(res)).toMatchObject({
      status: 400,
      error: 'invalid_client_metadata',
      description: expect.stringMatching(/public keys only/),
    });
    expect((await oauthError(await register('{not json'))).error).toBe('invalid_client_metadata');
    expect((await oauthError(await register('redirect_uris=x', 'application/x-www-form-urlencoded'))).error).toBe(
      'invalid_client_metadata',
    );
  });

  test('accepts loopback http and private-use schemes for native apps', async () => {
    const client = await registerClient(sandbox.origin, {
      redirect_uris: ['http://127.0.0.1/cb', 'http://[::1]/cb', 'http://localhost:8080/cb', 'com.example.app:/oauth'],
    });
    expect(client.redirect_uris).toHaveLength(4);
    expect(client.application_type).toBe('native');
  });

  test('application_type is web unless the client says native (OpenID Connect Dynamic Registration §2), and sets which redirects may be registered', async () => {
    const web = await registerClient(sandbox.origin, { application_type: undefined });
    expect(web.application_type).toBe('web');
    // A private-use scheme is a native app's; https on loopback is no native app's (RFC 8252 §7).
    expect(await oauthError(await register({ redirect_uris: ['com.example.app:/oauth'] }))).toMatchObject({
      status: 400,
      error: 'invalid_redirect_uri',
      description: expect.stringMatching(/application_type native/),
    });
    expect(await oauthError(await register({ application_type: 'native', redirect_uris: ['https://127.0.0.1/cb'] }))).toMatchObject({
      status: 400,
      error: 'invalid_redirect_uri',
    });
    expect(await oauthError(await register({ application_type: 'desktop', redirect_uris: [REDIRECT_URI] }))).toMatchObject({
      status: 400,
      error: 'invalid_client_metadata',
      description: 'application_type must be web or native',
    });
  });
});

describe('authorization code flow with openid-client', () => {
  test('registers, authorizes with PKCE, checks the callback, exchanges the code for a token bound to the resource', async () => {
    const config = await registerWithOpenidClient({ client_name: 'openid-client test' });
    const started = await startAuthorization(config, { resource: apiResource });
    const callback = await approve(started.url);
    expect(callback.searchParams.get('iss')).toBe(sandbox.origin);
    expect(callback.searchParams.get('state')).toBe(started.state);

    // openid-client checks state and iss before it spends the code.
    const wrongIss = new URL(callback);
    wrongIss.searchParams.set('iss', 'http://127.0.0.1:1');
    await expect(
      oidc.authorizationCodeGrant(config, wrongIss, { pkceCodeVerifier: started.verifier, expectedState: started.state }),
    ).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/"iss" \(issuer\)/) },
    });
    await expect(
      oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: started.verifier, expectedState: 'another-state' }),
    ).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/"state"/) },
    });

    const tokens = await oidc.authorizationCodeGrant(
      config,
      callback,
      { pkceCodeVerifier: started.verifier, expectedState: started.state },
      { resource: apiResource },
    );
    expect(tokens.token_type).toBe('bearer'); // openid-client lower-cases it
    expect(tokens.expires_in).toBe(3600);
    // scope is the access token's (RFC 6749 §5.1): offline_access was granted, and shows as the refresh token.
    expect(tokens.scope).toBe(API_SCOPES.join(' '));
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(Buffer.from(tokens.access_token, 'base64url').length).toBeGreaterThanOrEqual(32);

    const principal = verify(tokens.access_token, apiResource);
    expect(principal).toMatchObject({
      userId: 'usr_ada',
      orgId: 'org_acme', // ada's first organization, picked by default
      scopes: [...API_SCOPES],
      workspaceIds: null,
      clientId: config.clientMetadata().client_id,
      resource: apiResource,
    });
    expect(verify(tokens.access_token, mcpResource)).toBeUndefined();
    expect(verify(`${tokens.access_token}x`, apiResource)).toBeUndefined();
  });

  test('the token endpoint answers with no-store and Pragma: no-cache', async () => {
    const auth = await authorize(sandbox.origin);
    const res = await tokenRequest(sandbox.origin, auth.client, {
      grant_type: 'authorization_code',
      code: auth.code,
      redirect_uri: auth.redirectUri,
      code_verifier: auth.codeVerifier,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
  });

  test('without a resource the token is good for every resource authorized; a resource not authorized is invalid_target', async () => {
    const both = await signIn(sandbox.origin);
    expect(verify(both.access_token, apiResource)).toBeDefined();
    expect(verify(both.access_token, mcpResource)).toMatchObject({ resource: mcpResource });

    const auth = await authorize(sandbox.origin, { resource: apiResource });
    const res = await tokenRequest(sandbox.origin, auth.client, {
      grant_type: 'authorization_code',
      code: auth.code,
      redirect_uri: auth.redirectUri,
      code_verifier: auth.codeVerifier,
      resource: mcpResource,
    });
    expect(await oauthError(res)).toMatchObject({ status: 400, error: 'invalid_target' });
    // invalid_target does not spend the code
    const tokens = await exchangeCode(sandbox.origin, auth);
    expect(verify(tokens.access_token, apiResource)).toBeDefined();
    expect(verify(tokens.access_token, mcpResource)).toBeUndefined();
  });

  test('refresh rotates the refresh token and counts', async () => {
    const { config, tokens } = await connectWithOpenidClient();
    const id = connectionOf(tokens.access_token);
    const before = await stats();
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.scope).toBe(API_SCOPES.join(' '));
    expect(verify(refreshed.access_token)).toMatchObject({ connectionId: id });
    const after = await stats();
    expect(after.refreshes).toBe(before.refreshes + 1);
    expect(connection(after, id)).toEqual({ id, refreshes: 1, revoked: false, refreshing: false });

    const again = await oidc.refreshTokenGrant(config, refreshed.refresh_token!);
    expect(connection(await stats(), id).refreshes).toBe(2);
    expect(verify(again.access_token)).toBeDefined();
  });

  test('a refresh may ask for a narrower scope and a single resource', async () => {
    const { config, tokens } = await connectWithOpenidClient();
    const narrowed = await oidc.refreshTokenGrant(config, tokens.refresh_token!, { scope: 'workspace:read', resource: mcpResource });
    expect(narrowed.scope).toBe('workspace:read');
    expect(verify(narrowed.access_token, mcpResource)).toMatchObject({ scopes: ['workspace:read'] });
    expect(verify(narrowed.access_token, apiResource)).toBeUndefined();
    await expect(oidc.refreshTokenGrant(config, narrowed.refresh_token!, { scope: 'workspace:read admin:all' })).rejects.toMatchObject({
      error: 'invalid_scope',
    });
    await expect(
      oidc.refreshTokenGrant(config, narrowed.refresh_token!, { resource: 'https://elsewhere.example/api' }),
    ).rejects.toMatchObject({ error: 'invalid_target' });
    // the grant itself kept every scope
    const full = await oidc.refreshTokenGrant(config, narrowed.refresh_token!);
    expect(full.scope).toBe(API_SCOPES.join(' '));
    expect(full.refresh_token).toEqual(expect.any(String));
  });

  test('reusing a superseded refresh token revokes the whole connection', async () => {
    const { config, tokens } = await connectWithOpenidClient();
    const id = connectionOf(tokens.access_token);
    const rotated = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    const before = await stats();

    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    const after = await stats();
    expect(connection(after, id).revoked).toBe(true);
    expect(after.revocations).toBe(before.revocations + 1);
    // everything issued on the connection is dead, the newest tokens included
    expect(verify(rotated.access_token)).toBeUndefined();
    expect(verify(tokens.access_token)).toBeUndefined();
    await expect(oidc.refreshTokenGrant(config, rotated.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // a revoked connection is counted once
    expect((await stats()).revocations).toBe(after.revocations);
  });

  test('reusing an authorization code revokes the connection it started', async () => {
    const auth = await authorize(sandbox.origin);
    const tokens = await exchangeCode(sandbox.origin, auth);
    const id = connectionOf(tokens.access_token);
    const before = await stats();
    await expect(exchangeCode(sandbox.origin, auth)).rejects.toThrow(/invalid_grant/);
    const after = await stats();
    expect(connection(after, id).revoked).toBe(true);
    expect(after.revocations).toBe(before.revocations + 1);
    expect(verify(tokens.access_token)).toBeUndefined();
    await expect(refreshTokens(sandbox.origin, auth.client, tokens.refresh_token!)).rejects.toThrow(/invalid_grant/);
  });

  test('a second refresh while one is under way is refused, without revoking', async () => {
    const tokens = await signIn(sandbox.origin);
    const id = connectionOf(tokens.access_token);
    const before = await stats();
    const request = () =>
      tokenRequest(sandbox.origin, tokens.client, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    const responses = await Promise.all([request(), request()]);
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Record<string, string>[];
    const winner = responses.findIndex((r) => r.status === 200);
    const loser = 1 - winner;
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(bodies[loser]).toEqual({ error: 'invalid_request', error_description: 'a refresh is already in progress for this connection' });

    const after = await stats();
    expect(connection(after, id)).toEqual({ id, refreshes: 1, revoked: false, refreshing: false });
    expect(after.revocations).toBe(before.revocations);
    const next = await refreshTokens(sandbox.origin, tokens.client, bodies[winner]!.refresh_token!);
    expect(verify(next.access_token)).toBeDefined();
  });

  test('offline_access is granted only on a request with prompt=consent (OpenID Connect Core §11)', async () => {
    const client = await registerClient(sandbox.origin);
    for (const prompt of [null, 'login']) {
      const tokens = await approveAndExchange(client, { scope: 'workspace:read offline_access', prompt });
      expect(tokens.scope).toBe('workspace:read');
      expect(tokens.refresh_token).toBeUndefined();
    }
    const consented = await signIn(sandbox.origin, { client, scopes: ['workspace:read', 'offline_access'] });
    expect(consented.refresh_token).toEqual(expect.any(String));
    await expectErrorRedirect(rawAuthorizationUrl(client.client_id, { prompt: ['consent', 'consent'] }), 'invalid_request');
  });

  test('no refresh token without offline_access', async () => {
    const tokens = await signIn(sandbox.origin, { scopes: ['workspace:read', 'agents:read'] });
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.scope).toBe('workspace:read agents:read');
  });

  test('an omitted scope means the five API scopes, without offline_access', async () => {
    const client = await registerClient(sandbox.origin);
    const tokens = await approveAndExchange(client, { scope: null });
    expect(tokens.scope).toBe(API_SCOPES.join(' '));
    expect(tokens.refresh_token).toBeUndefined();
  });

  test('the consent page says what each scope asked for grants', async () => {
    let page = '';
    await authorize(sandbox.origin, { consentPage: (html) => (page = html) });
    const said = [...page.matchAll(/value="([^"]+)" checked>\s*<span><code>[^<]*<\/code><small>([^<]*)<\/small>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(said).toEqual([
      ['workspace:read', 'See workspaces, tasks, notes, messages, reminders and pending approvals'],
      ['workspace:write', 'Create and update tasks, notes, tags, reminders and workspaces'],
      ['agents:read', 'See agents, their runs, instructions, the handbook, knowledge and scheduled tasks'],
      ['agents:write', 'Edit instructions, the handbook, knowledge and scheduled tasks, and give agents tasks'],
      ['approvals:write', 'Approve, reject or edit actions agents want to take'],
      ['offline_access', 'Stay connected without signing in again, until you disconnect the app'],
    ]);
  });

  test('a narrower grant on the consent page is reported in scope', async () => {
    const tokens = await signIn(sandbox.origin, { narrowScopes: ['workspace:read', 'agents:read', 'offline_access'] });
    expect(tokens.scope).toBe('workspace:read agents:read');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(verify(tokens.access_token)?.scopes).toEqual(['workspace:read', 'agents:read']);
    const dropped = await signIn(sandbox.origin, { narrowScopes: ['workspace:read'] });
    expect(dropped.scope).toBe('workspace:read');
    expect(dropped.refresh_token).toBeUndefined();
  });

  test('the organization and workspaces chosen on the consent pages reach the principal', async () => {
    const globex = await signIn(sandbox.origin, { org: 'globex', resource: mcpResource });
    expect(verify(globex.access_token, mcpResource)).toMatchObject({ userId: 'usr_ada', orgId: 'org_globex', workspaceIds: null });
    const limited = await signIn(sandbox.origin, { org: 'acme', workspaceIds: ['ws_support', 'ws_ops'] });
    expect(verify(limited.access_token)).toMatchObject({ orgId: 'org_acme', workspaceIds: ['ws_support', 'ws_ops'] });
    const ben = await signIn(sandbox.origin, { user: 'ben' });
    expect(verify(ben.access_token)).toMatchObject({ userId: 'usr_ben', orgId: 'org_acme' });
    // a workspace of another organization cannot be granted
    await expect(signIn(sandbox.origin, { org: 'acme', workspaceIds: ['ws_research'] })).rejects.toThrow(/400/);
  });

  test('a user who leaves the organization loses access at once', async () => {
    const tokens = await signIn(sandbox.origin, { org: 'globex' });
    const globex = sandbox.ctx.store.state.data.organizations.find((o) => o.id === 'org_globex')!;
    const members = [...globex.memberIds];
    globex.memberIds = members.filter((m) => m !== 'usr_ada');
    try {
      expect(verify(tokens.access_token)).toBeUndefined();
      await expect(refreshTokens(sandbox.origin, tokens.client, tokens.refresh_token!)).rejects.toThrow(/invalid_grant/);
    } finally {
      globex.memberIds = members;
    }
    expect(verify(tokens.access_token)).toBeDefined();
  });

  test('auto-approve signs in at once as that user, in the first organization, with every workspace', async () => {
    const set = (user: string | null) =>
      fetch(`${sandbox.origin}/__sandbox/auto-approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user }),
      });
    expect((await set('ben')).status).toBe(200);
    try {
      const client = await registerClient(sandbox.origin);
      const url = rawAuthorizationUrl(client.client_id, { scope: 'workspace:read approvals:write' });
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.searchParams.get('code')).toBeTruthy();
      expect(location.searchParams.get('iss')).toBe(sandbox.origin);
      const tokens = await signIn(sandbox.origin, { scopes: ['workspace:read', 'approvals:write'] });
      expect(tokens.scope).toBe('workspace:read approvals:write');
      expect(verify(tokens.access_token)).toMatchObject({ userId: 'usr_ben', orgId: 'org_acme', workspaceIds: null });
      await set('ada');
      const ada = await signIn(sandbox.origin);
      expect(verify(ada.access_token)).toMatchObject({ userId: 'usr_ada', orgId: 'org_acme', workspaceIds: null });
    } finally {
      await set(null);
    }
  });
});

describe('revocation (RFC 7009)', () => {
  test('revoking an access token ends only that token; revoking a refresh token ends the connection', async () => {
    const { config, tokens } = await connectWithOpenidClient();
    const id = connectionOf(tokens.access_token);
    await oidc.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
    expect(verify(tokens.access_token)).toBeUndefined();
    expect(connection(await stats(), id).revoked).toBe(false);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(verify(refreshed.access_token)).toBeDefined();

    const before = await stats();
    await oidc.tokenRevocation(config, refreshed.refresh_token!);
    const after = await stats();
    expect(connection(after, id).revoked).toBe(true);
    expect(after.revocations).toBe(before.revocations + 1);
    expect(verify(refreshed.access_token)).toBeUndefined();
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  test("unknown tokens and other clients' tokens answer 200 and change nothing", async () => {
    const { config } = await connectWithOpenidClient();
    await expect(oidc.tokenRevocation(config, 'no-such-token')).resolves.toBeUndefined();
    const other = await signIn(sandbox.origin);
    await oidc.tokenRevocation(config, other.refresh_token!);
    expect(verify(other.access_token)).toBeDefined();
  });

  test('revocation authenticates the client and needs a token', async () => {
    const client = await registerClient(sandbox.origin, { token_endpoint_auth_method: 'client_secret_post' });
    const post = (form: Record<string, string>) =>
      fetch(`${sandbox.origin}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
    expect(await oauthError(await post({ client_id: client.client_id, client_secret: 'wrong', token: 'x' }))).toMatchObject({
      status: 401,
      error: 'invalid_client',
    });
    expect(await oauthError(await post({ client_id: client.client_id, client_secret: client.client_secret! }))).toMatchObject({
      status: 400,
      error: 'invalid_request',
    });
    expect((await post({ client_id: client.client_id, client_secret: client.client_secret!, token: 'x' })).status).toBe(200);
  });
});

describe('confidential clients', () => {
  test('client_secret_basic: the flow works with HTTP Basic; a wrong secret is a 401 with a Basic challenge', async () => {
    const { config, tokens } = await connectWithOpenidClient(
      undefined,
      { token_endpoint_auth_method: 'client_secret_basic' },
      oidc.ClientSecretBasic(),
    );
    const secret = config.clientMetadata().client_secret as string;
    expect(secret).toEqual(expect.any(String));
    expect(verify(tokens.access_token)).toBeDefined();
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);

    const clientId = config.clientMetadata().client_id;
    const basic = (id: string, s: string) =>
      `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(s)}`).toString('base64')}`;
    const refresh = (headers: Record<string, string>, extra: Record<string, string> = {}) =>
      fetch(`${sandbox.origin}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshed.refresh_token!, ...extra }),
      });
    const wrong = await refresh({ authorization: basic(clientId, `${secret}x`) });
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(await oauthError(wrong)).toMatchObject({ status: 401, error: 'invalid_client', cacheControl: 'no-store' });
    const garbage = await refresh({ authorization: 'Basic %%%' });
    expect(await oauthError(garbage)).toMatchObject({ status: 401, error: 'invalid_client' });
    // the registered method only: the right secret in the form is refused too
    const posted = await refresh({}, { client_id: clientId, client_secret: secret });
    expect(await oauthError(posted)).toMatchObject({
      status: 401,
      error: 'invalid_client',
      description: expect.stringMatching(/client_secret_basic/),
    });
    // and the refresh token was not spent by the refused attempts
    const ok = await refresh({ authorization: basic(clientId, secret) });
    expect(ok.status).toBe(200);
  });

  test('client_secret_post: the flow works with the secret in the form; without it the client is refused', async () => {
    const { config, tokens } = await connectWithOpenidClient(
      undefined,
      { token_endpoint_auth_method: 'client_secret_post' },
      oidc.ClientSecretPost(),
    );
    expect(verify(tokens.access_token)).toBeDefined();
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).resolves.toMatchObject({ token_type: 'bearer' });

    const asPublic = new oidc.Configuration(config.serverMetadata(), config.clientMetadata().client_id, undefined, oidc.None());
    oidc.allowInsecureRequests(asPublic);
    await expect(oidc.refreshTokenGrant(asPublic, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_client', status: 401 });
  });

  test('a public client may not present a secret, nor two methods at once', async () => {
    const tokens = await signIn(sandbox.origin);
    const res = await tokenRequest(
      sandbox.origin,
      { ...tokens.client, client_secret: 'made-up' },
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! },
    );
    expect(await oauthError(res)).toMatchObject({ status: 401, error: 'invalid_client' });
    const both = await fetch(`${sandbox.origin}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${tokens.client.client_id}:x`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_secret: 'x' }),
    });
    expect(await oauthError(both)).toMatchObject({ status: 400, error: 'invalid_request' });
  });

  test('private_key_jwt: a signed assertion authenticates; a wrong key or a replayed assertion does not', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', use: 'sig', alg: 'ES256' };
    const config = await registerWithOpenidClient(
      { token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [jwk] } },
      oidc.PrivateKeyJwt(privateKey),
    );
    const clientId = config.clientMetadata().client_id;
    expect(config.clientMetadata().client_secret).toBeUndefined();

    const started = await startAuthorization(config);
    const callback = await approve(started.url);
    const wrongKey = (await generateKeyPair('ES256')).privateKey;
    const impostor = new oidc.Configuration(config.serverMetadata(), clientId, undefined, oidc.PrivateKeyJwt(wrongKey));
    oidc.allowInsecureRequests(impostor);
    await expect(
      oidc.authorizationCodeGrant(impostor, callback, { pkceCodeVerifier: started.verifier, expectedState: started.state }),
    ).rejects.toMatchObject({
      error: 'invalid_client',
      status: 401,
    });
    // the impostor's refused attempt did not spend the code
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
    });
    expect(verify(tokens.access_token)).toMatchObject({ clientId });
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(verify(refreshed.access_token)).toBeDefined();

    // by hand: audience, replay, expiry
    const assertion = (claims: { aud?: string; jti?: string; exp?: number }, key: CryptoKey = privateKey) =>
      new SignJWT({ jti: claims.jti ?? randomUUID() })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(claims.aud ?? `${sandbox.origin}/oauth/token`)
        .setIssuedAt()
        .setExpirationTime(claims.exp ?? Math.floor(sandbox.ctx.clock.now() / 1000) + 60)
        .sign(key);
    const revoke = async (jwt: string) =>
      fetch(`${sandbox.origin}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          token: 'unknown',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: jwt,
        }),
      });
    const once = await assertion({ jti: 'fixed-jti' });
    expect((await revoke(once)).status).toBe(200);
    expect(await oauthError(await revoke(once))).toMatchObject({
      status: 401,
      error: 'invalid_client',
      description: expect.stringMatching(/already used/),
    });
    expect((await revoke(await assertion({ aud: sandbox.origin }))).status).toBe(200);
    expect(await oauthError(await revoke(await assertion({ aud: 'https://elsewhere.example' })))).toMatchObject({
      error: 'invalid_client',
    });
    expect(await oauthError(await revoke(await assertion({ exp: Math.floor(sandbox.ctx.clock.now() / 1000) - 60 })))).toMatchObject({
      error: 'invalid_client',
    });
    expect(await oauthError(await revoke('not.a.jwt'))).toMatchObject({ error: 'invalid_client' });
  });
});

describe('client ID metadata documents', () => {
  let documents: Server;
  let base: string;
  const fetched: string[] = [];
  let signingKey: CryptoKey;
  let publicJwk: Record<string, unknown>;

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    signingKey = pair.privateKey;
    publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'doc-key', alg: 'ES256' };
    const json = (res: ServerResponse, body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    documents = createServer((req, res) => {
      const url = `${base}${req.url}`;
      fetched.push(req.url!);
      const doc = {
        client_id: url,
        client_name: 'Metadata Document Client',
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      };
      switch (req.url) {
        case '/clients/good':
          return json(res, doc);
        case '/clients/signed':
          return json(res, { ...doc, token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [publicJwk] } });
        case '/clients/signed-no-keys':
          return json(res, { ...doc, token_endpoint_auth_method: 'private_key_jwt' });
        case '/clients/moved':
          res.writeHead(302, { location: '/clients/good' });
          return res.end();
        case '/clients/mismatch':
          return json(res, { ...doc, client_id: `${base}/clients/someone-else` });
        case '/clients/secret':
          return json(res, { ...doc, token_endpoint_auth_method: 'client_secret_basic' });
        case '/clients/not-json':
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html>hello</html>');
        case '/clients/endless': {
          // A body that never ends: only a reader that stops at the size cap gets an answer in time.
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write(`{"client_id":"${url}","padding":"`);
          const chunk = 'x'.repeat(16 * 1024);
          const pump = () => {
            if (res.destroyed || res.writableEnded) return;
            if (res.write(chunk)) setImmediate(pump);
            else res.once('drain', pump);
          };
          res.on('error', () => {});
          return pump();
        }
        default:
          res.writeHead(404);
          return res.end();
      }
    });
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    documents.closeAllConnections();
    await new Promise<void>((resolve) => documents.close(() => resolve()));
  });

  test('a URL client ID is fetched, and the client signs in and refreshes with it', async () => {
    const clientId = `${base}/clients/good`;
    const config = await oidc.discovery(await issuerFor('/mcp'), clientId, undefined, oidc.None(), insecure);
    const started = await startAuthorization(config, { resource: mcpResource });
    const consent = await fetch(started.url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const callback = await approve(started.url);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
    });
    expect(verify(tokens.access_token, mcpResource)).toMatchObject({ clientId });
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).resolves.toMatchObject({ token_type: 'bearer' });
    // kept briefly: one fetch served the authorization requests, the exchange and the refresh
    expect(fetched.filter((path) => path === '/clients/good')).toHaveLength(1);
  });

  test('a document client may authenticate with private_key_jwt and the keys in its document', async () => {
    const clientId = `${base}/clients/signed`;
    const config = await oidc.discovery(await issuerFor('/api/v1'), clientId, undefined, oidc.PrivateKeyJwt(signingKey), insecure);
    const started = await startAuthorization(config);
    const tokens = await oidc.authorizationCodeGrant(config, await approve(started.url), {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
    });
    expect(verify(tokens.access_token)).toMatchObject({ clientId });
    const unsigned = new oidc.Configuration(config.serverMetadata(), clientId, undefined, oidc.None());
    oidc.allowInsecureRequests(unsigned);
    await expect(oidc.refreshTokenGrant(unsigned, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_client' });
    await expectErrorPage(rawAuthorizationUrl(`${base}/clients/signed-no-keys`), /jwks/);
  });

  test('the consent page names the client from its document', async () => {
    const url = rawAuthorizationUrl(`${base}/clients/good`);
    const first = await fetch(url, { redirect: 'manual' });
    const cookie = first.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const page = await (
      await fetch(new URL(first.headers.get('location')!, sandbox.origin), { headers: { cookie: cookie.split(';')[0]! } })
    ).text();
    expect(page).toContain('Metadata Document Client');
    expect(page).toContain('Sign in as Ada Lovelace');
  });

  test.each([
    ['/clients/moved', /redirects/],
    ['/clients/mismatch', /client_id .* must exactly equal/],
    ['/clients/secret', /token_endpoint_auth_method/],
    ['/clients/not-json', /not JSON/],
    ['/clients/endless', /larger than 65536 bytes/],
    ['/clients/missing', /HTTP 404/],
  ])('%s is refused with an error page, and at the token endpoint', async (path, reason) => {
    const clientId = `${base}${path}`;
    await expectErrorPage(rawAuthorizationUrl(clientId), reason);
    const res = await fetch(`${sandbox.origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        code: 'x',
        redirect_uri: REDIRECT_URI,
        code_verifier: pkcePair().verifier,
      }),
    });
    expect(await oauthError(res)).toMatchObject({ status: 401, error: 'invalid_client', description: expect.stringMatching(reason) });
  });

  test('client ID URLs must be https (or sandbox loopback http) with a path', async () => {
    await expectErrorPage(rawAuthorizationUrl('http://example.com/client'), /must use https/);
    await expectErrorPage(rawAuthorizationUrl(`${base}/`), /must have a path/);
    await expectErrorPage(rawAuthorizationUrl(`${base}/clients/../clients/good`), /path segments/);
  });
});

describe('authorization errors', () => {
  let client: RegisteredClient;
  beforeAll(async () => {
    client = await registerClient(sandbox.origin);
  });

  test('Deny sends access_denied with state and iss, which openid-client reports', async () => {
    const config = await registerWithOpenidClient({});
    const started = await startAuthorization(config);
    const callback = await approve(started.url, { deny: true });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(started.state);
    expect(callback.searchParams.get('iss')).toBe(sandbox.origin);
    await expect(
      oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: started.verifier, expectedState: started.state }),
    ).rejects.toMatchObject({
      error: 'access_denied',
    });
  });

  test('errors after the client and redirect URI are trusted go back to the client', async () => {
    await expectErrorRedirect(rawAuthorizationUrl(client.client_id, { resource: 'https://elsewhere.example/api' }), 'invalid_target');
    await expectErrorRedirect(
      rawAuthorizationUrl(client.client_id, { resource: [apiResource, `${sandbox.origin}/api/v2`] }),
      'invalid_target',
    );
    await expectErrorRedirect(
      rawAuthorizationUrl(client.client_id, { code_challenge: null, code_challenge_method: null }),
      'invalid_request',
    );
    const plain = pkcePair().verifier;
    await expectErrorRedirect(
      rawAuthorizationUrl(client.client_id, { code_challenge: plain, code_challenge_method: 'plain' }),
      'invalid_request',
    );
    await expectErrorRedirect(rawAuthorizationUrl(client.client_id, { code_challenge_method: null }), 'invalid_request');
    await expectErrorRedirect(rawAuthorizationUrl(client.client_id, { scope: 'workspace:read admin:everything' }), 'invalid_scope');
    await expectErrorRedirect(rawAuthorizationUrl(client.client_id, { response_type: 'token' }), 'unsupported_response_type');
    await expectErrorRedirect(rawAuthorizationUrl(client.client_id, { response_type: null }), 'invalid_request');
    await expectErrorRedirect(rawAuthorizationUrl(client.client_id, { scope: ['workspace:read', 'agents:read'] }), 'invalid_request');
    const noState = await expectErrorRedirect(
      rawAuthorizationUrl(client.client_id, { state: null, response_type: 'token' }),
      'unsupported_response_type',
    );
    expect(noState.searchParams.has('state')).toBe(false);
  });

  test('a client registered for fewer scopes cannot ask for more', async () => {
    const limited = await registerClient(sandbox.origin, { scope: 'workspace:read' });
    await expectErrorRedirect(rawAuthorizationUrl(limited.client_id, { scope: 'workspace:write' }), 'invalid_scope');
  });

  test('an unknown client or a redirect URI that does not match is an error page, never a redirect', async () => {
    await expectErrorPage(rawAuthorizationUrl('no-such-client'), /not known/);
    await expectErrorPage(rawAuthorizationUrl(client.client_id, { redirect_uri: 'https://attacker.example/cb' }), /redirect_uri/);
    await expectErrorPage(rawAuthorizationUrl(client.client_id, { redirect_uri: 'http://127.0.0.1/callback/extra' }), /redirect_uri/);
    await expectErrorPage(rawAuthorizationUrl(client.client_id, { redirect_uri: null }), /redirect_uri/);
    await expectErrorPage(rawAuthorizationUrl(client.client_id, { client_id: null }), /client_id/);
    // even with other errors in the request
    await expectErrorPage(
      rawAuthorizationUrl(client.client_id, { redirect_uri: 'https://attacker.example/cb', response_type: 'token' }),
      /redirect_uri/,
    );
  });

  test("a web client's loopback redirect URI matches only exactly, port included", async () => {
    const web = await registerClient(sandbox.origin, {
      application_type: undefined,
      redirect_uris: ['http://127.0.0.1/callback', 'http://127.0.0.1:8765/cb'],
    });
    await expect(authorize(sandbox.origin, { client: web, redirectUri: 'http://127.0.0.1/callback' })).resolves.toMatchObject({
      code: expect.any(String),
    });
    await expect(authorize(sandbox.origin, { client: web, redirectUri: 'http://127.0.0.1:8765/cb' })).resolves.toMatchObject({
      code: expect.any(String),
    });
    await expectErrorPage(rawAuthorizationUrl(web.client_id, { redirect_uri: 'http://127.0.0.1:54321/callback' }), /redirect_uri/);
    await expectErrorPage(rawAuthorizationUrl(web.client_id, { redirect_uri: 'http://127.0.0.1/cb' }), /redirect_uri/);
  });

  test('a loopback IP redirect URI of a native client matches on any port; other URIs match exactly', async () => {
    const loopback = await registerClient(sandbox.origin, {
      redirect_uris: ['http://127.0.0.1/callback', 'http://[::1]/cb', 'http://localhost/cb', 'https://app.example/cb'],
    });
    const auth = await authorize(sandbox.origin, { client: loopback, redirectUri: 'http://127.0.0.1:54321/callback' });
    // the exchange must repeat the redirect URI exactly, port included
    const res = await tokenRequest(sandbox.origin, loopback, {
      grant_type: 'authorization_code',
      code: auth.code,
      redirect_uri: 'http://127.0.0.1:54322/callback',
      code_verifier: auth.codeVerifier,
    });
    expect(await oauthError(res)).toMatchObject({ status: 400, error: 'invalid_grant' });
    const again = await authorize(sandbox.origin, { client: loopback, redirectUri: 'http://127.0.0.1:54321/callback' });
    expect(verify((await exchangeCode(sandbox.origin, again)).access_token)).toBeDefined();

    await expect(authorize(sandbox.origin, { client: loopback, redirectUri: 'http://[::1]:40000/cb' })).resolves.toMatchObject({
      code: expect.any(String),
    });
    await expectErrorPage(rawAuthorizationUrl(loopback.client_id, { redirect_uri: 'http://127.0.0.1:54321/other' }), /redirect_uri/);
    await expectErrorPage(rawAuthorizationUrl(loopback.client_id, { redirect_uri: 'http://localhost:40000/cb' }), /redirect_uri/);
    await expectErrorPage(rawAuthorizationUrl(loopback.client_id, { redirect_uri: 'https://app.example:8443/cb' }), /redirect_uri/);
    await expectErrorPage(
      rawAuthorizationUrl(loopback.client_id, { redirect_uri: 'http://127.0.0.1.attacker.example/callback' }),
      /redirect_uri/,
    );
  });

  test('the interaction pages answer only the browser that started the sign-in', async () => {
    const first = await fetch(rawAuthorizationUrl(client.client_id), { redirect: 'manual' });
    const page = new URL(first.headers.get('location')!, sandbox.origin);
    const login = (cookie?: string) =>
      fetch(`${page.href}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams({ user: 'ada' }),
      });
    const stranger = await login();
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toMatch(/expired|another browser/);
    expect((await login('wts_interaction=guess')).status).toBe(400);
    expect((await fetch(`${sandbox.origin}/oauth/interaction/no-such-id`)).status).toBe(400);
  });

  test('the consent page refuses an empty grant and scopes that were not requested', async () => {
    const first = await fetch(rawAuthorizationUrl(client.client_id, { scope: 'workspace:read' }), { redirect: 'manual' });
    const page = new URL(first.headers.get('location')!, sandbox.origin);
    const cookie = first.headers.getSetCookie()[0]!.split(';')[0]!;
    const post = (step: string, form: URLSearchParams) =>
      fetch(`${page.href}/${step}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
    expect((await post('login', new URLSearchParams({ user: 'ben' }))).status).toBe(303);
    const none = await post('consent', new URLSearchParams({ decision: 'approve', workspaces: 'all' }));
    expect(none.status).toBe(400);
    expect(await none.text()).toMatch(/at least one permission/);
    const more = await post('consent', new URLSearchParams({ decision: 'approve', workspaces: 'all', scope: 'workspace:write' }));
    expect(more.status).toBe(400);
    const noWorkspace = await post('consent', new URLSearchParams({ decision: 'approve', workspaces: 'some', scope: 'workspace:read' }));
    expect(await noWorkspace.text()).toMatch(/at least one workspace/);
    const ok = await post(
      'consent',
      new URLSearchParams({ decision: 'approve', workspaces: 'some', workspace: 'ws_sales', scope: 'workspace:read' }),
    );
    expect(ok.status).toBe(303);
    expect(new URL(ok.headers.get('location')!).searchParams.get('code')).toBeTruthy();
    // the interaction is over
    expect((await post('consent', new URLSearchParams({ decision: 'approve', workspaces: 'all', scope: 'workspace:read' }))).status).toBe(
      400,
    );
  });
});

describe('token endpoint input', () => {
  test('bad requests get RFC 6749 errors with no-store, and never crash the server', async () => {
    const client = await registerClient(sandbox.origin);
    const post = (body: string, contentType = 'application/x-www-form-urlencoded', headers: Record<string, string> = {}) =>
      fetch(`${sandbox.origin}/oauth/token`, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body });
    const cases: [Promise<Response>, number, string][] = [
      [post(JSON.stringify({ grant_type: 'refresh_token' }), 'application/json'), 400, 'invalid_request'],
      [post(''), 400, 'invalid_request'],
      [post('grant_type=password&username=a&password=b'), 400, 'unsupported_grant_type'],
      [post('grant_type=client_credentials'), 400, 'unsupported_grant_type'],
      [post('grant_type=authorization_code'), 401, 'invalid_client'],
      [post(`grant_type=authorization_code&client_id=${client.client_id}`), 400, 'invalid_request'],
      [
        post(
          `grant_type=authorization_code&client_id=${client.client_id}&code=nope&redirect_uri=${REDIRECT_URI}&code_verifier=${'a'.repeat(43)}`,
        ),
        400,
        'invalid_grant',
      ],
      [
        post(`grant_type=authorization_code&client_id=${client.client_id}&code=nope&redirect_uri=x&code_verifier=short`),
        400,
        'invalid_request',
      ],
      [post(`grant_type=refresh_token&client_id=${client.client_id}&refresh_token=nope`), 400, 'invalid_grant'],
      [post(`grant_type=refresh_token&client_id=${client.client_id}&refresh_token=a&refresh_token=b`), 400, 'invalid_request'],
      [post(`grant_type=refresh_token&client_id=__proto__&refresh_token=a`), 401, 'invalid_client'],
      [post(`grant_type=refresh_token&client_id=${client.client_id}&refresh_token=a&resource=https://x.example`), 400, 'invalid_target'],
      [post('%%%&&&==='), 400, 'invalid_request'],
      [post(`grant_type=refresh_token&refresh_token=a`, undefined, { authorization: 'Basic' }), 401, 'invalid_client'],
      [post(`grant_type=refresh_token&refresh_token=a&client_assertion_type=urn:x&client_assertion=a.b.c`), 400, 'invalid_request'],
      [post(`a=${'x'.repeat(70 * 1024)}`), 413, 'invalid_request'],
    ];
    for (const [response, status, error] of cases) {
      expect(await oauthError(await response)).toMatchObject({ status, error, cacheControl: 'no-store' });
    }
    const get = await fetch(`${sandbox.origin}/oauth/token`);
    expect(await oauthError(get)).toMatchObject({ status: 405, error: 'invalid_request' });
    expect((await fetch(`${sandbox.origin}/.well-known/oauth-authorization-server`)).status).toBe(200);
  });

  test('the state keeps only hashes of codes, tokens and secrets', async () => {
    const confidential = await registerClient(sandbox.origin, { token_endpoint_auth_method: 'client_secret_post' });
    const auth = await authorize(sandbox.origin, { client: confidential });
    const stateBefore = JSON.stringify(sandbox.ctx.store.state.oauth);
    expect(stateBefore).not.toContain(auth.code);
    const tokens = await exchangeCode(sandbox.origin, auth);
    const state = JSON.stringify(sandbox.ctx.store.state.oauth);
    for (const secret of [auth.code, tokens.access_token, tokens.refresh_token!, confidential.client_secret!])
      expect(state).not.toContain(secret);
  });
});

describe('lifetimes by the sandbox clock', () => {
  // A sandbox of its own: moving its clock must not disturb the tests above.
  const clocked = useSandbox({ signIn: false });
  const advance = (seconds: number) => clocked.advanceClock(seconds);
  const DAY = 24 * 3600;
  const check = (token: string) => clocked.ctx.tokens.verifyAccessToken(token, `${clocked.origin}/api/v1`);

  test('an access token lasts one hour; the refresh token still works after', async () => {
    const tokens = await signIn(clocked.origin);
    await advance(3590);
    expect(check(tokens.access_token)).toBeDefined();
    await advance(11);
    expect(check(tokens.access_token)).toBeUndefined();
    const refreshed = await refreshTokens(clocked.origin, tokens.client, tokens.refresh_token!);
    expect(check(refreshed.access_token)).toBeDefined();
  });

  test('a refresh token unused for 31 days has expired, without revoking anything', async () => {
    const tokens = await signIn(clocked.origin);
    const id = clocked.ctx.tokens.verifyAccessToken(tokens.access_token, `${clocked.origin}/api/v1`)!.connectionId;
    const before = clocked.ctx.counters.revocations;
    await advance(31 * DAY);
    await expect(refreshTokens(clocked.origin, tokens.client, tokens.refresh_token!)).rejects.toThrow(
      /invalid_grant: the refresh token expired/,
    );
    expect(clocked.ctx.counters.revocations).toBe(before);
    expect(clocked.ctx.tokens.connectionStats().find((c) => c.id === id)?.revoked).toBe(false);
  });

  test('refreshing every 29 days keeps a connection only up to 90 days', async () => {
    let tokens = await signIn(clocked.origin);
    const client = tokens.client;
    for (let i = 0; i < 3; i++) {
      await advance(29 * DAY);
      tokens = { ...(await refreshTokens(clocked.origin, client, tokens.refresh_token!)), client };
    }
    await advance(4 * DAY); // day 91
    await expect(refreshTokens(clocked.origin, client, tokens.refresh_token!)).rejects.toThrow(/invalid_grant/);
  });

  test('an authorization code expires after 10 minutes', async () => {
    const auth = await authorize(clocked.origin);
    await advance(601);
    await expect(exchangeCode(clocked.origin, auth)).rejects.toThrow(/invalid_grant/);
  });
});

describe('persistence', () => {
  const persisted = useSandbox({ scratchDataFile: 'sandbox.json', signIn: false });

  test('with a data file, clients and connections survive a restart, and only hashes are written', async () => {
    const first = persisted.origin;
    const tokens = await signIn(first, { workspaceIds: ['ws_ops'] });
    await persisted.stop();
    const written = readFileSync(persisted.dataFile, 'utf8');
    expect(written).not.toContain(tokens.access_token);
    expect(written).not.toContain(tokens.refresh_token!);

    // the port changes on restart (the old one is held meanwhile), and with it the resource URLs;
    // the connection itself persists
    const placeholder = createServer();
    await new Promise<void>((resolve) => placeholder.listen(Number(new URL(first).port), '127.0.0.1', resolve));
    await persisted.start();
    await new Promise<void>((resolve) => placeholder.close(() => resolve()));
    const second = persisted.origin;
    const refreshed = await refreshTokens(second, tokens.client, tokens.refresh_token!, { resource: `${first}/api/v1` }).catch(
      (err: Error) => err,
    );
    expect(refreshed).toBeInstanceOf(Error); // a resource of the old origin is unknown now
    const again = await refreshTokens(second, tokens.client, tokens.refresh_token!);
    expect(persisted.ctx.tokens.verifyAccessToken(again.access_token, `${second}/api/v1`)).toMatchObject({
      userId: 'usr_ada',
      workspaceIds: ['ws_ops'],
    });
    expect(persisted.ctx.tokens.verifyAccessToken(again.access_token, `${first}/api/v1`)).toBeUndefined();
  });
});
