// The sandbox's body limit over real HTTP (@hono/node-server, as the sandbox serves): a body past the limit
// is refused with 413, and a GET goes through without the limit building a whole Request to look for a
// body it cannot have (that was a third of the sandbox's work per request when the inbox asks 10,000).
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitOf } from '../../src/sandbox/guard.js';

let server: Server;
let origin: string;

/** Whether @hono/node-server built the whole Request behind its light one (it keeps it under this symbol). */
const built = (raw: Request) => Object.getOwnPropertySymbols(raw).some((s) => s.description === 'requestCache');

beforeAll(async () => {
  const app = new Hono();
  app.use('*', bodyLimitOf(16));
  app.get('/read', (c) => c.json({ built: built(c.req.raw) }));
  app.post('/write', async (c) => c.json({ got: await c.req.text() }));
  server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('bodyLimitOf', () => {
  it('lets a GET through without building its Request', async () => {
    const res = await fetch(`${origin}/read`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ built: false });
  });

  it('takes a body within the limit', async () => {
    const res = await fetch(`${origin}/write`, { method: 'POST', body: 'sixteen bytes ok' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ got: 'sixteen bytes ok' });
  });

  it('refuses a body past the limit with 413, with or without a Content-Length', async () => {
    const past = 'seventeen bytes!!';
    expect((await fetch(`${origin}/write`, { method: 'POST', body: past })).status).toBe(413);
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(past));
        c.close();
      },
    });
    const chunked = await fetch(`${origin}/write`, { method: 'POST', body: stream, duplex: 'half' });
    expect(chunked.status).toBe(413);
  });
});
