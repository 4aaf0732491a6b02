// Signs in against a running sandbox over real HTTP, the way a browser and a client would:
// dynamic registration, the authorization request with PKCE, the sign-in and consent pages driven by
// form posts (the interaction cookie carried along), then the code exchange at the token endpoint.
//
//   const sandbox = useSandbox({ signIn: false });                       // the file's sandbox, no one signed in
//   const tokens = await signIn(sandbox.origin);                           // ada, acme, all workspaces
//   const narrow = await signIn(sandbox.origin, { org: 'globex', scopes: ['workspace:read'] });
//   const limited = await signIn(sandbox.origin, { workspaceIds: ['ws_support'], resource: `${sandbox.origin}/mcp` });
//
// `approve(url)` answers the pages for an authorization URL built by anyone (openid-client, the CLI).
// When the sandbox auto-approves (--auto-approve / POST /__sandbox/auto-approve), no page is shown:
// the approval is as that user (whatever `user` says) in that user's first organization, and options
// that cannot then be honoured (org, workspaceIds, narrowScopes, deny) throw.
import { createHash, randomBytes } from 'node:crypto';
import { OFFLINE_ACCESS, SCOPES } from '../../src/contract/operations.js';

/** The catalog's scopes (test/unit/operations.test.ts checks them against the spec). */
export const API_SCOPES = SCOPES;
export const ALL_SCOPES: readonly string[] = [...API_SCOPES, OFFLINE_ACCESS];

/** For a native client any port matches a loopback redirect URI (RFC 8252 §7.3); nothing needs to listen there. */
export const DEFAULT_REDIRECT_URI = 'http://127.0.0.1/callback';

/** What POST /oauth/register answered (client_secret only for the secret methods). */
export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: string;
  [field: string]: unknown;
}

export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

/** How the person at the browser answers the sign-in and consent pages. */
export interface ApproveOptions {
  /** Demo user login picked on the sign-in page. Default `ada`. */
  user?: string;
  /** Organization slug (or id) chosen on the organization step. Default: the first one offered. */
  org?: string;
  /** Restrict the grant to these workspace ids. Default: all workspaces. */
  workspaceIds?: readonly string[];
  /** Scopes left checked on the consent page. Default: every scope requested. */
  narrowScopes?: readonly string[];
  /** Press Deny instead of Approve. */
  deny?: boolean;
  /** Hears the consent page's HTML, as it was shown. */
  consentPage?: (html: string) => void;
}

export interface AuthorizeOptions extends Omit<ApproveOptions, 'deny'> {
  /** Scopes requested. Default: the five API scopes and offline_access. */
  scopes?: readonly string[];
  /** Resource indicator(s) requested; omitted means every resource (`/api/v1` and `/mcp`). */
  resource?: string | readonly string[];
  /** A client registered beforehand; default: a new public client (`none`) registered for this call. */
  client?: RegisteredClient;
  /** Redirect URI sent; default: the client's first one. */
  redirectUri?: string;
}

export interface AuthorizationResult {
  code: string;
  state: string;
  iss: string | null;
  codeVerifier: string;
  redirectUri: string;
  client: RegisteredClient;
}

export interface SignInResult extends TokenResponse {
  client: RegisteredClient;
}

/** Registers a client (RFC 7591). Default: a public native client with both grant types and a loopback redirect. */
export async function registerClient(origin: string, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const res = await fetch(`${origin}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'wts test client',
      application_type: 'native',
      redirect_uris: [DEFAULT_REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...metadata,
    }),
  });
  const body = (await res.json()) as RegisteredClient & { error?: string; error_description?: string };
  if (res.status !== 201) throw new Error(`registration failed (${res.status}): ${body.error}: ${body.error_description}`);
  return body;
}

/** PKCE S256: a random verifier and base64url(SHA-256(verifier)). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * Opens an authorization URL (built by any client) like a browser would and answers the pages, then
 * returns where the server redirects: the client's redirect URI with `code` or `error`, `state` and
 * `iss`. It does not follow that last redirect; `fetch` it to deliver the code to a loopback listener.
 * Throws when the server shows an error page instead of redirecting.
 */
export async function approve(authorizationUrl: string | URL, options: ApproveOptions = {}): Promise<URL> {
  const first = await fetch(authorizationUrl, { redirect: 'manual' });
  const origin = new URL(authorizationUrl).origin;
  const location = locationOf(first, origin, await first.text());
  const interaction = location.origin === origin && location.pathname.startsWith('/oauth/interaction/');
  if (!interaction) {
    const autoApproved = !location.searchParams.has('error');
    if (autoApproved && (options.org || options.workspaceIds || options.narrowScopes || options.deny)) {
      throw new Error('the sandbox auto-approves sign-ins, so org, workspaceIds, narrowScopes and deny cannot be honoured');
    }
    return location;
  }
  const cookie = (first.headers.getSetCookie()[0] ?? '').split(';')[0]!;
  const post = async (step: string, form: URLSearchParams) => {
    const res = await fetch(`${location.href}/${step}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    return locationOf(res, origin, await res.text());
  };
  await post('login', new URLSearchParams({ user: options.user ?? 'ada' }));
  const page = await (await fetch(location, { headers: { cookie } })).text();
  const offered = [...page.matchAll(/name="org" value="([^"]+)"/g)].map((m) => m[1]!);
  if (offered.length > 0 || options.org) await post('organization', new URLSearchParams({ org: options.org ?? offered[0]! }));
  const consent = await (await fetch(location, { headers: { cookie } })).text();
  options.consentPage?.(consent);
  const requested = [...consent.matchAll(/name="scope" value="([^"]+)"/g)].map((m) => m[1]!);
  const form = new URLSearchParams({ decision: options.deny ? 'deny' : 'approve', workspaces: options.workspaceIds ? 'some' : 'all' });
  for (const s of options.narrowScopes ?? requested) form.append('scope', s);
  for (const w of options.workspaceIds ?? []) form.append('workspace', w);
  return post('consent', form);
}

