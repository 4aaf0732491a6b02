// Everything waiting for a person, across tasks. The service has no such listing, so: the workspaces
// (or the one asked for), every task of each (all pages), and each task's pending actions as soon as its
// page has come — through the adaptive pool (src/api/pool.ts: as many at once as the service takes
// well). Tasks in the done column are checked too: a proposed action, a task for a person or a question
// on a finished task still waits until someone settles it.
import { Readable } from 'node:stream';
import type { ApiClient, RequestHooks } from '../api/client.js';
import { MAX_CONCURRENCY, resultsOrThrow, runPool } from '../api/pool.js';
import { ApiError } from '../errors.js';
import type { Resource } from '../contract/resources.js';
import { collectItems } from '../framework/listing.js';
import type { CommandContext } from '../context.js';
import { progressLine } from '../output/progress.js';

type Task = Resource<'Task'>;
type Workspace = Resource<'Workspace'>;
type PendingAction = Resource<'PendingAction'>;
export type PendingKind = PendingAction['kind'];

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

/** What waits on one task now (none once it is deleted). */
export async function pendingActionsOf(api: ApiClient, taskId: string, hooks: RequestHooks): Promise<PendingAction[]> {
  try {
    return (await api.call('list_pending_actions', { path: { taskId } }, { hooks })).items;
  } catch (err) {
    // Deleted between the listing and now: nothing waits on it any more.
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

/** Items found so far shown above the progress line on a terminal (the latest ones). */
const LIVE_LINES = 8;

/** Workspaces whose tasks are listed at once (each walk its cursor, page after page, on a connection of its own). */
const LISTING_WALKS = 8;

export interface GatherOptions {
  /** Only this workspace. */
  workspaceId?: string;
  /** Given the workspaces and every task listed on the way (`wts dash` shows them too, without listing them again). */
  onListed?: (listed: { workspaceIds: string[]; tasks: Task[] }) => void;
}

/**
 * What waits in every workspace this connection can open, or in `workspaceId` only, in the order shown
 * (byKindThenAge). On a terminal, a progress line with the latest items found as they turn up.
 *
 * The listing and the checks overlap: every task goes to the checks as soon as its page arrives, so over
 * thousands of tasks the whole takes about as long as the listing's page-after-page walk, not that plus
 * the checks. The walks keep connections of their own (the checks take at most MAX_CONCURRENCY less
 * those), so a page is never queued behind the checks it feeds.
 */
export async function gatherWaiting(ctx: CommandContext, options: GatherOptions = {}): Promise<WaitingItem[]> {
  const api = await ctx.api();
  const progress = progressLine(ctx.io, ctx.accessible());
  // The tasks as they are listed, in the order their pages arrive (across workspaces), for the checks.
  const listed = new Readable({ objectMode: true, read() {} });
  // The first failure of the listing (an expired sign-in, a revoked connection, an unknown workspace)
  // stops the checks and the other walks at once.
  const stop = (error: unknown) => void listed.destroy(error instanceof Error ? error : new Error(String(error)));
  // The first failure of a check stops the walks: none asks for a page after the one in hand.
  let halted = false;
  let listedCount = 0;
  let total: number | undefined;
  let checked = 0;
  let found = 0;
  // On a terminal, the latest items found show above the progress line as they turn up.
  const recent: string[] = [];
  const show = () =>
    progress.update(
      total === undefined
        ? `checking tasks as they are listed… ${checked}/${listedCount}, ${found} waiting`
        : `checking ${total} tasks… ${checked}/${total}, ${found} waiting`,
      recent,
    );
  const listing = (async () => {
    const workspaceIds =
      options.workspaceId !== undefined
        ? [options.workspaceId]
        : (await collectItems<Workspace>(api.items('list_workspaces', { path: {} }))).map((w) => w.id);
    progress.update(`listing the tasks of ${workspaceIds.length === 1 ? workspaceIds[0] : `${workspaceIds.length} workspaces`}…`);
    const perWorkspace = await runPool(
      workspaceIds,
      async (workspaceId) => {
        const tasks: Task[] = [];
        try {
          for await (const page of api.pages('list_tasks', { path: { workspaceId } })) {
            if (listed.destroyed) break;
            for (const task of page.items) listed.push(task);
            tasks.push(...page.items);
            listedCount += page.items.length;
            if (halted) break;
          }
        } catch (error) {
          stop(error);
          throw error;
        }
        return tasks;
      },
      { stopOnFailure: true, max: LISTING_WALKS },
    );
    return { workspaceIds, tasks: resultsOrThrow(perWorkspace).flat() };
  })().then(
    (whole) => {
      if (listed.destroyed) return;
      if (!halted) {
        total = whole.tasks.length;
        options.onListed?.(whole);
        if (checked > 0) show();
      }
      listed.push(null);
    },
    (error: unknown) => stop(error),
  );
  try {
    // The first failure (an expired sign-in, a revoked connection) stops the rest: every other would fail too.
    const perTask = await runPool<Task, WaitingItem[]>(
      listed,
      async (task, hooks) => {
        const actions = await pendingActionsOf(api, task.id, hooks);
        return actions.map(
          (action): WaitingItem => ({
            action,
            task: { id: task.id, title: task.title, workspaceId: task.workspaceId, dueDate: task.dueDate, status: task.status },
          }),
        );
      },
      {
        stopOnFailure: true,
        max: MAX_CONCURRENCY - LISTING_WALKS,
        onOutcome: (outcome) => {
          checked++;
          if (outcome.ok) {
            for (const { action, task } of outcome.result)
              recent.push(`${action.kind.padEnd(10)} ${action.id}  ${action.summary} · ${task.id}`);
            recent.splice(0, recent.length - LIVE_LINES);
            found += outcome.result.length;
          } else halted = true;
          show();
        },
      },
    );
    return resultsOrThrow(perTask).flat().sort(byKindThenAge);
  } finally {
    // Nothing goes on after this returns (the dashboard stays open): a walk still running stops.
    halted = true;
    await listing;
    progress.done();
  }
}
