import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { getOperation, OPERATION_IDS } from '../../contract/operations.js';
import { readQuery } from '../../contract/validate.js';
import type { JsonSchema } from '../../contract/json-schema.js';
import type { SandboxContext } from '../context.js';
import type { Principal } from '../model.js';
import { ServiceError } from '../problem.js';
import { bearerAuth, bodyLimitOf, faultMiddleware, MAX_BODY_BYTES } from '../guard.js';
import { executeOperation } from './dispatch.js';

type Env = { Bindings: HttpBindings; Variables: { principal: Principal } };

/** application/json, with parameters or not (charset); not application/json-patch+json or another type. */
const JSON_TYPE = /^application\/json[ \t]*(;|$)/i;

async function readJsonBody(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === '') return undefined;
  const type = req.headers.get('content-type') ?? '';
  if (!JSON_TYPE.test(type)) {
    throw new ServiceError('unsupported_media_type', 'the body must be JSON, sent with Content-Type: application/json');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError('invalid_request', 'body: is not valid JSON');
  }
}

/** /api/v1: one route per catalog entry, all answering through executeOperation. */
export function apiRoutes(ctx: SandboxContext): Hono<Env> {
  const app = new Hono<Env>();
  // Built on the first request, not at start-up, and kept: it depends only on the catalog and the origin (one
  // per loopback name the sandbox is asked by).
  const openApi = new Map<string, Promise<object>>();
  // Playing another service, it describes itself in that service's names (src/sandbox/wire.ts).
  const describe = (doc: JsonSchema) => (ctx.wire ? ctx.wire.document(doc) : doc);
  app.get('/openapi.json', async (c) => {
    const origin = ctx.origin;
    let doc = openApi.get(origin);
    if (!doc) {
      doc = import('../openapi.js').then((m) => describe(m.buildOpenApi(origin)));
      openApi.set(origin, doc);
    }
    return c.json(await doc);
  });
  app.use('*', faultMiddleware(ctx));
  app.use('*', bearerAuth(ctx, '/api/v1'));
  app.use('*', bodyLimitOf(MAX_BODY_BYTES));
  for (const opId of OPERATION_IDS) {
    const def = getOperation(opId);
    const routePath = def.path.replace(/\{(\w+)\}/g, ':$1');
    app.on(def.method, routePath, async (c) => {
      const sent = def.method === 'GET' || def.method === 'DELETE' ? undefined : await readJsonBody(c.req.raw);
      const { wire } = ctx;
      const result = await executeOperation(ctx, c.get('principal'), opId, {
        path: c.req.param(),
        query: readQuery(def.query, wire ? wire.query(opId, c.req.queries()) : c.req.queries()),
        body: wire ? wire.body(opId, sent) : sent,
      });
      return c.json(wire ? wire.answer(opId, result) : result);
    });
  }
  return app;
}
