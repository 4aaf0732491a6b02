// The one HTTP layer of the client: URLs and input checks from the catalog, the auth header from a token
// source, retries that never repeat a request the server may have acted on, problem+json → ApiError,
// every answer checked before it is used (src/api/answer.ts), a deadline and a size cap on each, and
// pages as async iterators so `--all` streams with flat memory.
import { EventEmitter } from 'node:events';
import type { Dispatcher } from 'undici';
// undici's entry point loads all of it (fetch, WebSocket, caches, mocks), ~60 ms more than these two
// modules. Internal paths: the e2e tests load them, so a move in an undici upgrade fails there.
import AgentClass from 'undici/lib/dispatcher/agent.js';
import { parseHeaders } from 'undici/lib/core/util.js';
import {
  getOperation,
  pageBounds,
  type OperationArgs,
  type OperationId,
  type OperationItem,
  type OperationResult,
  type Operations,
  type Method,
  type Page,
} from '../contract/operations.js';
import { ApiError, errnoOf, InvalidAnswerError, messageOf, NetworkError, type BearerChallenge, type Problem } from '../errors.js';
import { isRecord } from '../type-guards.js';
import { MAX_TIMER_MS, sleep } from '../sleep.js';
import { checkAnswer } from './answer.js';
import { keepWebAssemblyOnLiftoff } from './liftoff.js';
import { unknownOutcome } from './unknown-outcome.js';
import { walkPages, walkPieces, type PageAsk } from './paging.js';
import { expandPath, parseOperationInput } from '../contract/validate.js';

export interface TokenSource {
  /** A valid access token (the token lifecycle refreshes it first when it is about to expire). */
  accessToken(): Promise<string>;
  /**
   * The API refused `rejected` with 401: the token to try instead (the current one when `rejected` was
   * already replaced, else a refreshed one), or undefined when a 401 on it is final.
   */
  renew?(rejected: string): Promise<string | undefined>;
  /**
   * The API refused `token` with a 401 that renewing did not cure: the error to throw instead of `error`
   * (and, for the token source, to fail later requests with at once), or undefined to throw `error`.
   */
  refused?(token: string, error: ApiError): Error | undefined;
}

export interface ApiClientOptions {
  origin: string;
  tokens: TokenSource;
  /** The deadline of each request as a whole: connecting, the headers and the whole body (default 30 s). */
  timeoutMs?: number;
  /** The most bytes of an answer read (default DEFAULT_MAX_ANSWER_BYTES): a larger one is refused, not retried. */
  maxAnswerBytes?: number;
  /** Says a line on a terminal (a retry after a timeout); not called, or a no-op, when none is watching. */
  notice?: (line: string) => void;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /**
   * How long a request may wait out 429s, in all (default 60 s): a wait that would go past it gives up
   * at once. Not a count: a script would rather wait a little longer than fail.
   */
  rateLimitBudgetMs?: number;
  debug?: (line: string) => void;
  userAgent?: string;
  /** Waits `ms`, or until `signal` is aborted (close() aborts it). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface PagesOptions {
  /**
   * Asks for the next page as soon as a page arrives, before the caller has handled it, so the service
   * works on one while this process works on the other (cursors allow no more than one ahead). For a
   * caller that reads every page: one that stops early leaves one request unread.
   */
  readAhead?: boolean;
  /** Items wanted in all (default: every one): no page is asked for once the walk has them. */
  total?: number;
}

/** An operation's arguments before the catalog has checked them. */
interface UncheckedArgs {
  path?: unknown;
  query?: object;
  body?: unknown;
}

/** The operations read piece by piece along `offset` / `nextOffset` (handbook entries). */
type PieceOperationId = { [K in OperationId]: Operations[K]['page'] extends 'offset' ? K : never }[OperationId];

/** Per-call overrides of the client's policy (a caller with its own retry loop, such as a wait, sets them). */
export interface CallOptions {
  /** Retries after the first attempt (default: the client's). */
  maxRetries?: number;
  /** The deadline of this call as a whole (default: the client's). */
  timeoutMs?: number;
  /** How a pool running many requests at once holds this one back and hears of push-backs (src/api/pool.ts). */
  hooks?: RequestHooks;
  /** Hears each answer's status and headers (`wts api --include`): the last one heard is the one used. */
  onAnswer?: (status: number, headers: Record<string, string | string[] | undefined>) => void;
}

