// The checks every walk over pages goes through (src/api/paging.ts), on pages made up here: what ends a
// walk with a PagingError, what it leaves out, how many pages it asks for. And the one rule for the sleep
// of the loops that ask again and again (pollDelay), and the polling loop under extreme Retry-After.
import { describe, expect, it } from 'vitest';
import { MAX_EMPTY_PAGES, MAX_PAGES, nextOffset, PageGuard, walkPages, walkPieces, type PageAsk } from '../../src/api/paging.js';
import type { Page } from '../../src/contract/operations.js';
import { ApiError, describeFailure, ExitCode, PagingError } from '../../src/errors.js';
import { ListingTail } from '../../src/follow/tail.js';
import { MAX_RETRY_AFTER_MS, MIN_INTERVAL_MS, poll, pollDelay, RetryPastDeadline, type PollClock } from '../../src/follow/poll.js';
import { MAX_TIMER_MS } from '../../src/sleep.js';

type Item = { id: string };
const items = (...ids: string[]): Item[] => ids.map((id) => ({ id }));
const ask = (cursor?: string, limit?: number): PageAsk => ({ cursor, limit });

/** The error a check throws, or undefined. */
function failure(run: () => unknown): PagingError | undefined {
  try {
    run();
  } catch (err) {
    if (err instanceof PagingError) return err;
    throw err;
  }
  return undefined;
}

describe('PageGuard: what ends a walk', () => {
  it('passes a well-behaved walk and ends it where no cursor is given', () => {
    const g = new PageGuard('list_tasks');
    expect(g.check(ask(undefined, 2), { items: items('a', 'b'), nextCursor: 'c1' })).toEqual({ items: items('a', 'b'), nextCursor: 'c1' });
    expect(g.check(ask('c1', 2), { items: items('c'), nextCursor: null })).toEqual({ items: items('c'), nextCursor: null });
  });

  it('a cursor that repeats', () => {
    const g = new PageGuard('list_tasks');
    g.check(ask(), { items: items('a'), nextCursor: 'c_12' });
    g.check(ask('c_12'), { items: items('b'), nextCursor: 'c_13' });
    const err = failure(() => g.check(ask('c_13'), { items: items('c'), nextCursor: 'c_13' }));
    expect(err?.message).toBe(`the service's paging of list_tasks did not advance: cursor "c_13" came back after 3 pages; stopped`);
  });

  it('a cycle A → B → A, and the cursor a walk started from', () => {
    const g = new PageGuard('search_tasks');
    g.check(ask(), { items: items('a'), nextCursor: 'A' });
    g.check(ask('A'), { items: items('b'), nextCursor: 'B' });
    expect(failure(() => g.check(ask('B'), { items: items('c'), nextCursor: 'A' }))?.what).toBe(
      'did not advance: cursor "A" came back after 3 pages',
    );
    const tail = new PageGuard('list_task_events', 'T');
    expect(failure(() => tail.check(ask('T'), { items: items('a'), nextCursor: 'T' }))).toBeInstanceOf(PagingError);
  });

  it(`up to ${MAX_EMPTY_PAGES} empty pages in a row may carry a cursor, not one more`, () => {
    const g = new PageGuard('list_tasks');
    for (let i = 1; i <= MAX_EMPTY_PAGES; i++) g.check(ask(), { items: [], nextCursor: `e${i}` });
    g.check(ask(), { items: items('a'), nextCursor: 'x' }); // an item between: counting starts again
    for (let i = 1; i <= MAX_EMPTY_PAGES; i++) g.check(ask(), { items: [], nextCursor: `f${i}` });
    expect(failure(() => g.check(ask(), { items: [], nextCursor: 'f9' }))?.what).toBe(
      `sent ${MAX_EMPTY_PAGES + 1} empty pages in a row, each with a cursor to another`,
    );
    // An empty last page is the end, not a fault.
    expect(new PageGuard('x').check(ask(), { items: [], nextCursor: null })).toEqual({ items: [], nextCursor: null });
  });

  it('a page larger than asked (a page without a limit asked is not counted)', () => {
    expect(failure(() => new PageGuard('list_task_events').check(ask(undefined, 2), { items: items('a', 'b', 'c') }))?.what).toBe(
      'sent a page of 3 items when 2 were asked for',
    );
    expect(new PageGuard('x').check(ask(), { items: items('a', 'b', 'c') }).items).toHaveLength(3);
  });

  it('a page of items all seen earlier in the walk; one seen item is left out, not an error', () => {
    const g = new PageGuard('list_tasks');
    g.check(ask(), { items: items('a', 'b'), nextCursor: 'c1' });
    expect(g.check(ask('c1'), { items: items('b', 'c'), nextCursor: 'c2' }).items).toEqual(items('c'));
    expect(failure(() => g.check(ask('c2'), { items: items('a', 'c'), nextCursor: 'c3' }))?.what).toBe(
      'repeated itself: page 3 held only items of the 2 pages before it',
    );
  });

  it('a page that is not one, and a cursor that is not text', () => {
    expect(failure(() => new PageGuard('x').check(ask(), { nextCursor: 'c' } as unknown as Page<Item>))?.what).toBe(
      'sent a page without a list of items',
    );
    expect(failure(() => new PageGuard('x').check(ask(), { items: [], nextCursor: 7 } as unknown as Page<Item>))?.what).toBe(
      'sent a cursor that is not text',
    );
  });

  it(`no walk reads more than ${MAX_PAGES} pages, however new each one is`, () => {
    const g = new PageGuard('list_tasks');
    for (let i = 1; i < MAX_PAGES; i++) g.check(ask(), { items: items(`i${i}`), nextCursor: `c${i}` });
    expect(failure(() => g.check(ask(), { items: items('last'), nextCursor: 'more' }))?.what).toBe(
      `had more after ${MAX_PAGES} pages, the most one listing is read for`,
    );
  });

  it('is exit 1 with its one line', async () => {
    expect(await describeFailure(new PagingError('list_tasks', 'did not advance'))).toEqual({
      message: "the service's paging of list_tasks did not advance; stopped",
      exitCode: ExitCode.failure,
    });
  });
});

