// The one polling loop behind every command that waits or follows (`--wait`, `run watch`, `--follow`).
// The service has no events or webhooks, so following means asking again; this loop asks cheaply:
// - one step per interval (a step makes one request per thing followed while nothing changes);
// - the interval starts at 1 s, grows by half after each step that saw nothing new, up to 15 s, and
//   drops back to 1 s when something changed;
// - a 429 waits at least its Retry-After (up to MAX_RETRY_AFTER_MS; one past the deadline ends the wait at
//   once, as rate limited: exit 7); a 5xx, a lost connection or a timed-out request waits the next,
//   longer interval and tries again: only the deadline (or Ctrl-C) ends a wait, never a storm of errors.
// Steps send their requests with the client's own retries off (`POLL_CALL`), so one policy decides when
// to ask again and a failing service sees one request per interval, not four.
import { MAX_TIMER_MS, sleep } from '../sleep.js';
import type { CallOptions } from '../api/client.js';
import { ApiError, messageOf, NetworkError } from '../errors.js';

export const MIN_INTERVAL_MS = 1000;
export const MAX_INTERVAL_MS = 15_000;
const GROWTH = 1.5;
/** Each sleep is the interval ± this share, so many followers started together do not ask in step. */
const JITTER = 0.1;
/**
 * The longest a Retry-After is waited out before asking again. A service that says "come back in 30
 * days" is asked again after this: one request, where a month of silence would look like a hang.
 */
export const MAX_RETRY_AFTER_MS = 15 * 60_000;
/** The longest a single request of a step may take (the client's default timeout). */
const REQUEST_TIMEOUT_MS = 30_000;

/** Time and sleep for the loop; tests pass a fake one. `now` only measures durations (monotonic). */
export interface PollClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  random(): number;
}

export const realClock: PollClock = {
  now: () => performance.now(),
  sleep,
  random: Math.random,
};

/** How long a loop sleeps before asking again, or that the service asks it to wait past its deadline. */
export type Delay = { waitMs: number } | { pastDeadline: true };

/**
 * The one rule for the sleep of every loop that asks the service again and again (the waits and
 * follows here, the dashboard's refresh): at least its interval whatever the service says (a
 * Retry-After of 0, or an error that comes back at once, never makes a tight loop); at least the
 * Retry-After, up to MAX_RETRY_AFTER_MS (a number that is not one counts as none); never longer than a
 * timer can hold. A Retry-After past `remainingMs` (the loop's deadline) is `pastDeadline`: waiting
 * cannot end well, so the loop ends at once.
 */
export function pollDelay(intervalMs: number, retryAfterSeconds: number | undefined, remainingMs = Infinity): Delay {
  const interval = Number.isFinite(intervalMs) && intervalMs > 0 ? intervalMs : MIN_INTERVAL_MS;
  // NaN, negative or none: no floor of the service's; Infinity: as long as the cap allows.
  const asked = retryAfterSeconds !== undefined && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : 0;
  if (asked > remainingMs) return { pastDeadline: true };
  return { waitMs: Math.min(MAX_TIMER_MS, Math.max(interval, Math.min(asked, MAX_RETRY_AFTER_MS))) };
}

/** The interval between steps: grows while nothing changes, back to the minimum when something does. */
export class PollInterval {
  private current: number;

  /** From `min`, growing to `max` while nothing changes (by default 1 s to 15 s). */
  constructor(
    private readonly min = MIN_INTERVAL_MS,
    private readonly max = MAX_INTERVAL_MS,
  ) {
    this.current = min;
  }

  get ms(): number {
    return this.current;
  }

  /** After a step: the interval to wait before the next one. */
  after(changed: boolean): number {
    this.current = changed ? this.min : Math.min(this.max, Math.round(this.current * GROWTH));
    return this.current;
  }
}

/** What one step found: the end (with its value), or whether anything changed since the last step. */
export type StepResult<T> = { done: true; value: T } | { done: false; changed: boolean };

/** The deadline passed before the step reported done. */
export class WaitTimeout extends Error {
  constructor(readonly waitedMs: number) {
    super(`timed out after ${Math.round(waitedMs / 1000)} s`);
    this.name = 'WaitTimeout';
  }
}

