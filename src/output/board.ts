// A workspace's board for a terminal: its columns side by side, each headed by its name and count,
// each card's id and its title cut to the column's width (overdue ones marked `!`, also in red), and "+N more"
// under a column longer than the rows shown ("+N+ more", and a count of "50+", for a column not read to its
// end). When the terminal is too narrow for every column with its ids whole and CARD_TITLE_MIN of each
// title, the columns continue in another band.
// Names and titles are sanitized before they are cut and padded (by display width), so a cut never lands
// inside an escape sequence and a wide character counts as two columns.
import type { ChalkInstance } from 'chalk';
import type { Resource } from '../contract/resources.js';
import { styled, terminalText } from './text.js';
import { displayWidth, padToWidth } from './width.js';

type Task = Resource<'Task'>;

export interface BoardColumn {
  key: string;
  name: string;
  tasks: Task[];
  /** The column holds more tasks than these, not read (not counted): its count shows as "50+". */
  more?: boolean;
}

export interface BoardLayout {
  /** Terminal width. */
  width: number;
  /** Tasks shown per column before "+N more". */
  rows: number;
  /** Whether a task is past its due date (marked `!` and shown in red). */
  overdue: (task: Task) => boolean;
  /** The mark of an overdue task: `!`, or in accessible mode the word (a screen reader may skip a `!`). */
  overdueMark?: string;
}

const GAP = 2;
/** Narrower than this, a column holds too little of a title to be worth showing beside the others. */
export const MIN_COLUMN_WIDTH = 16;
/** What a card keeps of its title beside its id before its column goes to the next band. */
export const CARD_TITLE_MIN = 14;

export function renderBoard(chalk: ChalkInstance, columns: BoardColumn[], layout: BoardLayout): string {
  if (columns.length === 0) return '';
  // A column wide enough for the longest id shown and a readable title: fewer columns side by side (more
  // bands) rather than titles cut to a few characters.
  const ids = columns.flatMap((c) => c.tasks.slice(0, layout.rows).map((t) => displayWidth(terminalText(t.id))));
  const columnMin = Math.max(MIN_COLUMN_WIDTH, Math.max(0, ...ids) + 1 + CARD_TITLE_MIN);
  const perBand = Math.max(1, Math.min(columns.length, Math.floor((layout.width + GAP) / (columnMin + GAP))));
  const width = Math.max(1, Math.floor((layout.width - GAP * (perBand - 1)) / perBand));
  const bands: string[] = [];
  for (let start = 0; start < columns.length; start += perBand) {
    const band = columns.slice(start, start + perBand);
    const cells = band.map((column) => {
      const lines = [
        terminalText(
          styled(`${column.name} (${column.tasks.length}${column.more ? '+' : ''})`, (t) => chalk.bold(t)),
          width,
        ),
        chalk.dim('─'.repeat(width)),
      ];
      for (const task of column.tasks.slice(0, layout.rows)) {
        // The id first, so every card can be acted on (`wts task view ID`); the title gets what is left.
        const title = layout.overdue(task) ? styled(`${layout.overdueMark ?? '!'} ${task.title}`, (t) => chalk.red(t)) : task.title;
        lines.push(terminalText([styled(task.id, (t) => chalk.dim(t)), ' ', title], width));
      }
      const more = column.tasks.length - layout.rows;
      if (more > 0)
        lines.push(
          terminalText(
            styled(column.more ? `+${more}+ more` : `+${more} more`, (t) => chalk.dim(t)),
            width,
          ),
        );
      if (column.tasks.length === 0) lines.push(chalk.dim('(none)'));
      return lines;
    });
    const height = Math.max(...cells.map((c) => c.length));
    const text: string[] = [];
    for (let row = 0; row < height; row++) {
      text.push(
        cells
          .map((c) => padToWidth(c[row] ?? '', width))
          .join(' '.repeat(GAP))
          .trimEnd(),
      );
    }
    bands.push(text.join('\n'));
  }
  return `${bands.join('\n\n')}\n`;
}
