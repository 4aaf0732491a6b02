// What the dashboard's sections hold, from the service: the inbox as `wts inbox` gathers it (the same
// function, so the same requests and concurrency), the tasks it listed on the way for "My tasks" and the
// board (no second listing), the board's columns, and the schedules. The detail of the selected item is
// loaded when it is selected (src/dash/detail.ts).
import type { Resource } from '../contract/resources.js';
import { collectItems } from '../framework/listing.js';
import type { CommandContext } from '../context.js';
import { CliError } from '../errors.js';
import { byKindThenAge, gatherWaiting, type PendingKind, type WaitingItem } from '../inbox/gather.js';
import { me } from '../input/people.js';
import { DONE } from '../input/statuses.js';
import type { Item, Section, SectionKey } from './model.js';

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
  const inbox: Item[] = [...input.waiting]
    .sort(byKindThenAge)
    .map((waiting) => ({ kind: 'pending', id: waiting.action.id, group: INBOX_GROUPS[waiting.action.kind], waiting }));

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
    board: { key: 'board', items: board, ...optional(note(board, 'No tasks on this board.', input.boardNote)) },
    schedules: { key: 'schedules', items: schedules, ...optional(note(schedules, 'No scheduled tasks.')) },
  };
}

const optional = (note: string | undefined) => (note === undefined ? {} : { note });

/** Everything the sections show, fetched again; throws what the first failed request threw. */
export async function loadSections(ctx: CommandContext, scope: DashScope): Promise<Loaded> {
  const api = await ctx.api();
  // The inbox's progress line belongs to a plain terminal, not to the dashboard's screen.
  const quiet: CommandContext = { ...ctx, io: { ...ctx.io, isStderrTTY: false } };
  let listed: { workspaceIds: string[]; tasks: Task[] } = { workspaceIds: [], tasks: [] };
  const [waiting, schedules, myId] = await Promise.all([
    gatherWaiting(quiet, { ...(scope.workspaceId !== undefined && { workspaceId: scope.workspaceId }), onListed: (l) => (listed = l) }),
    collectItems<Schedule>(api.items('list_scheduled_tasks', { path: {} })),
    me(ctx).then(
      (id) => ({ id }),
      (err: unknown) => {
        if (err instanceof CliError) return { note: `${err.message.replace(/^@me: /, 'Who you are is not known: ')}` };
        throw err;
      },
    ),
  ]);
  const boardWorkspaceId = scope.workspaceId ?? scope.boardWorkspaceId ?? listed.workspaceIds[0];
  const board =
    boardWorkspaceId === undefined
      ? undefined
      : {
          workspaceId: boardWorkspaceId,
          statuses: await collectItems<Status>(api.items('list_workspace_statuses', { path: { workspaceId: boardWorkspaceId } })),
        };
  // A default workspace that is not among those listed (another organization): its tasks are listed here.
  const tasks =
    board && !listed.workspaceIds.includes(board.workspaceId)
      ? [
          ...listed.tasks,
          ...(await collectItems<Task>(api.items('list_tasks', { path: { workspaceId: board.workspaceId }, query: { limit: 50 } }))),
        ]
      : listed.tasks;
  // The columns of each workspace with an open task of mine, for their board order (the board's are known).
  const myWorkspaces =
    'id' in myId
      ? [...new Set(tasks.filter((t) => t.status !== DONE && t.assignees.some((a) => a.id === myId.id)).map((t) => t.workspaceId))]
      : [];
  const columns = new Map<string, Status[]>(board ? [[board.workspaceId, board.statuses]] : []);
  await Promise.all(
    myWorkspaces
      .filter((w) => !columns.has(w))
      .map(async (w) => columns.set(w, await collectItems<Status>(api.items('list_workspace_statuses', { path: { workspaceId: w } })))),
  );
  const sections = buildSections({
    waiting,
    tasks,
    columns,
    myId: 'id' in myId ? myId.id : undefined,
    ...('note' in myId && { mineNote: myId.note }),
    board,
    ...(board === undefined && { boardNote: 'No workspace to show: this connection lists none.' }),
    schedules: scope.workspaceId === undefined ? schedules : schedules.filter((s) => s.workspaceId === scope.workspaceId),
  });
  return { sections, board };
}