/** Builds the authorization request (PKCE S256, random state), approves it and returns the code. */
export async function authorize(origin: string, options: AuthorizeOptions = {}): Promise<AuthorizationResult> {
  const client = options.client ?? (await registerClient(origin));
  const redirectUri = options.redirectUri ?? client.redirect_uris[0]!;
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(12).toString('base64url');

  const url = new URL('/oauth/authorize', origin);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', (options.scopes ?? ALL_SCOPES).join(' '));
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  // offline_access is granted only on a request that asks for consent (OpenID Connect Core §11).
  if ((options.scopes ?? ALL_SCOPES).includes('offline_access')) url.searchParams.set('prompt', 'consent');
  for (const r of typeof options.resource === 'string' ? [options.resource] : (options.resource ?? []))
    url.searchParams.append('resource', r);

  const callback = await approve(url, options);
  const error = callback.searchParams.get('error');
  if (error) throw new Error(`authorization failed: ${error}: ${callback.searchParams.get('error_description')}`);
  const code = callback.searchParams.get('code');
  if (!code || callback.searchParams.get('state') !== state) throw new Error(`unexpected authorization response: ${callback.href}`);
  return { code, state, iss: callback.searchParams.get('iss'), codeVerifier: verifier, redirectUri, client };
}

/** POSTs a form to the token endpoint, authenticating as the client registered (none, client_secret_post or _basic). */
export async function tokenRequest(
  origin: string,
  client: RegisteredClient,
  params: Record<string, string | readonly string[]>,
): Promise<Response> {
  const form = new URLSearchParams({ client_id: client.client_id });
  if (client.client_secret) form.set('client_secret', client.client_secret);
  for (const [key, value] of Object.entries(params)) {
    for (const v of typeof value === 'string' ? [value] : value) form.append(key, v);
  }
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (client.token_endpoint_auth_method === 'client_secret_basic' && client.client_secret) {
    form.delete('client_secret');
    form.delete('client_id');
    const enc = (s: string) => encodeURIComponent(s);
    headers.authorization = `Basic ${Buffer.from(`${enc(client.client_id)}:${enc(client.client_secret)}`).toString('base64')}`;
  }
  return fetch(`${origin}/oauth/token`, { method: 'POST', headers, body: form });
}

/** Exchanges a code; throws with the OAuth error when refused. */
export async function exchangeCode(
  origin: string,
  auth: AuthorizationResult,
  resource?: string | readonly string[],
): Promise<TokenResponse> {
  const params: Record<string, string | readonly string[]> = {
    grant_type: 'authorization_code',
    code: auth.code,
    redirect_uri: auth.redirectUri,
    code_verifier: auth.codeVerifier,
  };
  if (resource) params.resource = resource;
  return tokenBody(await tokenRequest(origin, auth.client, params));
}

/** Refreshes (the refresh token rotates: use the returned one next time); throws when refused. */
export async function refreshTokens(
  origin: string,
  client: RegisteredClient,
  refreshToken: string,
  params: Record<string, string> = {},
): Promise<TokenResponse> {
  return tokenBody(await tokenRequest(origin, client, { grant_type: 'refresh_token', refresh_token: refreshToken, ...params }));
}

/** The whole flow: register (unless a client is given), authorize, exchange. */
export async function signIn(origin: string, options: AuthorizeOptions = {}): Promise<SignInResult> {
  const auth = await authorize(origin, options);
  return { ...(await exchangeCode(origin, auth)), client: auth.client };
}

async function tokenBody(res: Response): Promise<TokenResponse> {
  const body = (await res.json()) as TokenResponse & { error?: string; error_description?: string };
  if (res.status !== 200) throw new Error(`token request failed (${res.status}): ${body.error}: ${body.error_description}`);
  return body;
}

function locationOf(res: Response, origin: string, body: string): URL {
  const location = res.headers.get('location');
  if (res.status < 300 || res.status > 399 || !location) throw new Error(`expected a redirect, got ${res.status}: ${textOf(body)}`);
  return new URL(location, origin);
}

function textOf(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}