describe('walkPages', () => {
  /** A listing of `count` items, `per` a page at most, with the asks it received. */
  function listing(count: number) {
    const asks: PageAsk[] = [];
    const fetch = async (a: PageAsk): Promise<Page<Item>> => {
      asks.push(a);
      const from = Number(a.cursor ?? 0);
      const to = Math.min(count, from + (a.limit ?? 10));
      return { items: Array.from({ length: to - from }, (_, i) => ({ id: `t${from + i}` })), nextCursor: to < count ? String(to) : null };
    };
    return { asks, fetch };
  }
  const all = async <T>(walk: AsyncIterable<{ items: T[] }>) => {
    const out: T[] = [];
    for await (const page of walk) out.push(...page.items);
    return out;
  };

  it('never asks for a page its total does not need, the last no larger than what is still wanted', async () => {
    const l = listing(100);
    expect(await all(walkPages('list_tasks', l.fetch, { total: 7, pageSize: 3 }))).toHaveLength(7);
    expect(l.asks).toEqual([ask(undefined, 3), ask('3', 3), ask('6', 1)]);
  });

  it('reads to the end without a total', async () => {
    const l = listing(25);
    expect(await all(walkPages('list_tasks', l.fetch, { pageSize: 10 }))).toHaveLength(25);
    expect(l.asks).toHaveLength(3);
  });

  it('ends with a PagingError where the service would never end it', async () => {
    const fetch = async (): Promise<Page<Item>> => ({ items: items('same'), nextCursor: 'same' });
    await expect(all(walkPages('search_tasks', fetch))).rejects.toThrow(/paging of search_tasks did not advance/);
  });

  it('asks for the next page before the caller handles this one when told to (ahead)', async () => {
    const l = listing(20);
    const seen: number[] = [];
    const walk = walkPages('x', l.fetch, { pageSize: 10, ahead: async (start) => ({ answer: start() }) });
    for await (const _ of walk) seen.push(l.asks.length);
    expect(seen).toEqual([2, 2]);
  });
});

describe('walkPieces and nextOffset: a text read along offsets', () => {
  it('reads every piece to the end', async () => {
    const text = 'abcdefgh';
    const read: number[] = [];
    let body = '';
    for await (const p of walkPieces('read_x', async (offset) => {
      read.push(offset);
      const end = Math.min(text.length, offset + 3);
      return { body: text.slice(offset, end), nextOffset: end < text.length ? end : null };
    }))
      body += p.body;
    expect(body).toBe(text);
    expect(read).toEqual([0, 3, 6]);
  });

  it('an offset that does not advance, skips past what was read, or is not a whole number', () => {
    const what = (offset: number, piece: { body: string; nextOffset: unknown }) =>
      failure(() => nextOffset('read_x', offset, piece as { body: string; nextOffset: number }, 1))?.what;
    expect(what(3, { body: 'abc', nextOffset: 3 })).toBe('did not advance: the piece at offset 3 gave 3 as the next offset');
    expect(what(3, { body: 'abc', nextOffset: 1 })).toBe('did not advance: the piece at offset 3 gave 1 as the next offset');
    expect(what(0, { body: 'abc', nextOffset: 4 })).toBe(
      'skipped ahead: the piece at offset 0 held 3 characters but gave 4 as the next offset',
    );
    expect(what(0, { body: '', nextOffset: 1 })).toMatch(/^skipped ahead/);
    expect(what(0, { body: 'abc', nextOffset: 1.5 })).toBe('sent a next offset that is not a whole number');
    expect(what(0, { body: 'abc', nextOffset: '3' })).toBe('sent a next offset that is not a whole number');
    expect(nextOffset('read_x', 0, { body: 'abc', nextOffset: 3 }, 1)).toBe(3);
    expect(nextOffset('read_x', 0, { body: 'abc', nextOffset: null }, 1)).toBeUndefined();
    expect(failure(() => nextOffset('read_x', 0, { body: 'abc', nextOffset: 3 }, MAX_PAGES))).toBeInstanceOf(PagingError);
  });
});

