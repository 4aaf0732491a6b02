// A workspace's board for a terminal: its columns side by side, each headed by its name and count, task
// titles cut to the column's width, and "+N more" under a column longer than the rows shown. When the
// terminal is too narrow for every column at a readable width, the columns continue in a second band.
import type { ChalkInstance } from 'chalk';
import type { Resource } from '../api/resources.js';
import { truncate, visibleLength } from './print.js';

type Task = Resource<'Task'>;

export interface BoardColumn {
  key: string;
  name: string;
  tasks: Task[];
}

export interface BoardLayout {
  /** Terminal width. */
  width: number;
  /** Tasks shown per column before "+N more". */
  rows: number;
  /** Whether a task is past its due date (shown in red). */
  overdue: (task: Task) => boolean;
}

const GAP = 2;
/** Narrower than this, a column holds too little of a title to be worth showing beside the others. */
export const MIN_COLUMN_WIDTH = 16;

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - visibleLength(text)));

export function renderBoard(chalk: ChalkInstance, columns: BoardColumn[], layout: BoardLayout): string {
  if (columns.length === 0) return '';
  const perBand = Math.max(1, Math.min(columns.length, Math.floor((layout.width + GAP) / (MIN_COLUMN_WIDTH + GAP))));
  const width = Math.max(1, Math.floor((layout.width - GAP * (perBand - 1)) / perBand));
  const bands: string[] = [];
  for (let start = 0; start < columns.length; start += perBand) {
    const band = columns.slice(start, start + perBand);
    const cells = band.map((column) => {
      const lines = [chalk.bold(truncate(`${column.name} (${column.tasks.length})`, width)), chalk.dim('─'.repeat(width))];
      for (const task of column.tasks.slice(0, layout.rows)) {
        const title = truncate(task.title, width);
        lines.push(layout.overdue(task) ? chalk.red(title) : title);
      }
      const more = column.tasks.length - layout.rows;
      if (more > 0) lines.push(chalk.dim(truncate(`+${more} more`, width)));
      if (column.tasks.length === 0) lines.push(chalk.dim('(none)'));
      return lines;
    });
    const height = Math.max(...cells.map((c) => c.length));
    const text: string[] = [];
    for (let row = 0; row < height; row++) {
      text.push(cells.map((c) => pad(c[row] ?? '', width)).join(' '.repeat(GAP)).replace(/\s+$/, ''));
    }
    bands.push(text.join('\n'));
  }
  return `${bands.join('\n\n')}\n`;
}
