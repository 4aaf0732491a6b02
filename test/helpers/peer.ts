// A second authorization server for the e2e suite, one we did not write: panva's oidc-provider 9 (a
// certified OpenID Connect implementation), configured strictly, with a small resource server in front
// that checks its JWT access tokens with jose. One HTTP server on 127.0.0.1:
//
//   /oidc/...                                      oidc-provider (the issuer is {origin}/oidc, so its
//                                                  metadata is at {origin}/oidc/.well-known/openid-configuration
//                                                  only: no RFC 8414 document at all)
//   /.well-known/oauth-protected-resource/api/v1   RFC 9728 metadata naming that issuer
//   /api/v1/workspaces                             list_workspaces with a fixed answer; any other /api/v1
//                                                  path is a 404; a missing, invalid or expired token a
//                                                  401 with `WWW-Authenticate: Bearer resource_metadata="…"`
//
// The provider: open dynamic registration (no initial access token), PKCE S256 required, refresh tokens
// rotated on every use and a reused one revoking the grant, resource indicators (RFC 8707) with JWT
// access tokens (RFC 9068) for {origin}/api/v1 only, revocation (RFC 7009; JWT access tokens are
// refused with unsupported_token_type), offline_access only with prompt=consent (its default, OIDC
// Core §11), loopback redirects on any port only for native clients (its default, RFC 8252 §7.3).
// Sign-in and consent are oidc-provider's own development pages (any login and password; "Continue").
//
//   const peer = await startPeer({ accessTokenTtlSeconds: 30 });
//   ... wts login --origin peer.origin ...
//   peer.counts.refreshes, peer.expireAccessToken(token), peer.log, await peer.close()
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, decodeJwt, errors as joseErrors, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { API_SCOPES } from './auth.js';

export const PEER_WORKSPACES = [{ id: 'ws_peer', name: 'Peer Workspace', folderId: null, archived: false }];

export interface PeerOptions {
  /** The access tokens' lifetime (expires_in). */
  accessTokenTtlSeconds: number;
}

export interface PeerCounts {
  registrations: number;
  /** Successful refresh_token grants. */
  refreshes: number;
  /** Refresh tokens presented again after they were used (each revokes its grant). */
  reuses: number;
  /** Grants revoked: by a reused refresh token, or by revoking a refresh token. */
  revokedGrants: number;
  /** Revocation requests refused with unsupported_token_type (a JWT access token). */
  unsupportedRevocations: number;
}

export interface PeerRequest {
  method: string;
  path: string;
  status: number;
  /** The access token's jti, for /api/v1 requests that carried a JWT. */
  jti?: string;
}

