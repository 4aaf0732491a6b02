import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { once } from 'node:events';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { spawnSandbox } from '../helpers/wts-process.js';

/** A raw request, so the Host header can be anything (fetch does not let us set it). */
function rawGet(origin: string, path: string, host: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, origin);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('wts sandbox (the command)', () => {
  let child: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    ({ child, origin } = await spawnSandbox(['--port', '0']));
  });

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('serves the OpenAPI document and the OAuth metadata on its printed origin', async () => {
    const doc = (await (await fetch(`${origin}/api/v1/openapi.json`)).json()) as { openapi: string; servers: { url: string }[] };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]!.url).toBe(`${origin}/api/v1`);
    const meta = (await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json()) as { issuer: string };
    expect(meta.issuer).toBe(origin);
  });

  it('refuses requests addressed to another host (DNS-rebinding protection)', async () => {
    const port = new URL(origin).port;
    const evil = await rawGet(origin, '/api/v1/openapi.json', `evil.example:${port}`);
    expect(evil.status).toBe(403);
    expect(evil.type).toContain('application/problem+json');
    expect(JSON.parse(evil.body)).toMatchObject({ status: 403, code: 'forbidden_host' });
    const own = await rawGet(origin, '/api/v1/openapi.json', `localhost:${port}`);
    expect(own.status).toBe(200);
  });

  it('stops cleanly on SIGTERM', async () => {
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });
});

describe('sandbox test controls', () => {
  const sandbox = useSandbox({ signIn: false });
  const post = (path: string, body: unknown) =>
    fetch(`${sandbox.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('moves the clock forward on request', async () => {
    const before = await sandbox.clockNow();
    const after = await sandbox.advanceClock(7200);
    expect(after - before).toBeGreaterThanOrEqual(7200 * 1000);
    expect(after - before).toBeLessThan(7200 * 1000 + 60_000);
  });

  it('answers a bad control body with a problem naming the field', async () => {
    const res = await post('/__sandbox/clock', { advanceSeconds: 'soon' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(((await res.json()) as { detail: string }).detail).toMatch(/^advanceSeconds:/);
    expect((await post('/__sandbox/faults', { rate5xx: 2 })).status).toBe(400);
  });

  it('counts requests in its stats', async () => {
    const first = await sandbox.stats();
    expect(first).toMatchObject({ refreshes: 0, revocations: 0 });
    expect(Array.isArray(first.connections)).toBe(true);
    await fetch(`${sandbox.origin}/api/v1/openapi.json`);
    expect((await sandbox.stats()).requests).toBe(first.requests + 1);
  });

  it('injects 5xx, 429 with Retry-After, and dropped connections on the API, then stops when reset', async () => {
    await sandbox.setFaults({ rate5xx: 1 });
    const failed = await fetch(`${sandbox.origin}/api/v1/workspaces`);
    expect(failed.status).toBe(503);
    expect(((await failed.json()) as { code: string }).code).toBe('unavailable');

    await sandbox.setFaults({ rate5xx: 0, rate429: 1, retryAfterSeconds: 3 });
    const limited = await fetch(`${sandbox.origin}/api/v1/workspaces`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');

    await sandbox.setFaults({ rate429: 0, dropRate: 1 });
    await expect(fetch(`${sandbox.origin}/api/v1/workspaces`)).rejects.toThrow();

    await sandbox.setFaults({ dropRate: 0 });
    const normal = await fetch(`${sandbox.origin}/api/v1/workspaces`);
    expect(normal.status).toBe(401);
    expect(normal.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${sandbox.origin}/.well-known/oauth-protected-resource/api/v1"`,
    );
  });

  it('answers unknown paths with problem+json', async () => {
    const res = await fetch(`${sandbox.origin}/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });
});
