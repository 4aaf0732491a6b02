// What the dashboard's sections hold, from the service: the inbox as `wts inbox` gathers it (the same
// function, so the same requests and concurrency), the tasks it listed on the way for "My tasks" and the
// board (no second listing), the board's columns, and the schedules. The detail of the selected item is
// loaded when it is selected (src/dash/detail.ts).
//
// The first load shows each section as soon as something of it is known (docs/dash.md): the schedules
// from their one listing, the board from the first page of each column (as `wts task board` reads it),
// "My tasks" from the first page of each workspace's tasks assigned to you, and the inbox as its tasks
// are checked. Each of those is marked loading until its complete result replaces it.
import type { Resource } from '../contract/resources.js';
import { collectItems, firstCards } from '../framework/listing.js';
import type { CommandContext } from '../context.js';
import { CliError } from '../errors.js';
import { byKindThenAge, type GatherProgress, gatherWaiting, type PendingKind, type WaitingItem } from '../inbox/gather.js';
import { me } from '../input/people.js';
import { DONE } from '../input/statuses.js';
import { type Item, SECTION_KEYS, type Section, type SectionKey } from './model.js';

type Task = Resource<'Task'>;
type Status = Resource<'Status'>;
type Schedule = Resource<'ScheduledTask'>;

export const INBOX_GROUPS: Record<PendingKind, string> = {
  action: 'Actions to approve',
  human_task: 'Tasks for people',
  question: 'Questions to answer',
};

export interface DashScope {
  /** `--workspace`: every section is of this workspace only. */
  workspaceId?: string;
  /** The board's workspace when no --workspace was given (the default workspace). */
  boardWorkspaceId?: string;
}

export interface Loaded {
  sections: Record<SectionKey, Section>;
  /** The board's workspace and its columns in board order (for moving a task). */
  board: { workspaceId: string; statuses: Status[] } | undefined;
}

/**
 * `items` (already in order) gathered by group, each group once: the groups in the order of their first
 * item, the items of a group in their order. A section's header is drawn wherever the group changes, so
 * a list sorted across groups would repeat them.
 */
function groupedInOrder<T>(items: T[], groupOf: (item: T) => string): T[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = groupOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()].flat();
}

/** Where a column comes on its workspace's board; a column it does not list (or none known) after them. */
function columnIndex(statuses: readonly Status[] | undefined, key: string): number {
  const column = statuses?.find((s) => s.key === key);
  return column === undefined ? Number.MAX_SAFE_INTEGER : column.position;
}

/** The sections' items from what was fetched: pure, so the grouping and order are tested without a service. */
export function buildSections(input: {
  waiting: WaitingItem[];
  tasks: Task[];
  myId: string | undefined;
  /** Why "My tasks" cannot be shown (who you are is not known). */
  mineNote?: string;
  board: { workspaceId: string; statuses: Status[] } | undefined;
  /** The columns of the workspaces "My tasks" shows, for their board order. */
  columns?: ReadonlyMap<string, readonly Status[]>;
  boardNote?: string;
  schedules: Schedule[];
}): Record<SectionKey, Section> {
  const inbox: Item[] = [...input.waiting].sort(byKindThenAge).map((waiting) => ({
    kind: 'pending',
    id: waiting.action.id,
    group: INBOX_GROUPS[waiting.action.kind] ?? waiting.action.kind,
    waiting,
  }));

  // One order with `wts task list` and `wts task board`: workspace by workspace, columns in board order
  // (a column the workspace does not list last), each column in the service's order (the tasks' order).
  const open = input.tasks.filter((t) => t.status !== DONE);
  const mine: Item[] =
    input.myId === undefined
      ? []
      : groupedInOrder(
          open.filter((t) => t.assignees.some((a) => a.id === input.myId)),
          (task) => task.workspaceId,
        )
          .map((task, i) => ({ task, i, column: columnIndex(input.columns?.get(task.workspaceId), task.status) }))
          .sort((a, b) => (a.task.workspaceId === b.task.workspaceId ? a.column - b.column : 0) || a.i - b.i)
          .map(({ task }) => ({ kind: 'task', id: task.id, group: task.workspaceId, task }));

  // Columns in board order; a task in a column the workspace no longer lists still shows, after them.
  const board: Item[] = [];
  if (input.board) {
    const { workspaceId, statuses } = input.board;
    const columns = [...statuses].sort((a, b) => a.position - b.position).map((s) => ({ key: s.key, name: s.name }));
    const tasks = input.tasks.filter((t) => t.workspaceId === workspaceId);
    for (const t of tasks) if (!columns.some((c) => c.key === t.status)) columns.push({ key: t.status, name: t.status });
    for (const column of columns) {
      for (const task of tasks.filter((t) => t.status === column.key)) board.push({ kind: 'task', id: task.id, group: column.name, task });
    }
  }

  const schedules: Item[] = [...input.schedules]
    .sort(
      (a, b) =>
        (a.state === b.state ? 0 : a.state === 'active' ? -1 : 1) ||
        (a.nextRunAt ?? '~').localeCompare(b.nextRunAt ?? '~') ||
        a.id.localeCompare(b.id),
    )
    .map((schedule) => ({
      kind: 'schedule',
      id: schedule.id,
      group: schedule.state === 'active' ? 'Active' : schedule.state === 'paused' ? 'Paused' : schedule.state,
      schedule,
    }));

  const note = (items: Item[], empty: string, why?: string) => why ?? (items.length === 0 ? empty : undefined);
  return {
    inbox: { key: 'inbox', items: inbox, ...optional(note(inbox, 'Nothing is waiting for a decision.')) },
    mine: { key: 'mine', items: mine, ...optional(note(mine, 'No open task is assigned to you.', input.mineNote)) },
    board: {
      key: 'board',
      items: board,
      ...optional(note(board, 'No tasks on this board.', input.boardNote)),
      ...(input.board && { workspace: input.board.workspaceId }),
    },
    schedules: { key: 'schedules', items: schedules, ...optional(note(schedules, 'No scheduled tasks.')) },
  };
}

