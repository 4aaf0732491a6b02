// The new end of a cursor listing (a task's chat or activity log, oldest first), read again and again:
// the first read walks every page; each read after asks for the last page again — with the cursor that
// led to it — and walks on only if it has grown past a page. So a follow with nothing new costs one
// request, on any service whose cursors mean "after this point" or "from this offset".
import type { Page } from '../contract/operations.js';

export type PageReader<T> = (cursor: string | undefined) => Promise<Page<T>>;

export class ListingTail<T extends { id: string }> {
  /** The cursor that fetched the last page read (undefined: the first page). */
  private cursor: string | undefined;
  /** Ids on that page, already returned. */
  private seen = new Set<string>();

  constructor(private readonly readPage: PageReader<T>) {}

  /**
   * The items added since the last call (all of them on the first), in the listing's order. If a page
   * fails, nothing is lost: the next call reads again from where this one started.
   */
  async next(): Promise<T[]> {
    let cursor = this.cursor;
    let seen = this.seen;
    const fresh: T[] = [];
    for (;;) {
      const page = await this.readPage(cursor);
      for (const item of page.items) if (!seen.has(item.id)) fresh.push(item);
      if (!page.nextCursor) {
        this.cursor = cursor;
        this.seen = new Set(page.items.map((item) => item.id));
        return fresh;
      }
      cursor = page.nextCursor;
      seen = new Set();
    }
  }
}
