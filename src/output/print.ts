// Output for people and for scripts. On a TTY: tables with a header, fitted to the terminal, colors and
// relative times. Piped: tab-separated lines, no header, no color, ISO times. With --json: the service's
// objects as they came, a list as one JSON array (streamed, so `--all` keeps memory flat).
import type { ChalkInstance } from 'chalk';
import type { IO } from '../io.js';
import { idOf, type ShownId } from '../completion/ids.js';
import { wrapText } from './format.js';
import { jsonText, pipeField, terminalBlock, terminalLine } from './sanitize.js';
import { displayWidth, padToWidth, truncateToWidth } from './width.js';

export type Mode = 'human' | 'plain';

/** Part of a text in a color wts adds itself: the text is sanitized (and cut) first, then colored. */
export interface Styled {
  text: string;
  style: (text: string) => string;
}

/**
 * What a table cell, a view field or a confirmation holds: any text, the service's included, with parts
 * in wts's own colors. Everything here is sanitized as it is printed (src/output/sanitize.ts), so a value
 * never needs to be, and colors never are: never pass text that chalk already colored (use `styled`).
 */
export type Text = string | Styled | readonly (string | Styled)[];

/** `text` shown in a color of wts's own, e.g. `styled(task.status, (s) => chalk.cyan(s))`. */
export function styled(text: string, style: (text: string) => string): Styled {
  return { text, style };
}

const isParts = (text: Text): text is readonly (string | Styled)[] => Array.isArray(text);
const partsOf = (text: Text): readonly (string | Styled)[] => (isParts(text) ? text : [text]);
const raw = (part: string | Styled) => (typeof part === 'string' ? part : part.text);
const paint = (part: string | Styled, safe: string) => (typeof part === 'string' || safe === '' ? safe : part.style(safe));

/** The text without colors, unsanitized (as the service sent it). */
export function plainText(text: Text): string {
  return partsOf(text).map(raw).join('');
}

/** One line for a terminal: sanitized, cut to `width` columns (by display width, ending in …), then colored. */
export function terminalText(text: Text, width = Infinity): string {
  const parts = partsOf(text).map((part) => ({ part, safe: terminalLine(raw(part)) }));
  const total = parts.reduce((sum, p) => sum + displayWidth(p.safe), 0);
  if (total <= width) return parts.map((p) => paint(p.part, p.safe)).join('');
  if (width <= 0) return '';
  let room = width - 1; // for the …
  const out: string[] = [];
  for (const { part, safe } of parts) {
    const w = displayWidth(safe);
    if (w <= room) {
      out.push(paint(part, safe));
      room -= w;
      continue;
    }
    out.push(paint(part, `${truncateToWidth(safe, room, '')}…`));
    break;
  }
  return out.join('');
}

/** A block for a terminal view: sanitized keeping newlines and tabs, then colored. */
export function terminalView(text: Text): string {
  return partsOf(text)
    .map((part) => paint(part, terminalBlock(raw(part))))
    .join('');
}

/** A field of piped output: one line, every control character escaped, no colors. */
export function pipeText(text: Text): string {
  return pipeField(plainText(text));
}

export interface Column<T> {
  header: string;
  /** The cell: `human` on a TTY (relative times, colors with `styled`), `plain` when piped (ISO times). Printed sanitized. */
  value: (item: T, mode: Mode) => Text;
  /** This column gives up width first when the table is wider than the terminal (down to `min`). */
  flex?: boolean;
  /** The narrowest a flexible column is cut to before columns are dropped (default 10 columns). */
  min?: number;
  /**
   * A column that may be left out when the table cannot fit the terminal otherwise: the lowest priority
   * goes first. Without one, the column is always shown (ids, titles).
   */
  priority?: number;
}

/** How a table column fits the terminal: see Column. */
export type ColumnFit = Pick<Column<unknown>, 'header' | 'flex' | 'min' | 'priority'>;

