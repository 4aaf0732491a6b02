// Output for people and for scripts. On a TTY: tables with a header, fitted to the terminal, colors and
// relative times. Piped: tab-separated lines, no header, no color, ISO times. With --json: the service's
// objects as they came, a list as one JSON array (streamed, so `--all` keeps memory flat).
import { createRequire } from 'node:module';
import type { ChalkInstance } from 'chalk';
import type { IO } from '../io.js';
import { wrapText } from './format.js';

export type Mode = 'human' | 'plain';

export interface Column<T> {
  header: string;
  /** The cell: `human` on a TTY (color, relative times), `plain` when piped (no color, ISO times). */
  value: (item: T, mode: Mode) => string;
  /** This column gives up width first when the table is wider than the terminal. */
  flex?: boolean;
}

export interface OutputTarget {
  io: IO;
  json: boolean;
  chalk: ChalkInstance;
  /** Told of each item a list prints (the ids are kept for shell completion). */
  shown?: (item: unknown) => void;
}

function write(io: IO, text: string): void {
  io.stdout.write(text);
}

const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
/** Columns a text takes on a terminal, colors aside. */
export const visibleLength = (s: string) => [...stripAnsi(s)].length;

/** Cuts a text to `width` columns, ending it with … when cut (colors are dropped then). */
export function truncate(text: string, width: number): string {
  if (visibleLength(text) <= width) return text;
  const plain = [...stripAnsi(text)];
  return width <= 1 ? plain.slice(0, width).join('') : `${plain.slice(0, width - 1).join('')}…`;
}

/** Prints a list: a table on a TTY, tab-separated lines when piped, a JSON array with --json. */
export async function printItems<T>(
  out: OutputTarget,
  items: Iterable<T> | AsyncIterable<T>,
  columns: Column<T>[],
  options: { empty?: string } = {},
): Promise<number> {
  const { io } = out;
  let count = 0;
  if (out.shown) items = tap(items, out.shown);
  if (out.json) {
    write(io, '[');
    for await (const item of items) write(io, `${count++ === 0 ? '\n' : ',\n'}${JSON.stringify(item)}`);
    write(io, count ? '\n]\n' : ']\n');
    return count;
  }
  if (!io.isStdoutTTY) {
    for await (const item of items) {
      count++;
      write(io, `${columns.map((c) => c.value(item, 'plain').replace(/[\t\n]/g, ' ')).join('\t')}\n`);
    }
    return count;
  }
  const rows: string[][] = [];
  for await (const item of items) rows.push(columns.map((c) => c.value(item, 'human').replace(/\n/g, ' ')));
  count = rows.length;
  if (!count) {
    if (options.empty) io.stderr.write(`${options.empty}\n`);
    return 0;
  }
  write(io, renderTable(out.chalk, io.columns, columns.map((c) => c.header), rows, columns.map((c) => Boolean(c.flex))));
  return count;
}

async function* tap<T>(items: Iterable<T> | AsyncIterable<T>, see: (item: T) => void): AsyncGenerator<T> {
  for await (const item of items) {
    see(item);
    yield item;
  }
}

/** A borderless table, as gh prints them, shrinking flexible columns to fit `width`. */
export function renderTable(chalk: ChalkInstance, width: number, headers: string[], rows: string[][], flex: boolean[]): string {
  const gap = 2;
  const widths = headers.map((h, i) => Math.max(visibleLength(h), ...rows.map((r) => visibleLength(r[i] ?? ''))));
  let excess = widths.reduce((a, b) => a + b, 0) + gap * (headers.length - 1) - width;
  for (let i = 0; i < widths.length && excess > 0; i++) {
    if (!flex[i]) continue;
    const give = Math.min(excess, widths[i]! - Math.min(widths[i]!, 12));
    widths[i]! -= give;
    excess -= give;
  }
  // Loaded here, not above: only a table on a terminal needs it, and it costs ~15 ms to load.
  const Table = createRequire(import.meta.url)('cli-table3') as typeof import('cli-table3');
  const table = new Table({
    head: headers.map((h) => chalk.bold(h.toUpperCase())),
    chars: { top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: ' '.repeat(gap) },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    wordWrap: false,
  });
  for (const row of rows) table.push(row.map((cell, i) => truncate(cell, widths[i]!)));
  return `${table
    .toString()
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')}\n`;
}

/** Prints one object: aligned `label  value` lines on a TTY, `label<TAB>value` piped, the object with --json. */
export function printObject(out: OutputTarget, object: unknown, rows: [label: string, value: (mode: Mode) => string][]): void {
  const { io } = out;
  if (out.json) {
    write(io, `${JSON.stringify(object, null, 2)}\n`);
    return;
  }
  if (!io.isStdoutTTY) {
    for (const [label, value] of rows) write(io, `${label}\t${value('plain').replace(/\n/g, '\\n')}\n`);
    return;
  }
  const width = Math.max(...rows.map(([label]) => label.length)) + 1;
  for (const [label, value] of rows) {
    // Long values wrap beside their label instead of running under it.
    const text = wrapText(value('human'), io.columns - (width + 1));
    const [first = '', ...rest] = text.split('\n');
    write(io, `${out.chalk.bold(`${label}:`.padEnd(width + 1))}${first}\n`);
    for (const line of rest) write(io, `${' '.repeat(width + 1)}${line}\n`);
  }
}

/** Prints a short confirmation for people ("✓ Approved act_12"); with --json, the object instead. */
export function printDone(out: OutputTarget, object: unknown, message: string): void {
  if (out.json) write(out.io, `${JSON.stringify(object, null, 2)}\n`);
  else if (out.io.isStdoutTTY) write(out.io, `${out.chalk.green('✓')} ${message}\n`);
  else write(out.io, `${message}\n`);
}
