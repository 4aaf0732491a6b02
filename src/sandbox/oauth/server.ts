// The sandbox's OAuth 2.0 authorization server: discovery, registration, authorization with its pages,
// token, revocation; and the TokenVerifier the API and the tool server ask about bearer tokens.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SandboxContext, TokenVerifier } from '../context.js';
import type { Principal } from '../model.js';
import { AuthorizationPages, page } from './authorize.js';
import { ClientDirectory } from './clients.js';
import { jsonResponse, OAuthError, oauthErrorResponse } from './errors.js';
import { Interactions } from './interactions.js';
import { Ledger } from './ledger.js';
import { authorizationServerMetadata, protectedResourceMetadata, RESOURCE_PATHS } from './metadata.js';
import { errorPage } from './pages.js';
import { registerClient, registrationBody } from './registration.js';
import { revocationEndpoint } from './revocation.js';
import { oauthState } from './state.js';
import { tokenEndpoint } from './token.js';
import { stackOf } from '../../errors.js';

const MAX_BODY_BYTES = 64 * 1024;

export class OAuthServer implements TokenVerifier {
  private readonly clients: ClientDirectory;
  private readonly ledger: Ledger;
  private readonly pages: AuthorizationPages;

  constructor(private readonly ctx: SandboxContext) {
    oauthState(ctx);
    this.clients = new ClientDirectory(ctx);
    this.ledger = new Ledger(ctx);
    this.pages = new AuthorizationPages(ctx, this.clients, this.ledger, new Interactions(ctx));
  }

  routes(): Hono {
    const app = new Hono();
    const ctx = this.ctx;
    app.get('/.well-known/oauth-authorization-server', () =>
      jsonResponse(200, authorizationServerMetadata(ctx.origin), { 'cache-control': 'max-age=60' }),
    );
    for (const path of RESOURCE_PATHS) {
      app.get(`/.well-known/oauth-protected-resource${path}`, () =>
        jsonResponse(200, protectedResourceMetadata(ctx.origin, path), { 'cache-control': 'max-age=60' }),
      );
    }

    const limit = bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => oauthErrorResponse(new OAuthError('invalid_request', `the body is larger than ${MAX_BODY_BYTES} bytes`, 413)),
    });
    app.post(
      '/oauth/register',
      limit,
      this.json(async (c) => registerClient(ctx, await registrationBody(c.req.raw))),
    );
    app.post(
      '/oauth/token',
      limit,
      this.json((c) => tokenEndpoint(ctx, this.clients, this.ledger, c.req.raw)),
    );
    app.post(
      '/oauth/revoke',
      limit,
      this.json((c) => revocationEndpoint(ctx, this.clients, this.ledger, c.req.raw)),
    );
    app.on(['GET', 'PUT', 'PATCH', 'DELETE'], ['/oauth/register', '/oauth/token', '/oauth/revoke'], () =>
      oauthErrorResponse(new OAuthError('invalid_request', 'use POST', 405, { allow: 'POST' })),
    );

    const pageLimit = bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => page(413, errorPage('Request too large', 'The form sent was too large.')),
    });
    app.get(
      '/oauth/authorize',
      this.html((c) => this.pages.authorize(c)),
    );
    app.get(
      '/oauth/interaction/:id',
      this.html((c) => this.pages.show(c)),
    );
    app.post(
      '/oauth/interaction/:id/login',
      pageLimit,
      this.html((c) => this.pages.signIn(c)),
    );
    app.post(
      '/oauth/interaction/:id/organization',
      pageLimit,
      this.html((c) => this.pages.chooseOrganization(c)),
    );
    app.post(
      '/oauth/interaction/:id/consent',
      pageLimit,
      this.html((c) => this.pages.consent(c)),
    );
    return app;
  }

  verifyAccessToken(token: string, resource: string): Principal | undefined {
    return this.ledger.verifyAccessToken(token, resource);
  }

  connectionStats(): { id: string; refreshes: number; revoked: boolean; refreshing: boolean }[] {
    return this.ledger.connectionStats();
  }

  /** A JSON endpoint: OAuth errors become RFC 6749 error bodies; anything else a logged server_error. */
  private json(handler: (c: Context) => Promise<Response>) {
    return async (c: Context): Promise<Response> => {
      try {
        return await handler(c);
      } catch (err) {
        if (err instanceof OAuthError) return oauthErrorResponse(err);
        this.ctx.log(`oauth: ${c.req.method} ${c.req.path} failed: ${stackOf(err)}`);
        return oauthErrorResponse(new OAuthError('server_error', 'the authorization server failed to handle this request'));
      }
    };
  }

  /** A page endpoint: a failure is an error page, never a redirect. */
  private html(handler: (c: Context) => Response | Promise<Response>) {
    return async (c: Context): Promise<Response> => {
      try {
        return await handler(c);
      } catch (err) {
        this.ctx.log(`oauth: ${c.req.method} ${c.req.path} failed: ${stackOf(err)}`);
        return page(500, errorPage('Something went wrong', 'The sandbox failed to handle this sign-in request.'));
      }
    };
  }
}
