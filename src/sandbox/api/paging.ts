// Cursor pagination. A cursor is an opaque base64url string holding the sort key of the last item served
// and a fingerprint of the listing and its filters, so the next page starts strictly after that item
// (nothing is repeated or skipped when items are added or removed between pages) and a cursor cannot be
// replayed against another listing or other filters.
import { createHash } from 'node:crypto';
import { ServiceError } from '../problem.js';
import { isJsonObject } from '../../contract/json.js';
import type { Page } from '../../contract/operations.js';

/** Where an item sits in a listing: a time (ISO 8601) and an id to break ties. */
export type SortKey = readonly [time: string, id: string];

export interface Listing<T> {
  /** The operation and whatever selects its items (path ids, filters); page size is not part of it. */
  name: string;
  filters: Record<string, unknown>;
  key: (item: T) => SortKey;
  order: 'oldest first' | 'newest first';
}

const ids = new Intl.Collator('en', { numeric: true });

/** Oldest first, ties by id: the order of tasks, events and messages, and of the store's task table (insertInOrder). */
export const CREATION_ORDER = {
  key: (item: { createdAt: string; id: string }): SortKey => [item.createdAt, item.id],
  order: 'oldest first',
} as const;

/** Total order on sort keys: time, then id with numbers compared as numbers (`evt_999` < `evt_1000`). */
export function compareKeys(a: SortKey, b: SortKey): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  const byNumber = ids.compare(a[1], b[1]);
  if (byNumber !== 0) return byNumber;
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

/** Sorts a copy of `items` in the listing's order. `list` operations use it too, for a stable order. */
export function sortedBy<T>(items: readonly T[], key: (item: T) => SortKey, order: Listing<T>['order'] = 'oldest first'): T[] {
  const sign = order === 'oldest first' ? 1 : -1;
  return [...items].sort((a, b) => sign * compareKeys(key(a), key(b)));
}

/**
 * `items` in the listing's order: as they are when they already are (records are kept in the order they
 * were made, so a listing oldest first usually is), else a sorted copy. One pass instead of a sort, for
 * every page of a listing of thousands: what a service with an index on the sort key costs per page.
 */
function inOrder<T>(items: readonly T[], key: (item: T) => SortKey, order: Listing<T>['order']): readonly T[] {
  const sign = order === 'oldest first' ? 1 : -1;
  let previous: SortKey | undefined;
  for (const item of items) {
    const next = key(item);
    if (previous !== undefined && sign * compareKeys(previous, next) > 0) return sortedBy(items, key, order);
    previous = next;
  }
  return items;
}

/** The index of the first of `sorted` strictly after `after` in the listing's order (a binary search). */
function firstAfter<T>(sorted: readonly T[], listing: Pick<Listing<T>, 'key' | 'order'>, after: SortKey): number {
  const sign = listing.order === 'oldest first' ? 1 : -1;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const item = sorted[middle];
    if (item !== undefined && sign * compareKeys(listing.key(item), after) > 0) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Puts `item` where the listing's order has it in `items`, an array kept in that order: at the end, for a
 * record made now. A store's table kept so is read a page at a time (cursorPageOfOrdered).
 */
export function insertInOrder<T>(items: T[], item: T, listing: Pick<Listing<T>, 'key' | 'order'>): void {
  const at = firstAfter(items, listing, listing.key(item));
  if (at === items.length) items.push(item);
  else items.splice(at, 0, item);
}

/** Sorts `items` in place into the listing's order, unless they already are (one pass). */
export function keepInOrder<T>(items: T[], listing: Pick<Listing<T>, 'key' | 'order'>): void {
  const sorted = inOrder(items, listing.key, listing.order);
  if (sorted === items) return;
  sorted.forEach((item, i) => {
    items[i] = item;
  });
}

function fingerprint(listing: Pick<Listing<unknown>, 'name' | 'filters'>): string {
  const filters = Object.keys(listing.filters)
    .sort()
    .filter((k) => listing.filters[k] !== undefined)
    .map((k) => [k, listing.filters[k]]);
  return createHash('sha256')
    .update(JSON.stringify([listing.name, filters]))
    .digest('base64url')
    .slice(0, 16);
}

interface CursorPayload {
  f: string;
  k: [string, string];
}

function encodeCursor(payload: CursorPayload): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

function decodeCursor(cursor: string, expected: string): SortKey {
  let payload: unknown;
  try {
    const text = Buffer.from(cursor, 'base64url').toString('utf8');
    // Only the exact string this listing handed out: base64url that re-encodes to itself.
    payload = Buffer.from(text).toString('base64url') === cursor ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  const key: readonly unknown[] =
    isJsonObject(payload) && payload.f === expected && Array.isArray(payload.k) && payload.k.length === 2 ? payload.k : [];
  const [time, id] = key;
  if (typeof time !== 'string' || typeof id !== 'string')
    throw new ServiceError('invalid_request', 'cursor: is not a cursor from this listing; start again without a cursor');
  return [time, id];
}

/** One page of `items` (in any order) after `cursor`, at most `limit` long. */
export function cursorPage<T, V>(
  items: readonly T[],
  listing: Listing<T>,
  request: { cursor?: string | undefined; limit: number },
  view: (item: T) => V,
): Page<V> {
  return cursorPageOfOrdered(inOrder(items, listing.key, listing.order), () => true, listing, request, view);
}

/**
 * One page of the items of `all` that `match`, after `cursor`, at most `limit` long, where `all` is kept
 * in the listing's order (insertInOrder, keepInOrder): a binary search to the cursor, then a scan to the
 * page's end. What a service with an index on the sort key reads for a page: its cost is the page's, not
 * the table's, so a walk of 10,000 tasks costs the sandbox 200 short reads, not 200 filters of them all.
 */
export function cursorPageOfOrdered<T, V>(
  all: readonly T[],
  match: (item: T) => boolean,
  listing: Listing<T>,
  request: { cursor?: string | undefined; limit: number },
  view: (item: T) => V,
): Page<V> {
  const f = fingerprint(listing);
  const slice: T[] = [];
  let more = false;
  for (let i = request.cursor === undefined ? 0 : firstAfter(all, listing, decodeCursor(request.cursor, f)); i < all.length; i++) {
    const item = all[i];
    if (item === undefined || !match(item)) continue;
    if (slice.length === request.limit) {
      more = true;
      break;
    }
    slice.push(item);
  }
  const last = slice[slice.length - 1];
  return {
    items: slice.map(view),
    nextCursor: more && last !== undefined ? encodeCursor({ f, k: [...listing.key(last)] }) : null,
  };
}
