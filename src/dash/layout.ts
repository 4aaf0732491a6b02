// The dashboard's whole screen as lines, from its state: the header, the tabs, the list beside the detail
// pane (or the help), the two lines of results and questions, and the keys. Plain functions (no React):
// the Ink component in src/dash/ui.ts places each line; every text from the service is sanitized here
// or in src/dash/screen.ts before a terminal sees it.
import type { ChalkInstance } from 'chalk';
import type { CommandContext } from '../context.js';
import { wrapText } from '../output/format.js';
import { terminalLine } from '../output/sanitize.js';
import { displayWidth, padToWidth, truncateToWidth } from '../output/width.js';
import type { ActionName, DashAction } from './actions.js';
import { paneText, pendingLines, scheduleLines, taskLines, type TaskDetail } from './detail.js';
import { scrollTop, selectedItem, type DashState, type Item, type LineInput } from './model.js';
import { helpLines, keysLine, listRows, rowLine, tabsLine } from './screen.js';

/** What the bottom line is doing: showing a result, taking a filter or a text, or asking to confirm. */
export type Prompt =
  | { mode: 'none' }
  | { mode: 'filter'; line: LineInput }
  | { mode: 'text'; action: DashAction; item: Item; prompt: string; optional: boolean; line: LineInput }
  | { mode: 'confirm'; name: ActionName; item: Item; question: string; text?: string; resolved?: string }
  | { mode: 'busy'; what: string }
  | { mode: 'help' };

export interface Status {
  text: string;
  tone: 'ok' | 'error' | 'info';
}

/** The detail of each task selected so far: loaded, or why it could not be. */
export type Details = ReadonlyMap<string, TaskDetail | { error: string }>;

/** Everything a screen is drawn from. */
export interface ScreenInput {
  state: DashState;
  prompt: Prompt;
  status: Status;
  details: Details;
  /** Lines the detail pane is scrolled by. */
  scroll: number;
  size: { columns: number; rows: number };
  refreshedAt: number | undefined;
  /** What the dashboard covers (the header's text). */
  title: string;
  /** Inbox items that arrived on a refresh, not yet selected. */
  arrived: ReadonlySet<string>;
}

/** The screen's lines, top to bottom, each at most the terminal's width. */
export function screenLines(ctx: CommandContext, input: ScreenInput): string[] {
  const { chalk } = ctx;
  const { state, prompt, refreshedAt, arrived } = input;
  const width = Math.max(20, input.size.columns);
  const height = Math.max(8, input.size.rows);
  // The lines above the keys: two, or more when a result needs them (the list gives them up).
  const bottomLines = promptLines(chalk, input, width);
  const bodyHeight = height - 3 - bottomLines.length;

  const updated = refreshedAt === undefined ? '' : `refreshed ${new Date(refreshedAt).toTimeString().slice(0, 8)}`;
  const title = `wts dash · ${terminalLine(input.title)}`;
  const header = padToWidth(truncateToWidth(title, width - displayWidth(updated) - 1), width - displayWidth(updated)) + updated;

  const body =
    prompt.mode === 'help'
      ? helpLines()
          .slice(0, bodyHeight)
          .map((l) => padToWidth(truncateToWidth(l, width), width))
      : listAndPane(ctx, input, width, bodyHeight);
  while (body.length < bodyHeight) body.push('');
  return [chalk.bold(header), tabsLine(chalk, state, width, arrived), ...body, ...bottomLines, keysLine(chalk, state, width)];
}

/** The list of the section on screen (scrolled to its selection) beside the selected item's detail. */
function listAndPane(ctx: CommandContext, input: ScreenInput, width: number, bodyHeight: number): string[] {
  const { chalk } = ctx;
  const { state, scroll } = input;
  const listWidth = Math.max(24, Math.min(72, Math.floor(width * 0.42)));
  const detailWidth = Math.max(10, width - listWidth - 3);
  const section = state.sections[state.current];
  const rows = listRows(state);
  const at = rows.findIndex((r) => 'item' in r && r.selected);
  const top = scrollTop(Math.max(0, at), rows.length, bodyHeight);
  const listLines = rows.slice(top, top + bodyHeight).map((r) => rowLine(chalk, r, listWidth, ctx.now(), input.arrived));
  const filter = state.filters[state.current];
  const fitted = (text: string) => padToWidth(truncateToWidth(text, listWidth), listWidth);
  if (rows.length === 0 && filter && section.items.length > 0)
    listLines.push(fitted(`Nothing matches "${terminalLine(filter)}" (Esc clears the filter)`));
  else if (section.note && rows.length === 0) listLines.push(fitted(terminalLine(section.note)));
  else if (section.note) listLines.unshift(chalk.dim(fitted(terminalLine(section.note))));
  const detail = detailLines(ctx, selectedItem(state), input.details, detailWidth);
  const from = Math.min(scroll, Math.max(0, detail.length - 1));
  const shown = detail.slice(from, from + bodyHeight);
  if (detail.length > bodyHeight && shown.length === bodyHeight)
    shown[bodyHeight - 1] = chalk.dim(
      `… ${detail.length - bodyHeight - Math.min(scroll, detail.length - 1) + 1} more lines (J/K or PgDn/PgUp)`,
    );
  return Array.from({ length: bodyHeight }, (_, i) => `${padToWidth(listLines[i] ?? '', listWidth)} ${chalk.dim('│')} ${shown[i] ?? ''}`);
}