const optional = (note: string | undefined) => (note === undefined ? {} : { note });

/** Sections known before the whole load is: partial ones (marked `loading`), or complete ones early. */
export type ShowSections = (sections: Partial<Record<SectionKey, Section>>) => void;

type Who = { id: string } | { note: string };
type Board = Loaded['board'];

/** A promise and the function that settles it, for what a callback hands over later. */
function later<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Who you are, or why that is not known ("My tasks" says it). */
function whoAmI(ctx: CommandContext): Promise<Who> {
  return me(ctx).then(
    (id) => ({ id }),
    (err: unknown) => {
      if (err instanceof CliError) return { note: `${err.message.replace(/^@me: /, 'Who you are is not known: ')}` };
      throw err;
    },
  );
}

/**
 * Everything the sections show, fetched again; throws what the first failed request threw. With `show`
 * (the first load), each section is shown as soon as something of it is known, marked loading until
 * complete; the complete sections are also what this returns.
 */
export async function loadSections(ctx: CommandContext, scope: DashScope, show?: ShowSections): Promise<Loaded> {
  const api = await ctx.api();
  // The inbox's progress line belongs to a plain terminal, not to the dashboard's screen.
  const quiet: CommandContext = { ...ctx, io: { ...ctx.io, isStderrTTY: false } };
  // What is shown once complete is not shown again partial (a first page that answers after the whole).
  const complete = new Set<SectionKey>();
  let ended = false;
  const showPart = (key: SectionKey, section: Section) => {
    if (show && !ended && !complete.has(key)) show({ [key]: section });
  };
  const showComplete = (sections: Partial<Record<SectionKey, Section>>) => {
    for (const key of SECTION_KEYS) if (sections[key]) complete.add(key);
    if (show && !ended) show(sections);
  };
  const workspaces = later<string[]>();
  const listing = later<{ workspaceIds: string[]; tasks: Task[] }>();
  const who = whoAmI(ctx);
  const boardWorkspaceId = scope.workspaceId ?? scope.boardWorkspaceId;
  const board: Promise<Board> = (
    boardWorkspaceId === undefined ? workspaces.promise.then((ids) => ids[0]) : Promise.resolve(boardWorkspaceId)
  ).then(async (workspaceId) =>
    workspaceId === undefined
      ? undefined
      : { workspaceId, statuses: await collectItems<Status>(api.items('list_workspace_statuses', { path: { workspaceId } })) },
  );
  const schedules = collectItems<Schedule>(api.items('list_scheduled_tasks', { path: {} })).then((all) => {
    const shown = scope.workspaceId === undefined ? all : all.filter((s) => s.workspaceId === scope.workspaceId);
    showComplete({ schedules: sectionsOf({ schedules: shown }).schedules });
    return shown;
  });
  // Who you are not known: "My tasks" says so at once, as complete as it will be.
  void who.then(
    (w) => 'note' in w && showComplete({ mine: sectionsOf({ mineNote: w.note }).mine }),
    () => {},
  );
  if (show) void firstPages(ctx, { scope, board, who, workspaces: workspaces.promise, showPart }).catch(() => {});
  // The board and "My tasks" are complete once every task is listed, before the inbox's checks end.
  const tasksAndBoard = listing.promise.then(async (listed) => {
    const done = await tasksOf(ctx, listed, await board, await who);
    showComplete({ mine: done.mine, board: done.board });
    return done;
  });
  // Nothing waits on these alone: a failure reaches the caller through Promise.all below.
  board.catch(() => {});
  tasksAndBoard.catch(() => {});
  try {
    const [waiting, shownSchedules, whoIs, done] = await Promise.all([
      gatherWaiting(quiet, {
        ...(scope.workspaceId !== undefined && { workspaceId: scope.workspaceId }),
        onWorkspaces: workspaces.resolve,
        onListed: listing.resolve,
        onProgress: (progress) => showPart('inbox', inboxSoFar(progress)),
      }),
      schedules,
      who,
      tasksAndBoard,
    ]);
    const sections = buildSections({
      waiting,
      tasks: done.tasks,
      columns: done.columns,
      myId: 'id' in whoIs ? whoIs.id : undefined,
      ...('note' in whoIs && { mineNote: whoIs.note }),
      board: done.boardOf,
      ...(done.boardOf === undefined && { boardNote: NO_BOARD }),
      schedules: shownSchedules,
    });
    return { sections, board: done.boardOf };
  } finally {
    ended = true;
  }
}

