// `wts inbox --watch`: what waits for a person, told as it changes. The service has no events, so the
// watch asks again, as cheaply as the API allows:
// - a check lists the workspaces and their tasks (one request per 50 tasks) and re-reads the waiting
//   items only of the tasks whose updatedAt moved (a proposal, a decision, any activity moves it), of
//   new tasks, and drops those of tasks that are gone;
// - a sweep re-reads every task's waiting items (the start, then every SWEEP_MS), so a service whose
//   updatedAt missed something is still caught, only later;
// - checks are `interval` apart, growing to twice that while nothing changes, through the one polling
//   loop (src/follow/poll.ts: Retry-After honoured, a lost connection or a 5xx waited out).
import type { ApiClient } from '../api/client.js';
import { resultsOrThrow, runPool } from '../api/pool.js';
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { ApiError } from '../errors.js';
import { collectItems } from '../framework/listing.js';
import { poll, realClock, type PollClock } from '../follow/poll.js';
import { byKindThenAge, gatherWaiting, pendingActionsOf, type WaitingItem } from './gather.js';

type Task = Resource<'Task'>;
type Workspace = Resource<'Workspace'>;

/** Every task's waiting items are read again this often, whatever updatedAt says. */
export const SWEEP_MS = 10 * 60_000;
/** Tasks per page of a check's listing: the most the catalog allows. */
const PAGE = 50;

/** One thing the watch tells: an item that appeared, or one that no longer waits (decided, or gone). */
export interface WatchEvent {
  event: 'appeared' | 'decided';
  /** The pending action (as the service now has it, for a decided one when it still has it) and its task. */
  item: WaitingItem;
  /** When the watch saw it (ISO). */
  at: string;
  /** Whether it was already waiting when the watch started (not told to --exec or --notify). */
  initial: boolean;
}

export interface WatchOptions {
  workspaceId?: string;
  /** The time between checks while things change; up to twice that while nothing does. */
  intervalMs: number;
  /** Told each check's events (in the order shown), and the first check's even when none; awaited before the next. */
  onEvents(events: WatchEvent[], first: boolean): Promise<void> | void;
  /** Told when a check failed and will be tried again. */
  onRetry?(why: string, waitMs: number): void;
  signal?: AbortSignal;
  /** Tests pass a clock whose sleep moves the sandbox's. */
  clock?: PollClock;
}

const taskOf = (task: Task): WaitingItem['task'] => ({
  id: task.id,
  title: task.title,
  workspaceId: task.workspaceId,
  dueDate: task.dueDate,
  status: task.status,
});

/** What the watch knows: the items waiting, and each task's updatedAt when its items were last read. */
class WatchState {
  readonly known = new Map<string, WaitingItem>();
  readonly seen = new Map<string, string>();

  /**
   * The events between what was known of `tasks` (ids) and `fresh` (what now waits on them), and the state
   * made to match. Items of the other tasks stay as they were.
   */
  apply(tasks: ReadonlySet<string>, fresh: WaitingItem[], at: string, initial: boolean): { appeared: WatchEvent[]; gone: WaitingItem[] } {
    const freshIds = new Set(fresh.map((w) => w.action.id));
    const gone = [...this.known.values()].filter((w) => tasks.has(w.task.id) && !freshIds.has(w.action.id));
    for (const w of gone) this.known.delete(w.action.id);
    const appeared: WatchEvent[] = [];
    for (const w of [...fresh].sort(byKindThenAge)) {
      if (!this.known.has(w.action.id)) appeared.push({ event: 'appeared', item: w, at, initial });
      this.known.set(w.action.id, w);
    }
    return { appeared, gone };
  }
}

/** A decided item as the service now has it (its state); as last seen when the service no longer has it. */
async function decided(api: ApiClient, gone: WaitingItem[], at: string): Promise<WatchEvent[]> {
  const events: WatchEvent[] = [];
  for (const w of gone) {
    let item = w;
    try {
      item = { ...w, action: await api.call('get_pending_action', { path: { actionId: w.action.id } }) };
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    }
    events.push({ event: 'decided', item, at, initial: false });
  }
  return events;
}

