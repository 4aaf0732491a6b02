// The dashboard's state without a terminal: sections built from what was fetched, the selection kept on
// the same item across refreshes, the live filter, the line editor, and the list's rows.
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../src/contract/resources.js';
import { PassThrough, Readable } from 'node:stream';
import { createContext, PLAIN_CHALK } from '../../src/context.js';
import { scheduleLines, taskLines } from '../../src/dash/detail.js';
import type { IO } from '../../src/io.js';
import { displayWidth } from '../../src/output/width.js';
import { buildSections } from '../../src/dash/load.js';
import {
  editLine,
  emptyState,
  moveSelection,
  replaceSections,
  scrollTop,
  selectedItem,
  setFilter,
  visibleItems,
  type DashState,
} from '../../src/dash/model.js';
import { helpLines, keysLine, listRows, rowLine, tabsLine } from '../../src/dash/screen.js';
import { screenLines } from '../../src/dash/layout.js';
import { afterFailure, confirmQuestion, answerFor, ACTIONS } from '../../src/dash/actions.js';
import { ExitCode } from '../../src/errors.js';
import type { WaitingItem } from '../../src/inbox/gather.js';

type Task = Resource<'Task'>;
type Schedule = Resource<'ScheduledTask'>;

const task = (id: string, over: Partial<Task> = {}): Task =>
  ({
    id,
    title: `Title ${id}`,
    description: '',
    status: 'todo',
    workspaceId: 'ws_a',
    assignees: [],
    tags: [],
    dueDate: null,
    notes: [],
    conversationKey: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  }) as Task;
const waiting = (
  id: string,
  kind: 'action' | 'human_task' | 'question',
  createdAt: string,
  draft: Record<string, unknown> = {},
): WaitingItem => ({
  action: {
    id,
    taskId: 'task_1',
    runId: 'run_1',
    kind,
    state: 'pending',
    summary: `Summary ${id}`,
    draft,
    createdAt,
    resolvedAt: null,
    resolution: null,
  } as unknown as WaitingItem['action'],
  task: { id: 'task_1', title: 'Task one', workspaceId: 'ws_a', dueDate: null, status: 'todo' },
});
const schedule = (id: string, state: string, nextRunAt: string | null): Schedule =>
  ({
    id,
    title: `Schedule ${id}`,
    prompt: 'p',
    cron: '0 9 * * 1',
    timezone: 'UTC',
    workspaceId: 'ws_a',
    agentId: 'agt',
    state,
    nextRunAt,
    lastRun: null,
  }) as unknown as Schedule;

function stateWith(inboxIds: string[]): DashState {
  const sections = buildSections({
    waiting: inboxIds.map((id, i) => waiting(id, 'action', `2026-01-0${i + 1}T00:00:00Z`)),
    tasks: [],
    myId: undefined,
    board: undefined,
    schedules: [],
  });
  return replaceSections(emptyState(), sections);
}

