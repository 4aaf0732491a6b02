// Many requests of one kind at once (the inbox's per-task checks, bulk verbs over many ids), at a
// concurrency that adapts to the service as TCP's congestion control does: it doubles while every answer
// is fine (slow start), then grows by one a round; a 429 or a 5xx halves it (once a round). A request
// waiting out its Retry-After gives its place up meanwhile; when refusals come in a row (a rate limit,
// not bad luck), nothing new starts before the Retry-After has passed. The retries themselves are the HTTP layer's
// (src/api/retries.ts: 429 within a time budget, 5xx and lost answers only when safe to repeat); it tells
// the pool what it saw through RequestHooks.
import { isUnknownOutcome } from '../errors.js';
import { sharedAbort, sleep } from '../sleep.js';
import { MAX_CONNECTIONS, type RequestHooks } from './client.js';

export interface PoolOptions {
  /** Requests in flight at first (default 8). */
  initial?: number;
  /** Never more than this many in flight (default MAX_CONCURRENCY; the HTTP layer keeps MAX_CONNECTIONS). */
  max?: number;
  /** Stop starting new items after the first failure (default false: every item gets its outcome). */
  stopOnFailure?: boolean;
  now?: () => number;
  /** Waits `ms`, or until `signal` is aborted (the pool stopped). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** How one item ended: its result, or its error; `unknown` when a write's answer was lost (never repeated). */
export type Outcome<T, R> = { item: T; ok: true; result: R } | { item: T; ok: false; error: unknown; unknown: boolean };

/** Push-backs in a row, without a fine answer between, that read as a rate limit rather than bad luck. */
const REFUSED_IN_A_ROW = 8;

/** The most requests a pool has in flight at once unless told otherwise (bulk verbs); at most MAX_CONNECTIONS. */
export const MAX_CONCURRENCY = Math.min(64, MAX_CONNECTIONS);

/** The adaptive limit: how many may be in flight now. */
export class AdaptiveLimit {
  private limit: number;
  private active = 0;
  private slowStart = true;
  private pausedUntil = 0;
  private lastCut = -Infinity;
  private refusedInARow = 0;
  private readonly waiters: (() => void)[] = [];
  private readonly max: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborted by stop(): nobody waits for a place any more. */
  private readonly stopping = sharedAbort();

  constructor(options: Pick<PoolOptions, 'initial' | 'max' | 'now' | 'sleep'> = {}) {
    this.max = options.max ?? MAX_CONCURRENCY;
    this.limit = Math.min(this.max, options.initial ?? 8);
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? sleep;
  }

  /** The current limit, rounded down (for tests and --debug). */
  get current(): number {
    return Math.floor(this.limit);
  }