/** The detail pane's lines for the selected item (a task's once its detail has loaded). */
function detailLines(ctx: CommandContext, item: Item | undefined, details: Details, width: number): string[] {
  if (item?.kind === 'pending') return pendingLines(ctx, item, width);
  if (item?.kind === 'schedule') return scheduleLines(ctx, item, width);
  if (item?.kind !== 'task') return [];
  const d = details.get(item.id);
  if (d === undefined) return [ctx.chalk.dim('loading…')];
  return 'error' in d ? paneText(terminalLine(`✗ ${d.error}`), width) : taskLines(ctx, d, width);
}

/** The most lines a result takes above the keys (a longer one is cut, with …, on the last). */
const RESULT_LINES = 3;

/**
 * The lines above the keys, two or more: a result or a question is wrapped at spaces onto as many as it
 * needs (up to RESULT_LINES, so an error's list of columns is read whole at 80 columns); a typed line
 * keeps the last result, wrapped too, above it.
 */
function promptLines(chalk: ChalkInstance, input: ScreenInput, width: number): string[] {
  const { state, prompt, status } = input;
  const rule = chalk.dim('─'.repeat(width));
  const filtered = state.filters[state.current];
  const filterLine = filtered ? chalk.dim(`filter: ${terminalLine(filtered)} (/ to change, Esc to clear)`) : rule;
  const tone = (text: string) => (status.tone === 'error' ? chalk.red(text) : status.tone === 'ok' ? chalk.green(text) : text);
  const wrapped = (text: string, most = RESULT_LINES): string[] => {
    const lines = text ? wrapText(terminalLine(text), width).split('\n') : [];
    if (lines.length <= most) return lines;
    return [...lines.slice(0, most - 1), truncateToWidth(`${lines.slice(most - 1).join(' ')}`, width)];
  };
  // The last result, above a typed line (a rule when there is none).
  const lastResult = (most: number) => {
    const lines = wrapped(status.text, most).map(tone);
    return lines.length ? lines : [rule];
  };
  switch (prompt.mode) {
    case 'filter':
      return [...lastResult(1), typedLine(chalk, '/', prompt.line, width)];
    case 'text':
      return [...lastResult(RESULT_LINES), typedLine(chalk, `${prompt.prompt} `, prompt.line, width)];
    case 'confirm': {
      const lines = wrapped(`${prompt.question} (y/N)`).map((l) => chalk.bold(l));
      return lines.length === 1 ? [...lastResult(1), ...lines] : lines;
    }
    case 'busy':
      return [...lastResult(1), prompt.what];
    default: {
      const lines = wrapped(status.text).map(tone);
      return lines.length >= 2 ? lines : [filterLine, lines[0] ?? ''];
    }
  }
}

/**
 * A prompt and the line typed after it, with the cursor shown (inverse, or an underscore without
 * colors), sanitized; when it is too wide, its start gives way (…), so the cursor stays in sight.
 */
function typedLine(chalk: ChalkInstance, label: string, l: LineInput, width: number): string {
  const before = terminalLine(l.text.slice(0, l.cursor));
  const at = terminalLine(l.text.slice(l.cursor, l.cursor + 1));
  const after = terminalLine(l.text.slice(l.cursor + 1));
  const plain = `${label}${before}${at}${at ? '' : '_'}${after}`;
  if (displayWidth(plain) <= width)
    return chalk.level > 0
      ? `${label}${before}${chalk.inverse(at || ' ')}${after}`
      : `${label}${before}${at}${chalk.level > 0 || at ? '' : '_'}${after}`;
  // Too wide: what is left of the cursor, cut from the start.
  const head = `${label}${before}`;
  let cut = head;
  while (cut.length > 0 && displayWidth(`…${cut}_`) > width) cut = cut.slice(1);
  return `…${cut}_`;
}
