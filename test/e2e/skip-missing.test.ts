// --skip-missing on every bulk verb (issue 39): an id that is gone is named on stderr (and `"skipped":
// true` with --json) and the others go on, exit 0 when they succeed; without it, all or nothing: an id
// not found stops the batch (exit 3) and nothing is changed. One row per bulk verb of the command tree.
import { describe, expect, it } from 'vitest';
import { isJsonObject } from '../../src/contract/json.js';
import type { PendingActionRec, ReminderRec } from '../../src/sandbox/model.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ seedTasks: 20 });
const data = () => sandbox.ctx.store.state.data;
const task = (id: string) => data().tasks.find((t) => t.id === id);
const schedule = (id: string) => data().scheduledTasks.find((s) => s.id === id);
const action = (id: string) => data().pendingActions.find((a) => a.id === id);
const reminder = (id: string) => data().reminders.find((r) => r.id === id);
const runsOf = (id: string) => data().runs.filter((r) => r.scheduledTaskId === id).length;

/** Pending actions of `kind` on task_s021, fresh for the test. */
function pending(ids: string[], kind: PendingActionRec['kind']): void {
  for (const id of ids)
    data().pendingActions.push({
      id,
      taskId: 'task_s021',
      runId: null,
      kind,
      state: 'pending',
      summary: `Pending ${id}`,
      draft: {},
      createdAt: new Date().toISOString(),
      resolvedAt: null,
      resolvedBy: null,
      resolution: null,
    });
}

/** A scheduled reminder on task_s021, a day ahead of the sandbox's clock. */
function scheduledReminder(id: string): void {
  const at = sandbox.ctx.clock.now();
  const rec: ReminderRec = {
    id,
    taskId: 'task_s021',
    message: `Reminder ${id}`,
    remindAt: new Date(at + 86_400_000).toISOString(),
    state: 'scheduled',
    createdAt: new Date(at).toISOString(),
  };
  data().reminders.push(rec);
}

/** A bulk verb: its words before the ids and its options after them, two ids that exist, one that does not. */
interface BulkCase {
  verb: string[];
  options?: string[];
  ids: [string, string];
  missing: string;
  /** Makes the two ids fit the verb (a task done, to be deleted; a schedule active, to be paused). */
  setup?: () => void;
  /** Whether the verb acted on the id. */
  acted: (id: string) => boolean;
  /**
   * For a verb that cannot read its ids first (the service has no read of one reminder): an id of its
   * own for the run without --skip-missing, which is acted on while the gone one fails in its place.
   */
  uncheckedId?: string;
}

/** Puts the scheduled tasks `ids` in `state`. */
function setState(ids: string[], state: 'active' | 'paused'): void {
  for (const s of data().scheduledTasks) if (ids.includes(s.id)) s.state = state;
}

const scheduleRuns = new Map<string, number>();

