// The polling loop behind every wait and follow, on a fake clock: how often it asks, how it backs off,
// what ends it. And the tail of a cursor listing, over the sandbox's own cursor pages.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/contract/operations.js';
import { ApiError, NetworkError } from '../../src/errors.js';
import { MAX_INTERVAL_MS, MIN_INTERVAL_MS, poll, WaitTimeout, type PollClock, type StepResult } from '../../src/follow/poll.js';
import { ListingTail } from '../../src/follow/tail.js';
import { cursorPage } from '../../src/sandbox/api/paging.js';

/** A clock that moves only when the loop sleeps; `random` 0.5 makes the jitter nil. */
function fakeClock(random = () => 0.5): PollClock & { t: number; sleeps: number[] } {
  const clock = {
    t: 0,
    sleeps: [] as number[],
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.t += ms;
    },
    random,
  };
  return clock;
}

const rateLimited = (seconds?: number) => new ApiError(429, 'rate_limited', 'too many requests', undefined, seconds);
const unavailable = () => new ApiError(503, 'unavailable', 'try later', undefined);

describe('poll: how often it asks', () => {
  it('starts at 1 s and grows by half while nothing changes, up to 15 s', async () => {
    const clock = fakeClock();
    let steps = 0;
    await poll(async (): Promise<StepResult<string>> => (++steps === 12 ? { done: true, value: 'x' } : { done: false, changed: false }), {
      clock,
    });
    expect(clock.sleeps).toEqual([1500, 2250, 3375, 5063, 7595, 11393, 15000, 15000, 15000, 15000, 15000]);
    expect(Math.max(...clock.sleeps)).toBe(MAX_INTERVAL_MS);
  });

  it('makes at most 15 requests in 60 s of nothing happening', async () => {
    const clock = fakeClock();
    let steps = 0;
    await expect(
      poll(
        async () => {
          steps++;
          return { done: false, changed: false };
        },
        { clock, timeoutMs: 60_000 },
      ),
    ).rejects.toBeInstanceOf(WaitTimeout);
    expect(steps).toBeLessThanOrEqual(15);
    expect(steps).toBe(9); // at 0, 1.5, 3.75, 7.1, 12.2, 19.8, 31.2, 46.2 and 60 s (the deadline)
  });

  it('goes back to 1 s when something changed', async () => {
    const clock = fakeClock();
    const changes = [false, false, false, true, false];
    let i = 0;
    await poll(
      async (): Promise<StepResult<number>> => (i < changes.length ? { done: false, changed: changes[i++]! } : { done: true, value: i }),
      { clock },
    );
    expect(clock.sleeps).toEqual([1500, 2250, 3375, MIN_INTERVAL_MS, 1500]);
  });

  it('spreads the sleeps by up to a tenth either way', async () => {
    const low = fakeClock(() => 0);
    const high = fakeClock(() => 0.999999);
    for (const clock of [low, high]) {
      let n = 0;
      await poll(async (): Promise<StepResult<null>> => (++n === 3 ? { done: true, value: null } : { done: false, changed: true }), {
        clock,
      });
    }
    expect(low.sleeps).toEqual([900, 900]);
    expect(high.sleeps).toEqual([1100, 1100]);
  });
});

describe('poll: errors never end a wait early', () => {
  it('waits at least Retry-After after a 429, and the next longer interval after a 5xx or a lost connection', async () => {
    const clock = fakeClock();
    const failures: unknown[] = [rateLimited(20), unavailable(), new NetworkError('cannot reach: ECONNRESET'), rateLimited(undefined)];
    const retries: string[] = [];
    const value = await poll(
      async (): Promise<StepResult<string>> => {
        const failure = failures.shift();
        if (failure) throw failure;
        return { done: true, value: 'finished' };
      },
      { clock, onRetry: (why) => retries.push(why) },
    );
    expect(value).toBe('finished');
    expect(clock.sleeps).toEqual([20_000, 2250, 3375, 5063]);
    expect(retries).toEqual(['rate limited', 'the service answered 503', 'cannot reach: ECONNRESET', 'rate limited']);
  });

  it('throws at once what waiting cannot fix: a 404, a 403, a 401', async () => {
    for (const status of [404, 403, 401, 400]) {
      const clock = fakeClock();
      const err = new ApiError(status, 'x', 'no', undefined);
      await expect(poll(async () => Promise.reject(err), { clock })).rejects.toBe(err);
      expect(clock.sleeps).toEqual([]);
    }
  });

  it('retries only what `retryable` allows (a POST: only a 429)', async () => {
    const clock = fakeClock();
    const err = unavailable();
    await expect(
      poll(async () => Promise.reject(err), { clock, retryable: (e) => e instanceof ApiError && e.status === 429 }),
    ).rejects.toBe(err);
  });
});

