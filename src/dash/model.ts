// What `wts dash` shows and where the person is in it, as plain data: the sections and their items, the
// section on screen, the item selected in each (by id, so it stays on the same item when a refresh
// brings in, drops or reorders items), the live filter of each, and the line being typed. No terminal
// here: the Ink components (src/dash/ui.ts) draw this state and turn keys into the changes below.
import type { Resource } from '../contract/resources.js';
import type { WaitingItem } from '../inbox/gather.js';

type Task = Resource<'Task'>;
type Schedule = Resource<'ScheduledTask'>;

export type SectionKey = 'inbox' | 'mine' | 'board' | 'schedules';
export const SECTION_KEYS: readonly SectionKey[] = ['inbox', 'mine', 'board', 'schedules'];
export const SECTION_TITLES: Record<SectionKey, string> = { inbox: 'Inbox', mine: 'My tasks', board: 'Board', schedules: 'Schedules' };

/** One line of a section's list: a pending action (with its task), a task, or a schedule. */
export type Item =
  | { kind: 'pending'; id: string; group: string; waiting: WaitingItem }
  | { kind: 'task'; id: string; group: string; task: Task }
  | { kind: 'schedule'; id: string; group: string; schedule: Schedule };

export interface Section {
  key: SectionKey;
  items: Item[];
  /** Said instead of (or above) the items: why the section is empty or could not be loaded, or how far it is loaded. */
  note?: string;
  /** Not complete yet: more items may come, and the order may settle (the first load; docs/dash.md). */
  loading?: boolean;
  /** The workspace the section shows (the board's), named in its tab. */
  workspace?: string;
}

/** A line being typed at the bottom of the screen (a reason, an answer, a note, a filter). */
export interface LineInput {
  text: string;
  /** Where the cursor is, in UTF-16 units of `text`. */
  cursor: number;
}

export interface DashState {
  sections: Record<SectionKey, Section>;
  current: SectionKey;
  /** The id of the item selected in each section. */
  selected: Partial<Record<SectionKey, string>>;
  filters: Partial<Record<SectionKey, string>>;
}

export function emptyState(): DashState {
  const loading = (key: SectionKey): Section => ({ key, items: [], note: 'loading…', loading: true });
  const sections = { inbox: loading('inbox'), mine: loading('mine'), board: loading('board'), schedules: loading('schedules') };
  return { sections, current: 'inbox', selected: {}, filters: {} };
}

/** The words of an item that `/` filters on: its id, its text and its group. */
export function itemWords(item: Item): string {
  switch (item.kind) {
    case 'pending':
      return [
        item.id,
        item.waiting.action.kind,
        item.waiting.action.summary,
        item.waiting.task.id,
        item.waiting.task.title,
        item.waiting.task.workspaceId,
        item.group,
      ].join(' ');
    case 'task':
      return [
        item.id,
        item.task.title,
        item.task.status,
        item.task.workspaceId,
        ...item.task.tags,
        ...item.task.assignees.map((a) => a.name),
        item.group,
      ].join(' ');
    case 'schedule':
      return [item.id, item.schedule.title, item.schedule.state, item.schedule.workspaceId, item.group].join(' ');
  }
}

