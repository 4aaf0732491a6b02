// The one way wts waits: a timer that a signal ends early, and never past what Node's timers can hold.
import { setMaxListeners } from 'node:events';

/** Node's largest timer (2^31-1 ms, about 24.8 days): a longer one fires after 1 ms, a tight loop where a long wait was meant. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Waits `ms` (at most MAX_TIMER_MS), or until `signal` is aborted, whichever comes first; never rejects.
 * An abort clears the timer, so a wait given up does not hold the process until it would have ended.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.min(Math.max(0, ms), MAX_TIMER_MS));
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * An AbortController whose signal any number of waits and requests listen to at once: a bulk run's
 * requests (up to 64) each wait out a 429 on the client's one signal, and past 10 listeners Node 20 writes
 * "MaxListenersExceededWarning: Possible EventTarget memory leak detected" to stderr.
 */
export function sharedAbort(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}