describe('sections', () => {
  it("groups the inbox by kind, oldest first; my open tasks and the board by column, in the service's order; active schedules first", () => {
    const statuses = [
      { key: 'done', name: 'Done', position: 3 },
      { key: 'todo', name: 'To do', position: 0 },
      { key: 'waiting', name: 'Waiting', position: 1 },
    ] as Resource<'Status'>[];
    const me = { id: 'usr_me', name: 'Me' } as Task['assignees'][number];
    const sections = buildSections({
      waiting: [
        waiting('q1', 'question', '2026-01-01T00:00:00Z'),
        waiting('a2', 'action', '2026-01-03T00:00:00Z'),
        waiting('a1', 'action', '2026-01-02T00:00:00Z'),
        waiting('h1', 'human_task', '2026-01-01T00:00:00Z'),
      ],
      tasks: [
        task('t1', { assignees: [me], dueDate: '2026-02-01T00:00:00Z' }),
        task('t2', { assignees: [me], dueDate: '2026-01-15T00:00:00Z', status: 'waiting' }),
        task('t3', { assignees: [me], status: 'done' }),
        task('t4', { status: 'odd' }),
        task('t5', { workspaceId: 'ws_b' }),
        // Due sooner, but later in the service's order: after t1 in its column, as `wts task list` shows it.
        task('t6', { dueDate: '2026-01-02T00:00:00Z' }),
      ],
      myId: 'usr_me',
      board: { workspaceId: 'ws_a', statuses },
      schedules: [
        schedule('s_paused', 'paused', null),
        schedule('s_late', 'active', '2026-03-01T00:00:00Z'),
        schedule('s_soon', 'active', '2026-02-01T00:00:00Z'),
      ],
    });
    expect(sections.inbox.items.map((i) => `${i.group}:${i.id}`)).toEqual([
      'Actions to approve:a1',
      'Actions to approve:a2',
      'Tasks for people:h1',
      'Questions to answer:q1',
    ]);
    expect(sections.mine.items.map((i) => i.id)).toEqual(['t1', 't2']);
    expect(sections.board.items.map((i) => `${i.group}:${i.id}`)).toEqual(['To do:t1', 'To do:t6', 'Waiting:t2', 'Done:t3', 'odd:t4']);
    expect(sections.schedules.items.map((i) => i.id)).toEqual(['s_soon', 's_late', 's_paused']);
    expect(sections.inbox.note).toBeUndefined();
  });

  it("groups My tasks by workspace, each once, as listed; within one, its columns in board order, each in the service's order", () => {
    const due = (day: number) => `2026-01-${String(day).padStart(2, '0')}T00:00:00Z`;
    const me = { id: 'usr_me', name: 'Me' };
    const sections = buildSections({
      waiting: [],
      tasks: [
        task('a1', { workspaceId: 'ws_a', assignees: [me], dueDate: due(3) }),
        task('b1', { workspaceId: 'ws_b', assignees: [me], dueDate: due(1) }),
        task('a2', { workspaceId: 'ws_a', assignees: [me], dueDate: due(2), status: 'waiting' }),
        task('b2', { workspaceId: 'ws_b', assignees: [me], dueDate: due(4) }),
        task('a3', { workspaceId: 'ws_a', assignees: [me], dueDate: null }),
      ],
      myId: 'usr_me',
      board: undefined,
      columns: new Map([
        [
          'ws_a',
          [
            { key: 'waiting', name: 'Waiting', position: 1 },
            { key: 'todo', name: 'To do', position: 0 },
          ],
        ],
      ]),
      schedules: [],
    });
    expect(sections.mine.items.map((i) => `${i.group}:${i.id}`)).toEqual(['ws_a:a1', 'ws_a:a3', 'ws_a:a2', 'ws_b:b1', 'ws_b:b2']);
  });

  it('says why a section is empty', () => {
    const sections = buildSections({
      waiting: [],
      tasks: [],
      myId: undefined,
      mineNote: 'Who you are is not known',
      board: undefined,
      boardNote: 'No workspace',
      schedules: [],
    });
    expect(sections.inbox.note).toBe('Nothing is waiting for a decision.');
    expect(sections.mine.note).toBe('Who you are is not known');
    expect(sections.board.note).toBe('No workspace');
  });
});

