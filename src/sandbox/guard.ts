import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { HttpBindings } from '@hono/node-server';
import type { SandboxContext } from './context.js';
import type { Principal } from './model.js';
import { problemResponse, ServiceError } from './problem.js';

type Env = { Bindings: HttpBindings; Variables: { principal: Principal } };

/** The largest request body /api/v1 and /mcp take. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Refuses a body past `maxBytes` as it streams in (or at once, by its Content-Length) with a 413, without
 * reading the rest: the server then drops the connection instead of taking in what follows.
 */
export function bodyLimitOf(maxBytes: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => problemResponse(c, new ServiceError('payload_too_large', `the body is larger than ${maxBytes} bytes`)),
  });
  // A GET or HEAD has no body here (hono would find that out by building a whole Request, for every read).
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next));
}

/** Injected faults for /api/v1 and /mcp: latency, dropped connections (before or after acting), random 429 and 5xx. */
export function faultMiddleware(ctx: SandboxContext): MiddlewareHandler<Env> {
  return async (c, next) => {
    const f = ctx.faults;
    if (f.latencyMs > 0) await new Promise((r) => setTimeout(r, f.latencyMs));
    // A dropped connection loses the request half the time, and half the time the answer, after the
    // service acted: a client cannot tell which, so it must not repeat a change that is not idempotent.
    const drop = f.dropRate > 0 && Math.random() < f.dropRate ? (Math.random() < 0.5 ? 'request' : 'answer') : undefined;
    if (drop === 'request') {
      c.env.incoming.socket.destroy();
      return new Response(null, { status: 500 });
    }
    if (f.rate429 > 0 && Math.random() < f.rate429) {
      throw new ServiceError('rate_limited', 'too many requests (injected fault)', { 'retry-after': String(f.retryAfterSeconds) });
    }
    if (f.rate5xx > 0 && Math.random() < f.rate5xx) {
      throw new ServiceError('unavailable', 'the service is temporarily unavailable (injected fault)');
    }
    await next();
    if (drop === 'answer') c.env.incoming.socket.destroy();
  };
}

/** The audience a resource's tokens must carry, and where its RFC 9728 metadata lives. */
export function resourceOf(ctx: SandboxContext, path: '/api/v1' | '/mcp'): { resource: string; metadataUrl: string } {
  return { resource: `${ctx.origin}${path}`, metadataUrl: `${ctx.origin}/.well-known/oauth-protected-resource${path}` };
}

/**
 * Bearer authentication (RFC 6750) for one resource, then per-connection rate limiting.
 * A missing, invalid, expired or wrong-audience token is a 401 naming the resource metadata (RFC 9728).
 */
export function bearerAuth(ctx: SandboxContext, path: '/api/v1' | '/mcp'): MiddlewareHandler<Env> {
  const windows = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    const { resource, metadataUrl } = resourceOf(ctx, path);
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer (?<token>[A-Za-z0-9\-._~+/]+=*)$/i.exec(header);
    const token = match?.groups?.token;
    const principal = token ? ctx.tokens.verifyAccessToken(token, resource) : undefined;
    if (!principal) {
      const error = match ? ', error="invalid_token"' : '';
      throw new ServiceError(
        'unauthorized',
        match ? 'the access token is invalid, expired or not meant for this resource' : 'an access token is required',
        {
          'www-authenticate': `Bearer resource_metadata="${metadataUrl}"${error}`,
        },
      );
    }
    const f = ctx.faults;
    if (f.rateLimit > 0) {
      const now = ctx.clock.now();
      const windowMs = f.rateLimitWindowSeconds * 1000;
      let w = windows.get(principal.connectionId);
      if (!w || now - w.start >= windowMs) {
        w = { start: now, count: 0 };
        windows.set(principal.connectionId, w);
      }
      w.count += 1;
      if (w.count > f.rateLimit) {
        const retryAfter = Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
        throw new ServiceError('rate_limited', `rate limit of ${f.rateLimit} requests per ${f.rateLimitWindowSeconds} s exceeded`, {
          'retry-after': String(retryAfter),
        });
      }
    }
    c.set('principal', principal);
    await next();
  };
}
