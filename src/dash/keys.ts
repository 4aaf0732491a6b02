// What the dashboard's keys do: each key read (src/dash/ui.ts hands them over) changes the prompt, the
// sections' selection and filters, or starts an action — asked for its text, confirmed with y, sent,
// and followed by a refresh. Plain functions over the controls the component gives them.
import type { Key } from 'ink';
import { Writable } from 'node:stream';
import { approveAction, editDraft } from '../approvals/decisions.js';
import type { CommandContext } from '../context.js';
import { describeFailure } from '../errors.js';
import { actionForKey, afterFailure, type Columns, confirmQuestion, type DashAction, sendAction, taskOf } from './actions.js';
import type { Prompt, Status } from './layout.js';
import {
  cycleSection,
  type DashState,
  editLine,
  type Item,
  moveSelection,
  replaceSections,
  sectionNumbered,
  selectedItem,
  setFilter,
} from './model.js';
import type { Suspend } from './terminal.js';

/** What the keys work on: the component's state, read as the keys before left it, and its setters. */
export interface DashControls {
  ctx: CommandContext;
  columns: Columns;
  suspended: Suspend;
  /** The prompt and the state as the keys before this one left them, not as the last render saw them. */
  promptNow: { readonly current: Prompt };
  stateNow: { readonly current: DashState };
  setPrompt(prompt: Prompt): void;
  setState(update: (s: DashState) => DashState): void;
  setStatus(status: Status | ((s: Status) => Status)): void;
  setScroll(update: (lines: number) => number): void;
  report(err: unknown): Promise<void>;
  /** Refreshes every section (`announce`: says so in the status line). */
  refresh(announce: boolean): Promise<unknown>;
  /** Counts what this dashboard changed: a refresh that began before a change may hold what it replaced. */
  changes: { current: number };
  /** Text typed for an action that failed for a reason not its own, by action and item: offered again (afterFailure). */
  kept: Map<string, string>;
  exit(): void;
}

/** Sends a confirmed action, says what came of it, then refreshes. */
async function send(c: DashControls, p: Extract<Prompt, { mode: 'confirm' }>): Promise<void> {
  c.setPrompt({ mode: 'busy', what: 'sending…' });
  try {
    const message =
      p.name === 'edit' ? (await approveAction(c.ctx, p.item.id)).message : await sendAction(c.ctx, p.name, p.item, p.text, p.resolved);
    c.changes.current++;
    c.kept.delete(`${p.name}:${p.item.id}`);
    c.setStatus({ text: `✓ ${message}`, tone: 'ok' });
    c.setPrompt({ mode: 'none' });
    await c.refresh(false);
  } catch (err) {
    const failure = await describeFailure(err);
    const { keep, note } = afterFailure(p.text, failure.exitCode);
    if (keep === undefined) c.kept.delete(`${p.name}:${p.item.id}`);
    else c.kept.set(`${p.name}:${p.item.id}`, keep);
    c.setPrompt({ mode: 'none' });
    c.setStatus({ text: `✗ ${failure.message}${note}`, tone: 'error' });
  }
}

/** Edits the draft in the editor (the dashboard steps aside meanwhile), then asks before approving. */
async function edit(c: DashControls, target: Item & { kind: 'pending' }): Promise<void> {
  c.setPrompt({ mode: 'busy', what: 'editing the draft…' });
  // What the editor flow says on stderr (where a kept text is) belongs in the status line.
  const said: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      said.push(String(chunk).trim());
      done();
    },
  });
  const quiet: CommandContext = { ...c.ctx, io: { ...c.ctx.io, stderr: sink, isStderrTTY: false } };
  try {
    const edited = await c.suspended(() => editDraft(quiet, target.waiting.action));
    if (edited) c.changes.current++;
    if (!edited) {
      c.setStatus({ text: 'No changes; nothing was sent.', tone: 'info' });
      c.setPrompt({ mode: 'none' });
      return;
    }
    // The draft as the service now holds it is what the pane shows, and what would be approved.
    const action = edited.action;
    const updated: Item = { ...target, waiting: { ...target.waiting, action } };
    c.setState((s) =>
      replaceSections(s, {
        [s.current]: { ...s.sections[s.current], items: s.sections[s.current].items.map((i) => (i.id === target.id ? updated : i)) },
      }),
    );
    c.setStatus({ text: `✓ ${edited.message}`, tone: 'ok' });
    c.setPrompt({ mode: 'confirm', name: 'edit', item: updated, question: confirmQuestion('edit', updated, undefined) });
  } catch (err) {
    c.setPrompt({ mode: 'none' });
    await c.report(err);
    if (said.length) c.setStatus((s) => ({ ...s, text: `${s.text} (${said.map((l) => l.replace(/^wts: /, '')).join('; ')})` }));
  }
}

