// Validation of an authorization request (RFC 6749 §4.1.1, RFC 7636, RFC 8707) and the redirects
// that answer it (RFC 9207: `iss` on every one).
import type { SandboxContext } from '../context.js';
import { OFFLINE_ACCESS, SCOPES } from '../../contract/operations.js';
import { redirectUriMatches, SUPPORTED_SCOPES } from './client-metadata.js';
import { UnknownClientError, type ClientDirectory } from './clients.js';
import { RESOURCE_PATHS, resourcePathOf, type ResourcePath } from './metadata.js';
import type { ClientRec } from './state.js';

export interface AuthorizationRequest {
  client: ClientRec;
  redirectUri: string;
  state: string | null;
  scopes: string[];
  resources: ResourcePath[];
  codeChallenge: string;
}

/**
 * What to do with a request: show an error page (the client or redirect URI cannot be trusted, so
 * nothing is sent to it), redirect an error to the client, or go on with a valid request.
 */
export type Validation =
  | { kind: 'page'; title: string; message: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'valid'; request: AuthorizationRequest };

const SINGLE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'prompt'];
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export async function validateAuthorizationRequest(
  ctx: SandboxContext,
  clients: ClientDirectory,
  query: URLSearchParams,
): Promise<Validation> {
  const page = (message: string): Validation => ({ kind: 'page', title: 'This sign-in request cannot be accepted', message });
  const clientId = query.getAll('client_id');
  if (clientId.length !== 1 || !clientId[0]) return page('The request names no client (client_id is missing or repeated).');
  let client: ClientRec;
  try {
    client = await clients.resolve(clientId[0]);
  } catch (err) {
    if (err instanceof UnknownClientError) return page(`The application is not known: ${err.message}.`);
    throw err;
  }
  const redirectUris = query.getAll('redirect_uri');
  const [redirectUri] = redirectUris;
  if (redirectUris.length !== 1 || !redirectUri) return page('The request has no redirect_uri (or repeats it).');
  if (!usableRedirectUri(redirectUri))
    return page('The redirect_uri is not a usable address (invalid_request): a port must be a number from 1 to 65535.');
  if (!client.redirectUris.some((registered) => redirectUriMatches(client, registered, redirectUri))) {
    return page('The redirect_uri is not one registered for this application.');
  }

  const state = query.getAll('state').length === 1 ? query.get('state') || null : null;
  const fail = (error: string, description: string): Validation => ({
    kind: 'redirect',
    location: authorizationRedirect(redirectUri, ctx.origin, { error, error_description: description, state }),
  });
  const repeated = SINGLE_PARAMS.find((name) => query.getAll(name).length > 1);
  if (repeated) return fail('invalid_request', `parameter ${repeated} is repeated`);

  const responseType = query.get('response_type');
  if (!responseType) return fail('invalid_request', 'response_type is required');
  if (responseType !== 'code') return fail('unsupported_response_type', 'only response_type=code is supported');
  if (!client.responseTypes.includes('code')) return fail('unauthorized_client', 'this client did not register response type code');

  const codeChallenge = query.get('code_challenge');
  const method = query.get('code_challenge_method');
  if (!codeChallenge) return fail('invalid_request', 'PKCE is required: send code_challenge and code_challenge_method=S256');
  if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256 (plain is not accepted)');
  if (!S256_CHALLENGE.test(codeChallenge))
    return fail('invalid_request', 'code_challenge must be base64url(SHA-256(code_verifier)), 43 characters');

  const allowedScopes = client.scope === null ? SUPPORTED_SCOPES : client.scope.split(' ');
  const scopeParam = (query.get('scope') ?? '').split(' ').filter(Boolean);
  let scopes = scopeParam.length > 0 ? [...new Set(scopeParam)] : SCOPES.filter((s) => allowedScopes.includes(s));
  // offline_access is granted only on a request that asks for consent (OpenID Connect Core §11, which
  // defines the scope); otherwise it is ignored, as OpenID Connect servers do.
  const prompt = (query.get('prompt') ?? '').split(' ').filter(Boolean);
  if (!prompt.includes('consent')) scopes = scopes.filter((s) => s !== OFFLINE_ACCESS);
  const unknownScope = scopes.find((s) => !SUPPORTED_SCOPES.includes(s));
  if (unknownScope !== undefined) return fail('invalid_scope', `unknown scope ${unknownScope}`);
  const unregistered = scopes.find((s) => !allowedScopes.includes(s));
  if (unregistered !== undefined) return fail('invalid_scope', `this client did not register scope ${unregistered}`);
  if (scopes.length === 0) return fail('invalid_scope', 'no scope to grant');

  const requested: ResourcePath[] = [];
  for (const resource of query.getAll('resource')) {
    const path = resourcePathOf(ctx.origin, resource);
    if (path === undefined)
      return fail('invalid_target', `unknown resource ${resource} (known: ${RESOURCE_PATHS.map((p) => `${ctx.origin}${p}`).join(', ')})`);
    if (!requested.includes(path)) requested.push(path);
  }

  return {
    kind: 'valid',
    request: { client, redirectUri, state, scopes, resources: requested.length > 0 ? requested : [...RESOURCE_PATHS], codeChallenge },
  };
}

/** Whether a redirect URI can be redirected to at all: it parses, and a port it names is 1 to 65535. */
function usableRedirectUri(value: string): boolean {
  if (!URL.canParse(value)) return false;
  return new URL(value).port !== '0';
}

/** The redirect back to the client, with `iss` always (RFC 9207) and `state` when one was sent. */
export function authorizationRedirect(redirectUri: string, issuer: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  url.searchParams.set('iss', issuer);
  return url.href;
}
