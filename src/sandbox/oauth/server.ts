// STUB: replaced by the OAuth server implementation.
import { Hono } from 'hono';
import type { SandboxContext, TokenVerifier } from '../context.js';
import type { Principal } from '../model.js';

export class OAuthServer implements TokenVerifier {
  constructor(private readonly ctx: SandboxContext) {}
  routes(): Hono {
    return new Hono();
  }
  verifyAccessToken(_token: string, _resource: string): Principal | undefined {
    return undefined;
  }
  connectionStats() {
    return [];
  }
}
