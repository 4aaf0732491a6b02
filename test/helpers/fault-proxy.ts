// The wire-fault harness: a loopback HTTP proxy in front of the sandbox that hands each request to a rule,
// which forwards it as it is, changes the answer, or answers in a way no well-behaved server would
// (a repeated cursor, a cut body, a stall, a 500 MB answer dripped or not, a load balancer's HTML page).
// Every request is logged, so a test asserts how many the client sent; `runMeasured` runs the built
// `wts` as a real process with a kill deadline and reports its peak memory.
//
//   const proxy = await faultProxy(sandbox.origin, async (ex) => {
//     if (!ex.path.startsWith('/api/v1/workspaces/ws_support/tasks')) return;   // not handled: forwarded
//     const answer = await ex.forward();
//     const page = answer.json() as { items: unknown[]; nextCursor: string | null };
//     ex.json(200, { ...page, nextCursor: 'same' });                            // a cursor that repeats
//   });
//   const r = await runMeasured(['task', 'list', 'ws_support'], { ...sandbox.env, WTS_ORIGIN: proxy.origin });
//   expect(proxy.count((e) => e.path.includes('/tasks'))).toBeLessThan(500);
//   await proxy.close();
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { childEnv, WTS_BIN } from './wts-process.js';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body parsed as JSON (throws if it is not). */
  json(): unknown;
}

/** One request as the proxy received it, and the ways to answer it. */
export interface Exchange {
  readonly method: string;
  /** The path with its query, e.g. `/api/v1/workspaces/ws_support/tasks?limit=50`. */
  readonly path: string;
  readonly url: URL;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
  /** The 1-based number of this request among those the proxy received. */
  readonly seq: number;
  /**
   * Sends the request on to the upstream, as it came (or to `path` instead, with the same method, headers
   * and body), and returns the upstream's whole answer.
   */
  forward(path?: string): Promise<Answer>;
  /** Answers with these bytes (a Content-Length is set unless `headers` give one). */
  reply(status: number, headers: Record<string, string>, body?: string | Buffer): void;
  /** Answers with a JSON value (`application/json` unless `contentType` says otherwise). */
  json(status: number, value: unknown, options?: { contentType?: string; headers?: Record<string, string> }): void;
  /** Passes the upstream's answer on unchanged. */
  pass(answer: Answer): void;
  /** Never answers: the connection stays open and silent until the client gives up. */
  stall(): void;
  /** Closes the connection at once, with no answer. */
  drop(): void;
  /** Sends the status and headers (with the full Content-Length), then only the first `bytes` of the body, then closes. */
  cut(status: number, headers: Record<string, string>, body: string | Buffer, bytes: number): void;
  /** Sends the status and headers, then the body `bytesPerTick` bytes every `tickMs`, until it is sent or the client leaves. */
  drip(status: number, headers: Record<string, string>, body: string | Buffer, options?: { bytesPerTick?: number; tickMs?: number }): void;
  /**
   * Sends `totalBytes` of body made by repeating `chunk` (chunked, or with a Content-Length when
   * `declareLength`), as fast as the client reads, without holding it in memory.
   */
  flood(status: number, headers: Record<string, string>, chunk: string, totalBytes: number, options?: { declareLength?: boolean }): void;
}

/** What a rule does with a request: nothing (it is forwarded and answered as the upstream answers), or answers itself. */
export type Rule = (ex: Exchange) => void | Promise<void>;

export interface LoggedRequest {
  method: string;
  path: string;
  seq: number;
}

export interface FaultProxy {
  readonly origin: string;
  /** Every request received, in order. */
  readonly log: LoggedRequest[];
  /** How many logged requests match. */
  count(match?: (e: LoggedRequest) => boolean): number;
  /** Replaces the rule (undefined: forward everything). */
  setRule(rule: Rule | undefined): void;
  close(): Promise<void>;
}

