// The lines of the dashboard's screen, as strings: the header, the section tabs, the list with its group
// headings, the key line. Pure (state and width in, lines out), so the layout is tested without a
// terminal; the Ink components place these lines. Every text from the service is sanitized and cut by
// display width here (src/output/text.ts terminalText), before any color is added.
import type { ChalkInstance } from 'chalk';
import { relativeTime } from '../output/format.js';
import { styled, terminalText, type Text } from '../output/text.js';
import { terminalLine } from '../output/sanitize.js';
import { displayWidth, padToWidth, truncateToWidth } from '../output/width.js';
import { ID_MIN } from '../output/table.js';
import { ACTIONS } from './actions.js';
import { SECTION_KEYS, SECTION_TITLES, selectedItem, visibleItems, type DashState, type Item } from './model.js';

/** A row of the list: a group heading, or an item (selected or not). */
export type ListRow = { heading: string } | { item: Item; selected: boolean };

/** The list's rows: each group's heading (with its count) above its items. */
export function listRows(state: DashState): ListRow[] {
  const items = visibleItems(state);
  const chosen = selectedItem(state);
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.group, (counts.get(item.group) ?? 0) + 1);
  const rows: ListRow[] = [];
  let group: string | undefined;
  for (const item of items) {
    if (item.group !== group) {
      group = item.group;
      if (group) rows.push({ heading: `${group} (${counts.get(group)})` });
    }
    rows.push({ item, selected: item === chosen });
  }
  return rows;
}

/** The text of an item's row, before it is cut: its id (a schedule's cut to `idWidth`), then what it is about. */
export function itemText(chalk: ChalkInstance, item: Item, nowMs: number, idWidth = Infinity): Text {
  const dim = (t: string) => styled(t, (s) => chalk.dim(s));
  switch (item.kind) {
    case 'pending':
      return [`${item.id}  `, item.waiting.action.summary, dim(`  ${item.waiting.task.title}`)];
    case 'task': {
      const t = item.task;
      const overdue = t.dueDate !== null && t.status !== 'done' && Date.parse(t.dueDate) < nowMs;
      // Overdue marked with ! as well as red, so it shows without colors too.
      const due = t.dueDate
        ? overdue
          ? styled(`  ! ${relativeTime(t.dueDate, nowMs)}`, (s) => chalk.red(s))
          : dim(`  ${relativeTime(t.dueDate, nowMs)}`)
        : '';
      return [`${t.id}  `, t.title, due];
    }
    case 'schedule': {
      const s = item.schedule;
      return [
        `${truncateToWidth(terminalLine(s.id), idWidth)}  `,
        s.title,
        dim(s.state === 'paused' ? '  paused' : s.nextRunAt ? `  next ${relativeTime(s.nextRunAt, nowMs)}` : ''),
      ];
    }
  }
}

/**
 * A row's text for `width` columns: a schedule's id gives way (cut with …, to ID_MIN) before its title, as
 * the tables' id columns do (src/output/table.ts); other rows as itemText.
 */
function fittedText(chalk: ChalkInstance, item: Item, nowMs: number, width: number): Text {
  if (item.kind !== 'schedule') return itemText(chalk, item, nowMs);
  const room = Math.max(ID_MIN, width - 2 - displayWidth(terminalLine(item.schedule.title)));
  return itemText(chalk, item, nowMs, room);
}

/**
 * One list row, exactly `width` columns: a marker (›) and inverse colors on the selected item; `+` on an
 * item that arrived on a refresh and has not been selected yet (`wts dash --notify`).
 */
export function rowLine(
  chalk: ChalkInstance,
  row: ListRow,
  width: number,
  nowMs: number,
  arrived: ReadonlySet<string> = new Set(),
): string {
  if ('heading' in row) return chalk.bold(padToWidth(terminalText(row.heading, width), width));
  const marker = row.selected ? '› ' : arrived.has(row.item.id) ? '+ ' : '  ';
  const line = padToWidth(`${marker}${terminalText(fittedText(chalk, row.item, nowMs, width - 2), width - 2)}`, width);
  return row.selected ? chalk.inverse(line) : line;
}

/** The tabs line: each section with its count (and the inbox's items new since a refresh), the current one marked [ ] (and bold). */
export function tabsLine(chalk: ChalkInstance, state: DashState, width: number, arrived: ReadonlySet<string> = new Set()): string {
  const tabs = SECTION_KEYS.map((key, i) => {
    const shown = visibleItems(state, key).length;
    const total = state.sections[key].items.length;
    const fresh = key === 'inbox' ? state.sections.inbox.items.filter((item) => arrived.has(item.id)).length : 0;
    // A section still loading counts what it has so far: "(12…)".
    const more = state.sections[key].loading ? '…' : '';
    // The board names its workspace (cut, so the four tabs still fit 80 columns).
    const workspace = state.sections[key].workspace;
    const named = workspace ? `${SECTION_TITLES[key]} ${truncateToWidth(terminalLine(workspace), 16)}` : SECTION_TITLES[key];
    const label = `${i + 1} ${named} (${shown === total ? total : `${shown}/${total}`}${more}${fresh > 0 ? `, ${fresh} new` : ''})`;
    return key === state.current ? styled(`[${label}]`, (s) => chalk.bold(s)) : ` ${label} `;
  });
  return terminalText(tabs, width);
}

/**
 * The keys for the selected item, then the general ones, fitted to the width: when they do not all fit,
 * "R refresh" and "/ filter" give way first, then the item's keys from the last, marked "…" (the help
 * lists them all); "? help" and "q quit" always show.
 */
export function keysLine(chalk: ChalkInstance, state: DashState, width: number): string {
  const item = selectedItem(state);
  const own = item ? ACTIONS.filter((a) => a.applies(item)).map((a) => `${a.key} ${a.label}`) : [];
  const always = ['? help', 'q quit'];
  const optional = [...own, '/ filter', 'R refresh'];
  const line = (keys: string[]) => keys.join(' · ');
  let shown = optional;
  while (shown.length > 0 && displayWidth(line([...shown, ...(shown.length < optional.length ? ['…'] : []), ...always])) > width) {
    // The general keys go before the item's own (they are in the help, and R/ / work anyway).
    const general = shown.findLastIndex((k) => k === 'R refresh' || k === '/ filter');
    shown = general >= 0 ? shown.filter((_, i) => i !== general) : shown.slice(0, -1);
  }
  const keys = [...shown, ...(shown.length < optional.length ? ['…'] : []), ...always];
  return chalk.dim(terminalText(line(keys), width));
}

/** The help screen: every key, in 19 lines (the body of an 80×24 terminal). */
export function helpLines(): string[] {
  return [
    '  j k ↓ ↑       select the next / previous item;  g G  the first / last',
    '  J K PgDn PgUp scroll the detail pane',
    '  Tab 1-4       switch section (Shift-Tab: back)',
    '  /             filter the section as you type (Enter keeps it, Esc clears it)',
    '  R             refresh now (also every dash.refresh seconds)',
    ...ACTIONS.map((a) => `  ${a.key.padEnd(14)}${a.help}`),
    '  y  n          confirm / cancel: nothing is sent without y',
    '  ?             this help (any key closes it)',
    '  q  Ctrl-C     quit',
  ];
}
