// The sandbox's cursor paging (src/sandbox/api/paging.ts): a listing walked page by page gives every item
// once, in the listing's order, whether the records come in that order (the usual case, taken as it is)
// or not (sorted first); a cursor resumes strictly after its item, found by a binary search. A table the
// store keeps in order (its tasks) is read a page at a time: what a page costs is the page's, not the table's.
import { describe, expect, it } from 'vitest';
import { cursorPage, cursorPageOfOrdered, insertInOrder, keepInOrder, type Listing } from '../../src/sandbox/api/paging.js';

interface Rec {
  id: string;
  createdAt: string;
}

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(n / 3))).toISOString();
/** 23 records, three to a second (ties broken by id, numbers as numbers: rec_9 < rec_10). */
const records: Rec[] = Array.from({ length: 23 }, (_, n) => ({ id: `rec_${n}`, createdAt: at(n) }));

const listing = (order: Listing<Rec>['order']): Listing<Rec> => ({
  name: 'list_recs',
  filters: { workspaceId: 'ws_1' },
  key: (r) => [r.createdAt, r.id],
  order,
});

function walk(items: readonly Rec[], order: Listing<Rec>['order'], limit: number): string[][] {
  const pages: string[][] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 50; n++) {
    const page = cursorPage(items, listing(order), { cursor, limit }, (r) => r.id);
    pages.push(page.items);
    if (page.nextCursor === null) return pages;
    cursor = page.nextCursor;
  }
  throw new Error('the walk did not end');
}

/** A fixed shuffle (a walk must not depend on the order records are kept in). */
const shuffled = [...records].sort((a, b) => ((Number(a.id.slice(4)) * 7) % 23) - ((Number(b.id.slice(4)) * 7) % 23));

describe('cursorPage', () => {
  it.each([
    ['in order', records],
    ['shuffled', shuffled],
  ])('oldest first, records %s: every item once, in order, in pages of the limit', (_, items) => {
    const pages = walk(items, 'oldest first', 5);
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.flat()).toEqual(records.map((r) => r.id));
  });

  it.each([
    ['in order', records],
    ['shuffled', shuffled],
  ])('newest first, records %s: the same items the other way round', (_, items) => {
    expect(walk(items, 'newest first', 4).flat()).toEqual(records.map((r) => r.id).reverse());
  });

  it('a page ending at the last item has no next cursor; a cursor past the end gives an empty last page', () => {
    expect(walk(records, 'oldest first', 23)).toEqual([records.map((r) => r.id)]);
    const first = cursorPage(records, listing('oldest first'), { limit: 22 }, (r) => r.id);
    const last = cursorPage(
      records.slice(0, 22),
      listing('oldest first'),
      { cursor: first.nextCursor ?? undefined, limit: 5 },
      (r) => r.id,
    );
    expect(last).toEqual({ items: [], nextCursor: null });
  });

  it('resumes after the cursor item even when that item is gone (deleted between two pages)', () => {
    const first = cursorPage(records, listing('oldest first'), { limit: 10 }, (r) => r.id);
    const without9 = records.filter((r) => r.id !== 'rec_9');
    const next = cursorPage(without9, listing('oldest first'), { cursor: first.nextCursor ?? undefined, limit: 3 }, (r) => r.id);
    expect(next.items).toEqual(['rec_10', 'rec_11', 'rec_12']);
  });
});

describe('cursorPageOfOrdered: a table kept in order, filtered as it is read', () => {
  const odd = (r: Rec) => Number(r.id.slice(4)) % 2 === 1;
  const walkOrdered = (match: (r: Rec) => boolean, limit: number) => {
    const pages: string[][] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 50; n++) {
      const page = cursorPageOfOrdered(records, match, listing('oldest first'), { cursor, limit }, (r) => r.id);
      pages.push(page.items);
      if (page.nextCursor === null) return pages;
      cursor = page.nextCursor;
    }
    throw new Error('the walk did not end');
  };

  it.each([1, 3, 5, 11, 12, 30])('pages of %i: the same pages as filtering first and paging what is left', (limit) => {
    const filtered: string[][] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 50; n++) {
      const page = cursorPage(records.filter(odd), listing('oldest first'), { cursor, limit }, (r) => r.id);
      filtered.push(page.items);
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    expect(walkOrdered(odd, limit)).toEqual(filtered);
    expect(walkOrdered(() => true, limit)).toEqual(walk(records, 'oldest first', limit));
  });

  it('reads as far as the page and one item past it, not the whole table', () => {
    let read = 0;
    const counting = () => {
      read++;
      return true;
    };
    const first = cursorPageOfOrdered(records, counting, listing('oldest first'), { limit: 5 }, (r) => r.id);
    expect(read).toBe(6);
    read = 0;
    const second = cursorPageOfOrdered(
      records,
      counting,
      listing('oldest first'),
      { cursor: first.nextCursor ?? undefined, limit: 5 },
      (r) => r.id,
    );
    expect(second.items).toEqual(['rec_5', 'rec_6', 'rec_7', 'rec_8', 'rec_9']);
    expect(read).toBe(6);
  });

  it('a filter nothing after the cursor matches: an empty last page', () => {
    expect(
      cursorPageOfOrdered(
        records,
        () => false,
        listing('oldest first'),
        { limit: 5 },
        (r) => r.id,
      ),
    ).toEqual({ items: [], nextCursor: null });
  });
});

describe('insertInOrder and keepInOrder: the order a store keeps', () => {
  const order = listing('oldest first');
  it('a record made now goes last; one dated earlier (the clock moved back) goes to its place', () => {
    const table = records.slice();
    const newest = { id: 'rec_99', createdAt: at(90) };
    insertInOrder(table, newest, order);
    expect(table.at(-1)).toBe(newest);
    const earlier = { id: 'rec_100', createdAt: at(4) };
    insertInOrder(table, earlier, order);
    expect(table.map((r) => r.id).slice(3, 7)).toEqual(['rec_3', 'rec_4', 'rec_5', 'rec_100']);
    expect(table).toEqual(cursorPage(table, order, { limit: 50 }, (r) => r).items);
  });

  it('sorts a table that is out of order in place, and leaves one in order as it is', () => {
    const table = shuffled.slice();
    keepInOrder(table, order);
    expect(table).toEqual(records);
    const same = records.slice();
    const before = same.slice();
    keepInOrder(same, order);
    expect(same.every((r, i) => r === before[i])).toBe(true);
  });
});
