// The sandbox's cursor paging (src/sandbox/api/paging.ts): a listing walked page by page gives every item
// once, in the listing's order, whether the records come in that order (the usual case, taken as it is)
// or not (sorted first); a cursor resumes strictly after its item, found by a binary search.
import { describe, expect, it } from 'vitest';
import { cursorPage, type Listing } from '../../src/sandbox/api/paging.js';

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
