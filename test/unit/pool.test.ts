// runPool and AdaptiveLimit: the concurrency `wts inbox` and bulk verbs run at — more while every
// answer is fine, half on a push-back, nothing new during a Retry-After — with outcomes per item, over
// items given at once or turning up over time (an async iterable: the inbox's tasks as they are listed).
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/errors.js';
import { AdaptiveLimit, resultsOrThrow, runPool } from '../../src/api/pool.js';

/** A call that resolves when the test says so, to control what is in flight. */
function controlled() {
  const waiting: { index: number; resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
  let inFlight = 0;
  let most = 0;
  const work = (_item: number, _hooks: unknown, index: number) =>
    new Promise<number>((resolve, reject) => {
      inFlight++;
      most = Math.max(most, inFlight);
      const done =
        <T>(f: (v: T) => void) =>
        (v: T) => {
          inFlight--;
          f(v);
        };
      waiting.push({ index, resolve: done(resolve), reject: done(reject) });
    });
  return { work, waiting, most: () => most };
}

/** An async iterable the test feeds item by item, ends or fails; `closed` tells whether the pool closed it. */
function controlledFeed<T>() {
  const queue: T[] = [];
  let ended = false;
  let error: Error | undefined;
  let closed = false;
  let wake: (() => void) | undefined;
  const items: AsyncIterable<T> = {
    [Symbol.asyncIterator]: () => ({
      async next(): Promise<IteratorResult<T>> {
        for (;;) {
          if (error) throw error;
          if (queue.length > 0) return { value: queue.shift()!, done: false };
          if (ended) return { value: undefined, done: true };
          await new Promise<void>((r) => (wake = r));
        }
      },
      async return(): Promise<IteratorResult<T>> {
        closed = true;
        return { value: undefined, done: true };
      },
    }),
  };
  const poke = () => wake?.();
  return {
    items,
    push(item: T) {
      queue.push(item);
      poke();
    },
    end() {
      ended = true;
      poke();
    },
    fail(e: Error) {
      error = e;
      poke();
    },
    closed: () => closed,
  };
}

const tick = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

describe('runPool', () => {
  it('starts with `initial` in flight, grows while answers are fine, and keeps the order of the items', async () => {
    const c = controlled();
    const items = Array.from({ length: 200 }, (_, i) => i);
    const result = runPool(items, c.work, { initial: 4, max: 32 });
    await tick();
    expect(c.waiting).toHaveLength(4);
    // Answer in reverse order of arrival; each fine answer makes room for more (slow start).
    while (c.waiting.length > 0) {
      const call = c.waiting.splice(c.waiting.length - 1, 1)[0]!;
      call.resolve(call.index * 10);
      await tick();
    }
    const outcomes = await result;
    expect(resultsOrThrow(outcomes)).toEqual(items.map((i) => i * 10));
    expect(c.most()).toBeGreaterThan(4);
    expect(c.most()).toBeLessThanOrEqual(32);
  });

  it('gives every item its outcome: failures kept per item, a lost write marked unknown', async () => {
    const outcomes = await runPool(['a', 'b', 'c'], async (id) => {
      if (id === 'b') throw new ApiError(404, 'not_found', 'no task b', undefined);
      if (id === 'c')
        throw new NetworkError(
          'cannot reach x: ECONNRESET',
          undefined,
          'the change may or may not have been made; check before trying again',
        );
      return id.toUpperCase();
    });
    expect(outcomes[0]).toMatchObject({ item: 'a', ok: true, result: 'A' });
    expect(outcomes[1]).toMatchObject({ item: 'b', ok: false, unknown: false });
    expect(outcomes[2]).toMatchObject({ item: 'c', ok: false, unknown: true });
    expect(() => resultsOrThrow(outcomes)).toThrow('no task b');
  });

  it('with stopOnFailure starts nothing new after a failure', async () => {
    const c = controlled();
    const result = runPool(
      Array.from({ length: 50 }, (_, i) => i),
      c.work,
      { initial: 4, stopOnFailure: true },
    );
    await tick();
    c.waiting.shift()!.reject(new Error('sign-in needed'));
    await tick();
    expect(c.waiting).toHaveLength(3); // no fifth call was started
    for (const call of c.waiting.splice(0)) call.resolve(0);
    const outcomes = await result;
    expect(() => resultsOrThrow(outcomes)).toThrow('sign-in needed');
  });

  it('with stopOnFailure ends at once the waits of items held by a Retry-After pause', async () => {
    // The pause's sleep ends only when the pool stops it: were the failure to leave it, this would hang.
    const slept: number[] = [];
    const sleep = (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve) => {
        slept.push(ms);
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    const started: number[] = [];
    const outcomes = await runPool(
      Array.from({ length: 10 }, (_, i) => i),
      async (item, hooks) => {
        started.push(item);
        if (item > 0) return item;
        // Refused eight times in a row (a rate limit): nothing new starts for a minute. Then it fails.
        for (let i = 0; i < 8; i++) hooks.onPushback?.('rate-limited', 60_000);
        await tick();
        throw new Error('sign-in needed');
      },
      { initial: 1, stopOnFailure: true, sleep, now: () => 0 },
    );
    expect(slept).toContain(60_000);
    expect(started).toEqual([0]);
    expect(() => resultsOrThrow(outcomes)).toThrow('sign-in needed');
  });

  it('takes items from an async iterable as they turn up: each starts before the iterable has ended', async () => {
    const c = controlled();
    const feed = controlledFeed<number>();
    const result = runPool(feed.items, c.work, { initial: 4 });
    feed.push(0);
    feed.push(1);
    await tick();
    expect(c.waiting.map((w) => w.index)).toEqual([0, 1]); // started while more may come
    c.waiting.shift()!.resolve(0);
    feed.push(2);
    await tick();
    expect(c.waiting.map((w) => w.index)).toEqual([1, 2]);
    feed.end();
    for (const call of c.waiting.splice(0)) call.resolve(call.index * 10);
    expect(resultsOrThrow(await result)).toEqual([0, 10, 20]);
  });

  it('with stopOnFailure closes the async iterable and takes nothing more from it after a failure', async () => {
    const c = controlled();
    const feed = controlledFeed<number>();
    const result = runPool(feed.items, c.work, { initial: 4, stopOnFailure: true });
    feed.push(0);
    feed.push(1);
    await tick();
    c.waiting.shift()!.reject(new Error('sign-in needed'));
    await tick();
    feed.push(2);
    await tick();
    expect(feed.closed()).toBe(true);
    expect(c.waiting.map((w) => w.index)).toEqual([1]); // item 2 was not started
    c.waiting.shift()!.resolve(10);
    const outcomes = await result;
    expect(outcomes).toHaveLength(2);
    expect(() => resultsOrThrow(outcomes)).toThrow('sign-in needed');
  });

  it('rejects with the error of the async iterable once the work in flight has ended, starting nothing new', async () => {
    const c = controlled();
    const feed = controlledFeed<number>();
    let settled = false;
    const result = runPool(feed.items, c.work, { initial: 1 });
    void result.catch(() => {}).finally(() => (settled = true));
    feed.push(0);
    feed.push(1); // waits for a place behind 0
    await tick();
    feed.fail(new Error('workspace not found'));
    await tick();
    expect(settled).toBe(false); // item 0 is still in flight
    c.waiting.shift()!.resolve(0);
    await expect(result).rejects.toThrow('workspace not found');
    expect(c.waiting).toHaveLength(0); // item 1 never started
  });

  it('handles no items', async () => {
    expect(await runPool([], async () => 1)).toEqual([]);
  });
});

describe('AdaptiveLimit', () => {
  it('halves on a push-back once a round, then grows by one a round; refusals in a row hold new requests for Retry-After', async () => {
    let now = 1000;
    const slept: number[] = [];
    const limit = new AdaptiveLimit({
      initial: 16,
      max: 64,
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
    });
    limit.pushedBack(1000);
    limit.pushedBack(1000); // the same round: no second cut
    expect(limit.current).toBe(8);
    await limit.acquire();
    expect(slept).toEqual([]); // two refusals: bad luck, no pause
    for (let i = 0; i < 6; i++) limit.pushedBack(1000); // eight in a row: a rate limit
    await limit.acquire();
    expect(slept).toEqual([1000]);
    limit.release();
    limit.release();
    for (let i = 0; i < 9; i++) limit.fine();
    expect(limit.current).toBe(9); // one a round after a push-back, not one an answer
    now += 5000;
    limit.pushedBack(0);
    expect(limit.current).toBe(4);
  });

  it('gives a place up while a request waits for its retry, and takes one again before it', async () => {
    const limit = new AdaptiveLimit({ initial: 1 });
    await limit.acquire();
    const hooks = limit.hooks();
    hooks.onPushback!('rate-limited', 1000);
    await limit.acquire(); // the place it gave up
    let retried = false;
    const retry = hooks.beforeAttempt!(1).then(() => (retried = true));
    await new Promise((r) => setImmediate(r));
    expect(retried).toBe(false); // waits for a place
    limit.release();
    await retry;
    expect(retried).toBe(true);
  });
});