export interface OutputTarget {
  io: IO;
  json: boolean;
  chalk: ChalkInstance;
  /** Told of the id and label of each item a list prints (kept for shell completion). */
  shown?: (item: ShownId) => void;
}

function write(io: IO, text: string): void {
  io.stdout.write(text);
}

/** How a list prints: a table on a TTY, tab-separated lines when piped, a JSON array with --json. */
type ListMode = 'table' | 'plain' | 'json';

function listMode(out: OutputTarget): ListMode {
  return out.json ? 'json' : out.io.isStdoutTTY ? 'table' : 'plain';
}

/** What a list prints for an item: its JSON text with --json, its tab-separated line when piped. */
function itemText<T>(mode: Exclude<ListMode, 'table'>, columns: Column<T>[], item: T): string {
  return mode === 'json' ? jsonText(item) : columns.map((c) => pipeText(c.value(item, 'plain'))).join('\t');
}

const tableRow = <T>(columns: Column<T>[], item: T): Text[] => columns.map((c) => c.value(item, 'human'));

/**
 * Writes the items of a list as they come, given as itemText made them, with the JSON array's brackets
 * and commas around them; `end` closes the list and returns how many there were.
 */
function textList(io: IO, mode: Exclude<ListMode, 'table'>): { item(text: string | Uint8Array): void; flush(): void; end(): number } {
  const chunks = new Chunked(io);
  let count = 0;
  if (mode === 'json') chunks.write('[');
  return {
    item(text) {
      if (mode === 'json') chunks.write(count === 0 ? '\n' : ',\n');
      chunks.write(text);
      if (mode === 'plain') chunks.write('\n');
      count++;
    },
    flush: () => chunks.flush(),
    end() {
      if (mode === 'json') chunks.write(count ? '\n]\n' : ']\n');
      chunks.flush();
      return count;
    },
  };
}

function printTable(out: OutputTarget, columns: readonly ColumnFit[], rows: Text[][], empty: string | undefined): number {
  if (!rows.length) {
    if (empty) out.io.stderr.write(`${empty}\n`);
    return 0;
  }
  write(out.io, renderTable(out.chalk, out.io.columns, columns, rows));
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
  const list = textList(out.io, mode);
  try {
    for await (const item of items) {
      see(out, item);
      list.item(itemText(mode, columns, item));
    }
  } catch (err) {
    // What was read is printed, also when a later page fails.
    list.flush();
    throw err;
  }
  return list.end();
}

function see(out: OutputTarget, item: unknown): void {
  if (!out.shown) return;
  const shown = idOf(item);
  if (shown) out.shown(shown);
}

/**
 * A list whose order is known only once the whole of it is read (task list: board order, then due date),
 * held as it will print. Each item is rendered as it arrives (as printItems would print it) and let go:
 * piped and with --json, its text is kept as UTF-8 bytes outside the JavaScript heap, so 10,000 tasks
 * hold about the 3 MB they print, and the garbage collector never copies them. Items are numbered in
 * the order held (0, 1, …); `print` prints them in the order given.
 */
export interface HeldList<T> {
  hold(item: T): void;
  /** How many items are held. */
  readonly size: number;
  /** Prints the held items numbered in `order` (all of them, or the first N of a sorted order); returns how many. */
  print(order: Iterable<number>): number;
}

