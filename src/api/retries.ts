// When a request is sent again, and how long it waits first: never a request the server may have acted
// on (only what never left this machine, or what is safe to repeat), a few times with backoff after a
// lost answer or a 5xx, and after 429s for as long as a time budget lasts, as Retry-After says.
import { messageOf, NetworkError } from '../errors.js';
import { isNotSent, NetFailure } from '../net/failure.js';
import type { RawRequest } from './request.js';
import { AnswerFault, errorCode } from './transport.js';
import { unknownOutcome } from './unknown-outcome.js';

/** What a caller running many requests at once (src/api/pool.ts) hears of, and how it holds them back. */
export interface RequestHooks {
  /** Awaited before each attempt (0 for the first). */
  beforeAttempt?(attempt: number): Promise<void>;
  /** The service said 429, answered 5xx, or could not be reached; a retry comes after `waitMs` (0: none). */
  onPushback?(why: 'rate-limited' | 'server-error' | 'network', waitMs: number): void;
}

/** The client's policy for one request. */
export interface RetryPolicy {
  origin: string;
  /** Retries after the first attempt. */
  maxRetries: number;
  /** How long the request may wait out 429s, in all. */
  rateLimitBudgetMs: number;
  random: () => number;
  /** Waits `ms`, or until `signal` is aborted. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborted when the client closes: a wait ends at once. */
  signal: AbortSignal;
  notice?: (line: string) => void;
  debug?: (line: string) => void;
}

/**
 * The longest wait Retry-After may ask for, in seconds (a day): beyond any rate-limit budget, so a request
 * gives up at once (exit 7), and far below the longest timer Node keeps (2^31-1 ms, about 24.8 days;
 * longer ones fire at once).
 */
const MAX_RETRY_AFTER_S = 24 * 60 * 60;

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

/** One request's retries: what it has spent of its retries and of its 429 budget. */
export class Retries {
  /** Attempts counted against maxRetries (a renewal after 401 and a 429 are not). */
  private attempt = -1;
  /** Attempts made, every one counted (what the hooks hear). */
  private tries = -1;
  private canRetry = false;
  private readonly rateLimitBudgetMs: number;
  /** Waiting out 429s, counted against rateLimitBudgetMs. */
  private rateLimitWaitedMs = 0;
  private rateLimited = 0;

  constructor(
    private readonly policy: RetryPolicy,
    private readonly hooks: RequestHooks,
  ) {
    // A caller that retries itself (maxRetries 0: a wait's polling loop) hears of a 429 at once too.
    this.rateLimitBudgetMs = policy.maxRetries === 0 ? 0 : policy.rateLimitBudgetMs;
  }

  /** Before each attempt; `closed`: the client has closed, and nothing is tried again. */
  async beforeAttempt(closed: boolean): Promise<void> {
    this.attempt++;
    this.tries++;
    await this.hooks.beforeAttempt?.(this.tries);
    this.canRetry = this.attempt < this.policy.maxRetries && !closed;
  }

  /** The attempt just made is not one of the retries that failures count (a renewal after 401). */
  notCounted(): void {
    this.attempt--;
  }

  /**
   * After a request that got no answer, or not all of it: resolves once it is time to try again, or throws
   * the NetworkError (to a write that may have reached the service, with the unknown-outcome sentence).
   */
  async afterFailure(err: unknown, req: RawRequest): Promise<void> {
    const code = errorCode(err);
    // Before the request left this machine (DNS, connect, a proxy, TLS, a certificate: src/net/failure.ts):
    // always safe to try again, and a write so refused did nothing.
    const notSent = (err instanceof AnswerFault && err.kind === 'not-connected') || (!(err instanceof AnswerFault) && isNotSent(err));
    const what =
      err instanceof AnswerFault
        ? err.message
        : `cannot reach ${this.policy.origin}: ${err instanceof NetFailure ? err.message : (code ?? messageOf(err))}`;
    // A refused certificate or a proxy's refusal is the same the next time: said at once.
    const again =
      !(err instanceof NetFailure) || /^(UND_ERR_CONNECT_TIMEOUT|ECONNREFUSED|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/.test(err.code ?? '');
    if (this.canRetry && again && (notSent || req.idempotent)) {
      if ((err instanceof AnswerFault && err.kind !== 'cut') || (err instanceof NetFailure && err.code === 'UND_ERR_CONNECT_TIMEOUT'))
        this.policy.notice?.(`wts: ${what}; trying again (${this.attempt + 2} of ${this.policy.maxRetries + 1})…`);
      await this.backoff(err instanceof AnswerFault ? what : `network error ${code ?? messageOf(err)}`, 'network');
      return;
    }
    if (notSent || req.method === 'GET') throw new NetworkError(what, err);
    // The request may have reached the service; a non-idempotent one is never repeated.
    const repeated = req.idempotent ? '' : 'the answer was lost and the request was not repeated; ';
    throw new NetworkError(what, err, `${repeated}${unknownOutcome(req.method, req.path)}`);
  }

  /**
   * After an answer that is neither a success nor a 401: true once it is time to send the request again
   * (a 429 within the budget, a 5xx to what is safe to repeat), false when the answer is final.
   */
  async afterRefusal(status: number, retryAfter: number | undefined, req: RawRequest): Promise<boolean> {
    if (status === 429) {
      // A 429 was refused before any work was done, so any request may be repeated, for as long as the
      // budget lasts (a count would fail a script in a storm that a little patience gets through).
      // As Retry-After says; without one (or with 0), 250 ms doubling to 4 s: never a tight loop.
      const floorMs = 250 * 2 ** Math.min(this.rateLimited, 4);
      const waitMs = retryAfter ? retryAfter * 1000 : retryAfter === 0 ? floorMs : Math.round(floorMs * (0.5 + this.policy.random() / 2));
      if (this.rateLimitWaitedMs + waitMs <= this.rateLimitBudgetMs) {
        this.rateLimitWaitedMs += waitMs;
        this.rateLimited++;
        this.attempt--; // not one of the retries the other failures count
        this.hooks.onPushback?.('rate-limited', waitMs);
        await this.wait(waitMs, 'rate limited');
        return true;
      }
    }
    if (status >= 500 && this.canRetry && req.idempotent) {
      await this.backoff(`server error ${status}`, 'server-error');
      return true;
    }
    if (status >= 500) this.hooks.onPushback?.('server-error', 0);
    return false;
  }

  private async backoff(why: string, kind: 'network' | 'server-error'): Promise<void> {
    // Exponential backoff with full jitter: 0..min(5 s, 250 ms * 2^attempt).
    const ms = Math.round(this.policy.random() * Math.min(5000, 250 * 2 ** this.attempt));
    this.hooks.onPushback?.(kind, ms);
    await this.wait(ms, why);
  }

  private async wait(ms: number, why: string): Promise<void> {
    this.policy.debug?.(`* ${why}; retrying in ${ms} ms`);
    await this.policy.sleep(ms, this.policy.signal);
  }
}