const NO_BOARD = 'No workspace to show: this connection lists none.';

/** buildSections of only some of what it takes (the rest empty), for one section at a time. */
function sectionsOf(input: Partial<Parameters<typeof buildSections>[0]>): Record<SectionKey, Section> {
  return buildSections({ waiting: [], tasks: [], myId: undefined, board: undefined, schedules: [], ...input });
}

/** Every listed task (and the default workspace's, when it is not among them), with the columns "My tasks" orders by. */
async function tasksOf(ctx: CommandContext, listed: { workspaceIds: string[]; tasks: Task[] }, boardOf: Board, who: Who) {
  const api = await ctx.api();
  // A default workspace that is not among those listed (another organization): its tasks are listed here.
  const tasks =
    boardOf && !listed.workspaceIds.includes(boardOf.workspaceId)
      ? [
          ...listed.tasks,
          ...(await collectItems<Task>(api.items('list_tasks', { path: { workspaceId: boardOf.workspaceId }, query: { limit: 50 } }))),
        ]
      : listed.tasks;
  // The columns of each workspace with an open task of mine, for their board order (the board's are known).
  const myWorkspaces =
    'id' in who
      ? [...new Set(tasks.filter((t) => t.status !== DONE && t.assignees.some((a) => a.id === who.id)).map((t) => t.workspaceId))]
      : [];
  const columns = new Map<string, Status[]>(boardOf ? [[boardOf.workspaceId, boardOf.statuses]] : []);
  await Promise.all(
    myWorkspaces
      .filter((w) => !columns.has(w))
      .map(async (w) => columns.set(w, await collectItems<Status>(api.items('list_workspace_statuses', { path: { workspaceId: w } })))),
  );
  const built = sectionsOf({
    tasks,
    columns,
    myId: 'id' in who ? who.id : undefined,
    ...('note' in who && { mineNote: who.note }),
    board: boardOf,
    ...(boardOf === undefined && { boardNote: NO_BOARD }),
  });
  return { tasks, columns, boardOf, mine: built.mine, board: built.board };
}

/** The inbox so far: the items found, in the order shown, and how many tasks are checked. */
function inboxSoFar(progress: GatherProgress): Section {
  const count = (n: number) => n.toLocaleString('en');
  const of = progress.total === undefined ? `${count(progress.listed)} listed so far` : `${count(progress.total)} tasks`;
  const section = sectionsOf({ waiting: [...progress.found] }).inbox;
  return {
    ...section,
    loading: true,
    note: `checked ${count(progress.checked)} of ${of}; the order settles when all are checked…`,
  };
}

/**
 * The first load's early rows, each a request or a few, never one per task: the first page of each of
 * the board's columns, and the first page of each workspace's open tasks assigned to you.
 */
async function firstPages(
  ctx: CommandContext,
  input: {
    scope: DashScope;
    board: Promise<Board>;
    who: Promise<Who>;
    workspaces: Promise<string[]>;
    showPart: (key: SectionKey, section: Section) => void;
  },
): Promise<void> {
  const api = await ctx.api();
  const boardRows = input.board.then(async (boardOf) => {
    if (boardOf === undefined) return;
    const sorted = [...boardOf.statuses].sort((a, b) => a.position - b.position);
    // One page of each column: rows = 1 asks no second page.
    const columns = await firstCards(api, boardOf.workspaceId, sorted, 1);
    const more = columns.some((c) => c.more);
    const section = sectionsOf({ tasks: columns.flatMap((c) => c.tasks), board: boardOf }).board;
    input.showPart('board', {
      ...section,
      loading: true,
      note: more ? 'the first 50 tasks of each column so far…' : 'loading…',
    });
  });
  const mineRows = Promise.all([input.who, input.workspaces]).then(async ([who, workspaceIds]) => {
    if (!('id' in who)) return;
    const pages = await Promise.all(
      workspaceIds.map((workspaceId) => api.call('list_tasks', { path: { workspaceId }, query: { assignee: who.id, limit: 50 } })),
    );
    const section = sectionsOf({ tasks: pages.flatMap((p) => p.items), myId: who.id }).mine;
    input.showPart('mine', { ...section, loading: true, note: 'the first 50 of each workspace so far…' });
  });
  await Promise.all([boardRows, mineRows]);
}
