// Walking the pages of a listing without trusting the service to end it. Every walk over pages in the
// client goes through here: ApiClient.pages (and so items, lists, the inbox, the dash, schedule check),
// `wts api --paginate`, the tails that `--follow` and the waits read, and the pieces of a handbook entry.
// A walk ends when the service gives no cursor, when it has the items its caller wants (it never asks for
// a page it does not need), or with a PagingError (exit 1) as soon as the service's paging goes wrong:
// - a cursor that came back earlier in the same walk (a repeat, or a cycle A → B → A);
// - more than MAX_EMPTY_PAGES empty pages in a row that still carry a cursor;
// - a page holding more items than it was asked for;
// - a page whose items all came earlier in the walk (endless pages of the same items);
// - an offset that does not move forward, or moves past what was read;
// - more than MAX_PAGES pages: no loop ends only because the server says so, and a listing of a million
//   items is not one anybody reads through this client.
// An item that came earlier in the walk is left out of a later page (a service whose cursors are
// offsets repeats one when an item before it was deleted meanwhile): nothing is shown twice.
import { PagingError } from '../errors.js';
import { isRecord } from '../type-guards.js';

/** Empty pages in a row that may carry a cursor; one more ends the walk. */
export const MAX_EMPTY_PAGES = 3;

/** The most pages one walk reads, even with --all (50 000 tasks are 1 000 pages of 50). */
export const MAX_PAGES = 20_000;

/** A page as the service sends it. */
export interface CursorPage<T> {
  items: T[];
  nextCursor?: string | null;
}

/** What one request of a walk asked for: the cursor sent (undefined: the first page) and the page size (undefined: none sent). */
export interface PageAsk {
  cursor: string | undefined;
  limit: number | undefined;
}

/** A page checked: its items not seen earlier in the walk, and the cursor the service gave (null: the end). */
export interface CheckedPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** A cursor as an error line shows it: the start of it, in quotes. */
function quoted(cursor: string): string {
  return `"${cursor.length > 40 ? `${cursor.slice(0, 40)}…` : cursor}"`;
}

const idOf = (item: unknown): string | undefined => (isRecord(item) && typeof item.id === 'string' ? item.id : undefined);

const pages = (n: number) => `${n} page${n === 1 ? '' : 's'}`;

/** The checks of one walk, page by page (pure: the unit tests drive it without a service). */
export class PageGuard {
  private readonly cursors = new Set<string>();
  private readonly ids = new Set<string>();
  private read = 0;
  private emptyInARow = 0;

  /** `from`: the cursor the walk starts at, when not the first page (a tail reading on from where it was). */
  constructor(
    readonly operation: string,
    from?: string,
  ) {
    if (from !== undefined) this.cursors.add(from);
  }

  /** Checks the page that `asked` brought; throws PagingError when the service's paging went wrong. */
  check<T>(asked: PageAsk, page: CursorPage<T>): CheckedPage<T> {
    this.read++;
    if (!isRecord(page) || !Array.isArray(page.items)) this.fail('sent a page without a list of items');
    const items = page.items;
    if (asked.limit !== undefined && items.length > asked.limit)
      this.fail(`sent a page of ${items.length} items when ${asked.limit} were asked for`);
    const next = this.nextCursor(page.nextCursor, items.length);
    const fresh: T[] = [];
    let repeated = 0;
    for (const item of items) {
      const id = idOf(item);
      if (id === undefined || !this.ids.has(id)) fresh.push(item);
      else repeated++;
      if (id !== undefined) this.ids.add(id);
    }
    if (items.length > 0 && repeated === items.length)
      this.fail(`repeated itself: page ${this.read} held only items of the ${pages(this.read - 1)} before it`);
    return { items: fresh, nextCursor: next };
  }

  /** The cursor a page gave, checked against the walk's earlier ones; null at the end. */
  private nextCursor(next: unknown, count: number): string | null {
    if (next === undefined || next === null || next === '') {
      this.emptyInARow = 0;
      return null;
    }
    if (typeof next !== 'string') return this.fail('sent a cursor that is not text');
    if (this.cursors.has(next)) this.fail(`did not advance: cursor ${quoted(next)} came back after ${pages(this.read)}`);
    this.cursors.add(next);
    this.emptyInARow = count === 0 ? this.emptyInARow + 1 : 0;
    if (this.emptyInARow > MAX_EMPTY_PAGES) this.fail(`sent ${this.emptyInARow} empty pages in a row, each with a cursor to another`);
    if (this.read >= MAX_PAGES) this.fail(`had more after ${pages(this.read)}, the most one listing is read for`);
    return next;
  }