/** The service asked (Retry-After) to be left alone past the deadline: the loop ended at once rather than wait in vain. */
export class RetryPastDeadline extends Error {
  constructor(
    readonly error: unknown,
    readonly retryAfterSeconds: number,
  ) {
    super(`${transientReason(error)}: the service asks to wait ${retryAfterSeconds} s, past the deadline`);
    this.name = 'RetryPastDeadline';
  }
}

export interface PollOptions {
  /** Give up (WaitTimeout) after this long; no limit when undefined. */
  timeoutMs?: number;
  /** Stop (poll resolves to undefined) when this aborts: Ctrl-C. */
  signal?: AbortSignal;
  clock?: PollClock;
  /** Which errors of a step are waited out and tried again (default: isTransient). */
  retryable?: (err: unknown) => boolean;
  /** Told of each failed step that will be tried again, and how long until then. */
  onRetry?: (why: string, waitMs: number) => void;
  /** The interval between steps: from `minMs` after a change, growing to `maxMs` (default 1 s to 15 s). */
  interval?: { minMs: number; maxMs: number };
}

/** Whether a failed step may be tried again: rate limited, a server error, or no answer. */
export function isTransient(err: unknown): boolean {
  if (err instanceof ApiError) return err.status === 429 || err.status >= 500;
  return err instanceof NetworkError;
}

/** A short reason for a transient failure, for the spinner and --debug. */
export function transientReason(err: unknown): string {
  if (err instanceof ApiError) return err.status === 429 ? 'rate limited' : `the service answered ${err.status}`;
  return messageOf(err);
}

/** The loop: a handle on time that a step can use for its requests. */
export interface PollContext {
  /** Options for a request sent by a step: no retries of the client's own, a timeout within the deadline. */
  call(): CallOptions;
  /** Milliseconds since the loop started. */
  elapsedMs(): number;
}

/**
 * Runs `step` until it reports done and resolves to its value; resolves to undefined when `signal`
 * aborts. Throws WaitTimeout at the deadline (after one last step at the deadline itself), RetryPastDeadline
 * at once when a Retry-After goes past it, and any error of a step that is not transient (a 404, a 403,
 * …), as is.
 */
export async function poll<T>(step: (loop: PollContext) => Promise<StepResult<T>>, options: PollOptions = {}): Promise<T | undefined> {
  const clock = options.clock ?? realClock;
  const started = clock.now();
  const deadline = options.timeoutMs === undefined ? Infinity : started + options.timeoutMs;
  const interval = new PollInterval(options.interval?.minMs, options.interval?.maxMs);
  const loop: PollContext = {
    call: () => ({ maxRetries: 0, timeoutMs: Math.max(MIN_INTERVAL_MS, Math.min(REQUEST_TIMEOUT_MS, Math.ceil(deadline - clock.now()))) }),
    elapsedMs: () => clock.now() - started,
  };
  for (;;) {
    if (options.signal?.aborted) return undefined;
    let intervalMs: number;
    let failure: { err: unknown; retryAfter: number | undefined } | undefined;
    try {
      const result = await step(loop);
      if (result.done) return result.value;
      intervalMs = interval.after(result.changed);
    } catch (err) {
      if (options.signal?.aborted) return undefined;
      if (!(options.retryable ?? isTransient)(err)) throw err;
      intervalMs = interval.after(false);
      failure = { err, retryAfter: err instanceof ApiError ? err.retryAfterSeconds : undefined };
    }
    if (options.signal?.aborted) return undefined;
    const now = clock.now();
    if (now >= deadline) throw new WaitTimeout(now - started);
    // The interval is spread; a Retry-After is a floor, never asked again sooner than the service said.
    const jittered = Math.round(intervalMs * (1 - JITTER + 2 * JITTER * clock.random()));
    const delay = pollDelay(jittered, failure?.retryAfter, deadline - now);
    if ('pastDeadline' in delay) throw new RetryPastDeadline(failure?.err, failure?.retryAfter ?? 0);
    if (failure) options.onRetry?.(transientReason(failure.err), delay.waitMs);
    await clock.sleep(Math.min(delay.waitMs, deadline - now), options.signal);
  }
}
