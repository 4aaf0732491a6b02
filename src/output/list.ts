// Lists for people and for scripts. On a TTY: a table with a header, fitted to the terminal, colors and
// relative times. Piped: tab-separated lines, no header, no color, ISO times. With --json: the service's
// objects as they came, as one JSON array (streamed, so `--all` keeps memory flat).
import type { IO } from '../io.js';
import { idOf } from '../completion/ids.js';
import type { OutputTarget } from './print.js';
import { jsonText } from './sanitize.js';
import { renderTable, type Column, type ColumnFit } from './table.js';
import { pipeText, type Text } from './text.js';

/** How a list prints: a table on a TTY, tab-separated lines when piped, a JSON array with --json. */
type ListMode = 'table' | 'plain' | 'json';

export function listMode(out: OutputTarget): ListMode {
  return out.json ? 'json' : out.io.isStdoutTTY ? 'table' : 'plain';
}

/** What a list prints for an item: its JSON text with --json, its tab-separated line when piped. */
export function itemText<T>(mode: Exclude<ListMode, 'table'>, columns: Column<T>[], item: T): string {
  return mode === 'json' ? jsonText(item) : columns.map((c) => pipeText(c.value(item, 'plain'))).join('\t');
}

export const tableRow = <T>(columns: Column<T>[], item: T): Text[] => columns.map((c) => c.value(item, 'human'));

export interface TextList {
  /** An item, as itemText made it. */
  item(text: string | Uint8Array): void;
  /**
   * `n` items at once: the bytes `item` would write for them, less the separator before the first (in
   * JSON, the texts joined by `,` and a newline; piped, each text and its newline).
   */
  run(bytes: Uint8Array, n: number): void;
  flush(): void;
  /** Closes the list; returns how many items it had. */
  end(): number;
}

/**
 * Writes the items of a list as they come, given as itemText made them, with the JSON array's brackets
 * and commas around them.
 */
export function textList(io: IO, mode: Exclude<ListMode, 'table'>): TextList {
  const chunks = new Chunked(io);
  let count = 0;
  if (mode === 'json') chunks.write('[');
  // In JSON, what comes before an item: after the `[`, or after the item before it.
  const separate = () => {
    if (mode === 'json') chunks.write(count === 0 ? '\n' : ',\n');
  };
  return {
    item(text) {
      separate();
      chunks.write(text);
      if (mode === 'plain') chunks.write('\n');
      count++;
    },
    run(bytes, n) {
      separate();
      chunks.write(bytes);
      count += n;
    },
    flush: () => chunks.flush(),
    end() {
      if (mode === 'json') chunks.write(count ? '\n]\n' : ']\n');
      chunks.flush();
      return count;
    },
  };
}

export function printTable(out: OutputTarget, columns: readonly ColumnFit[], rows: Text[][], empty: string | undefined): number {
  if (!rows.length) {
    if (empty) out.io.stderr.write(`${empty}\n`);
    return 0;
  }
  out.io.stdout.write(renderTable(out.chalk, out.io.columns, columns, rows));
  return rows.length;
}

/** Prints a list as it is read: a table on a TTY, tab-separated lines when piped, a JSON array with --json. */
export async function printItems<T>(
  out: OutputTarget,
  items: Iterable<T> | AsyncIterable<T>,
  columns: Column<T>[],
  options: { empty?: string } = {},
): Promise<number> {
  const mode = listMode(out);
  if (mode === 'table') {
    const rows: Text[][] = [];
    for await (const item of items) {
      see(out, item);
      rows.push(tableRow(columns, item));
    }
    return printTable(out, columns, rows, options.empty);
  }
  // Begun with the first item: a list that fails before it (the filter guard's first page, a refusal)
  // prints nothing, not even JSON's `[`.
  let list: TextList | undefined;
  try {
    for await (const item of items) {
      see(out, item);
      (list ??= textList(out.io, mode)).item(itemText(mode, columns, item));
    }
  } catch (err) {
    // What was read is printed, also when a later page fails.
    list?.flush();
    throw err;
  }
  return (list ?? textList(out.io, mode)).end();
}

/** Tells `out.shown` of an item printed (for shell completion of ids). */
export function see(out: OutputTarget, item: unknown): void {
  if (!out.shown) return;
  const shown = idOf(item);
  if (shown) out.shown(shown);
}

/** Above this many bytes held, a Chunked writes at once. */
const CHUNK = 64 * 1024;

/**
 * Standard output written in chunks rather than a system call per item (10,000 items: about 50 writes,
 * not 10,000). What is held is written once the list waits for more (setImmediate runs when the page in
 * hand is done and the next is awaited), so output keeps up with what has been read.
 */
export class Chunked {
  private parts: (string | Uint8Array)[] = [];
  private size = 0;
  private bytes = false;
  private pending: NodeJS.Immediate | undefined;

  constructor(private readonly io: IO) {}

  write(part: string | Uint8Array): void {
    if (part.length >= CHUNK && typeof part !== 'string') {
      // Large already: written as it is, not copied.
      this.flush();
      this.io.stdout.write(part);
      return;
    }
    this.parts.push(part);
    this.size += part.length;
    if (typeof part !== 'string') this.bytes = true;
    if (this.size >= CHUNK) this.flush();
    else this.pending ??= setImmediate(() => this.flush());
  }

  flush(): void {
    if (this.pending) clearImmediate(this.pending);
    this.pending = undefined;
    if (!this.parts.length) return;
    const parts = this.parts;
    this.parts = [];
    this.size = 0;
    if (this.bytes) this.io.stdout.write(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))));
    else this.io.stdout.write(parts.join(''));
    this.bytes = false;
  }
}
