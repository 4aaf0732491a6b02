// The new end of a cursor listing (a task's chat or activity log, oldest first), read again and again:
// the first read walks every page; each read after asks for the last page again — with the cursor that
// led to it — and walks on only if it has grown past a page. So a follow with nothing new costs one
// request, on any service whose cursors mean "after this point" or "from this offset".
// Each read is one walk, checked as every walk is (src/api/paging.ts): a cursor that comes back within a
// read, endless empty pages or a page larger than asked end it with a PagingError. Reading the last page
// again on the next read is this tail's own doing, not the service's, so the checks start afresh there.
import { PageGuard } from '../api/paging.js';
import type { Page } from '../contract/operations.js';

export type PageReader<T> = (cursor: string | undefined) => Promise<Page<T>>;

export interface TailOptions {
  /** The operation read, for the error that ends a read whose paging went wrong. */
  operation?: string;
  /** The page size each request asks for (a page larger than it ends the read). */
  limit?: number;
}

export class ListingTail<T extends { id: string }> {
  /** The cursor that fetched the last page read (undefined: the first page). */
  private cursor: string | undefined;
  /** Ids on that page, already returned. */
  private seen = new Set<string>();

  constructor(
    private readonly readPage: PageReader<T>,
    private readonly options: TailOptions = {},
  ) {}

  /**
   * The items added since the last call (all of them on the first), in the listing's order. If a page
   * fails, nothing is lost: the next call reads again from where this one started.
   */
  async next(): Promise<T[]> {
    let cursor = this.cursor;
    let seen = this.seen;
    const guard = new PageGuard(this.options.operation ?? 'the listing', cursor);
    const fresh: T[] = [];
    for (;;) {
      const page = await this.readPage(cursor);
      const checked = guard.check({ cursor, limit: this.options.limit }, page);
      for (const item of checked.items) if (!seen.has(item.id)) fresh.push(item);
      if (!checked.nextCursor) {
        this.cursor = cursor;
        this.seen = new Set(page.items.map((item) => item.id));
        return fresh;
      }
      cursor = checked.nextCursor;
      seen = new Set();
    }
  }
}