export interface RunningPeer {
  origin: string;
  issuer: string;
  resource: string;
  counts: PeerCounts;
  /** Every request the server answered, in order. */
  log: PeerRequest[];
  /** What the provider reported as server errors (a test expects none). */
  serverErrors: string[];
  /** The resource server treats this access token as expired from now on. */
  expireAccessToken(token: string): void;
  /** A registered client's metadata, as the provider keeps it. */
  client(clientId: string): Promise<Record<string, unknown> | undefined>;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export async function startPeer(options: PeerOptions): Promise<RunningPeer> {
  // oidc-provider warns once on import under Node 20 (it prefers 22) and once for its development
  // pages; both are expected here.
  const { default: Provider, errors } = await import('oidc-provider');

  let handleProvider: (req: IncomingMessage, res: ServerResponse) => void = () => {};
  let handleApi: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async () => {};
  const log: PeerRequest[] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const entry: PeerRequest = { method: req.method ?? 'GET', path, status: 0 };
    log.push(entry);
    res.on('finish', () => (entry.status = res.statusCode));
    if (path === '/oidc' || path.startsWith('/oidc/')) {
      // Mounted under /oidc the way express mounts it: the provider reads its mount path from originalUrl.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      req.url = req.url!.slice('/oidc'.length) || '/';
      return handleProvider(req, res);
    }
    handleApi(req, res).catch((err: unknown) => send(res, 500, { status: 500, code: 'internal', detail: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/oidc`;
  const resource = `${origin}/api/v1`;
  const metadataUrl = `${origin}/.well-known/oauth-protected-resource/api/v1`;

  const signingKey = async (alg: 'ES256' | 'RS256') => ({
    ...(await exportJWK((await generateKeyPair(alg, { extractable: true })).privateKey)),
    alg,
    use: 'sig',
    kid: `peer-${alg}`,
  });
  const provider = new Provider(issuer, {
    jwks: { keys: [await signingKey('ES256'), await signingKey('RS256')] },
    cookies: { keys: ['peer-cookie-key-for-tests-only'] },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id }) }),
    responseTypes: ['code'],
    pkce: { required: () => true },
    rotateRefreshToken: true,
    ttl: { AccessToken: options.accessTokenTtlSeconds },
    features: {
      registration: { enabled: true },
      revocation: { enabled: true },
      devInteractions: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget(`unknown resource ${indicator}`);
          return {
            scope: API_SCOPES.join(' '),
            audience: resource,
            accessTokenTTL: options.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
  });

  const counts: PeerCounts = { registrations: 0, refreshes: 0, reuses: 0, revokedGrants: 0, unsupportedRevocations: 0 };
  const serverErrors: string[] = [];
  const grantType = (ctx: KoaContextWithOIDC) => (ctx.oidc.params as { grant_type?: string } | undefined)?.grant_type;
  provider.on('registration_create.success', () => counts.registrations++);
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => grantType(ctx) === 'refresh_token' && counts.refreshes++);
  provider.on('grant.error', (ctx: KoaContextWithOIDC, err: { error_description?: string }) => {
    if (grantType(ctx) === 'refresh_token' && err.error_description === 'refresh token already used') counts.reuses++;
  });
  provider.on('grant.revoked', () => counts.revokedGrants++);
  provider.on(
    'revocation.error',
    (_ctx: KoaContextWithOIDC, err: { error?: string }) => err.error === 'unsupported_token_type' && counts.unsupportedRevocations++,
  );
  provider.on('server_error', (_ctx: KoaContextWithOIDC, err: Error) => serverErrors.push(err.stack ?? String(err)));
  handleProvider = provider.callback();

  // The resource server: its own reading of the provider's discovery document and keys.
  const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as { jwks_uri: string };
  const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
  const expired = new Set<string>();
  const unauthorized = (res: ServerResponse, detail: string, invalid: boolean) =>
    send(
      res,
      401,
      { status: 401, code: 'unauthorized', detail },
      { 'www-authenticate': `Bearer resource_metadata="${metadataUrl}"${invalid ? ', error="invalid_token"' : ''}` },
    );

  handleApi = async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'GET' && path === '/.well-known/oauth-protected-resource/api/v1') {
      return send(res, 200, {
        resource,
        authorization_servers: [issuer],
        scopes_supported: [...API_SCOPES, 'offline_access'],
        bearer_methods_supported: ['header'],
        resource_name: 'oidc-provider peer',
      });
    }
    if (path !== '/api/v1' && !path.startsWith('/api/v1/'))
      return send(res, 404, { status: 404, code: 'not_found', detail: `nothing at ${path}` });
    const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(req.headers.authorization ?? '');
    if (!match) return unauthorized(res, 'an access token is required', false);
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(match[1]!, jwks, {
        issuer,
        audience: resource,
        typ: 'at+jwt',
        algorithms: ['ES256'],
        requiredClaims: ['exp', 'jti', 'scope'],
      }));
    } catch (err) {
      return unauthorized(
        res,
        err instanceof joseErrors.JWTExpired ? 'the access token expired' : 'the access token is invalid or not meant for this resource',
        true,
      );
    }
    log.at(-1)!.jti = String(claims.jti);
    if (expired.has(String(claims.jti))) return unauthorized(res, 'the access token expired', true);
    const scopes = String(claims.scope).split(' ');
    if (req.method === 'GET' && path === '/api/v1/workspaces') {
      if (!scopes.includes('workspace:read')) {
        return send(
          res,
          403,
          { status: 403, code: 'insufficient_scope', detail: 'needs workspace:read' },
          { 'www-authenticate': 'Bearer error="insufficient_scope", scope="workspace:read"' },
        );
      }
      return send(res, 200, { items: PEER_WORKSPACES });
    }
    return send(res, 404, { status: 404, code: 'not_found', detail: `the peer serves only GET /api/v1/workspaces` });
  };

  return {
    origin,
    issuer,
    resource,
    counts,
    log,
    serverErrors,
    expireAccessToken(token) {
      expired.add(String(decodeJwt(token).jti));
    },
    async client(clientId) {
      const client = await provider.Client.find(clientId);
      return client?.metadata() as Record<string, unknown> | undefined;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
