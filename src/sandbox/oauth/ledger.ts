// The grant ledger: authorization codes, connections and the tokens issued on them. Every rule about
// lifetimes, rotation, reuse and revocation lives here; the endpoints only parse and authenticate.
import type { SandboxContext } from '../context.js';
import { OFFLINE_ACCESS } from '../../contract/operations.js';
import type { Principal } from '../model.js';
import { OAuthError } from './errors.js';
import { resourcePathOf, type ResourcePath } from './metadata.js';
import { randomSecret, s256, sha256Hex } from './secrets.js';
import { oauthState, own, type ClientRec, type CodeRec, type ConnectionRec, type OAuthState } from './state.js';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const CODE_TTL_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const REFRESH_IDLE_MS = 30 * DAY_MS;
const REFRESH_MAX_MS = 90 * DAY_MS;
/** How long a refresh takes, so that a concurrent one on the same connection can be seen and refused. */
const REFRESH_PROCESSING_MS = 30;
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** What the user approved, carried by an authorization code. */
export type Approval = Omit<CodeRec, 'expiresAt' | 'usedAt' | 'connectionId'>;

export interface TokenResponseBody {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
  // Extra parameters (RFC 6749 §5.1 allows them) so a client can show whom and what it is connected to.
  organization: { id: string; name: string };
  user: { id: string; name: string; login: string };
  /** The workspaces the user chose to share; null when not restricted. */
  workspace_ids: string[] | null;
}

export interface RefreshRequest {
  refreshToken: string;
  scopes: string[] | undefined; // a narrower scope for the new access token
  resources: ResourcePath[]; // empty: every resource of the connection
}

export interface CodeRedemption {
  code: string;
  redirectUri: string;
  codeVerifier: string;
  resources: ResourcePath[]; // empty: every resource authorized
}

export class Ledger {
  /** Connections with a refresh under way: one at a time per connection. */
  private readonly refreshing = new Set<string>();

  constructor(private readonly ctx: SandboxContext) {}

  private get state(): OAuthState {
    return oauthState(this.ctx);
  }

  issueCode(approval: Approval): string {
    const code = randomSecret();
    this.state.codes[sha256Hex(code)] = { ...approval, expiresAt: this.ctx.clock.now() + CODE_TTL_MS, usedAt: null, connectionId: null };
    this.ctx.store.changed();
    return code;
  }

  /** The authorization_code grant. A code works once; presenting it again revokes what it started. */
  redeemCode(client: ClientRec, request: CodeRedemption): TokenResponseBody {
    const now = this.ctx.clock.now();
    if (!CODE_VERIFIER.test(request.codeVerifier))
      throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 characters of [A-Za-z0-9-._~]');
    const code = own(this.state.codes, sha256Hex(request.code));
    if (!code) throw new OAuthError('invalid_grant', 'the authorization code is unknown or expired');
    // The client first: a code presented by another client says nothing about its own client's
    // connection, so it must not revoke it (RFC 6749 §4.1.2's revocation is for the code's client).
    if (code.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'the authorization code was issued to another client');
    if (code.usedAt !== null) {
      const connection = code.connectionId === null ? undefined : own(this.state.connections, code.connectionId);
      if (connection) this.revokeConnection(connection);
      throw new OAuthError('invalid_grant', 'the authorization code was already used; the connection it started is revoked');
    }
    if (code.expiresAt <= now) throw new OAuthError('invalid_grant', 'the authorization code expired');
    const unauthorized = request.resources.find((r) => !code.resources.includes(r));
    if (unauthorized !== undefined)
      throw new OAuthError('invalid_target', `resource ${this.ctx.origin}${unauthorized} was not authorized for this code`);

    code.usedAt = now;
    this.ctx.store.changed();
    if (code.redirectUri !== request.redirectUri)
      throw new OAuthError('invalid_grant', 'redirect_uri differs from the one in the authorization request');
    if (s256(request.codeVerifier) !== code.codeChallenge)
      throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
    if (!this.isMember(code.userId, code.orgId))
      throw new OAuthError('invalid_grant', 'the user is no longer a member of the organization');

    const connection: ConnectionRec = {
      id: this.ctx.store.nextId('conn'),
      clientId: client.clientId,
      userId: code.userId,
      orgId: code.orgId,
      scopes: code.scopes,
      resources: code.resources,
      workspaceIds: code.workspaceIds,
      createdAt: now,
      refreshes: 0,
      revokedAt: null,
    };
    this.state.connections[connection.id] = connection;
    code.connectionId = connection.id;
    return this.issueTokens(connection, connection.scopes, request.resources.length > 0 ? request.resources : connection.resources);
  }