describe('poll: what ends it', () => {
  it('times out at the deadline, after one last step there', async () => {
    const clock = fakeClock();
    const at: number[] = [];
    const err = await poll(
      async () => {
        at.push(clock.t);
        return { done: false, changed: false };
      },
      { clock, timeoutMs: 2000 },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitTimeout);
    expect(at).toEqual([0, 1500, 2000]);
    expect((err as WaitTimeout).waitedMs).toBe(2000);
  });

  it('a step that finds the end at the deadline wins over the timeout', async () => {
    const clock = fakeClock();
    expect(
      await poll(
        async (): Promise<StepResult<string>> =>
          clock.t >= 2000 ? { done: true, value: 'just in time' } : { done: false, changed: false },
        { clock, timeoutMs: 2000 },
      ),
    ).toBe('just in time');
  });

  it('keeps waiting out a storm of errors until the deadline, then times out (never a 429 or a 503)', async () => {
    const clock = fakeClock();
    const err = await poll(async () => Promise.reject(rateLimited(1)), { clock, timeoutMs: 600_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitTimeout);
  });

  it('resolves to undefined when aborted (Ctrl-C), between steps or during one', async () => {
    const controller = new AbortController();
    let steps = 0;
    const value = await poll(
      async (): Promise<StepResult<string>> => {
        if (++steps === 3) controller.abort();
        return { done: false, changed: false };
      },
      { clock: fakeClock(), signal: controller.signal },
    );
    expect(value).toBeUndefined();
    expect(steps).toBe(3);
  });

  it('gives each request a timeout within the deadline and no retries of the client', async () => {
    const clock = fakeClock();
    const calls: unknown[] = [];
    await poll(
      async (loop): Promise<StepResult<null>> => {
        calls.push(loop.call());
        return clock.t >= 5000 ? { done: true, value: null } : { done: false, changed: true };
      },
      { clock, timeoutMs: 60_000 },
    );
    expect(calls[0]).toEqual({ maxRetries: 0, timeoutMs: 30_000 });
    expect(calls.at(-1)).toEqual({ maxRetries: 0, timeoutMs: 30_000 });
    const late = fakeClock();
    late.t = 0;
    await poll(
      async (loop): Promise<StepResult<null>> => {
        if (late.t < 1500) return { done: false, changed: false };
        calls.push(loop.call());
        return { done: true, value: null };
      },
      { clock: late, timeoutMs: 2000 },
    );
    expect(calls.at(-1)).toEqual({ maxRetries: 0, timeoutMs: 1000 });
  });
});

describe('ListingTail over cursor pages', () => {
  interface Item {
    id: string;
    createdAt: string;
  }
  const listing = {
    name: 'list_task_messages',
    filters: { taskId: 't' },
    key: (m: Item) => [m.createdAt, m.id] as const,
    order: 'oldest first' as const,
  };
  function source(pageSize: number) {
    const items: Item[] = [];
    let n = 0;
    const requests: (string | undefined)[] = [];
    return {
      add(count: number) {
        for (let i = 0; i < count; i++, n++)
          items.push({ id: `msg_${n}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString() });
      },
      requests,
      read: async (cursor: string | undefined): Promise<Page<Item>> => {
        requests.push(cursor);
        return cursorPage(items, listing, { cursor, limit: pageSize }, (m) => m);
      },
    };
  }
  const ids = (items: Item[]) => items.map((i) => i.id);

  it('returns everything first, then only what is new, one request while nothing is', async () => {
    const s = source(3);
    s.add(7);
    const tail = new ListingTail(s.read);
    expect(ids(await tail.next())).toEqual(['msg_0', 'msg_1', 'msg_2', 'msg_3', 'msg_4', 'msg_5', 'msg_6']);
    expect(s.requests).toHaveLength(3);
    s.requests.length = 0;
    expect(await tail.next()).toEqual([]);
    expect(await tail.next()).toEqual([]);
    expect(s.requests).toHaveLength(2);
    s.add(1);
    expect(ids(await tail.next())).toEqual(['msg_7']);
    s.add(5); // past the end of the last page read: it walks on
    expect(ids(await tail.next())).toEqual(['msg_8', 'msg_9', 'msg_10', 'msg_11', 'msg_12']);
    expect(await tail.next()).toEqual([]);
  });

  it('an empty listing, then its first entries', async () => {
    const s = source(50);
    const tail = new ListingTail(s.read);
    expect(await tail.next()).toEqual([]);
    s.add(2);
    expect(ids(await tail.next())).toEqual(['msg_0', 'msg_1']);
  });

  it('loses and repeats nothing when a page fails half-way', async () => {
    const s = source(2);
    s.add(2);
    let fail = false;
    const tail = new ListingTail<Item>(async (cursor) => {
      if (fail && cursor !== undefined) throw unavailable();
      return s.read(cursor);
    });
    expect(ids(await tail.next())).toEqual(['msg_0', 'msg_1']);
    s.add(3);
    fail = true;
    await expect(tail.next()).rejects.toBeInstanceOf(ApiError);
    fail = false;
    expect(ids(await tail.next())).toEqual(['msg_2', 'msg_3', 'msg_4']);
  });
});