describe('the selection', () => {
  it('moves within the visible items and stays on the same item when a refresh adds items before it', () => {
    let state = stateWith(['a1', 'a2', 'a3']);
    expect(selectedItem(state)!.id).toBe('a1');
    state = moveSelection(state, 1);
    expect(selectedItem(state)!.id).toBe('a2');
    state = moveSelection(state, 10);
    expect(selectedItem(state)!.id).toBe('a3');
    state = moveSelection(state, -Infinity);
    state = moveSelection(state, 1);
    // A refresh brings a new, older item in front: a2 stays selected.
    const fresh = stateWith(['a0', 'a1', 'a2', 'a3']).sections;
    state = replaceSections(state, { inbox: fresh.inbox });
    expect(selectedItem(state)!.id).toBe('a2');
    expect(visibleItems(state).map((i) => i.id)).toEqual(['a0', 'a1', 'a2', 'a3']);
  });

  it('while a section loads, selects the first item until the person moves, then stays on the chosen one', () => {
    const loading = (ids: string[]) => ({ ...stateWith(ids).sections.inbox, loading: true });
    // Rows arrive before the one shown first: the first row is selected, not the one that came first.
    let state = replaceSections(emptyState(), { inbox: loading(['a2']) });
    expect(selectedItem(state)?.id).toBe('a2');
    state = replaceSections(state, { inbox: loading(['a1', 'a2']) });
    expect(selectedItem(state)?.id).toBe('a1');
    // Its tab counts what it has so far, and says more may come.
    expect(tabsLine(PLAIN_CHALK, state, 200)).toContain('[1 Inbox (2…)]');
    // The complete result, nobody having moved: still the first.
    state = replaceSections(state, { inbox: stateWith(['a0', 'a1', 'a2']).sections.inbox });
    expect(selectedItem(state)?.id).toBe('a0');
    expect(tabsLine(PLAIN_CHALK, state, 200)).toContain('[1 Inbox (3)]');
    // Once the person has moved, rows arriving before it leave the selection where it is.
    state = moveSelection(replaceSections(emptyState(), { inbox: loading(['a1', 'a2']) }), 1);
    state = replaceSections(state, { inbox: loading(['a0', 'a1', 'a2']) });
    state = replaceSections(state, { inbox: stateWith(['a0', 'a1', 'a2', 'a3']).sections.inbox });
    expect(selectedItem(state)?.id).toBe('a2');
  });

  it('goes to the item now at its place when the selected one is gone', () => {
    let state = moveSelection(stateWith(['a1', 'a2', 'a3']), 1);
    state = replaceSections(state, { inbox: stateWith(['a1', 'a3']).sections.inbox });
    expect(selectedItem(state)!.id).toBe('a3');
    state = replaceSections(state, { inbox: stateWith([]).sections.inbox });
    expect(selectedItem(state)).toBeUndefined();
  });

  it('filters on every word, case-insensitive', () => {
    let state = stateWith(['a1', 'a2', 'b3']);
    state = setFilter(state, 'SUMMARY A1');
    expect(visibleItems(state).map((i) => i.id)).toEqual(['a1']);
    state = setFilter(state, 'b3');
    expect(selectedItem(state)!.id).toBe('b3');
    expect(tabsLine(PLAIN_CHALK, state, 200)).toContain('[1 Inbox (1/3)]');
  });

  it('scrolls a long list so the selected row shows', () => {
    expect(scrollTop(0, 100, 10)).toBe(0);
    expect(scrollTop(50, 100, 10)).toBe(45);
    expect(scrollTop(99, 100, 10)).toBe(90);
    expect(scrollTop(5, 8, 10)).toBe(0);
  });
});

describe('the list', () => {
  it('heads each group with its count and marks the selected row, cut to the width', () => {
    const state = stateWith(['a1', 'a2']);
    const rows = listRows(state);
    expect(rows.map((r) => ('heading' in r ? r.heading : r.item.id))).toEqual(['Actions to approve (2)', 'a1', 'a2']);
    const line = rowLine(PLAIN_CHALK, rows[1]!, 20, Date.parse('2026-01-10T00:00:00Z'));
    expect(line).toBe('› a1  Summary a1  T…');
    expect(rowLine(PLAIN_CHALK, rows[2]!, 20, 0).startsWith('  a2')).toBe(true);
  });

  it('shows a hostile summary escaped, never raw', () => {
    const item = waiting('a1', 'action', '2026-01-01T00:00:00Z');
    item.action.summary = '\x1b]0;PWNED\x07\x1b[2Jhi';
    const state = replaceSections(
      emptyState(),
      buildSections({ waiting: [item], tasks: [], myId: undefined, board: undefined, schedules: [] }),
    );
    const line = rowLine(PLAIN_CHALK, listRows(state)[1]!, 60, 0);
    expect(line).toContain('\\x1b]0;PWNED\\x07\\x1b[2Jhi');
    expect(line).not.toMatch(/[\x00-\x1f]/);
  });

  it('fits the help into the body of an 80×24 terminal', () => {
    expect(helpLines().length).toBeLessThanOrEqual(19);
    for (const action of ACTIONS) expect(helpLines().join('\n')).toContain(action.help);
  });
});

describe('actions', () => {
  it('confirms with what will be sent; a number picks a question option', () => {
    const question = {
      kind: 'pending' as const,
      id: 'q1',
      group: '',
      waiting: waiting('q1', 'question', '2026-01-01T00:00:00Z', { question: 'Which?', options: ['Lock', 'Reset'] }),
    };
    expect(answerFor(question, '2')).toBe('Reset');
    expect(answerFor(question, '7')).toBe('7');
    expect(answerFor(question, 'Neither')).toBe('Neither');
    expect(confirmQuestion('reject', question, 'too soon')).toBe('Reject q1 (Summary q1) with the reason "too soon"?');
    expect(confirmQuestion('answer', question, '2', 'Reset')).toBe('Answer q1 (Summary q1) with "Reset"?');
    expect(ACTIONS.filter((a) => a.applies(question)).map((a) => a.key)).toEqual(['r', 't', 'n', 'm']);
  });
});