  /**
   * The refresh_token grant. The refresh token rotates on every use; presenting a superseded one
   * revokes the whole connection. A second refresh while one is under way is refused, not punished.
   */
  async refresh(client: ClientRec, request: RefreshRequest): Promise<TokenResponseBody> {
    const now = this.ctx.clock.now();
    const hash = sha256Hex(request.refreshToken);
    const token = own(this.state.refreshTokens, hash);
    const connection = token && own(this.state.connections, token.connectionId);
    if (!token || !connection) throw new OAuthError('invalid_grant', 'the refresh token is unknown or expired');
    if (connection.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'the refresh token was issued to another client');
    if (connection.revokedAt !== null || token.state === 'revoked')
      throw new OAuthError('invalid_grant', 'the connection was revoked; sign in again');
    if (token.state === 'superseded') {
      this.revokeConnection(connection);
      throw new OAuthError('invalid_grant', 'the refresh token was already used; the connection is revoked, sign in again');
    }
    if (token.expiresAt <= now) throw new OAuthError('invalid_grant', 'the refresh token expired; sign in again');
    if (this.refreshing.has(connection.id)) throw new OAuthError('invalid_request', 'a refresh is already in progress for this connection');
    const scopes = request.scopes ?? connection.scopes;
    const extraScope = scopes.find((s) => !connection.scopes.includes(s));
    if (extraScope !== undefined) throw new OAuthError('invalid_scope', `scope ${extraScope} was not granted to this connection`);
    const unauthorized = request.resources.find((r) => !connection.resources.includes(r));
    if (unauthorized !== undefined)
      throw new OAuthError('invalid_target', `resource ${this.ctx.origin}${unauthorized} was not authorized for this connection`);
    if (!this.isMember(connection.userId, connection.orgId))
      throw new OAuthError('invalid_grant', 'the user is no longer a member of the organization');

    this.refreshing.add(connection.id);
    try {
      await new Promise((resolve) => setTimeout(resolve, REFRESH_PROCESSING_MS + this.ctx.faults.refreshDelayMs));
      // The connection may have been revoked while this refresh was under way.
      if (connection.revokedAt !== null || token.state !== 'current')
        throw new OAuthError('invalid_grant', 'the connection was revoked; sign in again');
      token.state = 'superseded';
      connection.refreshes += 1;
      this.ctx.counters.refreshes += 1;
      return this.issueTokens(connection, scopes, request.resources.length > 0 ? request.resources : connection.resources);
    } finally {
      this.refreshing.delete(connection.id);
    }
  }

  /**
   * RFC 7009: a refresh token ends its connection, an access token only itself. Unknown tokens and
   * other clients' tokens are left alone. (token_type_hint would only order the lookups: a hash names
   * at most one token.)
   */
  revoke(client: ClientRec, token: string): void {
    const hash = sha256Hex(token);
    const refresh = own(this.state.refreshTokens, hash);
    const access = own(this.state.accessTokens, hash);
    const connection = own(this.state.connections, refresh?.connectionId ?? access?.connectionId ?? '');
    if (!connection || connection.clientId !== client.clientId) return;
    if (refresh) {
      this.revokeConnection(connection);
    } else if (access) {
      access.revoked = true;
      this.ctx.store.changed();
    }
  }

  verifyAccessToken(token: string, resource: string): Principal | undefined {
    const path = resourcePathOf(this.ctx.origin, resource);
    const rec = own(this.state.accessTokens, sha256Hex(token));
    if (!path || !rec || rec.revoked || rec.expiresAt <= this.ctx.clock.now() || !rec.audiences.includes(path)) return undefined;
    const connection = own(this.state.connections, rec.connectionId);
    if (!connection || connection.revokedAt !== null) return undefined;
    // Leaving the organization takes effect at once, whatever the token's expiry.
    if (!this.isMember(connection.userId, connection.orgId)) return undefined;
    return {
      userId: connection.userId,
      orgId: connection.orgId,
      scopes: [...rec.scopes],
      workspaceIds: connection.workspaceIds === null ? null : [...connection.workspaceIds],
      connectionId: connection.id,
      clientId: connection.clientId,
      resource,
    };
  }

