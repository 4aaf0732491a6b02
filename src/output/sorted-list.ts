// A list held whole before it prints, sorted (task list --sort, --all): each item kept as the text it prints.
import { idOf } from '../completion/ids.js';
import { itemText, listMode, printTable, see, tableRow, textList, type TextList } from './list.js';
import type { OutputTarget } from './print.js';
import type { Column } from './table.js';
import type { Text } from './text.js';

/**
 * A list whose order is known only once the whole of it is read (task list: board order, then due date),
 * held as it will print. Each item is rendered as it arrives (as printItems would print it) and let go:
 * piped and with --json, its text is kept as UTF-8 bytes outside the JavaScript heap, so 10,000 tasks
 * hold about the 3 MB they print, and the garbage collector never copies them. Items are numbered in
 * the order held (0, 1, …); `print` prints them in the order given.
 */
export interface HeldList<T> {
  hold(item: T): void;
  /**
   * An item known to print before every held one, after those passed before it: printed now, piped and
   * with --json (nothing of it is held); in a table, held to print first (the widths need every row).
   */
  pass(item: T): void;
  /** How many items are held. */
  readonly size: number;
  /**
   * Prints the held items numbered in `order` (all of them, or the first N of a sorted order) after the
   * items passed; returns how many were printed in all.
   */
  print(order: Iterable<number>): number;
}

export function holdList<T>(out: OutputTarget, columns: Column<T>[], options: { empty?: string } = {}): HeldList<T> {
  const mode = listMode(out);
  // Piped or with --json: the text each item prints (else a table's rows).
  const textMode = mode === 'table' ? undefined : mode;
  const rows: Text[][] = [];
  const texts = new TextStore();
  // Each text held with what follows it in a list of more (`,` and a newline in JSON, a newline piped):
  // items printed in the order held are then one run of bytes, written at once.
  const after = mode === 'json' ? ',\n' : '\n';
  // For `shown`, told in the order printed: the id and label, not the item.
  const ids: string[] = [];
  const labels: string[] = [];
  let size = 0;
  // Piped or with --json, every item printed, passed or held, goes through one list, begun with the first
  // (nothing, not even JSON's `[`, is written before). In a table, the rows of the items passed, to print
  // first.
  let list: TextList | undefined;
  const passedRows: Text[][] = [];
  return {
    pass(item) {
      if (textMode) (list ??= textList(out.io, textMode)).item(itemText(textMode, columns, item));
      else passedRows.push(tableRow(columns, item));
      see(out, item);
    },
    hold(item) {
      if (textMode) texts.add(itemText(textMode, columns, item), after);
      else rows.push(tableRow(columns, item));
      if (out.shown) {
        const shown = idOf(item);
        ids.push(shown?.id ?? '');
        labels.push(shown?.label ?? '');
      }
      size++;
    },
    get size() {
      return size;
    },
    print(order) {
      const told = (i: number) => {
        if (out.shown && ids[i]) out.shown({ id: ids[i] ?? '', label: labels[i] ?? '' });
      };
      if (!textMode) {
        const shownRows: Text[][] = passedRows;
        for (const i of order) {
          told(i);
          shownRows.push(rows[i] ?? []);
        }
        return printTable(out, columns, shownRows, options.empty);
      }
      const printed = (list ??= textList(out.io, textMode));
      // Items printed in the order held are one run of bytes, written at once (in JSON, less the `,` after
      // its last item: the list puts one before the next run, or ends the array).
      let run: Span | undefined;
      let n = 0;
      const write = () => {
        if (run) printed.run(texts.bytes(textMode === 'json' ? { ...run, end: run.end - after.length } : run), n);
      };
      for (const i of order) {
        told(i);
        const span = texts.span(i);
        if (run && run.block === span.block && run.end === span.start) {
          run.end = span.end;
          n++;
        } else {
          write();
          run = span;
          n = 1;
        }
      }
      write();
      return printed.end();
    },
  };
}

interface Span {
  block: number;
  start: number;
  end: number;
}

/** Texts kept as UTF-8 in large buffers, numbered in the order added. */
class TextStore {
  private static readonly BLOCK = 1024 * 1024;
  private blocks: Buffer[] = [];
  private used = 0;
  // Where text i is: its block, start and end at i * 3: small integers, no object per text.
  private spans: number[] = [];

  /** Adds `text` followed by `after` (ASCII). */
  add(text: string, after: string): void {
    let block = this.blocks.at(-1);
    // UTF-8 takes at most 3 bytes for each UTF-16 unit: only a text that might not fit is measured.
    if (
      !block ||
      (this.used + text.length * 3 + after.length > block.length && this.used + Buffer.byteLength(text) + after.length > block.length)
    ) {
      block = Buffer.allocUnsafe(Math.max(TextStore.BLOCK, Buffer.byteLength(text) + after.length));
      this.blocks.push(block);
      this.used = 0;
    }
    const start = this.used;
    this.used += block.write(text, start);
    this.used += block.write(after, this.used);
    this.spans.push(this.blocks.length - 1, start, this.used);
  }

  span(i: number): Span {
    return { block: this.spans[i * 3] ?? 0, start: this.spans[i * 3 + 1] ?? 0, end: this.spans[i * 3 + 2] ?? 0 };
  }

  bytes({ block, start, end }: Span): Uint8Array {
    return this.blocks[block]?.subarray(start, end) ?? new Uint8Array();
  }
}