function headerRecord(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function answerOf(status: number, headers: Record<string, string>, body: Buffer): Answer {
  return { status, headers, body, json: () => JSON.parse(body.toString('utf8')) as unknown };
}

// Hop-by-hop headers and those the proxy sets itself.
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export async function faultProxy(upstream: string, initial?: Rule): Promise<FaultProxy> {
  let rule = initial;
  const log: LoggedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    const seq = log.length + 1;
    log.push({ method, path, seq });
    const headers = headerRecord(req.headers);
    let answered = false;
    const once = () => {
      if (answered) throw new Error(`fault proxy: request ${seq} (${method} ${path}) answered twice`);
      answered = true;
    };
    const send = (status: number, h: Record<string, string>, b: Buffer) => {
      const lower = Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
      res.writeHead(status, { ...('content-length' in lower ? {} : { 'content-length': String(b.length) }), ...h });
      res.end(b);
    };
    const ex: Exchange = {
      method,
      path,
      url: new URL(path, upstream),
      headers,
      body,
      seq,
      async forward(to = path) {
        const sent = Object.fromEntries(Object.entries(headers).filter(([k]) => !NOT_FORWARDED.has(k)));
        const r = await fetch(new URL(to, upstream), {
          method,
          headers: sent,
          redirect: 'manual',
          ...(body.length > 0 && method !== 'GET' && method !== 'HEAD' ? { body } : {}),
        });
        const h: Record<string, string> = {};
        r.headers.forEach((v, k) => {
          if (!NOT_FORWARDED.has(k) && k !== 'content-encoding') h[k] = v;
        });
        return answerOf(r.status, h, Buffer.from(await r.arrayBuffer()));
      },
      reply(status, h, b = '') {
        once();
        send(status, h, Buffer.isBuffer(b) ? b : Buffer.from(b, 'utf8'));
      },
      json(status, value, options = {}) {
        once();
        send(
          status,
          { 'content-type': options.contentType ?? 'application/json', ...options.headers },
          Buffer.from(JSON.stringify(value), 'utf8'),
        );
      },
      pass(answer) {
        once();
        send(answer.status, answer.headers, answer.body);
      },
      stall() {
        once();
      },
      drop() {
        once();
        req.socket.destroy();
      },
      cut(status, h, b, bytes) {
        once();
        const all = Buffer.isBuffer(b) ? b : Buffer.from(b, 'utf8');
        res.writeHead(status, { ...h, 'content-length': String(all.length) });
        res.write(all.subarray(0, bytes), () => {
          const t = setTimeout(() => req.socket.destroy(), 20);
          timers.add(t);
        });
      },
      drip(status, h, b, options = {}) {
        once();
        const all = Buffer.isBuffer(b) ? b : Buffer.from(b, 'utf8');
        const per = options.bytesPerTick ?? 1;
        res.writeHead(status, { ...h, 'content-length': String(all.length) });
        let at = 0;
        const tick = () => {
          if (res.destroyed || at >= all.length) {
            if (!res.destroyed) res.end();
            return;
          }
          res.write(all.subarray(at, at + per));
          at += per;
          const t = setTimeout(tick, options.tickMs ?? 1000);
          timers.add(t);
        };
        tick();
      },
      flood(status, h, chunk, totalBytes, options = {}) {
        once();
        const piece = Buffer.from(chunk, 'utf8');
        res.writeHead(status, { ...h, ...(options.declareLength ? { 'content-length': String(totalBytes) } : {}) });
        let sent = 0;
        const pump = () => {
          while (sent < totalBytes && !res.destroyed) {
            const part = piece.subarray(0, Math.min(piece.length, totalBytes - sent));
            sent += part.length;
            if (!res.write(part)) {
              res.once('drain', pump);
              return;
            }
          }
          if (!res.destroyed) res.end();
        };
        pump();
      },
    };
    await rule?.(ex);
    if (!answered) ex.pass(await ex.forward());
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`fault proxy: ${String(err)}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fault proxy: no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    log,
    count: (match) => (match ? log.filter(match).length : log.length),
    setRule(next) {
      rule = next;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const MAX_RSS = fileURLToPath(new URL('../bench/max-rss.cjs', import.meta.url));

export interface MeasuredRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Peak resident memory of the process, in MB (undefined if it was killed before it could say). */
  peakMb: number | undefined;
  /** Whether the run was killed at `killAfterMs` (a hang). */
  killed: boolean;
}

/**
 * Runs the built `wts` (`node bin/wts`) as a real process with `env`, killed after `killAfterMs` (a
 * hang is a failure the test sees, not a test that never ends), and reports its exit, output and peak
 * memory. Output past 4 MB per stream is counted but not kept.
 */
export async function runMeasured(
  args: string[],
  env: Record<string, string | undefined>,
  options: { killAfterMs?: number; stdin?: string } = {},
): Promise<MeasuredRun> {
  const dir = mkdtempSync(join(tmpdir(), 'wts-measured-'));
  const rssFile = join(dir, 'rss');
  try {
    const child = spawn(process.execPath, [WTS_BIN, ...args], {
      env: childEnv({
        WTS_CONFIG_DIR: join(dir, 'config'),
        ...env,
        BENCH_RSS_FILE: rssFile,
        NODE_OPTIONS: `--require ${MAX_RSS}`,
      }),
      stdio: 'pipe',
    });
    const keep = 4 * 1024 * 1024;
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < keep) stdout += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < keep) stderr += d.toString('utf8');
    });
    child.stdin.end(options.stdin ?? '');
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, options.killAfterMs ?? 60_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('close', (c, s) => resolve([c, s])),
    );
    clearTimeout(timer);
    let peakMb: number | undefined;
    try {
      const kb = Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1));
      if (Number.isFinite(kb)) peakMb = kb / 1024;
    } catch {
      peakMb = undefined;
    }
    return { code, signal, stdout, stderr, peakMb, killed };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs wts (runMeasured) behind `proxy` with `rule`, then forwards again; returns the run and the requests it sent. */
export async function runBehind(
  proxy: FaultProxy,
  rule: Rule,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<MeasuredRun & { sent: LoggedRequest[]; count: (match: (e: LoggedRequest) => boolean) => number }> {
  const start = proxy.log.length;
  proxy.setRule(rule);
  try {
    const r = await runMeasured(args, env, { killAfterMs: 60_000 });
    const sent = proxy.log.slice(start);
    return { ...r, sent, count: (match) => sent.filter(match).length };
  } finally {
    proxy.setRule(undefined);
  }
}

/** stderr is exactly one line, with no JavaScript internal in it; returns that line. */
export function oneLine(stderr: string): string {
  expect(stderr).not.toMatch(/unexpected error|Cannot read properties|at .*\.js:\d+|ERR_/);
  const lines = stderr.split('\n');
  expect(lines.at(-1)).toBe('');
  expect(lines.slice(0, -1), stderr).toHaveLength(1);
  return lines[0] ?? '';
}
