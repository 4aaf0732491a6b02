// The networks people work on, with real parts: a certificate authority made at run time with the openssl
// CLI, a TLS front (a node https server) before the sandbox for the made-up name tasks.test, a CONNECT
// proxy that alone resolves that name (with and without Basic auth), a server whose TLS handshake never
// completes, and a plain-http origin. `wts` runs as a child process, with NODE_EXTRA_CA_CERTS unset; `wts
// login` signs in through the proxy to a sandbox started with --public-origin, the fake browser going the
// same way (--system-network), and `wts mcp` answers a tool call through it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createSecureServer } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import { connect as netConnect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { changeStoredCredentials, expectLoggedIn, storedCredentials, workdir, type Workdir } from '../helpers/credentials.js';
import { runMeasured } from '../helpers/fault-proxy.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { childEnv, fakeBrowserCommand, WTS_BIN } from '../helpers/wts-process.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';

const sandbox = useSandbox({ signIn: false });
const dir = mkdtempSync(join(tmpdir(), 'wts-networks-'));
const file = (name: string) => join(dir, name);

/** A CA and a certificate for tasks.test signed by it, made with openssl. */
function makeCertificates(): void {
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  ssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=wts test company CA',
  );
  ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=tasks.test');
  writeFileSync(file('ext.cnf'), 'subjectAltName=DNS:tasks.test\n');
  ssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
  );
}

const listen = (server: Server | ReturnType<typeof createNetServer>): Promise<number> =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address: AddressInfo | string | null = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    }),
  );

let frontPort = 0;
let proxyPort = 0;
let authProxyPort = 0;
let stallPort = 0;
let h2Port = 0;
/** Requests the HTTP/2-only front answered. */
let h2Requests = 0;
const servers: { close(): void }[] = [];
const sockets: Socket[] = [];
const sessions: { destroy(): void }[] = [];
/** What the proxies were asked to CONNECT to. */
const connects: string[] = [];

/** A CONNECT proxy that resolves only tasks.test (to the TLS front); with `auth`, it wants that Basic pair. */
function connectProxy(auth?: string): Server {
  const proxy = createHttpServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, client: Socket) => {
    connects.push(req.url ?? '');
    sockets.push(client);
    const wanted = auth && `Basic ${Buffer.from(auth).toString('base64')}`;
    if (wanted && req.headers['proxy-authorization'] !== wanted) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="corp"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    if (host !== 'tasks.test') {
      client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = netConnect(Number(port), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client).pipe(upstream);
    });
    sockets.push(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return proxy;
}

