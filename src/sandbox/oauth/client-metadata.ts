// Client metadata rules shared by dynamic registration (RFC 7591) and client ID metadata documents,
// and the redirect URI rules: what may be registered, and how a requested URI matches.
import type { JSONWebKeySet, JWK } from 'jose';
import { isJsonObject } from '../../contract/json.js';
import { OFFLINE_ACCESS, SCOPES } from '../../contract/operations.js';
import { OAuthError } from './errors.js';
import { CLIENT_AUTH_METHODS, type ApplicationType, type ClientAuthMethod, type ClientRec } from './state.js';

export const SUPPORTED_SCOPES: readonly string[] = [...SCOPES, OFFLINE_ACCESS];
export const SUPPORTED_GRANT_TYPES: readonly string[] = ['authorization_code', 'refresh_token'];
export const SIGNING_ALGS = ['ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512', 'RS256', 'RS384', 'RS512', 'EdDSA', 'Ed25519'];

const MAX_REDIRECT_URIS = 20;
const MAX_URL_LENGTH = 2000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
// A private-use scheme of a native app (RFC 8252 §7.1) is a reversed domain name: it contains a dot.
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/;
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k', 'priv'];
const STRING_FIELDS = ['client_uri', 'logo_uri', 'tos_uri', 'policy_uri', 'software_id', 'software_version'] as const;

/**
 * Why a redirect URI cannot be registered, or undefined when it can. A web client redirects to https or
 * to loopback http; a native client (RFC 8252 §7) to loopback http, a claimed https URI or a private-use scheme.
 */
