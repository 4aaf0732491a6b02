// The client's transport: one request sent over undici's dispatcher and its answer read whole, within
// one deadline for the whole exchange (connecting, the headers and the body) and a cap on the answer's
// size. What went wrong on the way is an AnswerFault (or undici's own error when nothing came back);
// what to do about it (try again, or not) is src/api/retries.ts's business.
import { EventEmitter } from 'node:events';
import type { Dispatcher } from 'undici';
// undici's entry point loads all of it (fetch, WebSocket, caches, mocks), ~60 ms more than the modules
// used (here and in src/net/network.ts). Internal paths: the e2e tests load them, so a move in an undici
// upgrade fails there.
import { parseHeaders } from 'undici/lib/core/util.js';
import { CliError, errnoOf, ExitCode, messageOf } from '../errors.js';
import { isLoopbackHost } from '../auth/origin.js';
import { network } from '../net/network.js';
import { isRecord } from '../type-guards.js';
import { MAX_TIMER_MS } from '../sleep.js';
import { traceAnswer, traceRequest } from './debug-trace.js';
import { keepWebAssemblyOnLiftoff } from './liftoff.js';
import { requestName, type RawRequest } from './request.js';
import { packageVersion } from '../version.js';

/**
 * Connections kept to the origin, opened only as needed: the most requests in flight at once. A pool
 * (src/api/pool.ts) sends MAX_CONCURRENCY at most; the inbox's checks and walks all of these, as 10,000
 * checks 80 ms away would take 13 s at 64 (src/inbox/gather.ts).
 */
export const MAX_CONNECTIONS = 128;

/**
 * The largest answer read, by default: 64 MB. The largest real answer is a page of 50 tasks (the catalog's
 * largest page of the largest resource); notes are at most 10,000 characters, 3 bytes each in UTF-8 at
 * worst, so 30 KB a note, and 64 MB holds 50 tasks with 40 such notes each. A real page is a few hundred
 * KB. What is read is held whole while parsed, so the cap also bounds memory (about three times it).
 */
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** An answer's headers as undici parses them: lower-case names, a repeated header's values in an array. */
export type IncomingHeaders = Record<string, string | string[] | undefined>;

/** An answer read whole. */
export interface Answer {
  status: number;
  headers: IncomingHeaders;
  body: Buffer;
}

export interface TransportOptions {
  /** The API's base URL (…/api/v1), without a trailing slash. */
  base: string;
  /** The most bytes of an answer read: a larger one is an AnswerFault 'too-large'. */
  maxAnswerBytes: number;
  /** Sent as User-Agent; default `wts/VERSION`. */
  userAgent?: string;
  debug?: (line: string) => void;
}

/** The error code of a failure (or of its cause): ECONNREFUSED, UND_ERR_CONNECT_TIMEOUT, … */
export function errorCode(err: unknown): string | undefined {
  return errnoOf(err) ?? (isRecord(err) ? errnoOf(err.cause) : undefined);
}