export function holdList<T>(out: OutputTarget, columns: Column<T>[], options: { empty?: string } = {}): HeldList<T> {
  const mode = listMode(out);
  const rows: Text[][] = [];
  const texts = new TextStore();
  // Each text held with what follows it in a list of more (`,` and a newline in JSON, a newline piped):
  // items printed in the order held are then one run of bytes, written at once.
  const after = mode === 'json' ? ',\n' : '\n';
  // For `shown`, told in the order printed: the id and label, not the item.
  const ids: string[] = [];
  const labels: string[] = [];
  let size = 0;
  return {
    hold(item) {
      if (mode === 'table') rows.push(tableRow(columns, item));
      else texts.add(itemText(mode, columns, item), after);
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
      if (mode === 'table') {
        const shownRows: Text[][] = [];
        for (const i of order) {
          told(i);
          shownRows.push(rows[i] ?? []);
        }
        return printTable(out, columns, shownRows, options.empty);
      }
      const chunks = new Chunked(out.io);
      let count = 0;
      let run: Span | undefined;
      for (const i of order) {
        told(i);
        if (count++ === 0 && mode === 'json') chunks.write('[\n');
        const span = texts.span(i);
        if (run && run.block === span.block && run.end === span.start) run.end = span.end;
        else {
          if (run) chunks.write(texts.bytes(run));
          run = span;
        }
      }
      // The last item's `,` is the array's end.
      if (run && mode === 'json') chunks.write(texts.bytes({ ...run, end: run.end - after.length }));
      else if (run) chunks.write(texts.bytes(run));
      if (mode === 'json') chunks.write(count ? '\n]\n' : '[]\n');
      chunks.flush();
      return count;
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

/** Above this many bytes held, a Chunked writes at once. */
const CHUNK = 64 * 1024;

/**
 * Standard output written in chunks rather than a system call per item (10,000 items: about 50 writes,
 * not 10,000). What is held is written once the list waits for more (setImmediate runs when the page in
 * hand is done and the next is awaited), so output keeps up with what has been read.
 */
class Chunked {
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
    else write(this.io, parts.join(''));
    this.bytes = false;
  }
}

const GAP = 2;
const FLEX_MIN = 10;

/**
 * The width of each column so the table fits `width` terminal columns, 0 for a column left out. In
 * order, until it fits: every flexible column shrinks toward its minimum, in proportion to what it can
 * give; the lowest-priority optional column is left out (and the others get their width back); then
 * flexible columns shrink below their minimum, then the others, last column first.
 */
export function fitColumns(natural: number[], fits: readonly Omit<ColumnFit, 'header'>[], width: number): number[] {
  const shown = natural.map(() => true);
  for (;;) {
    const widths = natural.map((w, i) => (shown[i] ? w : 0));
    const count = shown.filter(Boolean).length;
    let excess = widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, count - 1) - width;
    if (excess <= 0) return widths;
    excess = shrink(widths, excess, (w, i) => (shown[i] && fits[i]?.flex ? Math.min(w, fits[i]?.min ?? FLEX_MIN) : w));
    if (excess <= 0) return widths;
    let drop = -1;
    let lowest = Number.POSITIVE_INFINITY;
    fits.forEach((f, i) => {
      if (shown[i] && f.priority !== undefined && (drop < 0 || f.priority < lowest)) {
        drop = i;
        lowest = f.priority;
      }
    });
    if (drop >= 0) {
      shown[drop] = false;
      continue;
    }
    excess = shrink(widths, excess, (w, i) => (fits[i]?.flex ? Math.min(w, 1) : w));
    for (let i = widths.length - 1; i >= 0 && excess > 0; i--) {
      const w = widths[i] ?? 0;
      const give = Math.min(excess, w - 1);
      if (give > 0) {
        widths[i] = w - give;
        excess -= give;
      }
    }
    return widths;
  }
}

/**
 * Takes up to `excess` columns from `widths`, each down to `floor(width, i)`, in proportion to what each
 * can give; returns what is left to take.
 */
function shrink(widths: number[], excess: number, floor: (width: number, i: number) => number): number {
  const spare = widths.map((w, i) => Math.max(0, w - floor(w, i)));
  const total = spare.reduce((a, b) => a + b, 0);
  if (total === 0) return excess;
  const take = Math.min(excess, total);
  let taken = 0;
  spare.forEach((s, i) => {
    const give = Math.floor((s * take) / total);
    widths[i] = (widths[i] ?? 0) - give;
    taken += give;
  });
  // What rounding left: one column at a time from the columns with the most to spare.
  for (let i = 0; taken < take; i = (i + 1) % widths.length) {
    const w = widths[i] ?? 0;
    if (w > floor(w, i)) {
      widths[i] = w - 1;
      taken++;
    }
  }
  return excess - take;
}

/**
 * A borderless table, as gh prints them: cells sanitized, cut and padded by display width, every line at
 * most `width` columns wide (flexible columns shrink, optional ones are left out: see fitColumns).
 */
export function renderTable(chalk: ChalkInstance, width: number, columns: readonly ColumnFit[], rows: Text[][]): string {
  const natural = columns.map((c, i) =>
    Math.max(displayWidth(c.header), ...rows.map((r) => displayWidth(terminalText(plainText(r[i] ?? ''))))),
  );
  const widths = fitColumns(natural, columns, Math.max(1, width));
  const widthOf = (i: number) => widths[i] ?? 0;
  // Each cell padded to its column's width; the columns left out (width 0) not at all.
  const line = (cells: string[]) =>
    cells
      .flatMap((cell, i) => (widthOf(i) > 0 ? [padToWidth(cell, widthOf(i))] : []))
      .join(' '.repeat(GAP))
      .trimEnd();
  const lines = [line(columns.map((c, i) => chalk.bold(truncateToWidth(c.header.toUpperCase(), widthOf(i)))))];
  for (const row of rows) lines.push(line(columns.map((_, i) => terminalText(row[i] ?? '', widthOf(i)))));
  return `${lines.join('\n')}\n`;
}

/** Prints a value as indented JSON (for --json): the exact data, characters a terminal would act on as \\u escapes. */
export function printJson(out: OutputTarget, value: unknown): void {
  write(out.io, `${jsonText(value, 2)}\n`);
}

/** A field of a view: its label and its value for people (`human`) or scripts (`plain`). */
export type Row = [label: string, value: (mode: Mode) => Text];

/**
 * Prints one object: aligned `label  value` lines on a TTY (values sanitized keeping their newlines, which
 * continue indented under the value, never at the label's place), `label<TAB>value` piped (one line per
 * field, escaped), the object with --json.
 */
export function printObject(out: OutputTarget, object: unknown, rows: Row[]): void {
  const { io } = out;
  if (out.json) {
    printJson(out, object);
    return;
  }
  if (!io.isStdoutTTY) {
    for (const [label, value] of rows) write(io, `${label}\t${pipeText(value('plain'))}\n`);
    return;
  }
  for (const line of objectLines(out.chalk, rows, io.columns)) write(io, `${line}\n`);
}

/**
 * The lines of an object for people, `columns` wide: aligned `label  value`, values sanitized keeping
 * their newlines, which continue indented under the value, never at the label's place. A word longer
 * than the room stays whole (the caller cuts it, or the terminal wraps it).
 */
export function objectLines(chalk: ChalkInstance, rows: Row[], columns: number): string[] {
  const width = Math.max(...rows.map(([label]) => label.length)) + 1;
  const lines: string[] = [];
  for (const [label, value] of rows) {
    // Long values wrap beside their label instead of running under it.
    const text = wrapText(terminalView(value('human')), columns - (width + 1));
    const [first = '', ...rest] = text.split('\n');
    lines.push(`${chalk.bold(`${label}:`.padEnd(width + 1))}${first}`);
    for (const line of rest) lines.push(`${' '.repeat(width + 1)}${line}`);
  }
  return lines;
}

/** Prints a short confirmation for people ("✓ Approved act_12"), sanitized to one line; with --json, the object instead. */
export function printDone(out: OutputTarget, object: unknown, message: Text): void {
  if (out.json) printJson(out, object);
  else if (out.io.isStdoutTTY) write(out.io, `${out.chalk.green('✓')} ${terminalText(message)}\n`);
  else write(out.io, `${pipeText(message)}\n`);
}
