// What a credential store keeps for one connection. The record is self-contained (origin, endpoints,
// client) so that a credentials file alone (WTS_CREDENTIALS_FILE, on a CI machine without a
// configuration) is enough to refresh.

export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';

/** How the client is known to the authorization server. */
export interface ClientIdentity {
  id: string;
  authMethod: ClientAuthMethod;
  /** dynamic: registered by `wts login`; metadata-document: --client-id URL; pre-registered: --client-id ID. */
  registration: 'dynamic' | 'metadata-document' | 'pre-registered';
  /** private_key_jwt: the PEM or JWK file holding the private key (the key stays there). */
  keyFile?: string;
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
  /** The scopes granted (possibly fewer than asked). */
  scopes: string[];
  organization?: Organization;
  user?: SignedInUser;
  /** The workspaces the user chose to share; null: all; absent: unknown. */
  workspaceIds?: string[] | null;
  signedInAt: number;
  refreshedAt?: number;
}

/** Refresh this long before expiry, so a request never leaves with a token about to lapse. */
export const REFRESH_MARGIN_MS = 60_000;

/** Whether the access token expires within the refresh margin. */
export function isExpiring(credentials: StoredCredentials, nowMs: number, marginMs = REFRESH_MARGIN_MS): boolean {
  return credentials.expiresAt !== undefined && credentials.expiresAt - nowMs <= marginMs;
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
  return v && typeof v.id === 'string' && typeof v.name === 'string' && typeof v.login === 'string' ? { id: v.id, name: v.name, login: v.login } : undefined;
}

function workspaceIdsOf(value: unknown): string[] | null | undefined {
  if (value === null) return null;
  return Array.isArray(value) && value.every((w) => typeof w === 'string') ? [...value] : undefined;
}

/**
 * The record after a token response: new tokens, expiry from expires_in, granted scope (absent means
 * as before, RFC 6749 §5.1), and who and what the connection is for when the server says.
 */
export function withTokenResponse(base: Omit<StoredCredentials, 'accessToken' | 'tokenType' | 'scopes'> & Partial<StoredCredentials>, response: TokenResponse, nowMs: number, requestedScopes: string[]): StoredCredentials {
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
  if (typeof response.expires_in === 'number' && Number.isFinite(response.expires_in)) next.expiresAt = nowMs + response.expires_in * 1000;
  else delete next.expiresAt;
  const organization = organizationOf(response.organization);
  const user = userOf(response.user);
  const workspaceIds = workspaceIdsOf(response.workspace_ids);
  if (organization) next.organization = organization;
  if (user) next.user = user;
  if (workspaceIds !== undefined) next.workspaceIds = workspaceIds;
  return next;
}

/** Parses a stored record; undefined when it is not one of ours. */
export function parseStoredCredentials(value: unknown): StoredCredentials | undefined {
  const v = value as Partial<StoredCredentials> | undefined;
  if (!v || v.version !== 1 || typeof v.origin !== 'string' || typeof v.accessToken !== 'string') return undefined;
  if (!v.server || typeof v.server.tokenEndpoint !== 'string' || !v.client || typeof v.client.id !== 'string') return undefined;
  return v as StoredCredentials;
}