/** `v`'s prompt names the columns of the task's board once they are known (read once per dashboard). */
async function nameColumns(c: DashControls, target: Item): Promise<void> {
  const task = taskOf(target);
  if (!task) return;
  const statuses = await c.columns.of(task.workspaceId).catch(() => undefined);
  const p = c.promptNow.current;
  // Only while that prompt is still open; unread, it stays as it was (the move then says what failed).
  if (!statuses || p.mode !== 'text' || p.action.name !== 'move' || p.item.id !== target.id) return;
  c.setPrompt({ ...p, prompt: `Move to column (${statuses.map((s) => s.key).join(', ')}):` });
}

/** The key of an action on the selected item: ask for its text, or straight for the confirmation. */
function start(c: DashControls, action: DashAction, target: Item, typed = ''): void {
  if (action.name === 'edit') {
    if (target.kind === 'pending') void edit(c, target);
    return;
  }
  const ask = action.ask?.(target);
  if (ask) {
    const text = typed ? editLine({ text: '', cursor: 0 }, { input: typed }).text : (c.kept.get(`${action.name}:${target.id}`) ?? '');
    c.setPrompt({
      mode: 'text',
      action,
      item: target,
      prompt: ask.prompt,
      optional: Boolean(ask.optional),
      line: { text, cursor: text.length },
    });
    if (action.name === 'move') void nameColumns(c, target);
    return;
  }
  c.setPrompt({ mode: 'confirm', name: action.name, item: target, question: confirmQuestion(action.name, target, undefined) });
}

/** Enter on a typed text: refuse a blank one that is required, resolve a column, then confirm. */
async function submit(c: DashControls, p: Extract<Prompt, { mode: 'text' }>): Promise<void> {
  const text = p.line.text;
  if (!text.trim() && !p.optional) {
    c.setStatus({ text: 'Type it first: Enter alone sends nothing (Esc cancels)', tone: 'error' });
    return;
  }
  if (p.action.name === 'move') {
    const task = taskOf(p.item);
    if (!task) return;
    try {
      const column = await c.columns.resolve(task.workspaceId, text);
      c.setPrompt({
        mode: 'confirm',
        name: 'move',
        item: p.item,
        text,
        resolved: column.key,
        question: confirmQuestion('move', p.item, text, column.label),
      });
    } catch (err) {
      await c.report(err);
    }
    return;
  }
  const value = text.trim() || undefined;
  const { answerFor } = await import('./actions.js');
  const resolved = p.action.name === 'answer' ? answerFor(p.item, text) : undefined;
  c.setPrompt({
    mode: 'confirm',
    name: p.action.name,
    item: p.item,
    ...(value !== undefined && { text: value }),
    ...(resolved !== undefined && { resolved }),
    question: confirmQuestion(p.action.name, p.item, value, resolved),
  });
}

/** One key (or keys read together) as Ink reports it. */
export function handleKey(c: DashControls, input: string, key: Key): void {
  if (key.ctrl && input === 'c') {
    c.exit();
    return;
  }
  let prompt = c.promptNow.current;
  // Text and Enter read together: the text is typed, then Enter counts.
  if ((prompt.mode === 'text' || prompt.mode === 'filter') && !key.ctrl && input.length > 1 && /[\r\n]$/.test(input)) {
    const line = editLine(prompt.line, { input: input.replace(/[\r\n]+$/, '') });
    prompt = { ...prompt, line };
    c.setPrompt(prompt);
    if (prompt.mode === 'filter') c.setState((s) => setFilter(s, line.text));
    input = '';
    key = { ...key, return: true };
  }
  if (prompt.mode === 'none') browseKey(c, input, key);
  else promptKey(c, prompt, input, key);
}