describe('pollDelay: the sleep of every loop that asks again', () => {
  it('at least the interval, whatever Retry-After says (0, negative, not a number)', () => {
    for (const retryAfter of [undefined, 0, -3600, Number.NaN, Number.POSITIVE_INFINITY * 0])
      expect(pollDelay(2000, retryAfter)).toEqual({ waitMs: 2000 });
    expect(pollDelay(0, 0)).toEqual({ waitMs: MIN_INTERVAL_MS });
    expect(pollDelay(Number.NaN, undefined)).toEqual({ waitMs: MIN_INTERVAL_MS });
  });

  it('at least Retry-After, up to its cap, never a timer longer than Node can hold', () => {
    expect(pollDelay(1000, 20)).toEqual({ waitMs: 20_000 });
    expect(pollDelay(1000, 30 * 24 * 3600)).toEqual({ waitMs: MAX_RETRY_AFTER_MS });
    expect(pollDelay(1000, Number.POSITIVE_INFINITY)).toEqual({ waitMs: MAX_RETRY_AFTER_MS });
    expect(pollDelay(10 ** 12, undefined)).toEqual({ waitMs: MAX_TIMER_MS });
  });

  it('a Retry-After past the deadline says so rather than a wait', () => {
    expect(pollDelay(1000, 3600, 60_000)).toEqual({ pastDeadline: true });
    expect(pollDelay(1000, 30, 60_000)).toEqual({ waitMs: 30_000 });
  });
});

describe('poll under extreme Retry-After', () => {
  function fakeClock(): PollClock & { sleeps: number[] } {
    let t = 0;
    const sleeps: number[] = [];
    return {
      sleeps,
      now: () => t,
      sleep: async (ms) => {
        sleeps.push(ms);
        t += ms;
      },
      random: () => 0.5,
    };
  }
  const rateLimited = (seconds: number) => new ApiError(429, 'rate_limited', 'slow down', undefined, seconds);

  it('a follow (no deadline) told to come back in 30 days sleeps the cap, not 1 ms', async () => {
    const clock = fakeClock();
    let steps = 0;
    await poll(
      async () => {
        if (++steps < 3) throw rateLimited(30 * 24 * 3600);
        return { done: true, value: 'x' };
      },
      { clock },
    );
    expect(clock.sleeps).toEqual([MAX_RETRY_AFTER_MS, MAX_RETRY_AFTER_MS]);
  });

  it('a wait told to come back past its deadline ends at once', async () => {
    const clock = fakeClock();
    const err = rateLimited(3600);
    const ended = poll(async () => Promise.reject(err), { clock, timeoutMs: 60_000 });
    await expect(ended).rejects.toBeInstanceOf(RetryPastDeadline);
    await expect(ended).rejects.toMatchObject({ error: err, retryAfterSeconds: 3600 });
    expect(clock.sleeps).toEqual([]);
  });
});

describe('ListingTail: the checks apply within one read, not across polls', () => {
  it('reads the last page again on every poll without an error, and ends a read whose cursor comes back', async () => {
    const pagesBy: Record<string, Page<Item>> = {
      first: { items: items('a', 'b'), nextCursor: 'c1' },
      c1: { items: items('c'), nextCursor: null },
    };
    const asked: (string | undefined)[] = [];
    const tail = new ListingTail<Item>(
      async (cursor) => {
        asked.push(cursor);
        return pagesBy[cursor ?? 'first'] ?? { items: [] };
      },
      { operation: 'list_task_events', limit: 2 },
    );
    expect(await tail.next()).toEqual(items('a', 'b', 'c'));
    for (let poll = 0; poll < 5; poll++) expect(await tail.next()).toEqual([]);
    expect(asked).toEqual([undefined, 'c1', 'c1', 'c1', 'c1', 'c1', 'c1']);
    // The service now hands the same cursor back on the page it leads to: that read ends.
    pagesBy.c1 = { items: items('c', 'd'), nextCursor: 'c1' };
    await expect(tail.next()).rejects.toThrow(
      `the service's paging of list_task_events did not advance: cursor "c1" came back after 1 page; stopped`,
    );
    // A page larger than the tail asks for ends a read too.
    pagesBy.c1 = { items: items('c', 'd', 'e'), nextCursor: null };
    await expect(tail.next()).rejects.toThrow(/sent a page of 3 items when 2 were asked for/);
  });
});