function wireQuery(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Seconds for a line: "30 s", "1.5 s". */
const secondsText = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Bytes for a line: "64 MB", "500.5 MB". */
function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * What went wrong on the way of an answer, found while reading it: no answer by the deadline, an answer
 * that did not arrive in full by then or whose connection closed before its end, or one larger than the cap.
 */
export class AnswerFault extends Error {
  constructor(
    readonly kind: 'not-connected' | 'no-answer' | 'late' | 'cut' | 'too-large',
    message: string,
    /** The status, when the headers had come. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AnswerFault';
  }
}

/**
 * A request's deadline, as the signal undici takes (an EventEmitter that emits 'abort'). Not an
 * AbortController: its first use loads Node's AbortSignal and EventTarget internals, measurable in a
 * command's run; EventEmitter is loaded already.
 */
class Deadline extends EventEmitter {
  aborted = false;
  reason: Error | undefined;

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = new Error('the deadline passed');
    this.emit('abort');
  }
}

/** An error without a stack (see close()). */
function stackless(message: string): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new Error(message);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** What one exchange is, for its lines: the host, the request's name, its deadline. */
interface ExchangeAt {
  host: string;
  name: string;
  timeoutMs: number;
  deadline: Deadline;
}

export class Transport {
  private dispatcher: Dispatcher | undefined;
  /** Writes (every method but GET) sent whose answer is not read to its end yet: close() waits for them. */
  private writesInFlight = 0;

  constructor(private readonly options: TransportOptions) {}

  /** Sends `req` with `token` and reads its answer whole by `timeoutMs`; rejects with an AnswerFault or undici's error. */
  async exchange(req: RawRequest, token: string, timeoutMs: number): Promise<Answer> {
    const url = new URL(`${this.options.base}${req.path}${wireQuery(req.query)}`);
    try {
      return await this.exchangeOnce(url, req, token, timeoutMs);
    } catch (err) {
      if (err instanceof AnswerFault) throw err;
      // A certificate from an unknown authority: once, again with the system's store (src/net/network.ts).
      if (network.widenTrustAfter(err)) {
        const old = this.dispatcher;
        this.dispatcher = undefined;
        void old?.destroy(stackless('wts has finished with this connection'));
        try {
          return await this.exchangeOnce(url, req, token, timeoutMs);
        } catch (again) {
          if (again instanceof AnswerFault) throw again;
          throw (await network.explain(again, url)) ?? again;
        }
      }
      throw (await network.explain(err, url)) ?? err;
    }
  }

  private async exchangeOnce(url: URL, req: RawRequest, token: string, timeoutMs: number): Promise<Answer> {
    // As many connections as requests in flight at most (src/api/pool.ts); opened only as needed.
    if (this.dispatcher === undefined) {
      // undici compiles its HTTP parser (WebAssembly) on the first connection.
      keepWebAssemblyOnLiftoff();
      this.dispatcher = await network.dispatcherFor(url, { connections: MAX_CONNECTIONS, connectTimeoutMs: timeoutMs });
      this.options.debug?.(`* ${url.host}: ${network.routeText(url)}`);
    }
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers: Record<string, string> = {
      ...req.headers,
      authorization: `Bearer ${token}`,
      accept: 'application/json, application/problem+json',
      'user-agent': this.options.userAgent ?? `wts/${packageVersion()}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    };
    const debug = this.options.debug;
    const started = Date.now();
    if (debug) traceRequest(debug, token, req.method, url, headers, body);
    // One deadline for the whole exchange: undici's headersTimeout and bodyTimeout are idle timers (a body
    // dripped a byte at a time never trips them). Aborting closes the connection.
    const deadline = new Deadline();
    const timer = setTimeout(() => deadline.abort(), Math.min(Math.max(timeoutMs, 1), MAX_TIMER_MS));
    const write = req.method !== 'GET';
    if (write) this.writesInFlight++;
    try {
      const res = await this.collect(
        this.dispatcher,
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: req.method,
          headers,
          body,
          // Off: the deadline above is the one limit (these would race it with a message of their own).
          headersTimeout: 0,
          bodyTimeout: 0,
        },
        { host: url.host, name: requestName(req), timeoutMs, deadline },
      );
      if (debug) traceAnswer(debug, token, res, Date.now() - started);
      return res;
    } finally {
      if (write) this.writesInFlight--;
      clearTimeout(timer);
    }
  }

  /**
   * Sends one request and reads its answer's body as it comes, against the size cap (refused at once when
   * its Content-Length is above it) and the request's deadline; at either, it stops reading and the
   * connection is closed. A handler of its own on undici's dispatcher, not undici's request(): that wraps
   * every answer in a stream whose pushes, ticks and events cost more than reading a page does.
   */
  private collect(dispatcher: Dispatcher, options: Dispatcher.DispatchOptions, at: ExchangeAt): Promise<Answer> {
    const cap = this.options.maxAnswerBytes;
    const { deadline } = at;
    return new Promise((resolve, reject) => {
      let abort: ((reason: Error) => void) | undefined;
      let status = 0;
      let headers: IncomingHeaders = {};
      let headed = false;
      const chunks: Buffer[] = [];
      let bytes = 0;
      let declared = Number.NaN;
      let settled = false;
      const onDeadline = () => {
        if (abort) abort(deadline.reason ?? new Error('the deadline passed'));
        // Not connected yet (DNS, TCP, a proxy's tunnel or TLS still under way): nothing was sent. The
        // connection is aborted once it comes (onConnect below), or fails on its own timeout.
        else finish(new AnswerFault('not-connected', `could not connect to ${at.host} in ${secondsText(at.timeoutMs)}`));
      };
      deadline.once('abort', onDeadline);
      const tooLarge = (size: string) =>
        new AnswerFault(
          'too-large',
          `the service's answer to ${at.name} was ${size}, more than wts reads (${megabytes(cap)}, WTS_MAX_ANSWER_MB); not read`,
          status,
        );
      const finish = (err: Error | undefined) => {
        if (settled) return;
        settled = true;
        deadline.removeListener('abort', onDeadline);
        if (err === undefined) {
          resolve({ status, headers, body: chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks, bytes) });
        } else if (err instanceof AnswerFault) {
          reject(err);
        } else if (!headed) {
          // No answer at all: the connection failed, or the deadline passed first.
          reject(deadline.aborted ? new AnswerFault('no-answer', `no answer from ${at.host} in ${secondsText(at.timeoutMs)}`) : err);
        } else {
          reject(cutShort(at, err, status, bytes, declared));
        }
      };
      const handler: Dispatcher.DispatchHandler = {
        onConnect(abortRequest) {
          abort = (reason) => abortRequest(reason);
          if (deadline.aborted) onDeadline();
        },
        onHeaders(statusCode, rawHeaders) {
          // An informational answer (1xx): the real one follows.
          if (statusCode < 200) return true;
          status = statusCode;
          headers = parseHeaders(rawHeaders);
          headed = true;
          declared = Number(headers['content-length']);
          if (Number.isFinite(declared) && declared > cap) abort?.(tooLarge(megabytes(declared)));
          return true;
        },
        onData(chunk) {
          bytes += chunk.length;
          if (bytes > cap) {
            abort?.(tooLarge(`more than ${megabytes(cap)}`));
            return false;
          }
          chunks.push(chunk);
          return true;
        },
        onComplete() {
          finish(undefined);
        },
        onError(err) {
          finish(err);
        },
      };
      try {
        dispatcher.dispatch(options, handler);
      } catch (err) {
        finish(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  /**
   * Closes the connections so the process can exit at once. Reads still in flight were given up by the
   * command (it failed, or a person quit the dashboard): they end now, not when the service answers or
   * their deadline passes. A write still in flight is let finish: cut off, what it did would be known
   * even less.
   */
  async close(): Promise<void> {
    const d = this.dispatcher;
    this.dispatcher = undefined;
    // Destroyed, not closed gracefully: that has undici destroy each socket with an error of its own,
    // whose stack Node reads, and placing its frames in the bundle counts the lines of all 1.4 MB of it,
    // which costs more than the rest of closing (test/e2e/exit-cost.test.ts).
    if (this.writesInFlight === 0) await d?.destroy(stackless('wts has finished with this connection'));
    else await d?.close();
  }
}

/** A bearer token is never sent in clear, whatever its source (a profile, WTS_TOKEN, wts mcp, wts api): exit 2. */
export function refusePlainHttp(url: URL): void {
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new CliError(
      `refusing to send a token over plain http to ${url.host}: use https (plain http is allowed only on loopback: 127.0.0.1, [::1], localhost)`,
      ExitCode.usage,
    );
}

/** An answer whose headers came but whose body did not arrive in full: late (the deadline), or cut off. */
function cutShort(at: ExchangeAt, err: Error, status: number, bytes: number, declared: number): AnswerFault {
  const of = Number.isFinite(declared) ? ` of ${declared}` : '';
  return at.deadline.aborted
    ? new AnswerFault(
        'late',
        `the answer from ${at.host} to ${at.name} did not arrive in full in ${secondsText(at.timeoutMs)} (${bytes}${of} bytes came)`,
        status,
      )
    : new AnswerFault(
        'cut',
        `the service's answer to ${at.name} was cut off after ${bytes}${of} bytes (${errorCode(err) ?? messageOf(err)})`,
        status,
      );
}