describe('the line editor', () => {
  it('inserts at the cursor, deletes, moves, and keeps control characters out', () => {
    let line = { text: '', cursor: 0 };
    line = editLine(line, { input: 'helo' });
    line = editLine(line, { input: '', leftArrow: true });
    line = editLine(line, { input: 'l' });
    expect(line).toEqual({ text: 'hello', cursor: 4 });
    line = editLine(line, { input: '', end: true });
    line = editLine(line, { input: '', backspace: true });
    expect(line).toEqual({ text: 'hell', cursor: 4 });
    line = editLine(line, { input: 'a\x1b[2J\tb\nc' });
    expect(line.text).toBe('hella[2J b c');
    line = editLine(line, { input: 'u', ctrl: true });
    expect(line).toEqual({ text: '', cursor: 0 });
    // Editing keys read together with text still edit.
    expect(editLine({ text: 'in progres', cursor: 10 }, { input: '\u0015In progress' })).toEqual({ text: 'In progress', cursor: 11 });
    expect(editLine({ text: 'ab', cursor: 2 }, { input: 'c\u007f\u007fd' })).toEqual({ text: 'ad', cursor: 2 });
    // A character outside the BMP is one step.
    line = editLine(line, { input: 'x😀' });
    line = editLine(line, { input: '', backspace: true });
    expect(line.text).toBe('x');
  });
});

/** A context as on an 80-column terminal, without colors, its clock at 2026-01-05. */
function terminalContext() {
  const io: IO = {
    stdin: Readable.from([]),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    isStdinTTY: false,
    isStdoutTTY: true,
    isStderrTTY: false,
    colorEnabled: false,
    canPrompt: false,
    columns: 80,
  };
  return createContext(io, { WTS_CONFIG_DIR: '/nonexistent' }, { json: false, color: false, debug: false }, () =>
    Date.parse('2026-01-05T00:00:00Z'),
  );
}

describe('the detail pane', () => {
  const ctx = terminalContext();
  const words = (lines: string[]) => lines.join(' ').split(/\s+/).filter(Boolean);
  const prompt = 'Summarize the week in support: new tasks, what is waiting, what is overdue, and who should look at it first.';
  const title = 'A title long enough to need more than one line of the pane';

  it('wraps long values to the pane, beside their labels or under them, never cutting a word', () => {
    const item = { kind: 'schedule', id: 's1', group: '', schedule: { ...schedule('s1', 'active', null), title, prompt } } as const;
    // 80 and 60 columns: the pane is 44 and 32 columns wide (src/dash/ui.ts).
    for (const width of [44, 32, 24]) {
      const lines = scheduleLines(ctx, item, width);
      for (const line of lines) expect(displayWidth(line), `${width}: ${line}`).toBeLessThanOrEqual(width);
      const text = words(lines).join(' ');
      expect(text).toContain(prompt);
      expect(text).toContain(title);
    }
  });

  it("wraps a task's long chat message too", () => {
    const message: Resource<'Message'> = {
      id: 'msg_1',
      author: { kind: 'agent', id: 'agt', name: 'Agent' },
      content: prompt,
      createdAt: '2026-01-01T00:00:00Z',
    };
    const detail = { task: task('t1', { title }), messages: [message], waiting: [] };
    for (const width of [44, 32]) {
      const lines = taskLines(ctx, detail, width);
      for (const line of lines) expect(displayWidth(line), `${width}: ${line}`).toBeLessThanOrEqual(width);
      expect(words(lines).join(' ')).toContain(prompt);
    }
  });
});

describe('a typed value after a failure', () => {
  it('does not put a value the service refused back into the prompt, but quotes it in the error line', () => {
    for (const code of [ExitCode.usage, ExitCode.conflict, ExitCode.notFound, ExitCode.forbidden])
      expect(afterFailure('Not this week', code)).toEqual({ note: ' (you typed: "Not this week")' });
  });

  it('offers it again after a failure that says nothing about it', () => {
    for (const code of [ExitCode.failure, ExitCode.rateLimited, ExitCode.signIn])
      expect(afterFailure('Not this week', code)).toEqual({ keep: 'Not this week', note: '' });
    expect(afterFailure(undefined, ExitCode.conflict)).toEqual({ note: '' });
  });
});

