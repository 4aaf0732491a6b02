// Everything waiting for a person, across tasks. The service has no such listing, so: the workspaces
// (or the one asked for), every task of each (all pages), then each task's pending actions — at most
// CONCURRENCY requests at a time. Tasks in the done column are checked too: a proposed action, a task
// for a person or a question on a finished task still waits until someone settles it.
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../errors.js';
import type { Resource } from '../contract/resources.js';
import { collectItems } from '../framework/listing.js';
import type { CommandContext } from '../context.js';
import { progressLine } from '../output/progress.js';
import { mapBounded } from './bounded.js';

type Task = Resource<'Task'>;
type Workspace = Resource<'Workspace'>;
type PendingAction = Resource<'PendingAction'>;
export type PendingKind = PendingAction['kind'];

/** Requests in flight at once; the HTTP layer keeps as many connections. */
export const CONCURRENCY = 8;

/** Kinds in the order they are shown: what an agent wants to do, then work for people, then questions. */
export const KIND_ORDER: readonly PendingKind[] = ['action', 'human_task', 'question'];

export interface WaitingItem {
  action: PendingAction;
  task: { id: string; title: string; workspaceId: string; dueDate: string | null; status: string };
}

/** Grouped by kind (KIND_ORDER), oldest first within a kind. */
export function byKindThenAge(a: WaitingItem, b: WaitingItem): number {
  return (
    KIND_ORDER.indexOf(a.action.kind) - KIND_ORDER.indexOf(b.action.kind) ||
    a.action.createdAt.localeCompare(b.action.createdAt) ||
    a.action.id.localeCompare(b.action.id)
  );
}

async function pendingActionsOf(api: ApiClient, taskId: string): Promise<PendingAction[]> {
  try {
    return (await api.call('list_pending_actions', { path: { taskId } })).items;
  } catch (err) {
    // Deleted between the listing and now: nothing waits on it any more.
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

/** What waits in every workspace this connection can open, or in `workspaceId` only; a progress line on a terminal. */
export async function gatherWaiting(ctx: CommandContext, options: { workspaceId?: string } = {}): Promise<WaitingItem[]> {
  const api = await ctx.api();
  const progress = progressLine(ctx.io);
  try {
    const workspaceIds =
      options.workspaceId !== undefined ? [options.workspaceId] : (await collectItems<Workspace>(api.items('list_workspaces', { path: {} }))).map((w) => w.id);
    progress.update(`listing the tasks of ${workspaceIds.length === 1 ? workspaceIds[0] : `${workspaceIds.length} workspaces`}…`);
    const perWorkspace = await mapBounded(workspaceIds, CONCURRENCY, (workspaceId) =>
      collectItems<Task>(api.items('list_tasks', { path: { workspaceId } })),
    );
    const tasks = perWorkspace.flat();
    let checked = 0;
    progress.update(`checking ${tasks.length} tasks… 0/${tasks.length}`);
    const perTask = await mapBounded(tasks, CONCURRENCY, async (task) => {
      const actions = await pendingActionsOf(api, task.id);
      progress.update(`checking ${tasks.length} tasks… ${++checked}/${tasks.length}`);
      return actions.map((action): WaitingItem => ({ action, task: { id: task.id, title: task.title, workspaceId: task.workspaceId, dueDate: task.dueDate, status: task.status } }));
    });
    return perTask.flat().sort(byKindThenAge);
  } finally {
    progress.done();
  }
}