export function redirectUriProblem(value: unknown, applicationType: ApplicationType): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return 'each redirect URI must be a non-empty string';
  if (value.length > MAX_URL_LENGTH) return `a redirect URI is longer than ${MAX_URL_LENGTH} characters`;
  if (value.includes('#')) return `${value}: a redirect URI must not have a fragment`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${value}: not an absolute URL`;
  }
  if (url.username || url.password) return `${value}: a redirect URI must not carry credentials`;
  if (url.protocol === 'https:') {
    if (!url.hostname) return `${value}: no host`;
    // RFC 8252 §7.2: a native app's https redirect is a claimed URI, never on loopback.
    return applicationType === 'native' && LOOPBACK_HOSTS.has(url.hostname)
      ? `${value}: a native client uses http on loopback (RFC 8252 §7.3), not https`
      : undefined;
  }
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? undefined
      : `${value}: http is allowed only for loopback hosts (127.0.0.1, [::1], localhost); use https`;
  }
  if (applicationType === 'web')
    return `${value}: a web client redirects to https or loopback http; register a private-use scheme as application_type native`;
  return PRIVATE_USE_SCHEME.test(url.protocol)
    ? undefined
    : `${value}: scheme ${url.protocol} is not allowed (https, loopback http, or a private-use scheme like com.example.app:)`;
}

// A loopback IP literal redirect URI, split around its port (RFC 8252 §7.3: any port matches).
const LOOPBACK_IP_URI = /^(http:\/\/(?:127\.0\.0\.1|\[::1\]))(?::\d{1,5})?([/?].*)?$/;

/**
 * Exact string comparison, except that for a native client a loopback IP redirect URI matches on any
 * port (RFC 8252 §7.3). A web client's ports are matched exactly (RFC 6749 §3.1.2.3 compares whole URIs).
 */
export function redirectUriMatches(client: Pick<ClientRec, 'applicationType'>, registered: string, requested: string): boolean {
  if (registered === requested) return true;
  if (client.applicationType !== 'native') return false;
  const r = LOOPBACK_IP_URI.exec(registered);
  const q = LOOPBACK_IP_URI.exec(requested);
  if (!r || !q) return false;
  return r[1] === q[1] && (r[2] ?? '/') === (q[2] ?? '/');
}

type Mode = { kind: 'registration' } | { kind: 'document'; url: string };

/**
 * Validates client metadata and returns the client record (without id-specific fields filled by the caller).
 * Registration defaults to client_secret_basic (RFC 7591 §2); a metadata document, which cannot hold a
 * secret, defaults to none and allows only none and private_key_jwt.
 */
export function validateClientMetadata(raw: unknown, mode: Mode): Omit<ClientRec, 'clientId' | 'secretHash' | 'issuedAt'> {
  const fail = (description: string) => new OAuthError('invalid_client_metadata', description);
  if (!isJsonObject(raw)) throw fail('the client metadata must be a JSON object');
  const m = raw;

  const applicationType = m.application_type ?? 'web';
  if (applicationType !== 'web' && applicationType !== 'native') throw fail('application_type must be web or native');

  if (mode.kind === 'document') {
    if (m.client_id !== mode.url) throw fail('client_id in the metadata document must exactly equal the document URL');
    if ('client_secret' in m || 'client_secret_expires_at' in m) throw fail('a client metadata document must not contain a client secret');
  }

  const requestedUris: unknown = m.redirect_uris;
  if (!Array.isArray(requestedUris) || requestedUris.length === 0) {
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris must be a non-empty array of URLs');
  }
  if (requestedUris.length > MAX_REDIRECT_URIS) throw new OAuthError('invalid_redirect_uri', `at most ${MAX_REDIRECT_URIS} redirect URIs`);
  const redirectUris = new Set<string>();
  for (const uri of requestedUris) {
    const problem = redirectUriProblem(uri, applicationType);
    if (problem) throw new OAuthError('invalid_redirect_uri', problem);
    if (typeof uri === 'string') redirectUris.add(uri);
  }

  const allowedMethods: readonly ClientAuthMethod[] = mode.kind === 'document' ? ['none', 'private_key_jwt'] : CLIENT_AUTH_METHODS;
  const requestedMethod = m.token_endpoint_auth_method ?? (mode.kind === 'document' ? 'none' : 'client_secret_basic');
  const method = allowedMethods.find((allowed) => allowed === requestedMethod);
  if (method === undefined) throw fail(`token_endpoint_auth_method must be one of ${allowedMethods.join(', ')}`);

  const grantTypes = stringArray(m.grant_types, 'grant_types') ?? ['authorization_code'];
  for (const g of grantTypes)
    if (!SUPPORTED_GRANT_TYPES.includes(g)) throw fail(`grant type ${g} is not supported (${SUPPORTED_GRANT_TYPES.join(', ')})`);
  const responseTypes = stringArray(m.response_types, 'response_types') ?? ['code'];
  for (const r of responseTypes) if (r !== 'code') throw fail(`response type ${r} is not supported (code)`);
  if (grantTypes.includes('authorization_code') !== responseTypes.includes('code')) {
    throw fail('grant_types authorization_code and response_types code go together (RFC 7591 §2.1)');
  }
  if (!grantTypes.includes('authorization_code')) throw fail('grant_types must include authorization_code');

  if (m.jwks_uri !== undefined) throw fail('jwks_uri is not supported; send the public keys inline as jwks');
  let jwks: JSONWebKeySet | null = null;
  if (method === 'private_key_jwt') {
    jwks = publicJwks(m.jwks, fail);
  } else if (m.jwks !== undefined) {
    throw fail('jwks is only used with token_endpoint_auth_method private_key_jwt');
  }

  let clientName: string | null = null;
  if (m.client_name !== undefined) {
    if (typeof m.client_name !== 'string' || m.client_name.length === 0 || m.client_name.length > 200)
      throw fail('client_name must be a string of 1 to 200 characters');
    clientName = m.client_name;
  }

  let scope: string | null = null;
  if (m.scope !== undefined) {
    if (typeof m.scope !== 'string') throw fail('scope must be a space-separated string');
    const scopes = m.scope.split(' ').filter(Boolean);
    const unknown = scopes.find((s) => !SUPPORTED_SCOPES.includes(s));
    if (unknown !== undefined) throw fail(`unknown scope ${unknown}`);
    scope = [...new Set(scopes)].join(' ');
  }

  const extra: Record<string, unknown> = {};
  for (const field of STRING_FIELDS) {
    const value = m[field];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.length > MAX_URL_LENGTH)
      throw fail(`${field} must be a string of at most ${MAX_URL_LENGTH} characters`);
    extra[field] = value;
  }
  if (m.contacts !== undefined) extra.contacts = stringArray(m.contacts, 'contacts');

  return {
    clientName,
    applicationType,
    redirectUris: [...redirectUris],
    tokenEndpointAuthMethod: method,
    grantTypes: [...new Set(grantTypes)],
    responseTypes: [...new Set(responseTypes)],
    scope,
    jwks,
    extra,
  };

  function stringArray(value: unknown, name: string): string[] | undefined {
    if (value === undefined) return undefined;
    const isEntry = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 500;
    if (!Array.isArray(value) || value.length > 20 || !value.every(isEntry)) throw fail(`${name} must be an array of strings`);
    return value;
  }
}

function publicJwks(value: unknown, fail: (d: string) => OAuthError): JSONWebKeySet {
  const keys: unknown = isJsonObject(value) ? value.keys : undefined;
  if (!Array.isArray(keys)) throw fail('private_key_jwt needs jwks: an object { keys: [...] } holding the public keys');
  if (keys.length === 0 || keys.length > 10) throw fail('jwks must hold 1 to 10 keys');
  const publicKeys: JWK[] = [];
  for (const jwk of keys) {
    if (!isJsonObject(jwk)) throw fail('each key in jwks must be a JWK object');
    if (jwk.kty !== 'RSA' && jwk.kty !== 'EC' && jwk.kty !== 'OKP') throw fail('jwks keys must be asymmetric (kty RSA, EC or OKP)');
    if (PRIVATE_JWK_MEMBERS.some((member) => member in jwk)) throw fail('jwks must hold public keys only; never send a private key');
    publicKeys.push(jwk);
  }
  return { keys: publicKeys };
}

/** The metadata echoed to the client (RFC 7591 §3.2.1), in wire names. */
export function clientMetadataView(client: ClientRec): Record<string, unknown> {
  return {
    client_id: client.clientId,
    client_id_issued_at: client.issuedAt,
    application_type: client.applicationType ?? 'web',
    redirect_uris: client.redirectUris,
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    grant_types: client.grantTypes,
    response_types: client.responseTypes,
    ...(client.clientName !== null ? { client_name: client.clientName } : {}),
    ...(client.scope !== null ? { scope: client.scope } : {}),
    ...(client.jwks !== null ? { jwks: client.jwks } : {}),
    ...client.extra,
  };
}