/** Whether an item matches a filter: every word of it, case-insensitive, somewhere in the item's words. */
export function matches(item: Item, filter: string | undefined): boolean {
  const words = (filter ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = itemWords(item).toLowerCase();
  return words.every((w) => text.includes(w));
}

/** The items of a section that its filter lets through, in order. */
export function visibleItems(state: DashState, key: SectionKey = state.current): Item[] {
  return state.sections[key].items.filter((item) => matches(item, state.filters[key]));
}

/** The selected item of the section on screen: the one chosen if still shown, else the first shown. */
export function selectedItem(state: DashState, key: SectionKey = state.current): Item | undefined {
  const items = visibleItems(state, key);
  return items.find((i) => i.id === state.selected[key]) ?? items[0];
}

/** The index of the selected item among the visible ones (0 when there are none). */
export function selectedIndex(state: DashState, key: SectionKey = state.current): number {
  const item = selectedItem(state, key);
  return item ? visibleItems(state, key).indexOf(item) : 0;
}

/** Moves the selection by `delta` items (clamped), or to the first (-Infinity) or last (Infinity). */
export function moveSelection(state: DashState, delta: number): DashState {
  const items = visibleItems(state);
  if (items.length === 0) return state;
  const at =
    delta === -Infinity ? 0 : delta === Infinity ? items.length - 1 : Math.min(items.length - 1, Math.max(0, selectedIndex(state) + delta));
  const item = items[at];
  return item ? { ...state, selected: { ...state.selected, [state.current]: item.id } } : state;
}

export function switchSection(state: DashState, key: SectionKey): DashState {
  return { ...state, current: key };
}

/** The section a number key names (1–4), when there is one. */
export function sectionNumbered(state: DashState, n: number): DashState {
  const key = SECTION_KEYS[n - 1];
  return key ? switchSection(state, key) : state;
}

/** The next (1) or previous (-1) section, round. */
export function cycleSection(state: DashState, step: 1 | -1): DashState {
  const at = SECTION_KEYS.indexOf(state.current);
  return switchSection(state, SECTION_KEYS[(at + step + SECTION_KEYS.length) % SECTION_KEYS.length] ?? state.current);
}

export function setFilter(state: DashState, filter: string): DashState {
  return { ...state, filters: { ...state.filters, [state.current]: filter } };
}

/**
 * New contents for sections (a refresh): the selection stays on the same item wherever it moved; when
 * that item is gone, on the item now at its place (or the last one), so the person's place is kept.
 * While a section is still loading, the first item is selected only until the person moves: rows that
 * arrive before it take the first place (and the selection) until the section is complete.
 */
export function replaceSections(state: DashState, fresh: Partial<Record<SectionKey, Section>>): DashState {
  const selected = { ...state.selected };
  for (const key of SECTION_KEYS) {
    const section = fresh[key];
    if (!section) continue;
    const chosenByPerson = state.selected[key] !== undefined || !state.sections[key].loading;
    if (section.loading && !chosenByPerson) continue;
    const chosen = chosenByPerson ? selectedItem(state, key) : undefined;
    const at = chosen ? visibleItems(state, key).indexOf(chosen) : 0;
    const after = visibleItems({ ...state, sections: { ...state.sections, [key]: section } }, key);
    const kept = chosen && after.find((i) => i.id === chosen.id);
    const next = kept ?? after[Math.min(at, after.length - 1)];
    if (next) selected[key] = next.id;
    else delete selected[key];
  }
  return { ...state, sections: { ...state.sections, ...fresh }, selected };
}

/** The first `height` rows of a list scrolled so that row `at` is on screen: the index of the first row shown. */
export function scrollTop(at: number, count: number, height: number): number {
  if (count <= height) return 0;
  return Math.max(0, Math.min(at - Math.floor(height / 2), count - height));
}

// ---- A line being typed ----

export type LineKey = {
  input: string;
  backspace?: boolean;
  delete?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  home?: boolean;
  end?: boolean;
  ctrl?: boolean;
};

/**
 * The line after a key: printable text is inserted at the cursor (a paste arrives as one string), Backspace
 * and Delete remove a character, the arrows, Home/End and Ctrl-A/Ctrl-E move, Ctrl-U clears to the start.
 * Control characters never enter the text.
 */
export function editLine(line: LineInput, key: LineKey): LineInput {
  const { text, cursor } = line;
  if (key.ctrl && key.input === 'a') return { text, cursor: 0 };
  if (key.ctrl && key.input === 'e') return { text, cursor: text.length };
  if (key.ctrl && key.input === 'u') return { text: text.slice(cursor), cursor: 0 };
  if (key.home) return { text, cursor: 0 };
  if (key.end) return { text, cursor: text.length };
  if (key.leftArrow) return { text, cursor: Math.max(0, cursor - charBefore(text, cursor)) };
  if (key.rightArrow) return { text, cursor: Math.min(text.length, cursor + charAfter(text, cursor)) };
  if (key.backspace) {
    const n = charBefore(text, cursor);
    return { text: text.slice(0, cursor - n) + text.slice(cursor), cursor: cursor - n };
  }
  if (key.delete) return { text: text.slice(0, cursor) + text.slice(cursor + charAfter(text, cursor)), cursor };
  if (key.ctrl) return line;
  // Keys typed faster than they are read arrive as one string: the editing keys among them still edit.
  const editing = /[\u0001\u0005\u0008\u0015\u007f]/.exec(key.input);
  if (editing && key.input.length > 1) {
    const before = editLine(line, { input: key.input.slice(0, editing.index) });
    const ch = editing[0];
    const edited =
      ch === '\u0001' || ch === '\u0005' || ch === '\u0015'
        ? editLine(before, { input: String.fromCharCode(ch.charCodeAt(0) + 96), ctrl: true })
        : editLine(before, { input: '', backspace: true });
    return editLine(edited, { input: key.input.slice(editing.index + 1) });
  }
  // A paste may hold line breaks or tabs: one line is typed here, so they become spaces; other controls go.
  const typed = key.input.replace(/\r\n?|\n|\t/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  if (!typed) return line;
  return { text: text.slice(0, cursor) + typed + text.slice(cursor), cursor: cursor + typed.length };
}

/** UTF-16 units of the character before / after the cursor (2 for a surrogate pair). */
const charBefore = (text: string, cursor: number) =>
  cursor >= 2 && /[\udc00-\udfff]/.test(text[cursor - 1] ?? '') && /[\ud800-\udbff]/.test(text[cursor - 2] ?? '') ? 2 : cursor > 0 ? 1 : 0;
const charAfter = (text: string, cursor: number) =>
  /[\ud800-\udbff]/.test(text[cursor] ?? '') && /[\udc00-\udfff]/.test(text[cursor + 1] ?? '') ? 2 : cursor < text.length ? 1 : 0;