  connectionStats(): { id: string; refreshes: number; revoked: boolean; refreshing: boolean }[] {
    return Object.values(this.state.connections).map((c) => ({
      id: c.id,
      refreshes: c.refreshes,
      revoked: c.revokedAt !== null,
      refreshing: this.refreshing.has(c.id),
    }));
  }

  /** Revokes a connection and every token on it; counted once. */
  private revokeConnection(connection: ConnectionRec): void {
    if (connection.revokedAt !== null) return;
    connection.revokedAt = this.ctx.clock.now();
    this.ctx.counters.revocations += 1;
    for (const rec of Object.values(this.state.accessTokens)) if (rec.connectionId === connection.id) rec.revoked = true;
    for (const rec of Object.values(this.state.refreshTokens)) if (rec.connectionId === connection.id) rec.state = 'revoked';
    this.ctx.store.changed();
  }

  /**
   * An access token for `scopes` less offline_access, which only says a refresh token may be issued:
   * `scope` in the answer is the access token's scope (RFC 6749 §5.1), so it never carries offline_access,
   * and a client learns that it may refresh from the refresh token itself.
   */
  private issueTokens(connection: ConnectionRec, requestedScopes: string[], audiences: ResourcePath[]): TokenResponseBody {
    const now = this.ctx.clock.now();
    this.prune(now);
    const scopes = requestedScopes.filter((s) => s !== OFFLINE_ACCESS);
    const accessToken = randomSecret();
    this.state.accessTokens[sha256Hex(accessToken)] = {
      connectionId: connection.id,
      audiences: [...audiences],
      scopes: [...scopes],
      expiresAt: now + ACCESS_TOKEN_TTL_SECONDS * 1000,
      revoked: false,
    };
    const body: TokenResponseBody = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      scope: scopes.join(' '),
      ...this.connectionIdentity(connection),
    };
    if (connection.scopes.includes(OFFLINE_ACCESS)) {
      const refreshToken = randomSecret();
      this.state.refreshTokens[sha256Hex(refreshToken)] = {
        connectionId: connection.id,
        state: 'current',
        issuedAt: now,
        expiresAt: Math.min(now + REFRESH_IDLE_MS, connection.createdAt + REFRESH_MAX_MS),
      };
      body.refresh_token = refreshToken;
    }
    this.ctx.store.changed();
    return body;
  }

  /** Drops what can no longer be used: expired codes, tokens and client assertion ids. */
  private prune(now: number): void {
    const s = this.state;
    for (const [hash, rec] of Object.entries(s.codes)) if (rec.expiresAt <= now) delete s.codes[hash];
    for (const [hash, rec] of Object.entries(s.accessTokens)) if (rec.expiresAt <= now) delete s.accessTokens[hash];
    for (const [hash, rec] of Object.entries(s.refreshTokens)) if (rec.expiresAt <= now) delete s.refreshTokens[hash];
    for (const [key, exp] of Object.entries(s.assertionIds)) if (exp <= now) delete s.assertionIds[key];
  }

  /** The organization, the user and the workspace restriction of a connection, for the token response. */
  private connectionIdentity(connection: ConnectionRec): Pick<TokenResponseBody, 'organization' | 'user' | 'workspace_ids'> {
    const { data } = this.ctx.store.state;
    const org = data.organizations.find((o) => o.id === connection.orgId);
    const user = data.users.find((u) => u.id === connection.userId);
    return {
      organization: { id: connection.orgId, name: org?.name ?? connection.orgId },
      user: { id: connection.userId, name: user?.name ?? connection.userId, login: user?.login ?? connection.userId },
      workspace_ids: connection.workspaceIds === null ? null : [...connection.workspaceIds],
    };
  }

  private isMember(userId: string, orgId: string): boolean {
    return this.ctx.store.state.data.organizations.some((o) => o.id === orgId && o.memberIds.includes(userId));
  }
}