  /** Waits for a place: under the limit and past any Retry-After; once stopped, at once. */
  async acquire(): Promise<void> {
    for (;;) {
      if (this.stopping.signal.aborted) {
        this.active++;
        return;
      }
      const pause = this.pausedUntil - this.now();
      if (pause > 0) await this.sleep(pause, this.stopping.signal);
      else if (this.active < Math.floor(this.limit)) {
        this.active++;
        return;
      } else await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  release(): void {
    this.active--;
    this.wake();
  }

  /**
   * Nothing new will start: whoever waits for a place (held by the limit or by a Retry-After pause) gets
   * one at once, to find the pool stopped, and a retry already under way is not held back either.
   */
  stop(): void {
    this.stopping.abort();
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** An answer that was fine: one more (slow start), or one more a round. */
  fine(): void {
    this.refusedInARow = 0;
    this.limit = Math.min(this.max, this.limit + (this.slowStart ? 1 : 1 / this.limit));
    this.wake();
  }

  /**
   * The service pushed back (429 or 5xx): half as many, once a round. When it keeps refusing (a real rate
   * limit, not a request here and there), nothing new starts before `waitMs` (its Retry-After) has passed.
   */
  pushedBack(waitMs: number): void {
    const now = this.now();
    // One cut per round: the requests already in flight when it happened report the same congestion.
    if (now - this.lastCut > Math.max(waitMs, 100)) {
      this.limit = Math.max(1, this.limit / 2);
      this.slowStart = false;
      this.lastCut = now;
    }
    if (++this.refusedInARow >= REFUSED_IN_A_ROW && waitMs > 0) this.pausedUntil = Math.max(this.pausedUntil, now + waitMs);
  }

  /**
   * Hooks for one request of the pool (it holds a place): while it waits to be retried it gives its place
   * up, so the others go on, and takes one again before the retry.
   */
  hooks(): RequestHooks {
    let waiting = false;
    return {
      beforeAttempt: async () => {
        if (!waiting) return;
        waiting = false;
        await this.acquire();
      },
      onPushback: (why, waitMs) => {
        if (why !== 'network') this.pushedBack(waitMs);
        if (waitMs > 0 && !waiting) {
          waiting = true;
          this.release();
        }
      },
    };
  }

  private wake(): void {
    // As many as there is room for; each checks again in acquire().
    for (let room = Math.floor(this.limit) - this.active; room > 0; room--) {
      const waiter = this.waiters.shift();
      if (!waiter) return;
      waiter();
    }
  }
}

/**
 * Runs `work` for every item at an adaptive concurrency; `work` sends its requests with the hooks it is
 * given (api.call(op, args, { hooks })). `items` may be an async iterable whose items turn up over time (the
 * inbox's tasks, page by page, checked as they are listed): each waits for a place as soon as it arrives,
 * in order. Outcomes come back in the order of `items` (missing for items a failure kept from starting);
 * `onOutcome` hears of each as it ends (for a progress line, or to show items as they are found).
 *
 * With `stopOnFailure`, the first failure stops the rest: nothing new starts and no further item is taken
 * from `items` (an async iterator is closed with return()); items waiting for a place, held by a
 * Retry-After pause included, end at once. If `items` itself fails, nothing new starts either, and the
 * pool rejects with its error once the work in flight has ended.
 */
export async function runPool<T, R>(
  items: Iterable<T> | AsyncIterable<T>,
  work: (item: T, hooks: RequestHooks, index: number) => Promise<R>,
  options: PoolOptions & { onOutcome?: (outcome: Outcome<T, R>, index: number) => void } = {},
): Promise<Outcome<T, R>[]> {
  const limit = new AdaptiveLimit(options);
  const outcomes: Outcome<T, R>[] = [];
  const running: Promise<void>[] = [];
  let stopped = false;
  const run = async (item: T, index: number): Promise<void> => {
    await limit.acquire();
    try {
      if (stopped) return;
      let outcome: Outcome<T, R>;
      try {
        outcome = { item, ok: true, result: await work(item, limit.hooks(), index) };
        limit.fine();
      } catch (error) {
        outcome = { item, ok: false, error, unknown: isUnknownOutcome(error) };
        if (options.stopOnFailure) {
          stopped = true;
          limit.stop();
        }
      }
      outcomes[index] = outcome;
      options.onOutcome?.(outcome, index);
    } finally {
      limit.release();
    }
  };
  try {
    for await (const item of items) {
      if (stopped) break;
      running.push(run(item, running.length));
    }
  } catch (error) {
    stopped = true;
    limit.stop();
    await Promise.all(running);
    throw error;
  }
  await Promise.all(running);
  outcomes.length = running.length;
  return outcomes;
}

/** The results of `outcomes`, or the first failure thrown (for callers that need every item or nothing). */
export function resultsOrThrow<T, R>(outcomes: readonly (Outcome<T, R> | undefined)[]): R[] {
  const failed = outcomes.find((o) => o !== undefined && !o.ok);
  if (failed && !failed.ok) throw failed.error;
  return outcomes.map((o) => {
    // Only a run stopped by a failure leaves an item without an outcome, and that failure was thrown above.
    if (!o?.ok) throw new Error('an item of the pool has no result');
    return o.result;
  });
}