/** What a caller running many requests at once (src/api/pool.ts) hears of, and how it holds them back. */
export interface RequestHooks {
  /** Awaited before each attempt (0 for the first). */
  beforeAttempt?(attempt: number): Promise<void>;
  /** The service said 429, answered 5xx, or could not be reached; a retry comes after `waitMs` (0: none). */
  onPushback?(why: 'rate-limited' | 'server-error' | 'network', waitMs: number): void;
}

export interface RawRequest {
  method: Method;
  path: string; // under /api/v1, starting with /
  /** Sent as text; undefined and null are left out. */
  query?: Record<string, unknown>;
  body?: unknown;
  /** Safe to repeat after a lost answer or a 5xx. */
  idempotent: boolean;
  /** The catalog operation (set by prepare): its answer is checked against the operation's result schema. */
  operation?: OperationId;
  /** Headers the user added (`wts api -H`); never those the client sets itself (see API_OWN_HEADERS). */
  headers?: Record<string, string>;
}

/** Headers the client sets itself: a request may not replace them (the sign-in's token never comes from argv). */
export const API_OWN_HEADERS = new Set(['authorization', 'host', 'content-length', 'transfer-encoding', 'connection']);

/** Headers whose value is a secret: shown as [redacted] in --debug, whoever set them. */
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|key|auth|session|password/i;

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

/**
 * The longest wait Retry-After may ask for, in seconds (a day): beyond any rate-limit budget, so a request
 * gives up at once (exit 7), and far below the longest timer Node keeps (2^31-1 ms, about 24.8 days;
 * longer ones fire at once).
 */
const MAX_RETRY_AFTER_S = 24 * 60 * 60;

// Errors undici raises before the request left this machine: always safe to try again.
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

function errorCode(err: unknown): string | undefined {
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

// The HTTP-date forms a Retry-After may take (RFC 9110, 5.6.7): IMF-fixdate, the obsolete RFC 850 form and
// asctime's. Anything else (a signed or fractional number, "-3600", a bare year) is not a date here,
// though Date.parse would read some of it as one.
const HTTP_DATE = [
  /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]{5,8}, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];

/**
 * A Retry-After header in whole seconds (delay-seconds, or an HTTP-date from now), at most
 * MAX_RETRY_AFTER_S; undefined when absent, not one of those forms, or a date already past (as if absent:
 * the client's own backoff applies).
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  let seconds: number;
  if (/^\d+$/.test(text)) seconds = Number(text);
  else if (HTTP_DATE.some((form) => form.test(text))) {
    const at = Date.parse(text);
    if (Number.isNaN(at) || at <= nowMs) return undefined;
    seconds = Math.ceil((at - nowMs) / 1000);
  } else return undefined;
  return Math.min(seconds, MAX_RETRY_AFTER_S);
}

/** Seconds for a line: "30 s", "1.5 s". */
const secondsText = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** An answer's headers as undici parses them: lower-case names, a repeated header's values in an array. */
type IncomingHeaders = Record<string, string | string[] | undefined>;

/**
 * What went wrong on the way of an answer, found while reading it: no answer by the deadline, an answer
 * that did not arrive in full by then or whose connection closed before its end, or one larger than the cap.
 */