beforeAll(async () => {
  makeCertificates();
  const sandboxUrl = new URL(sandbox.origin);
  // The TLS front: terminates TLS for tasks.test and passes each request on to the sandbox, as its host.
  const front = createHttpsServer({ key: readFileSync(file('server.key')), cert: readFileSync(file('server.pem')) }, (req, res) => {
    const up = httpRequest(
      { host: '127.0.0.1', port: sandboxUrl.port, method: req.method, path: req.url, headers: { ...req.headers, host: sandboxUrl.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  frontPort = await listen(front);
  const proxy = connectProxy();
  proxyPort = await listen(proxy);
  const authProxy = connectProxy('me:s3cret');
  authProxyPort = await listen(authProxy);
  // An HTTP/2-only front (no HTTP/1.1 in its ALPN), passing requests on the same way.
  const h2 = createSecureServer(
    { key: readFileSync(file('server.key')), cert: readFileSync(file('server.pem')), allowHTTP1: false },
    (req, res) => {
      h2Requests++;
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !name.startsWith(':')));
      const up = httpRequest(
        { host: '127.0.0.1', port: sandboxUrl.port, method: req.method, path: req.url, headers: { ...headers, host: sandboxUrl.host } },
        (answer) => {
          const kept = Object.fromEntries(
            Object.entries(answer.headers).filter(([name]) => !['connection', 'keep-alive', 'transfer-encoding'].includes(name)),
          );
          res.writeHead(answer.statusCode ?? 502, kept);
          answer.pipe(res);
        },
      );
      up.on('error', () => res.destroy());
      req.pipe(up);
    },
  );
  h2.on('session', (session) => sessions.push(session));
  h2Port = await new Promise((resolve) =>
    h2.listen(0, '127.0.0.1', () => {
      const address: AddressInfo | string | null = h2.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    }),
  );
  servers.push(h2);
  // Accepts TCP and never says a word: a TLS handshake that never completes.
  const stall = createNetServer((s) => sockets.push(s));
  stallPort = await listen(stall);
  servers.push(front, proxy, authProxy, stall);
});

afterAll(() => {
  for (const s of sockets) s.destroy();
  for (const s of sessions) s.destroy();
  for (const s of servers) s.close();
  rmSync(dir, { recursive: true, force: true });
});

const FRONT = () => `https://tasks.test:${frontPort}`;
/** No proxy, no extra CA from the machine's environment: only what a test gives. */
const CLEAN = {
  HTTPS_PROXY: undefined,
  https_proxy: undefined,
  HTTP_PROXY: undefined,
  http_proxy: undefined,
  ALL_PROXY: undefined,
  all_proxy: undefined,
  NO_PROXY: undefined,
  no_proxy: undefined,
  NODE_EXTRA_CA_CERTS: undefined,
};

describe('through a TLS front and a CONNECT proxy', () => {
  let w: Workdir;
  /** A fresh sign-in (over loopback), moved to the front's origin, its access token expired: the next command refreshes. */
  beforeEach(async () => {
    w = workdir();
    const signedIn = await expectLoggedIn(sandbox.origin, w);
    const tokenPath = new URL(signedIn.server.tokenEndpoint).pathname;
    const revocationPath = signedIn.server.revocationEndpoint ? new URL(signedIn.server.revocationEndpoint).pathname : undefined;
    changeStoredCredentials(w.credentialsFile, 'default', (c) => {
      c.origin = FRONT();
      c.server.tokenEndpoint = `${FRONT()}${tokenPath}`;
      if (revocationPath) c.server.revocationEndpoint = `${FRONT()}${revocationPath}`;
      c.expiresAt = Date.now() - 1000;
    });
    connects.length = 0;
  });
  const env = (more: Record<string, string | undefined>) => ({
    ...CLEAN,
    WTS_CONFIG_DIR: w.configDir,
    WTS_CREDENTIALS_FILE: w.credentialsFile,
    WTS_ORIGIN: FRONT(),
    ...more,
  });
  const run = (args: string[], more: Record<string, string | undefined>) => runMeasured(args, env(more), { killAfterMs: 60_000 });

  it('refreshes and calls the API with HTTPS_PROXY, the CA in the system store (SSL_CERT_FILE)', async () => {
    const before = await sandbox.stats();
    const r = await run(['workspace', 'list'], { HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`, SSL_CERT_FILE: file('ca.pem') });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(connects.every((c) => c === `tasks.test:${frontPort}`)).toBe(true);
    expect(connects.length).toBeGreaterThan(0);
    const after = await sandbox.stats();
    expect(after.refreshes - before.refreshes).toBe(1);
    // --debug names the proxy, never a password; logout's revocation goes the same way.
    const debug = await run(['workspace', 'list', '--debug'], {
      HTTPS_PROXY: `http://me:pw@127.0.0.1:${proxyPort}`,
      SSL_CERT_FILE: file('ca.pem'),
    });
    expect(debug.stderr).toContain(`via the proxy http://me:***@127.0.0.1:${proxyPort} (HTTPS_PROXY)`);
    expect(debug.stderr).not.toContain('me:pw');
    // wts doctor says how the origin is reached, the password hidden there too.
    const doctor = await run(['doctor'], { HTTPS_PROXY: `http://me:pw@127.0.0.1:${proxyPort}`, SSL_CERT_FILE: file('ca.pem') });
    expect(doctor.stdout).toContain(`network    via the proxy http://me:***@127.0.0.1:${proxyPort} (HTTPS_PROXY)`);
    expect(doctor.stdout + doctor.stderr).not.toContain('me:pw');
    const logout = await run(['logout'], { HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`, SSL_CERT_FILE: file('ca.pem') });
    expect(logout.code).toBe(0);
    expect((await sandbox.stats()).revocations - after.revocations).toBe(1);
  });

  it('wts mcp refreshes and answers a tool call through HTTPS_PROXY, the CA in SSL_CERT_FILE', async () => {
    const before = await sandbox.stats();
    const environment = Object.fromEntries(
      Object.entries(childEnv(env({ HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`, SSL_CERT_FILE: file('ca.pem') }))).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    const transport = new StdioClientTransport({ command: process.execPath, args: [WTS_BIN, 'mcp'], env: environment, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: 'wts-networks-e2e', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({ name: 'list_workspaces', arguments: {} });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect(JSON.stringify(result.structuredContent)).toContain('ws_support');
    } finally {
      await client.close();
    }
    expect(stderr).not.toMatch(/^wts: /m);
    expect(connects.length).toBeGreaterThan(0);
    expect(connects.every((c) => c === `tasks.test:${frontPort}`)).toBe(true);
    expect((await sandbox.stats()).refreshes - before.refreshes).toBe(1);
  });

  it('speaks HTTP/2 to a front that offers nothing else', async () => {
    changeStoredCredentials(w.credentialsFile, 'default', (c) => {
      const moved = (url: string) => url.replace(`:${frontPort}`, `:${h2Port}`);
      c.origin = moved(c.origin);
      c.server.tokenEndpoint = moved(c.server.tokenEndpoint);
    });
    h2Requests = 0;
    const r = await run(['workspace', 'list'], {
      WTS_ORIGIN: `https://tasks.test:${h2Port}`,
      HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`,
      WTS_CA_FILE: file('ca.pem'),
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(h2Requests).toBeGreaterThan(1);
  });

  it('works with https_proxy and credentials in its URL; says what a 407 wants', async () => {
    const ok = await run(['workspace', 'list'], {
      https_proxy: `http://me:s3cret@127.0.0.1:${authProxyPort}`,
      WTS_CA_FILE: file('ca.pem'),
    });
    expect(ok.code).toBe(0);
    const refused = await run(['workspace', 'list'], { https_proxy: `http://127.0.0.1:${authProxyPort}`, WTS_CA_FILE: file('ca.pem') });
    expect(refused.stderr).toContain(
      `the proxy at http://127.0.0.1:${authProxyPort} wants credentials: put them in https_proxy as http://user:pass@127.0.0.1:${authProxyPort}`,
    );
    expect(refused.code).not.toBe(4);
    expect(refused.stderr).not.toContain('s3cret');
  });

  it('sends a NO_PROXY host direct (which only the proxy can resolve)', async () => {
    const r = await run(['workspace', 'list'], {
      HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`,
      NO_PROXY: 'example.org,.test',
      WTS_CA_FILE: file('ca.pem'),
    });
    expect(connects).toEqual([]);
    expect(r.stderr).toContain('cannot find tasks.test');
  });

  it('a refresh refused by TLS twice keeps the sign-in; with the CA fixed it succeeds, 0 revocations', async () => {
    const before = await sandbox.stats();
    const proxied = { HTTPS_PROXY: `http://127.0.0.1:${proxyPort}` };
    for (let i = 0; i < 2; i++) {
      const r = await run(['auth', 'refresh'], proxied);
      expect(r.stderr).toContain('the certificate of tasks.test is issued by a certificate authority this machine does not trust');
      expect(r.stderr).toContain('WTS_CA_FILE');
      expect(r.code).not.toBe(4);
    }
    const fixed = await run(['workspace', 'list'], { ...proxied, WTS_CA_FILE: file('ca.pem') });
    expect(fixed.code).toBe(0);
    const after = await sandbox.stats();
    expect(after.refreshes - before.refreshes).toBe(1);
    expect(after.revocations - before.revocations).toBe(0);
  });

  it('a write refused by TLS is not "may or may not have been made"', async () => {
    const ok = await run(['auth', 'refresh'], { HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`, WTS_CA_FILE: file('ca.pem') });
    expect(ok.code).toBe(0);
    const r = await run(['api', 'POST', '/workspaces', '-f', 'name=Refused'], { HTTPS_PROXY: `http://127.0.0.1:${proxyPort}` });
    expect(r.stderr).toContain('does not trust');
    expect(r.stderr).not.toContain('may or may not');
    expect(r.code).not.toBe(0);
  });
});

describe('wts login through a CONNECT proxy to a TLS front', () => {
  /** A sandbox that knows itself as https://tasks.test:PORT, behind a front that keeps the Host as sent. */
  let behind: RunningSandbox | undefined;
  let loginFront = 0;
  beforeAll(async () => {
    const front = createHttpsServer({ key: readFileSync(file('server.key')), cert: readFileSync(file('server.pem')) }, (req, res) => {
      const to = new URL(behind?.listening ?? 'http://127.0.0.1:9');
      const up = httpRequest({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      up.on('error', () => res.destroy());
      req.pipe(up);
    });
    loginFront = await listen(front);
    servers.push(front);
    behind = await startSandbox({ publicOrigin: `https://tasks.test:${loginFront}`, autoApprove: 'ada', log: () => {} });
  });
  afterAll(async () => {
    await behind?.close();
  });

  it('discovers, registers, has the browser approve and gets tokens, all through the proxy; then calls the API', async () => {
    const w = workdir();
    const origin = `https://tasks.test:${loginFront}`;
    connects.length = 0;
    const env = {
      ...CLEAN,
      WTS_CONFIG_DIR: w.configDir,
      WTS_CREDENTIALS_FILE: w.credentialsFile,
      HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`,
      SSL_CERT_FILE: file('ca.pem'),
      // The browser reaches the web as the system says too: the same proxy, the CA in the same bundle.
      BROWSER: `${fakeBrowserCommand(w.browserRecord)} --system-network`,
    };
    const login = await runMeasured(['login', '--origin', origin], env, { killAfterMs: 60_000 });
    expect(login.stderr).not.toMatch(/^wts: /m);
    expect(login.code).toBe(0);
    const browser = JSON.parse(readFileSync(w.browserRecord, 'utf8'));
    expect(browser).toMatchObject({ error: null, callbackStatus: 200 });
    expect(connects.length).toBeGreaterThan(0);
    expect(connects.every((c) => c === `tasks.test:${loginFront}`)).toBe(true);
    const stored = JSON.parse(readFileSync(w.credentialsFile, 'utf8')).credentials.default;
    expect(stored.origin).toBe(origin);
    expect(stored.server.tokenEndpoint).toBe(`${origin}/oauth/token`);
    const list = await runMeasured(['workspace', 'list'], { ...env, WTS_ORIGIN: origin }, { killAfterMs: 60_000 });
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('ws_support');
  });
});

describe('odd origins', () => {
  it('signs in and calls the API at http://localhost:PORT of a sandbox listening on 127.0.0.1', async () => {
    const port = new URL(sandbox.origin).port;
    const local = `http://localhost:${port}`;
    // Each loopback name is its own issuer, as RFC 8414 wants: the issuer is the URL asked.
    const metadataAt = async (origin: string): Promise<unknown> => (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json();
    expect(await metadataAt(local)).toMatchObject({ issuer: local, token_endpoint: `${local}/oauth/token` });
    expect(await metadataAt(sandbox.origin)).toMatchObject({ issuer: sandbox.origin });
    const w = workdir();
    const signedIn = await expectLoggedIn(local, w, [], { env: { WTS_CREDENTIALS_FILE: w.credentialsFile } });
    expect(signedIn.origin).toBe(local);
    expect(signedIn.server.tokenEndpoint).toBe(`${local}/oauth/token`);
    const env = { ...CLEAN, WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile };
    changeStoredCredentials(w.credentialsFile, 'default', (c) => {
      c.expiresAt = Date.now() - 1000;
    });
    const before = await sandbox.stats();
    const list = await runMeasured(['workspace', 'list'], env);
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('ws_support');
    expect((await sandbox.stats()).refreshes - before.refreshes).toBe(1);
    expect(storedCredentials(w.credentialsFile).origin).toBe(local);
  });

  it('never sends a bearer token over plain http to a host that is not loopback', async () => {
    connects.length = 0;
    const r = await runMeasured(['workspace', 'list'], {
      ...CLEAN,
      WTS_ORIGIN: 'http://tasks.test:9',
      WTS_TOKEN: 'not-a-real-token',
      HTTP_PROXY: `http://127.0.0.1:${proxyPort}`,
    });
    expect(r.stderr).toContain('refusing to send a token over plain http to tasks.test:9');
    expect(r.code).toBe(2);
    expect(connects).toEqual([]);
  });

  it('ends a 3 s deadline against a stalled TLS handshake within 20 s, as not sent', async () => {
    const r = await runMeasured(
      ['workspace', 'list'],
      { ...CLEAN, WTS_ORIGIN: `https://127.0.0.1:${stallPort}`, WTS_TOKEN: 'not-a-real-token', WTS_REQUEST_TIMEOUT_MS: '3000' },
      { killAfterMs: 20_000 },
    );
    expect(r.killed).toBe(false);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`127.0.0.1:${stallPort}`);
    expect(r.stderr).not.toContain('may or may not');
  });

  it('refuses an origin with a path at login and in the API alike', async () => {
    const api = await runMeasured(['workspace', 'list'], { ...CLEAN, WTS_ORIGIN: `${sandbox.origin}/tasks-service`, WTS_TOKEN: 't' });
    const login = await runMeasured(['login', '--origin', `${sandbox.origin}/tasks-service`, '--no-browser'], { ...CLEAN });
    for (const r of [api, login]) {
      expect(r.stderr).toContain('is a scheme, host and port only');
      expect(r.code).toBe(2);
    }
  });
});
