// What a credential store keeps for one connection. The record is self-contained (origin, endpoints,
// client) so that a credentials file alone (WTS_CREDENTIALS_FILE, on a CI machine without a
// configuration) is enough to refresh.
import * as z from 'zod';

export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';

/** How the client is known to the authorization server. */
export interface ClientIdentity {
  id: string;
  authMethod: ClientAuthMethod;
  /** dynamic: registered by `wts login`; metadata-document: --client-id URL; pre-registered: --client-id ID. */
  registration: 'dynamic' | 'metadata-document' | 'pre-registered';
  /** private_key_jwt: the PEM or JWK file holding the private key (the key stays there). */
  keyFile?: string;
  /**
   * A dynamic registration made as a native application (OpenID Connect Dynamic Registration §2), the
   * kind for which servers match a loopback redirect on any port (RFC 8252 §7.3). Registrations
   * without it were made before wts said so, and are replaced at the next sign-in.
   */
  applicationType?: 'native';
}

/** The authorization server's endpoints, as discovered at sign-in. */
export interface ServerEndpoints {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  revocationEndpoint?: string;
  /** RFC 9207: the server puts `iss` on its redirects, so a callback without it is refused. */
  issParameterSupported: boolean;
}

export interface Organization {
  id: string;
  name: string;
}

export interface SignedInUser {
  id: string;
  name: string;
  login: string;
}

export interface StoredCredentials {
  version: 1;
  origin: string;
  /** The resource indicator the tokens are for: {origin}/api/v1. */
  resource: string;
  server: ServerEndpoints;
  client: ClientIdentity & { secret?: string };
  accessToken: string;
  refreshToken?: string;
  tokenType: string;
  /** Milliseconds since the epoch (this machine's clock); absent when the server gave no expires_in. */
  expiresAt?: number;
  /** The access token's lifetime (expires_in), which sets how early it is refreshed. */
  lifetimeMs?: number;
  /** The access token's scope as the server gave it (RFC 6749 §5.1): possibly fewer than asked. */
  scopes: string[];
  organization?: Organization;
  user?: SignedInUser;
  /** The workspaces the user chose to share; null: all; absent: unknown. */
  workspaceIds?: string[] | null;
  signedInAt: number;
  refreshedAt?: number;
}

/** Refresh at most this long before expiry, so a request never leaves with a token about to lapse. */
export const REFRESH_MARGIN_MS = 60_000;
/** ...and at most this share of the token's lifetime, so a fresh short-lived token is never "expiring". */
export const REFRESH_MARGIN_SHARE = 1 / 4;

/**
 * How long before expiry an access token is refreshed: 60 s, or a quarter of its lifetime when that is
 * shorter. With 30-second tokens a fixed 60 s would call every fresh token expiring, and every process
 * would refresh in turn instead of using what the first one got.
 */
export function refreshMarginMs(credentials: Pick<StoredCredentials, 'lifetimeMs'>): number {
  const lifetime = credentials.lifetimeMs;
  if (lifetime === undefined || !(lifetime > 0)) return REFRESH_MARGIN_MS;
  return Math.min(REFRESH_MARGIN_MS, lifetime * REFRESH_MARGIN_SHARE);
}

/** Whether the access token expires within its refresh margin. */
export function isExpiring(credentials: StoredCredentials, nowMs: number): boolean {
  return credentials.expiresAt !== undefined && credentials.expiresAt - nowMs <= refreshMarginMs(credentials);
}

/** A token endpoint response (RFC 6749 §5.1) with the service's extra parameters. */
export interface TokenResponse {
  access_token: string;
  token_type?: string;
  expires_in?: number;
  scope?: string;
  refresh_token?: string;
  organization?: unknown;
  user?: unknown;
  workspace_ids?: unknown;
}

function organizationOf(value: unknown): Organization | undefined {
  const v = value as Partial<Organization> | undefined;
  return v && typeof v.id === 'string' && typeof v.name === 'string' ? { id: v.id, name: v.name } : undefined;
}

function userOf(value: unknown): SignedInUser | undefined {
  const v = value as Partial<SignedInUser> | undefined;
  return v && typeof v.id === 'string' && typeof v.name === 'string' && typeof v.login === 'string'
    ? { id: v.id, name: v.name, login: v.login }
    : undefined;
}