class AnswerFault extends Error {
  constructor(
    readonly kind: 'no-answer' | 'late' | 'cut' | 'too-large',
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

export class ApiClient {
  private dispatcher: Dispatcher | undefined;
  /** Writes (every method but GET) sent whose answer is not read to its end yet: close() waits for them. */
  private writesInFlight = 0;
  /** close() was called: the command is over, and nothing more is sent (nor tried again). */
  private closed = false;
  /** Aborted by close(): a request waiting out a 429 or a backoff stops waiting, and sends nothing more. */
  private readonly closing = new AbortController();
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly maxAnswerBytes: number;
  private readonly maxRetries: number;
  private readonly rateLimitBudgetMs: number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: ApiClientOptions) {
    this.base = `${options.origin.replace(/\/+$/, '')}/api/v1`;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    this.maxRetries = options.maxRetries ?? 3;
    this.rateLimitBudgetMs = options.rateLimitBudgetMs ?? 60_000;
    this.sleep = options.sleep ?? sleep;
    this.random = options.random ?? Math.random;
  }

  /** Calls one operation; its input is checked against the catalog first, so bad input sends nothing. */
  async call<K extends OperationId>(opId: K, args: OperationArgs<K>, options: CallOptions = {}): Promise<OperationResult<K>> {
    // send checks the answer against the operation's result schema (prepare names the operation).
    return (await this.send(this.prepare(opId, args), options)) as OperationResult<K>;
  }

  /**
   * Every page of a listing, following nextCursor, checked (src/api/paging.ts: a walk the service's paging
   * would never end stops with a PagingError); break out of the loop to stop early. Without a `limit` in
   * the query, pages are as large as the operation allows: the caller wants more than one.
   */
  async *pages<K extends OperationId>(opId: K, args: OperationArgs<K>, options: PagesOptions = {}): AsyncGenerator<Page<OperationItem<K>>> {
    const op = getOperation(opId);
    const given = args.query as { cursor?: string; limit?: number } | undefined;
    const largest = given?.limit === undefined ? pageBounds(opId)?.max : undefined;
    // The first request is checked against the catalog; the ones after it differ only by the cursor the
    // service gave, sent back as it came, and a last page no larger than what is still wanted.
    const first = this.prepare(opId, {
      ...args,
      query: { ...given, ...(largest !== undefined && { limit: largest }) },
    } as OperationArgs<K>);
    const pageSize = typeof first.query?.limit === 'number' ? first.query.limit : undefined;
    const fetch = async ({ cursor, limit }: PageAsk) => {
      const page = (await this.send({
        ...first,
        query: { ...first.query, ...(limit !== undefined && { limit }), ...(cursor !== undefined && { cursor }) },
      })) as Page<OperationItem<K>>;
      // Only a cursor listing is followed: a list operation's page is the whole of it.
      return op.page === 'cursor' ? page : { ...page, nextCursor: null };
    };
    yield* walkPages(opId, fetch, {
      ...(options.total !== undefined && { total: options.total }),
      ...(pageSize !== undefined && { pageSize }),
      ...(options.readAhead && { ahead: (start) => this.ahead(start) }),
    });
  }

  /**
   * Starts a request ahead of its reader (the next page of a listing) and resolves once it is on its way,
   * to its answer (wrapped, so that awaiting this does not await the answer). undici writes to a kept-alive
   * connection only after a full turn of the event loop, and then a check in the next that the server has
   * not closed it: work the caller started at once would hold the request back until it was done, so
   * this yields two turns first. A failure waits for the reader, who may never come (a loop that stopped
   * early): it is not an unhandled rejection meanwhile.
   */
  async ahead<T>(start: () => Promise<T>): Promise<{ answer: Promise<T> }> {
    const answer = start();
    answer.catch(() => {});
    for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
    return { answer };
  }

  /** Every item of a listing, page by page (as large as the operation allows, unless `limit` is given). */
  async *items<K extends OperationId>(opId: K, args: OperationArgs<K>, options: PagesOptions = {}): AsyncGenerator<OperationItem<K>> {
    for await (const page of this.pages(opId, args, options)) yield* page.items;
  }

  /** The whole body of a handbook entry, read piece by piece along nextOffset (checked: src/api/paging.ts). */
  async readWhole(opId: PieceOperationId, args: OperationArgs<PieceOperationId>): Promise<{ id: string; title: string; body: string }> {
    let body = '';
    let whole = { id: '', title: '' };
    for await (const piece of walkPieces(opId, (offset) => this.call(opId, { ...args, query: { offset } }))) {
      body += piece.body;
      whole = { id: piece.id, title: piece.title };
    }
    return { ...whole, body };
  }

  /** Builds the request for an operation from the catalog (throws InputError on bad input). */
  prepare<K extends OperationId>(opId: K, args: OperationArgs<K>): RawRequest {
    return this.prepareInput(opId, args);
  }

  /**
   * Calls an operation named at run time with arguments of a shape not known until then (an MCP tool's,
   * src/mcp/): checked against the catalog, sent and answered as any call.
   */
  async callNamed(opId: OperationId, input: UncheckedArgs, options: CallOptions = {}): Promise<unknown> {
    return this.send(this.prepareInput(opId, input), options);
  }

  private prepareInput(opId: OperationId, args: UncheckedArgs): RawRequest {
    const op = getOperation(opId);
    const input = parseOperationInput(opId, args);
    // Send only the query fields the caller gave; defaults are the server's business.
    const given = Object.keys(args.query ?? {});
    const parsedQuery: Record<string, unknown> = isRecord(input.query) ? input.query : {};
    const query = Object.fromEntries(given.map((k) => [k, parsedQuery[k]]));
    return {
      method: op.method,
      path: expandPath(op.path, isRecord(input.path) ? input.path : {}),
      query,
      body: op.body ? input.body : undefined,
      idempotent: op.idempotent,
      operation: opId,
    };
  }

  /**
   * Sends a request with the auth header and the retry policy; resolves to the parsed JSON body, checked
   * (src/api/answer.ts). A failure to a write that may have been done carries the unknown-outcome sentence.
   */
  async send(req: RawRequest, options: CallOptions = {}): Promise<unknown> {
    let token = await this.options.tokens.accessToken();
    let renewed = false;
    const maxRetries = options.maxRetries ?? this.maxRetries;
    const hooks = options.hooks ?? {};
    // A caller that retries itself (maxRetries 0: a wait's polling loop) hears of a 429 at once too.
    const rateLimitBudgetMs = maxRetries === 0 ? 0 : this.rateLimitBudgetMs;
    let rateLimitWaitedMs = 0; // waiting out 429s, counted against rateLimitBudgetMs
    let rateLimited = 0;
    for (let attempt = 0, tries = 0; ; attempt++, tries++) {
      if (this.closed) throw new NetworkError(`${this.options.origin}: wts has finished with this connection`);
      await hooks.beforeAttempt?.(tries);
      const canRetry = attempt < maxRetries && !this.closed;
      let res: { status: number; headers: IncomingHeaders; body: Buffer };
      try {
        res = await this.exchange(req, token, options.timeoutMs ?? this.timeoutMs);
        options.onAnswer?.(res.status, res.headers);
      } catch (err) {
        // An answer larger than the cap would be as large again: never asked for twice.
        if (err instanceof AnswerFault && err.kind === 'too-large') throw this.invalidAnswer(req, err.status ?? 0, err.message);
        const code = errorCode(err);
        const notSent = code !== undefined && NOT_SENT.has(code);
        const what = err instanceof AnswerFault ? err.message : `cannot reach ${this.options.origin}: ${code ?? messageOf(err)}`;
        if (canRetry && (notSent || req.idempotent)) {
          if (err instanceof AnswerFault && err.kind !== 'cut')
            this.options.notice?.(`wts: ${what}; trying again (${attempt + 2} of ${maxRetries + 1})…`);
          await this.backoff(attempt, err instanceof AnswerFault ? what : `network error ${code ?? messageOf(err)}`, hooks, 'network');
          continue;
        }
        if (notSent || req.method === 'GET') throw new NetworkError(what, err);
        // The request may have reached the service; a non-idempotent one is never repeated.
        const repeated = req.idempotent ? '' : 'the answer was lost and the request was not repeated; ';
        throw new NetworkError(what, err, `${repeated}${unknownOutcome(req.method, req.path)}`);
      }
      if (res.status >= 200 && res.status < 300) {
        const answer = checkAnswer(req.operation, res.status, res.headers['content-type'], res.body);
        if ('value' in answer) return answer.value;
        // Not repeated: the service answered, and a write may have been done.
        throw this.invalidAnswer(req, res.status, `the service's answer to ${this.nameOf(req)} ${answer.problem}`);
      }
      if (res.status === 401) {
        const next = renewed ? undefined : await this.options.tokens.renew?.(token);
        renewed = true;
        if (next) {
          token = next;
          attempt--; // the renewal is not a retry
          continue;
        }
        const refused = withChallenge(
          toApiError(res.status, res.headers['content-type'], res.body.toString('utf8'), undefined, undefined),
          res.headers,
        );
        throw this.options.tokens.refused?.(token, refused) ?? refused;
      }
      const retryAfter = parseRetryAfter(res.headers['retry-after'], Date.now());
      if (res.status === 429) {
        // A 429 was refused before any work was done, so any request may be repeated, for as long as the
        // budget lasts (a count would fail a script in a storm that a little patience gets through).
        // As Retry-After says; without one (or with 0), 250 ms doubling to 4 s: never a tight loop.
        const floorMs = 250 * 2 ** Math.min(rateLimited, 4);
        const waitMs = retryAfter ? retryAfter * 1000 : retryAfter === 0 ? floorMs : Math.round(floorMs * (0.5 + this.random() / 2));
        if (rateLimitWaitedMs + waitMs <= rateLimitBudgetMs) {
          rateLimitWaitedMs += waitMs;
          rateLimited++;
          attempt--; // not one of the retries the other failures count
          hooks.onPushback?.('rate-limited', waitMs);
          await this.wait(waitMs, 'rate limited');
          continue;
        }
      }
      if (res.status >= 500 && canRetry && req.idempotent) {
        await this.backoff(attempt, `server error ${res.status}`, hooks, 'server-error');
        continue;
      }
      if (res.status >= 500) hooks.onPushback?.('server-error', 0);
      const unknown = res.status >= 500 && req.method !== 'GET' ? unknownOutcome(req.method, req.path) : undefined;
      throw withChallenge(toApiError(res.status, res.headers['content-type'], res.body.toString('utf8'), retryAfter, unknown), res.headers);
    }
  }

  /** How a request is named in a line: its operation, else its method and path (`wts api`). */
  private nameOf(req: RawRequest): string {
    return req.operation ?? `${req.method} ${req.path}`;
  }

  /** An answer the client cannot use; to a request that changes something, its outcome is unknown. */
  private invalidAnswer(req: RawRequest, status: number, message: string): InvalidAnswerError {
    return new InvalidAnswerError(message, status, req.method === 'GET' ? undefined : unknownOutcome(req.method, req.path));
  }

  private backoffMs(attempt: number): number {
    // Exponential backoff with full jitter: 0..min(5 s, 250 ms * 2^attempt).
    return Math.round(this.random() * Math.min(5000, 250 * 2 ** attempt));
  }

  private async backoff(attempt: number, why: string, hooks: RequestHooks, kind: 'network' | 'server-error'): Promise<void> {
    const ms = this.backoffMs(attempt);
    hooks.onPushback?.(kind, ms);
    await this.wait(ms, why);
  }

  private async wait(ms: number, why: string): Promise<void> {
    this.options.debug?.(`* ${why}; retrying in ${ms} ms`);
    await this.sleep(ms, this.closing.signal);
  }

  private async exchange(req: RawRequest, token: string, timeoutMs: number) {
    // As many connections as requests in flight at most (src/api/pool.ts); opened only as needed.
    if (this.dispatcher === undefined) {
      // undici compiles its HTTP parser (WebAssembly) on the first connection.
      keepWebAssemblyOnLiftoff();
      this.dispatcher = new AgentClass({ keepAliveTimeout: 10_000, connections: MAX_CONNECTIONS });
    }
    const url = new URL(`${this.base}${req.path}${wireQuery(req.query)}`);
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers: Record<string, string> = {
      ...req.headers,
      authorization: `Bearer ${token}`,
      accept: 'application/json, application/problem+json',
      'user-agent': this.options.userAgent ?? 'wts',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    };
    const debug = this.options.debug;
    const started = Date.now();
    debug?.(`> ${req.method} ${url}`);
    // The token is redacted wherever it appears, and so is any header that names a secret.
    const shown = (k: string, v: string) =>
      k === 'authorization' ? 'Bearer [redacted]' : SECRET_HEADER.test(k) ? '[redacted]' : v.split(token).join('[redacted]');
    if (debug) for (const [k, v] of Object.entries(headers)) debug(`> ${k}: ${shown(k, v)}`);
    if (debug && body !== undefined) debug(`> ${truncate(body)}`);
    // One deadline for the whole exchange: undici's headersTimeout and bodyTimeout are idle timers (a body
    // dripped a byte at a time never trips them). Aborting closes the connection.
    const deadline = new Deadline();
    const timer = setTimeout(() => deadline.abort(), Math.min(Math.max(timeoutMs, 1), MAX_TIMER_MS));
    const host = url.host;
    const name = this.nameOf(req);
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
        { host, name, timeoutMs, deadline },
      );
      if (debug) {
        debug(`< ${res.statusCode} (${Date.now() - started} ms)`);
        for (const [k, v] of Object.entries(res.headers)) debug(`< ${k}: ${shown(k, String(v))}`);
        if (res.body.length > 0) debug(`< ${truncate(res.body.toString('utf8'))}`);
      }
      return { status: res.statusCode, headers: res.headers, body: res.body };
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
  private collect(
    dispatcher: Dispatcher,
    options: Dispatcher.DispatchOptions,
    at: { host: string; name: string; timeoutMs: number; deadline: Deadline },
  ): Promise<{ statusCode: number; headers: IncomingHeaders; body: Buffer }> {
    const cap = this.maxAnswerBytes;
    const { deadline } = at;
    return new Promise((resolve, reject) => {
      let abort: ((reason: Error) => void) | undefined;
      let statusCode = 0;
      let headers: IncomingHeaders = {};
      let headed = false;
      const chunks: Buffer[] = [];
      let bytes = 0;
      let declared = Number.NaN;
      let settled = false;
      const onDeadline = () => abort?.(deadline.reason ?? new Error('the deadline passed'));
      deadline.once('abort', onDeadline);
      const tooLarge = (size: string) =>
        new AnswerFault(
          'too-large',
          `the service's answer to ${at.name} was ${size}, more than wts reads (${megabytes(cap)}, WTS_MAX_ANSWER_MB); not read`,
          statusCode,
        );
      const finish = (err: Error | undefined) => {
        if (settled) return;
        settled = true;
        deadline.removeListener('abort', onDeadline);
        if (err === undefined) {
          resolve({ statusCode, headers, body: chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks, bytes) });
        } else if (err instanceof AnswerFault) {
          reject(err);
        } else if (!headed) {
          // No answer at all: the connection failed, or the deadline passed first.
          reject(deadline.aborted ? new AnswerFault('no-answer', `no answer from ${at.host} in ${secondsText(at.timeoutMs)}`) : err);
        } else {
          const of = Number.isFinite(declared) ? ` of ${declared}` : '';
          reject(
            deadline.aborted
              ? new AnswerFault(
                  'late',
                  `the answer from ${at.host} to ${at.name} did not arrive in full in ${secondsText(at.timeoutMs)} (${bytes}${of} bytes came)`,
                  statusCode,
                )
              : new AnswerFault(
                  'cut',
                  `the service's answer to ${at.name} was cut off after ${bytes}${of} bytes (${errorCode(err) ?? messageOf(err)})`,
                  statusCode,
                ),
          );
        }
      };
      const handler: Dispatcher.DispatchHandler = {
        onConnect(abortRequest) {
          abort = (reason) => abortRequest(reason);
          if (deadline.aborted) onDeadline();
        },
        onHeaders(status, rawHeaders) {
          // An informational answer (1xx): the real one follows.
          if (status < 200) return true;
          statusCode = status;
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
    this.closed = true;
    this.closing.abort();
    const d = this.dispatcher;
    this.dispatcher = undefined;
    // Destroyed, not closed gracefully: that has undici destroy each socket with an error of its own,
    // whose stack Node reads, and placing its frames in the bundle counts the lines of all 1.8 MB of it,
    // which costs more than the rest of closing (test/e2e/exit-cost.test.ts).
    if (this.writesInFlight === 0) await d?.destroy(stackless('wts has finished with this connection'));
    else await d?.close();
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

/** The auth-params of a `WWW-Authenticate: Bearer …` header (RFC 6750 §3), quoted or not. */
export function bearerChallengeOf(header: string | string[] | undefined): BearerChallenge | undefined {
  const text = Array.isArray(header) ? header.join(', ') : header;
  if (!text || !/^\s*bearer\b/i.test(text)) return undefined;
  const params: Record<string, string> = {};
  for (const m of text.matchAll(/([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]+))/g)) {
    params[m[1]?.toLowerCase() ?? ''] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
  }
  const challenge: BearerChallenge = {};
  if (params.error) challenge.error = params.error;
  if (params.error_description) challenge.description = params.error_description;
  if (params.scope) challenge.scope = params.scope;
  return challenge;
}

function withChallenge(err: ApiError, headers: Record<string, string | string[] | undefined>): ApiError {
  err.challenge = bearerChallengeOf(headers['www-authenticate']);
  return err;
}

/** Bytes for a line: "64 MB", "500.5 MB". */
function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

function truncate(text: string, max = 2000): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/** A problem document (RFC 9457) with the service's code; its other members are read where present and kept as they came. */
function isProblem(value: unknown): value is Problem {
  return isRecord(value) && typeof value.code === 'string';
}

function toApiError(
  status: number,
  contentType: string | string[] | undefined,
  text: string,
  retryAfter: number | undefined,
  unknown: string | undefined,
): ApiError {
  let problem: Problem | undefined;
  if (String(contentType ?? '').includes('json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isProblem(parsed)) problem = parsed;
    } catch {
      // not JSON after all: fall through to the status line
    }
  }
  const detail = problem?.detail ?? problem?.title ?? `the service answered ${status}`;
  return new ApiError(status, problem?.code ?? `http_${status}`, detail, problem, retryAfter, unknown);
}
