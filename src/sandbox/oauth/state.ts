// The OAuth server's persisted state, kept under SandboxState.oauth (plain JSON, so --data FILE
// keeps sign-ins across restarts). Codes, tokens and client secrets are stored only as SHA-256 hashes.
import type { JSONWebKeySet } from 'jose';
import type { SandboxContext } from '../context.js';
import type { ResourcePath } from './metadata.js';

export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';
export type ApplicationType = 'web' | 'native';
export const CLIENT_AUTH_METHODS: readonly ClientAuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'];

/** A client's metadata, as registered (RFC 7591) or read from its client ID metadata document. */
export interface ClientRec {
  clientId: string;
  clientName: string | null;
  /**
   * OpenID Connect Dynamic Registration §2: `web` unless the client says `native`. Only a native
   * client's loopback redirect matches on any port (RFC 8252 §7.3). Absent in records saved before
   * the sandbox kept it: web.
   */
  applicationType?: ApplicationType;
  redirectUris: string[];
  tokenEndpointAuthMethod: ClientAuthMethod;
  grantTypes: string[];
  responseTypes: string[];
  scope: string | null; // space-separated; null: any supported scope
  jwks: JSONWebKeySet | null; // public keys, for private_key_jwt
  secretHash: string | null; // for client_secret_basic / client_secret_post
  issuedAt: number; // epoch seconds
  /** Metadata echoed back on registration (client_uri, logo_uri, contacts, ...). */
  extra: Record<string, unknown>;
}

export interface CodeRec {
  clientId: string;
  redirectUri: string; // exactly as sent in the authorization request
  codeChallenge: string; // S256
  resources: ResourcePath[]; // paths on this origin, not URLs: they survive a change of port
  scopes: string[];
  userId: string;
  orgId: string;
  workspaceIds: string[] | null;
  expiresAt: number; // sandbox clock, ms
  usedAt: number | null;
  connectionId: string | null; // the connection its exchange created, revoked if the code is used again
}

/** One grant: what a code exchange started, followed by every token rotated from it. */
export interface ConnectionRec {
  id: string;
  clientId: string;
  userId: string;
  orgId: string;
  scopes: string[];
  resources: ResourcePath[];
  workspaceIds: string[] | null;
  createdAt: number;
  refreshes: number;
  revokedAt: number | null;
}

export interface AccessTokenRec {
  connectionId: string;
  audiences: ResourcePath[];
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

export interface RefreshTokenRec {
  connectionId: string;
  state: 'current' | 'superseded' | 'revoked';
  issuedAt: number;
  expiresAt: number; // 30 days after issue (its predecessor's use), capped at 90 days after the connection began
}

export interface OAuthState {
  clients: Record<string, ClientRec>; // by client_id; dynamically registered clients only
  codes: Record<string, CodeRec>; // by SHA-256 of the code
  connections: Record<string, ConnectionRec>; // by id, in creation order
  accessTokens: Record<string, AccessTokenRec>; // by SHA-256 of the token
  refreshTokens: Record<string, RefreshTokenRec>; // by SHA-256 of the token
  assertionIds: Record<string, number>; // SHA-256 of client_id + jti of used client assertions -> their exp (ms)
}

/** The OAuth state, created on first use. */
export function oauthState(ctx: SandboxContext): OAuthState {
  const state = ctx.store.state;
  state.oauth ??= { clients: {}, codes: {}, connections: {}, accessTokens: {}, refreshTokens: {}, assertionIds: {} };
  return state.oauth;
}

/** Record lookup by a key that came from a request: never reaches Object.prototype. */
export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