function workspaceIdsOf(value: unknown): string[] | null | undefined {
  if (value === null) return null;
  return Array.isArray(value) && value.every((w) => typeof w === 'string') ? [...value] : undefined;
}

/**
 * The record after a token response: new tokens, expiry from expires_in, the access token's scope
 * (absent means as before, RFC 6749 §5.1), and who and what the connection is for when the server says.
 * Whether the connection can be refreshed is whether it holds a refresh token, never what `scope` says.
 */
export function withTokenResponse(
  base: Omit<StoredCredentials, 'accessToken' | 'tokenType' | 'scopes'> & Partial<StoredCredentials>,
  response: TokenResponse,
  nowMs: number,
  requestedScopes: string[],
): StoredCredentials {
  const scopes = typeof response.scope === 'string' ? response.scope.split(' ').filter(Boolean) : (base.scopes ?? requestedScopes);
  const next: StoredCredentials = {
    ...base,
    accessToken: response.access_token,
    tokenType: response.token_type ?? 'bearer',
    scopes,
  };
  // A server that does not rotate refresh tokens answers without one: keep the current one.
  const refreshToken = response.refresh_token ?? base.refreshToken;
  if (refreshToken) next.refreshToken = refreshToken;
  else delete next.refreshToken;
  // A lifetime that is missing, zero, negative or not a number is unknown: the tokens are kept (the server
  // issued them, and with rotation the old refresh token is gone), and the access token is refreshed only
  // when the API refuses it (401). Taken at its word, 0 or -5 would make every token "expiring": a refresh
  // before every request.
  if (typeof response.expires_in === 'number' && Number.isFinite(response.expires_in) && response.expires_in > 0) {
    next.lifetimeMs = response.expires_in * 1000;
    next.expiresAt = nowMs + next.lifetimeMs;
  } else {
    delete next.expiresAt;
    delete next.lifetimeMs;
  }
  const organization = organizationOf(response.organization);
  const user = userOf(response.user);
  const workspaceIds = workspaceIdsOf(response.workspace_ids);
  if (organization) next.organization = organization;
  if (user) next.user = user;
  if (workspaceIds !== undefined) next.workspaceIds = workspaceIds;
  return next;
}

/** What a damaged sign-in record asks of the user: signing in again writes it anew. */
export const SIGN_IN_AGAIN = 'run `wts login` to sign in again';

const CLIENT_AUTH_METHODS = [
  'none',
  'client_secret_basic',
  'client_secret_post',
  'private_key_jwt',
] as const satisfies readonly ClientAuthMethod[];

/** ServerEndpoints as read back (the profile's auth record, a store's entry). */
export const serverEndpointsSchema = () =>
  z.looseObject({
    issuer: z.string(),
    authorizationEndpoint: z.string(),
    tokenEndpoint: z.string(),
    revocationEndpoint: z.string().optional(),
    issParameterSupported: z.boolean(),
  });

/** ClientIdentity as read back: the registered client (the profile's auth record, a store's entry). */
export const clientIdentitySchema = () =>
  z.looseObject({
    id: z.string(),
    authMethod: z.enum(CLIENT_AUTH_METHODS),
    registration: z.enum(['dynamic', 'metadata-document', 'pre-registered']),
    keyFile: z.string().optional(),
    applicationType: z.literal('native').optional(),
  });

/**
 * StoredCredentials as a store gives them back (built on use: only a signed-in run reads one). A damaged
 * record is named in one line, never quoted (it holds tokens), with SIGN_IN_AGAIN.
 */
export const storedCredentialsSchema = () =>
  z.looseObject({
    version: z.literal(1),
    origin: z.string(),
    resource: z.string(),
    server: serverEndpointsSchema(),
    client: clientIdentitySchema().extend({ secret: z.string().optional() }),
    accessToken: z.string(),
    refreshToken: z.string().optional(),
    tokenType: z.string(),
    expiresAt: z.number().optional(),
    lifetimeMs: z.number().optional(),
    scopes: z.array(z.string()),
    organization: z.looseObject({ id: z.string(), name: z.string() }).optional(),
    user: z.looseObject({ id: z.string(), name: z.string(), login: z.string() }).optional(),
    workspaceIds: z.array(z.string()).nullable().optional(),
    signedInAt: z.number(),
    refreshedAt: z.number().optional(),
  });