describe('the screen at 80 columns (issue 39)', () => {
  const ctx = terminalContext();
  const statuses: Resource<'Status'>[] = [
    { key: 'todo', name: 'To do', position: 0 },
    { key: 'in_progress', name: 'In progress', position: 1 },
    { key: 'waiting', name: 'Waiting', position: 2 },
    { key: 'done', name: 'Done', position: 3 },
  ];
  const boardState = (): DashState => {
    const sections = buildSections({
      waiting: [],
      tasks: [task('task_support_1', { title: 'Reply to the customer about the refund', workspaceId: 'ws_support' })],
      myId: undefined,
      board: { workspaceId: 'ws_support', statuses },
      schedules: [{ ...schedule('sched_support_weekly', 'active', '2026-01-06T09:00:00Z'), title: 'Weekly support summary for the team' }],
    });
    return { ...replaceSections(emptyState(), sections), current: 'board' };
  };
  const screen = (state: DashState, status: string, prompt: Parameters<typeof screenLines>[1]['prompt'] = { mode: 'none' }) =>
    screenLines(ctx, {
      state,
      prompt,
      status: { text: status, tone: 'error' },
      details: new Map(),
      scroll: 0,
      size: { columns: 80, rows: 24 },
      refreshedAt: undefined,
      title: 'all workspaces',
      arrived: new Set(),
    });
  const error =
    '✗ the column: no column "wating"; did you mean waiting (Waiting)? The columns: todo (To do), in_progress (In progress), waiting (Waiting), done (Done)';

  it('shows a long error whole, wrapped above the typed line and alone, and the screen stays 24 lines of 80', () => {
    const line = { text: 'wating', cursor: 6 };
    const move = ACTIONS.find((a) => a.name === 'move');
    const item = selectedItem(boardState());
    if (!move || !item) throw new Error('no move action, or no task selected');
    const typing = screen(boardState(), error, {
      mode: 'text',
      action: move,
      item,
      prompt: 'Move to column (todo, in_progress, waiting, done):',
      optional: false,
      line,
    });
    for (const lines of [typing, screen(boardState(), error)]) {
      expect(lines).toHaveLength(24);
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(80);
      const text = lines.join(' ').replace(/\s+/g, ' ');
      expect(text).toContain('The columns: todo (To do), in_progress (In progress), waiting (Waiting), done (Done)');
    }
    expect(typing[22]).toBe('Move to column (todo, in_progress, waiting, done): wating_');
    expect(typing[23]).toContain('? help');
  });

  it('fits the key line in 80 columns, the help key always shown', () => {
    const state = boardState();
    const keys = keysLine(PLAIN_CHALK, state, 80);
    expect(displayWidth(keys)).toBeLessThanOrEqual(80);
    expect(keys).toMatch(/\? help · q quit$/);
    expect(keys).toContain('v move');
    // Narrower: the item's keys give way (…), the help key stays.
    const narrow = keysLine(PLAIN_CHALK, state, 40);
    expect(displayWidth(narrow)).toBeLessThanOrEqual(40);
    expect(narrow).toMatch(/… · \? help · q quit$/);
    // Wide: every key.
    expect(keysLine(PLAIN_CHALK, state, 200)).toContain('/ filter · R refresh · ? help · q quit');
  });

  it('names the workspace in the Board tab', () => {
    const tabs = tabsLine(PLAIN_CHALK, boardState(), 80);
    expect(tabs).toContain('[3 Board ws_support (1)]');
    expect(displayWidth(tabs)).toBeLessThanOrEqual(80);
    expect(tabs).toContain('4 Schedules (1)');
  });

  it("cuts a schedule's id before its title in the list", () => {
    const state = { ...boardState(), current: 'schedules' as const };
    const [, row] = listRows(state);
    if (!row) throw new Error('no schedule row');
    const line = rowLine(PLAIN_CHALK, row, 33, Date.parse('2026-01-05T00:00:00Z'));
    expect(displayWidth(line)).toBe(33);
    expect(line).toContain('› sched_s…  Weekly support summa…');
    // With room, the whole id.
    expect(rowLine(PLAIN_CHALK, row, 80, Date.parse('2026-01-05T00:00:00Z'))).toContain(
      'sched_support_weekly  Weekly support summary for the team',
    );
  });
});
