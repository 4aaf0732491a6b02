// Tables on a terminal, as gh prints them: no borders, each cell sanitized, then cut and padded by display
// width, the columns fitted to the terminal (flexible ones shrink, optional ones are left out).
import type { ChalkInstance } from 'chalk';
import { plainText, terminalText, type Mode, type Text } from './text.js';
import { displayWidth, padToWidth, truncateToWidth } from './width.js';

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
  /**
   * What the column holds, for the columns every table keeps: `id` (cut with … to ID_MIN once the optional
   * columns are gone, before the title is cut below its minimum) or `title` (what people read: never left
   * out, and the last column cut below its minimum).
   */
  role?: 'id' | 'title';
}

/** How a table column fits the terminal: see Column. */
export type ColumnFit = Pick<Column<unknown>, 'header' | 'flex' | 'min' | 'priority' | 'role'>;

const GAP = 2;
const FLEX_MIN = 10;
/** The narrowest an id is cut to (with its …) while the title keeps its minimum. */
export const ID_MIN = 8;

/**
 * The width of each column so the table fits `width` terminal columns, 0 for a column left out. In
 * order, until it fits: every flexible column shrinks toward its minimum, in proportion to what it can
 * give; the lowest-priority optional column is left out (and the others get their width back; a title
 * never is); ids are cut toward ID_MIN; then the other flexible columns shrink below their minimum, then
 * the other columns, last column first; the title is cut last.
 */
export function fitColumns(natural: number[], fits: readonly Omit<ColumnFit, 'header'>[], width: number): number[] {
  const shown = natural.map(() => true);
  const isTitle = (i: number) => fits[i]?.role === 'title';
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
      if (shown[i] && !isTitle(i) && f.priority !== undefined && (drop < 0 || f.priority < lowest)) {
        drop = i;
        lowest = f.priority;
      }
    });
    if (drop >= 0) {
      shown[drop] = false;
      continue;
    }
    excess = shrink(widths, excess, (w, i) => (fits[i]?.role === 'id' ? Math.min(w, ID_MIN) : w));
    excess = shrink(widths, excess, (w, i) => (fits[i]?.flex && !isTitle(i) ? Math.min(w, 1) : w));
    const order = [...widths.keys()].reverse().sort((a, b) => Number(isTitle(a)) - Number(isTitle(b)));
    for (const i of order) {
      if (excess <= 0) break;
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
  if (excess <= 0) return excess;
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