/** Every task of the workspaces watched: one request for the workspaces, one per page of 50 tasks. */
async function listTasks(api: ApiClient, workspaceId: string | undefined): Promise<Task[]> {
  const workspaceIds =
    workspaceId !== undefined
      ? [workspaceId]
      : (await collectItems<Workspace>(api.items('list_workspaces', { path: {} }))).map((w) => w.id);
  const perWorkspace = await runPool(
    workspaceIds,
    (id) => collectItems<Task>(api.items('list_tasks', { path: { workspaceId: id }, query: { limit: PAGE } })),
    { stopOnFailure: true },
  );
  return resultsOrThrow(perWorkspace).flat();
}

/** Watches until `signal` aborts; resolves to how many items appeared after the start and how many were decided. */
export async function watchInbox(ctx: CommandContext, options: WatchOptions): Promise<{ appeared: number; decided: number }> {
  const api = await ctx.api();
  const clock = options.clock ?? realClock;
  const state = new WatchState();
  const counts = { appeared: 0, decided: 0 };
  let lastSweep: number | undefined;
  // Sweeps after the first draw no progress line: the watch's own lines are what the terminal shows.
  const quiet: CommandContext = { ...ctx, io: { ...ctx.io, isStderrTTY: false } };

  const sweep = async (): Promise<WatchEvent[]> => {
    const initial = lastSweep === undefined;
    let tasks: Task[] = [];
    const fresh = await gatherWaiting(initial ? ctx : quiet, {
      ...(options.workspaceId !== undefined && { workspaceId: options.workspaceId }),
      onListed: (listed) => (tasks = listed.tasks),
    });
    const at = new Date(ctx.now()).toISOString();
    // Every task known before or now: items of a task that went are decided too.
    const ids = new Set([...state.seen.keys(), ...tasks.map((t) => t.id), ...[...state.known.values()].map((w) => w.task.id)]);
    const { appeared, gone } = state.apply(ids, fresh, at, initial);
    const events = [...appeared, ...(await decided(api, gone, at))];
    state.seen.clear();
    for (const t of tasks) state.seen.set(t.id, t.updatedAt);
    lastSweep = clock.now();
    return events;
  };

  const check = async (): Promise<WatchEvent[]> => {
    const tasks = await listTasks(api, options.workspaceId);
    const listed = new Set(tasks.map((t) => t.id));
    const moved = tasks.filter((t) => state.seen.get(t.id) !== t.updatedAt);
    const went = [...state.seen.keys()].filter((id) => !listed.has(id));
    if (moved.length === 0 && went.length === 0) return [];
    const reread = await runPool(moved, async (task, hooks) =>
      (await pendingActionsOf(api, task.id, hooks)).map((action): WaitingItem => ({ action, task: taskOf(task) })),
    );
    const fresh = resultsOrThrow(reread).flat();
    const at = new Date(ctx.now()).toISOString();
    const { appeared, gone } = state.apply(new Set([...moved.map((t) => t.id), ...went]), fresh, at, false);
    const events = [...appeared, ...(await decided(api, gone, at))];
    for (const t of moved) state.seen.set(t.id, t.updatedAt);
    for (const id of went) state.seen.delete(id);
    return events;
  };

  await poll<never>(
    async () => {
      const first = lastSweep === undefined;
      const events = first || clock.now() - (lastSweep ?? 0) >= SWEEP_MS ? await sweep() : await check();
      for (const e of events) if (!e.initial) counts[e.event]++;
      if (events.length > 0 || first) await options.onEvents(events, first);
      return { done: false, changed: events.some((e) => !e.initial) };
    },
    {
      interval: { minMs: options.intervalMs, maxMs: 2 * options.intervalMs },
      clock,
      ...(options.signal !== undefined && { signal: options.signal }),
      ...(options.onRetry !== undefined && { onRetry: options.onRetry }),
    },
  );
  return counts;
}
