// The sandbox refuses what a strict server refuses, without harm to itself: bodies past the limit as
// they stream in (not read whole first), redirect URIs with impossible ports (400, not a crash), a code
// presented by another client (refused without revoking its own client's connection), and request
// bodies that are not exactly application/json. The sandbox runs as its own process (`node bin/wts
// sandbox`, after npm run build) so that its memory can be read from /proc.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, exchangeCode, refreshTokens, registerClient, signIn, tokenRequest } from '../helpers/auth.js';
import { sandboxStats, spawnSandbox } from '../helpers/wts-process.js';

let child: ChildProcess;
let origin: string;
let token: string;

beforeAll(async () => {
  ({ child, origin } = await spawnSandbox(['--port', '0']));
  token = (await signIn(origin)).access_token;
});
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

/** The sandbox process's resident memory in MB (Linux). */
function sandboxRssMb(): number | undefined {
  const status = `/proc/${child.pid}/status`;
  if (!existsSync(status)) return undefined;
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(status, 'utf8'))![1]) / 1024;
}

const TOTAL = 200 * 1024 * 1024;

/**
 * Sends a 200 MB body as fast as the server takes it (with Content-Length, or chunked) and resolves
 * with the status of the answer and how much had been handed to the socket when the exchange ended.
 */
function upload(path: string, headers: Record<string, string>, chunked: boolean): Promise<{ status: number | undefined; sent: number }> {
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  return new Promise((resolve) => {
    const req = request(`${origin}${path}`, {
      method: 'POST',
      headers: { ...headers, ...(chunked ? {} : { 'content-length': String(TOTAL) }) },
    });
    let sent = 0;
    let status: number | undefined;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      req.destroy();
      resolve({ status, sent });
    };
    req.on('response', (res) => {
      status = res.statusCode;
      res.resume();
      res.on('end', end);
    });
    req.on('error', end);
    req.on('close', end);
    const write = () => {
      while (sent < TOTAL && !ended) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (!ended) req.end();
    };
    write();
  });
}

describe('bodies past the limit', () => {
  const targets: [string, string, Record<string, string>][] = [
    ['the token endpoint', '/oauth/token', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['registration', '/oauth/register', { 'content-type': 'application/json' }],
    ['the API', '/api/v1/workspaces', { 'content-type': 'application/json' }],
    ['the tool server', '/mcp', { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }],
  ];
  for (const [name, path, headers] of targets) {
    for (const chunked of [false, true]) {
      it(`${name}: a 200 MB body (${chunked ? 'chunked' : 'with Content-Length'}) is refused with 413 as it streams in, and the connection dropped`, async () => {
        const auth: Record<string, string> = path.startsWith('/oauth/') ? {} : { authorization: `Bearer ${token}` };
        const before = sandboxRssMb();
        const { status, sent } = await upload(path, { ...headers, ...auth }, chunked);
        expect(status).toBe(413);
        // Cut off long before the end: the server did not take in the whole body.
        expect(sent).toBeLessThan(TOTAL);
        const after = sandboxRssMb();
        // Memory stays flat (reading the body whole took +600 MB); generous for a busy machine.
        if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(100);
        // The sandbox still answers.
        expect((await fetch(`${origin}/.well-known/oauth-authorization-server`)).status).toBe(200);
      });
    }
  }
});

describe('redirect URIs with impossible ports', () => {
  for (const port of ['99999', '0', 'abc', '65536']) {
    it(`port ${port}: 400 invalid_request on the authorization page, not a server error`, async () => {
      const client = await registerClient(origin, { redirect_uris: ['http://127.0.0.1/callback'], token_endpoint_auth_method: 'none' });
      const url = new URL('/oauth/authorize', origin);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', client.client_id);
      url.searchParams.set('redirect_uri', `http://127.0.0.1:${port}/callback`);
      url.searchParams.set('state', 's');
      url.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
      url.searchParams.set('code_challenge_method', 'S256');
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('invalid_request');
    });
  }
});

describe('a used code presented by another client', () => {
  it('is invalid_grant and does not revoke the connection the code started', async () => {
    const auth = await authorize(origin);
    const tokens = await exchangeCode(origin, auth);
    const intruder = await registerClient(origin);
    const res = await tokenRequest(origin, intruder, {
      grant_type: 'authorization_code',
      code: auth.code,
      redirect_uri: auth.redirectUri,
      code_verifier: auth.codeVerifier,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
    // The first client's connection lives on: its refresh token still works.
    const revocations = (await sandboxStats(origin)).revocations;
    await expect(refreshTokens(origin, auth.client, tokens.refresh_token!)).resolves.toMatchObject({ token_type: 'Bearer' });
    expect((await sandboxStats(origin)).revocations).toBe(revocations);
  });

  it('by its own client, is still refused and revokes what it started (RFC 6749 §4.1.2)', async () => {
    const auth = await authorize(origin);
    const tokens = await exchangeCode(origin, auth);
    await expect(exchangeCode(origin, auth)).rejects.toThrow('invalid_grant');
    await expect(refreshTokens(origin, auth.client, tokens.refresh_token!)).rejects.toThrow('invalid_grant');
  });
});

describe('/api/v1 content types', () => {
  const send = (type: string) =>
    fetch(`${origin}/api/v1/workspaces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body: JSON.stringify({ name: `Typed ${type}` }),
    });

  for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8']) {
    it(`takes ${type}`, async () => {
      expect((await send(type)).status).toBe(200);
    });
  }
  for (const type of [
    'application/json-patch+json',
    'application/json-seq',
    'application/jsonx',
    'application/merge-patch+json',
    'text/json',
    'text/plain',
  ]) {
    it(`refuses ${type} with 415`, async () => {
      const res = await send(type);
      expect(res.status).toBe(415);
      expect(((await res.json()) as { code: string }).code).toBe('unsupported_media_type');
    });
  }
});