/** A key while the bottom line asks or takes a text (or the help shows). */
function promptKey(c: DashControls, prompt: Exclude<Prompt, { mode: 'none' }>, input: string, key: Key): void {
  switch (prompt.mode) {
    case 'busy':
      return;
    case 'help':
      c.setPrompt({ mode: 'none' });
      return;
    case 'confirm':
      if (input === 'y' || input === 'Y') void send(c, prompt);
      else if (input === 'n' || input === 'N' || key.escape || key.return) {
        if (prompt.text !== undefined) c.kept.set(`${prompt.name}:${prompt.item.id}`, prompt.text);
        c.setPrompt({ mode: 'none' });
        c.setStatus({
          text: prompt.name === 'edit' ? 'Not approved; the edited draft waits.' : 'Cancelled; nothing was sent.',
          tone: 'info',
        });
      }
      return;
    case 'filter':
      if (key.escape) {
        c.setState((s) => setFilter(s, ''));
        c.setPrompt({ mode: 'none' });
      } else if (key.return) c.setPrompt({ mode: 'none' });
      else {
        const line = editLine(prompt.line, { ...key, input, backspace: key.backspace || key.delete, delete: false });
        c.setPrompt({ mode: 'filter', line });
        c.setState((s) => setFilter(s, line.text));
      }
      return;
    case 'text':
      if (key.escape) {
        if (prompt.line.text) c.kept.set(`${prompt.action.name}:${prompt.item.id}`, prompt.line.text);
        c.setPrompt({ mode: 'none' });
        c.setStatus({ text: 'Cancelled; nothing was sent.', tone: 'info' });
      } else if (key.return) void submit(c, prompt);
      else
        c.setPrompt({ ...prompt, line: editLine(prompt.line, { ...key, input, backspace: key.backspace || key.delete, delete: false }) });
      return;
  }
}

/** A key while browsing: moving, switching sections, filtering, refreshing, or an action's key. */
function browseKey(c: DashControls, input: string, key: Key) {
  const { setState, setPrompt } = c;
  // Esc and the next key read together arrive as that key with meta: the Esc clears the filter first.
  if (key.meta && !key.escape && input.length > 0) {
    setState((s) => setFilter(s, ''));
    if (input === '/') return setPrompt({ mode: 'filter', line: { text: '', cursor: 0 } });
  }
  // Keys typed faster than they are read arrive together: each moving key counts.
  if (input.length > 1 && !key.ctrl && !key.meta && /^[jkgG1-4]+$/.test(input)) {
    for (const ch of input) {
      if (/[1-4]/.test(ch)) setState((s) => sectionNumbered(s, Number(ch)));
      else setState((s) => moveSelection(s, ch === 'j' ? 1 : ch === 'k' ? -1 : ch === 'g' ? -Infinity : Infinity));
    }
    return;
  }
  // A key and what was typed after it, read together: the rest is the start of the filter or the text.
  const rest = input.length > 1 && !key.ctrl && !key.meta ? input.slice(1) : '';
  if (rest) input = input.slice(0, 1);
  if (input === 'q') return c.exit();
  if (key.downArrow || input === 'j') return setState((s) => moveSelection(s, 1));
  if (key.upArrow || input === 'k') return setState((s) => moveSelection(s, -1));
  if (input === 'g' || key.home) return setState((s) => moveSelection(s, -Infinity));
  if (input === 'G' || key.end) return setState((s) => moveSelection(s, Infinity));
  if (key.pageDown || input === 'J') return c.setScroll((n) => n + (key.pageDown ? 10 : 1));
  if (key.pageUp || input === 'K') return c.setScroll((n) => Math.max(0, n - (key.pageUp ? 10 : 1)));
  if (key.tab) return setState((s) => cycleSection(s, key.shift ? -1 : 1));
  if (/^[1-4]$/.test(input)) return setState((s) => sectionNumbered(s, Number(input)));
  const now = c.stateNow.current;
  if (input === '/') {
    const text = rest ? editLine({ text: '', cursor: 0 }, { input: rest }).text : (now.filters[now.current] ?? '');
    if (rest) setState((s) => setFilter(s, text));
    return setPrompt({ mode: 'filter', line: { text, cursor: text.length } });
  }
  if (key.escape) return setState((s) => setFilter(s, ''));
  if (input === 'R') return void c.refresh(true);
  if (input === '?') return setPrompt({ mode: 'help' });
  const action = actionForKey(input);
  const selected = selectedItem(now);
  if (action && selected && action.applies(selected)) return start(c, action, selected, rest);
  if (action)
    c.setStatus({
      text: `${action.key} (${action.label}) does not apply to ${selected ? 'this item' : 'an empty list'}; ? shows the keys`,
      tone: 'error',
    });
}