const BULK_VERBS: readonly BulkCase[] = [
  { verb: ['task', 'complete'], ids: ['task_bulk_1', 'task_bulk_2'], missing: 'task_gone_1', acted: (id) => task(id)?.status === 'done' },
  {
    verb: ['task', 'delete'],
    options: ['--yes'],
    ids: ['task_bulk_3', 'task_bulk_4'],
    missing: 'task_gone_2',
    setup: () => {
      for (const t of data().tasks) if (t.id === 'task_bulk_3' || t.id === 'task_bulk_4') t.status = 'done';
    },
    acted: (id) => task(id) === undefined,
  },
  {
    verb: ['task', 'tag'],
    options: ['--add', 'vip'],
    ids: ['task_bulk_5', 'task_bulk_6'],
    missing: 'task_gone_3',
    acted: (id) => Boolean(task(id)?.tags.includes('vip')),
  },
  {
    verb: ['task', 'assign'],
    options: ['--add', 'ben'],
    ids: ['task_bulk_7', 'task_bulk_8'],
    missing: 'task_gone_4',
    acted: (id) => Boolean(task(id)?.assigneeIds.includes('usr_ben')),
  },
  {
    verb: ['task', 'edit'],
    options: ['--status', 'in_progress'],
    ids: ['task_bulk_9', 'task_bulk_10'],
    missing: 'task_gone_5',
    acted: (id) => task(id)?.status === 'in_progress',
  },
  {
    verb: ['schedule', 'run'],
    ids: ['sched_support_weekly', 'sched_sales_digest'],
    missing: 'sched_gone_1',
    setup: () => {
      for (const id of ['sched_support_weekly', 'sched_sales_digest']) scheduleRuns.set(id, runsOf(id));
    },
    acted: (id) => runsOf(id) > (scheduleRuns.get(id) ?? Infinity),
  },
  {
    verb: ['schedule', 'pause'],
    ids: ['sched_ops_backups', 'sched_sales_digest'],
    missing: 'sched_gone_2',
    setup: () => setState(['sched_ops_backups', 'sched_sales_digest'], 'active'),
    acted: (id) => schedule(id)?.state === 'paused',
  },
  {
    verb: ['schedule', 'resume'],
    ids: ['sched_ops_backups', 'sched_sales_digest'],
    missing: 'sched_gone_3',
    setup: () => setState(['sched_ops_backups', 'sched_sales_digest'], 'paused'),
    acted: (id) => schedule(id)?.state === 'active',
  },
  {
    verb: ['schedule', 'delete'],
    options: ['--yes'],
    ids: ['sched_support_status', 'sched_ops_access'],
    missing: 'sched_gone_4',
    acted: (id) => schedule(id) === undefined,
  },
  {
    verb: ['knowledge', 'remove'],
    options: ['--yes'],
    ids: ['ks_s006', 'ks_s007'],
    missing: 'ks_gone_1',
    acted: (id) => !data().knowledge.some((k) => k.id === id),
  },
  {
    verb: ['reminder', 'cancel'],
    options: ['--yes'],
    ids: ['rem_t1', 'rem_t2'],
    missing: 'rem_gone_1',
    setup: () => ['rem_t1', 'rem_t2', 'rem_t3'].forEach(scheduledReminder),
    acted: (id) => reminder(id)?.state === 'cancelled',
    uncheckedId: 'rem_t3',
  },
  {
    verb: ['approval', 'approve'],
    ids: ['act_t1', 'act_t2'],
    missing: 'act_gone_1',
    setup: () => pending(['act_t1', 'act_t2'], 'action'),
    acted: (id) => action(id)?.state === 'approved',
  },
  {
    verb: ['approval', 'reject'],
    options: ['--reason', 'Duplicate'],
    ids: ['act_t3', 'act_t4'],
    missing: 'act_gone_2',
    setup: () => pending(['act_t3', 'act_t4'], 'action'),
    acted: (id) => action(id)?.state === 'rejected',
  },
  {
    verb: ['approval', 'done'],
    options: ['--note', 'Called them'],
    ids: ['act_t5', 'act_t6'],
    missing: 'act_gone_3',
    setup: () => pending(['act_t5', 'act_t6'], 'human_task'),
    acted: (id) => action(id)?.state === 'completed',
  },
];

/** Each entry of a bulk verb's --json array as [id, ok, skipped]. */
function entries(stdout: string): unknown[][] {
  const parsed: unknown = JSON.parse(stdout);
  return (Array.isArray(parsed) ? parsed : []).map((e) => (isJsonObject(e) ? [e.id, e.ok, e.skipped ?? false] : []));
}

describe('--skip-missing on every bulk verb (issue 39)', () => {
  const cases = BULK_VERBS.map((c) => ({ ...c, line: c.verb.join(' ') }));
  it.each(cases)('wts $line: a gone id stops all (exit 3) without it; with it, is named and skipped', async (c) => {
    const { verb, options = [], ids, missing, setup, acted, uncheckedId } = c;
    const [first, second] = ids;
    setup?.();
    const env = { env: sandbox.env };
    // Without --skip-missing: all or nothing (or, where ids cannot be read first, the gone one fails).
    const strict = await runWts([...verb, uncheckedId ?? first, missing, ...options], env);
    expect(strict.code, strict.stderr).toBe(3);
    if (uncheckedId) {
      expect(strict.stderr).toBe('wts: 1 of 2 failed\n');
      expect(strict.stdout).toMatch(new RegExp(`^${uncheckedId}\tok\t.*\n${missing}\terror\t.*not found.*\n$`, 'i'));
      expect(acted(uncheckedId)).toBe(true);
    } else {
      expect(strict.stderr).toContain(missing);
      expect(strict.stdout).toBe('');
    }
    expect(acted(first)).toBe(false);
    // With it: the gone id named on stderr, the other acted on, exit 0.
    const r = await runWts([...verb, first, missing, ...options, '--skip-missing'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`^wts: skipped ${missing}: .*not found.*\n$`, 'i'));
    expect(r.stdout).toMatch(new RegExp(`^${first}\tok\t.*\n$`));
    expect(acted(first)).toBe(true);
    // --json: the gone id in its place, "skipped": true.
    const json = await runWts([...verb, missing, second, ...options, '--skip-missing', '--json'], env);
    expect(json.code, json.stderr).toBe(0);
    expect(json.stderr).toMatch(new RegExp(`^wts: skipped ${missing}: .*not found.*\n$`, 'i'));
    expect(entries(json.stdout)).toEqual([
      [missing, false, true],
      [second, true, false],
    ]);
    expect(acted(second)).toBe(true);
    // One gone id alone: named and skipped, exit 0.
    const one = await runWts([...verb, missing, ...options, '--skip-missing'], env);
    expect(one).toMatchObject({ code: 0, stdout: '' });
    expect(one.stderr).toMatch(new RegExp(`^wts: skipped ${missing}: .*not found.*\n$`, 'i'));
  });
});
