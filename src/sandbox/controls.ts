import { Hono } from 'hono';
import * as z from 'zod';
import type { SandboxContext } from './context.js';
import { bodyLimitOf } from './guard.js';
import { ServiceError } from './problem.js';

const clockBody = z.object({ advanceSeconds: z.number().finite() }).strict();
const faultsBody = z
  .object({
    rate429: z.number().min(0).max(1),
    rate5xx: z.number().min(0).max(1),
    latencyMs: z.number().int().min(0).max(60_000),
    dropRate: z.number().min(0).max(1),
    retryAfterSeconds: z.number().int().min(0).max(3600),
    rateLimit: z.number().int().min(0),
    rateLimitWindowSeconds: z.number().int().min(1).max(3600),
    refreshDelayMs: z.number().int().min(0).max(600_000),
  })
  .partial()
  .strict();
const autoApproveBody = z.object({ user: z.string().min(1).nullable() }).strict();

async function jsonBody<T>(req: Request, schema: z.ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    throw new ServiceError('invalid_request', 'the body must be a JSON object');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new ServiceError('invalid_request', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'is not valid'}`);
  }
  return parsed.data;
}

/** The sandbox's test controls, under /__sandbox (docs/sandbox.md, "Test controls"). Sandbox only; the client never calls them. */
export function controlRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  app.use('*', bodyLimitOf(64 * 1024));
  app.get('/clock', (c) => c.json({ now: ctx.clock.iso() }));
  app.post('/clock', async (c) => {
    const { advanceSeconds } = await jsonBody(c.req.raw, clockBody);
    ctx.clock.advance(advanceSeconds);
    ctx.store.state.clockOffsetMs = ctx.clock.offsetMs;
    ctx.store.changed();
    return c.json({ now: ctx.clock.iso() });
  });
  app.get('/stats', (c) => c.json({ ...ctx.counters, connections: ctx.tokens.connectionStats() }));
  app.get('/faults', (c) => c.json(ctx.faults));
  app.post('/faults', async (c) => {
    Object.assign(ctx.faults, await jsonBody(c.req.raw, faultsBody));
    return c.json(ctx.faults);
  });
  app.post('/auto-approve', async (c) => {
    const { user } = await jsonBody(c.req.raw, autoApproveBody);
    if (user !== null && !ctx.store.state.data.users.some((u) => u.login === user)) {
      throw new ServiceError('invalid_request', `user: no such user ${user}`);
    }
    ctx.autoApprove = user;
    return c.json({ user });
  });
  return app;
}