  private fail(what: string): never {
    throw new PagingError(this.operation, what);
  }
}

export interface WalkOptions {
  /** Items wanted in all (default: every one): no page is asked for once the walk has them. */
  total?: number;
  /** The page size to ask for (the last page no larger than what is still wanted); undefined: none is sent. */
  pageSize?: number;
  /**
   * Starts the next request before the caller has handled this page (ApiClient.ahead): the service works
   * on one while this process works on the other. A caller that stops early leaves one request unread.
   */
  ahead?: <R>(start: () => Promise<R>) => Promise<{ answer: Promise<R> }>;
}

/**
 * The pages of one walk, checked (PageGuard), as they come; `fetch` sends the request for one ask.
 * Break out of the loop to stop early.
 */
export async function* walkPages<T>(
  operation: string,
  fetch: (ask: PageAsk) => Promise<CursorPage<T>>,
  options: WalkOptions = {},
): AsyncGenerator<CheckedPage<T>> {
  const guard = new PageGuard(operation);
  const total = options.total ?? Infinity;
  const { pageSize, ahead } = options;
  let got = 0;
  const askFor = (cursor: string | undefined): PageAsk => ({
    cursor,
    limit: pageSize === undefined ? undefined : Math.min(pageSize, total - got),
  });
  let asked = askFor(undefined);
  let next = fetch(asked);
  for (;;) {
    const page = guard.check(asked, await next);
    got += page.items.length;
    const cursor = got < total ? page.nextCursor : null;
    if (cursor !== null) {
      const following = askFor(cursor);
      asked = following;
      if (ahead) next = (await ahead(() => fetch(following))).answer;
    }
    yield page;
    if (cursor === null) return;
    if (!ahead) next = fetch(asked);
  }
}

/** A piece of a text read along offsets (a handbook entry): its text and where the next piece starts (null: the end). */
export interface Piece {
  body: string;
  nextOffset?: number | null;
}

/**
 * The pieces of a text read along `offset` / `nextOffset`, checked: each next offset must lie past the
 * one asked and no further than what was read (a piece's characters), and a text ends within MAX_PAGES
 * pieces. `fetch` sends the request for one offset.
 */
export async function* walkPieces<P extends Piece>(operation: string, fetch: (offset: number) => Promise<P>): AsyncGenerator<P> {
  let offset = 0;
  for (let read = 1; ; read++) {
    const piece = await fetch(offset);
    yield piece;
    const next = nextOffset(operation, offset, piece, read);
    if (next === undefined) return;
    offset = next;
  }
}

/** Where the piece read at `offset` says the next one starts (undefined: the end); a PagingError if it cannot be so. */
export function nextOffset(operation: string, offset: number, piece: Piece, read: number): number | undefined {
  const next: unknown = piece.nextOffset;
  if (next === null || next === undefined) return undefined;
  const fail = (what: string): never => {
    throw new PagingError(operation, what);
  };
  const length = typeof piece.body === 'string' ? piece.body.length : 0;
  if (typeof next !== 'number' || !Number.isSafeInteger(next)) return fail(`sent a next offset that is not a whole number`);
  if (next <= offset) return fail(`did not advance: the piece at offset ${offset} gave ${next} as the next offset`);
  if (next > offset + length)
    return fail(`skipped ahead: the piece at offset ${offset} held ${length} characters but gave ${next} as the next offset`);
  if (read >= MAX_PAGES) return fail(`had more after ${read} pieces, the most one text is read for`);
  return next;
}

/**
 * Starts a request ahead of its reader (the next page of a listing) and resolves once it is on its way,
 * to its answer (wrapped, so that awaiting this does not await the answer). undici writes to a kept-alive
 * connection only after a full turn of the event loop, and then a check in the next that the server has
 * not closed it: work the caller started at once would hold the request back until it was done, so
 * this yields two turns first. A failure waits for the reader, who may never come (a loop that stopped
 * early): it is not an unhandled rejection meanwhile.
 */
export async function startAhead<T>(start: () => Promise<T>): Promise<{ answer: Promise<T> }> {
  const answer = start();
  answer.catch(() => {});
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
  return { answer };
}
