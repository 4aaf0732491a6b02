// The client's one HTTP layer, put together: the catalog's operations called (src/api/request.ts builds
// and checks each request, so bad input sends nothing), sent with a token (renewed once after a 401:
// renewal.ts) over one transport with a deadline and a size cap (transport.ts), tried again only when
// safe and within the 429 budget (retries.ts), every answer checked before it is used and every error
// answer an ApiError (answer.ts; a refusal of a name wts built is the disagreement's: blame.ts), every
// filtered list checked against its filters (filters.ts), and pages as async iterators so `--all`
// streams with flat memory (paging.ts). Each of those has one reason to change; this file only says in which order they run.
import {
  getOperation,
  pageBounds,
  type OperationArgs,
  type OperationId,
  type OperationItem,
  type OperationResult,
  type Operations,
  type Page,
} from '../contract/operations.js';
import { redirectedOrigin } from '../net/redirect.js';
import { CliError, ExitCode, NetworkError } from '../errors.js';
import { terminalLine } from '../output/sanitize.js';
import { sharedAbort, sleep } from '../sleep.js';
import { answerError, answerValue, invalidAnswer, takeUnknownValues } from './answer.js';
import { blameOf } from './blame.js';
import { checkFilters } from './filters.js';
import { startAhead, walkPages, walkPieces, type PageAsk } from './paging.js';
import { Renewal, type TokenSource } from './renewal.js';
import { prepareRequest, type RawRequest, type UncheckedArgs } from './request.js';
import { parseRetryAfter, Retries, type RequestHooks } from './retries.js';
import { AnswerFault, type Answer, DEFAULT_MAX_ANSWER_BYTES, refusePlainHttp, Transport } from './transport.js';
import { unknownOutcome } from './unknown-outcome.js';
import type { Wire } from './wire.js';

// What callers import from here, wherever it is kept.
export { bearerChallengeOf } from './answer.js';
export type { TokenSource } from './renewal.js';
export { API_OWN_HEADERS, type RawRequest } from './request.js';
export { parseRetryAfter, type RequestHooks } from './retries.js';
export { DEFAULT_MAX_ANSWER_BYTES, MAX_CONNECTIONS } from './transport.js';

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
  /** The service's names where they are not wts's (src/api/wire.ts); undefined: wts's own. */
  wire?: Wire;
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

export class ApiClient {
  private readonly transport: Transport;
  /** close() was called: the command is over, and nothing more is sent (nor tried again). */
  private closed = false;
  /** Aborted by close(): a request waiting out a 429 or a backoff stops waiting, and sends nothing more. */
  private readonly closing = sharedAbort();
  private readonly timeoutMs: number;
  /** The unknown values already noted (noteUnknownValues): each is said once. */
  private readonly noted = new Set<string>();

  constructor(private readonly options: ApiClientOptions) {
    this.transport = new Transport({
      base: `${options.origin.replace(/\/+$/, '')}/api/v1`,
      maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
      ...(options.userAgent !== undefined && { userAgent: options.userAgent }),
      ...(options.debug !== undefined && { debug: options.debug }),
    });
    this.timeoutMs = options.timeoutMs ?? 30_000;
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

  /** Starts a request ahead of its reader (the next page of a listing): see startAhead (src/api/paging.ts). */
  ahead<T>(start: () => Promise<T>): Promise<{ answer: Promise<T> }> {
    return startAhead(start);
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
    return prepareRequest(opId, args);
  }

  /**
   * Calls an operation named at run time with arguments of a shape not known until then (an MCP tool's,
   * src/mcp/): checked against the catalog, sent and answered as any call.
   */
  async callNamed(opId: OperationId, input: UncheckedArgs, options: CallOptions = {}): Promise<unknown> {
    return this.send(prepareRequest(opId, input), options);
  }

  /**
   * Sends a request with the auth header and the retry policy; resolves to the parsed JSON body, checked
   * (src/api/answer.ts). A failure to a write that may have been done carries the unknown-outcome sentence.
   */
  async send(req: RawRequest, options: CallOptions = {}): Promise<unknown> {
    refusePlainHttp(new URL(this.options.origin));
    const renewal = await Renewal.start(this.options.tokens);
    const maxRetries = options.maxRetries ?? this.options.maxRetries ?? 3;
    const retries = new Retries(
      {
        origin: this.options.origin,
        maxRetries,
        rateLimitBudgetMs: this.options.rateLimitBudgetMs ?? 60_000,
        random: this.options.random ?? Math.random,
        sleep: this.options.sleep ?? sleep,
        signal: this.closing.signal,
        ...(this.options.notice !== undefined && { notice: this.options.notice }),
        ...(this.options.debug !== undefined && { debug: this.options.debug }),
      },
      options.hooks ?? {},
    );
    // Renamed once, at the boundary: everything above it keeps wts's names.
    const { wire } = this.options;
    const sent = wire ? wire.request(req) : req;
    for (;;) {
      if (this.closed) throw new NetworkError(`${this.options.origin}: wts has finished with this connection`);
      await retries.beforeAttempt(this.closed);
      let res: Answer;
      try {
        res = await this.transport.exchange(sent, renewal.token, options.timeoutMs ?? this.timeoutMs);
        options.onAnswer?.(res.status, res.headers);
      } catch (err) {
        // An answer larger than the cap would be as large again: never asked for twice.
        if (err instanceof AnswerFault && err.kind === 'too-large') throw invalidAnswer(req, err.status ?? 0, err.message);
        await retries.afterFailure(err, req);
        continue;
      }
      if (res.status >= 200 && res.status < 300) {
        const value = answerValue(req, res, wire);
        this.noteUnknownValues();
        // A filtered list whose rows do not match the filter: the service ignored it (src/api/filters.ts).
        checkFilters(req.operation, req.query, value);
        return value;
      }
      if (res.status === 401) {
        await renewal.after401(res);
        retries.notCounted(); // the renewal is not a retry
        continue;
      }
      const location = res.headers.location;
      const to = redirectedOrigin(res.status, Array.isArray(location) ? location[0] : location, this.options.origin);
      if (to) throw new CliError(`${this.options.origin} redirects to ${to}: use that as the origin`, ExitCode.usage);
      const retryAfter = parseRetryAfter(res.headers['retry-after'], Date.now());
      if (await retries.afterRefusal(res.status, retryAfter, req)) continue;
      const unknown = res.status >= 500 && req.method !== 'GET' ? unknownOutcome(req.method, req.path) : undefined;
      const refusal = answerError(res, retryAfter, unknown);
      // A refusal of a name wts built (under the service's name, as sent), not of the user's input
      // (src/api/blame.ts).
      throw blameOf(sent, refusal) ?? refusal;
    }
  }

  /**
   * Says once, on a terminal (the `notice` option), that the service sent a value of an open field wts
   * does not know (a pending action's state, say): it is shown as it came, sanitized.
   */
  private noteUnknownValues(): void {
    for (const { value, known } of takeUnknownValues()) {
      if (this.noted.has(value)) continue;
      this.noted.add(value);
      this.options.notice?.(
        `note: the service sent "${terminalLine(value)}", a value this version of wts does not know (it knows ${known.join(', ')}): shown as it came`,
      );
    }
  }

  /**
   * Closes the connections so the process can exit at once: reads still in flight end now, writes are
   * let finish (src/api/transport.ts).
   */
  async close(): Promise<void> {
    this.closed = true;
    this.closing.abort();
    await this.transport.close();
  }
}
