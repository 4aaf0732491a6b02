// Everything waiting for a person, across tasks. The service has no such listing, so: the workspaces
// (or the one asked for), every task of each (all pages), and each task's pending actions as soon as its
// page has come — through the adaptive pool (src/api/pool.ts: as many at once as the service takes
// well). Tasks in the done column are checked too: a proposed action, a task for a person or a question
// on a finished task still waits until someone settles it.
import { Readable } from 'node:stream';
import { type ApiClient, MAX_CONNECTIONS, type RequestHooks } from '../api/client.js';
import { resultsOrThrow, runPool } from '../api/pool.js';
import { ApiError } from '../errors.js';
import type { Resource } from '../contract/resources.js';
import { collectItems } from '../framework/listing.js';
import type { CommandContext } from '../context.js';
import { type Progress, progressLine, showsProgress } from '../output/progress.js';

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

/** Where a kind is shown: KIND_ORDER's, a kind wts does not know after them. */
function kindRank(kind: PendingKind): number {
  const at = KIND_ORDER.indexOf(kind);
  return at === -1 ? KIND_ORDER.length : at;
}

/** Grouped by kind (KIND_ORDER, then kinds wts does not know), oldest first within a kind. */
export function byKindThenAge(a: WaitingItem, b: WaitingItem): number {
  return (
    kindRank(a.action.kind) - kindRank(b.action.kind) ||
    a.action.kind.localeCompare(b.action.kind) ||
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

/** Items found so far shown above the progress line on a terminal (the first in the inbox's order). */
const LIVE_LINES = 8;

/**
 * Listings of a workspace's tasks that together hold every task once: nobody's and somebody's (a task has
 * assignees or has none). Walked at once, the longest of them, not their sum, sets how long listing takes.
 * Columns would split further, but only the columns the workspace lists: a task in a column it no longer
 * lists would be missed, and the inbox must be whole.
 */
const SPLITS: readonly { unassigned: boolean }[] = [{ unassigned: true }, { unassigned: false }];

/** Walks at once (each its cursor, page after page, on a connection of its own): of 8 workspaces, every split. */
const LISTING_WALKS = 8 * SPLITS.length;

/** One walk: a workspace's tasks of one split. */
interface Walk {
  workspaceId: string;
  query: { unassigned: boolean };
}

/** The service's order of a listing (oldest first), to merge the walks of a workspace back into one list. */
const byCreation = (a: Task, b: Task): number =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export interface GatherOptions {
  /** Only this workspace. */
  workspaceId?: string;
  /** Given the workspaces and every task listed on the way (`wts dash` shows them too, without listing them again). */
  onListed?: (listed: { workspaceIds: string[]; tasks: Task[] }) => void;
  /** Given the workspaces as soon as they are known, before their tasks are listed. */
  onWorkspaces?: (workspaceIds: string[]) => void;
  /** Told how far the gathering is, whenever the progress line would be redrawn (`wts dash` draws it its own way). */
  onProgress?: (progress: GatherProgress) => void;
}

/** How far a gathering is: the items found so far (in the order shown, not yet final) and the tasks checked. */
export interface GatherProgress {
  found: readonly WaitingItem[];
  checked: number;
  /** Tasks listed so far. */
  listed: number;
  /** Every task to check, once the listing has ended. */
  total: number | undefined;
}

/**
 * What waits in every workspace this connection can open, or in `workspaceId` only, in the order shown
 * (byKindThenAge). On a terminal, a progress line, and above it the items found so far in that order:
 * a preview, since a task not yet checked may still hold an item that sorts before them.
 *
 * The listing and the checks overlap: every task goes to the checks as soon as its page arrives, so over
 * thousands of tasks the whole takes about as long as the longest walk (SPLITS), not that plus the
 * checks. The walks keep connections of their own (the checks take the rest of MAX_CONNECTIONS), so a
 * page is never queued behind the checks it feeds.
 */
export async function gatherWaiting(ctx: CommandContext, options: GatherOptions = {}): Promise<WaitingItem[]> {
  const api = await ctx.api();
  const progress = progressLine(ctx.io, ctx.accessible());
  // The progress line is drawn only on a terminal (showsProgress); else only onProgress, if given, hears of it.
  const live = showsProgress(ctx.io, ctx.accessible()) || options.onProgress ? livePreview(progress, options.onProgress) : unwatched;
  const workspaceIds =
    options.workspaceId !== undefined
      ? [options.workspaceId]
      : (await collectItems<Workspace>(api.items('list_workspaces', { path: {} }))).map((w) => w.id);
  options.onWorkspaces?.(workspaceIds);
  progress.update(`listing the tasks of ${workspaceIds.length === 1 ? workspaceIds[0] : `${workspaceIds.length} workspaces`}…`);
  const walks = workspaceIds.flatMap((workspaceId) => SPLITS.map((query): Walk => ({ workspaceId, query })));
  // The tasks as they are listed, in the order their pages arrive (across walks), for the checks.
  const listed = new Readable({ objectMode: true, read() {} });
  // The first failure of the listing (an expired sign-in, a revoked connection, an unknown workspace)
  // stops the checks and the other walks at once.
  const stop = (error: unknown) => void listed.destroy(error instanceof Error ? error : new Error(String(error)));
  // The first failure of a check stops the walks: none asks for a page after the one in hand.
  let halted = false;
  // A task that changed hands between two walks' pages may come in both: it is checked and listed once.
  const seen = new Set<string>();
  const listing = runPool(
    walks,
    async ({ workspaceId, query }) => {
      const tasks: Task[] = [];
      try {
        // The next page is asked for as soon as one arrives: the checks it feeds do not hold it back.
        for await (const page of api.pages('list_tasks', { path: { workspaceId }, query }, { readAhead: true })) {
          if (listed.destroyed) break;
          for (const task of page.items) {
            if (seen.has(task.id)) continue;
            seen.add(task.id);
            listed.push(task);
            tasks.push(task);
          }
          live.listed(seen.size);
          if (halted) break;
        }
      } catch (error) {
        stop(error);
        throw error;
      }
      return tasks;
    },
    { stopOnFailure: true, initial: LISTING_WALKS, max: LISTING_WALKS },
  ).then(
    (perWalk) => {
      if (listed.destroyed) return;
      if (!halted) {
        // Each workspace's tasks in the service's order again (oldest first), the workspaces in their order.
        const byWalk = resultsOrThrow(perWalk);
        const tasks = workspaceIds.flatMap((_, w) =>
          byWalk
            .slice(w * SPLITS.length, (w + 1) * SPLITS.length)
            .flat()
            .sort(byCreation),
        );
        live.total(tasks.length);
        options.onListed?.({ workspaceIds, tasks });
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
        max: MAX_CONNECTIONS - Math.min(walks.length, LISTING_WALKS),
        onOutcome: (outcome) => {
          if (outcome.ok) live.checked(outcome.result);
          else halted = true;
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

/** When nobody watches (a pipe, --json to a file): nothing is counted, sorted or formatted per check. */
const unwatched: ReturnType<typeof livePreview> = { listed() {}, total() {}, checked() {} };

/** Checks between two redraws of the progress line when nothing new was found (a redraw is several lines). */
const REDRAW_EVERY = 25;

/**
 * The terminal's view while the inbox is gathered: "checked N of M tasks", and above it the first
 * LIVE_LINES items found so far, in the order the inbox shows (byKindThenAge). On a pipe, nothing.
 */
function livePreview(progress: Progress, told?: (progress: GatherProgress) => void) {
  const found: WaitingItem[] = [];
  let listedCount = 0;
  let total: number | undefined;
  let checked = 0;
  const count = (n: number) => n.toLocaleString('en');
  const draw = () => {
    const lines = found
      .slice(0, LIVE_LINES)
      .map(({ action, task }) => `${action.kind.padEnd(10)} ${action.id}  ${action.summary} · ${task.id}`);
    if (found.length > LIVE_LINES) lines.push(`… and ${count(found.length - LIVE_LINES)} more`);
    const of = total === undefined ? `${count(listedCount)} listed so far` : `${count(total)} tasks`;
    progress.update(`checked ${count(checked)} of ${of}, ${count(found.length)} waiting (the order settles when all are checked)`, lines);
    told?.({ found: [...found], checked, listed: listedCount, total });
  };
  return {
    listed(n: number) {
      listedCount = n;
    },
    total(n: number) {
      total = n;
      if (checked > 0) draw();
    },
    checked(items: WaitingItem[]) {
      checked++;
      if (items.length > 0) {
        found.push(...items);
        found.sort(byKindThenAge);
      }
      if (items.length > 0 || checked % REDRAW_EVERY === 0 || checked === total) draw();
    },
  };
}
