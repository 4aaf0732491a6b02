// A verb that changes several things checks every one before it changes any (issue 25, item 8): each id
// is read first (a task, a scheduled task, a pending action still pending and of the kind the verb
// settles), and the values given are named on each (a column of its workspace); one that fails changes
// nothing, and the run exits with its code.
import { describe, expect, it } from 'vitest';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ seedTasks: 20 });
const data = () => sandbox.ctx.store.state.data;
const task = (id: string) => data().tasks.find((t) => t.id === id);
const action = (id: string) => data().pendingActions.find((a) => a.id === id);

describe('several tasks', () => {
  it('`task tag task_s001 vip --remove login` fails "no task vip here" (exit 3) having changed nothing', async () => {
    expect(task('task_s001')?.tags).toEqual(['bug', 'login']);
    const r = await runWts(['task', 'tag', 'task_s001', 'vip', '--remove', 'login'], { env: sandbox.env });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^wts: .*no task vip here.*\(none of the 2 tasks was changed\)\n$/);
    expect(task('task_s001')?.tags).toEqual(['bug', 'login']);
  });

  it('reads every id first, then changes them: N reads and N changes, from arguments or standard input', async () => {
    const ids = ['task_bulk_1', 'task_bulk_2', 'task_bulk_3'];
    let before = await sandbox.requests();
    const r = await runWts(['task', 'complete', ...ids], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    expect((await sandbox.requests()) - before).toBe(2 * ids.length);
    before = await sandbox.requests();
    const piped = await runWts(['task', 'delete', '-', '--yes'], { env: sandbox.env, stdin: `${ids.join('\n')}\n` });
    expect(piped.code, piped.stderr).toBe(0);
    expect((await sandbox.requests()) - before).toBe(2 * ids.length);
    for (const id of ids) expect(task(id)).toBeUndefined();
    // One id alone is sent as it always was: its own refusal changes nothing, so nothing is read first.
    before = await sandbox.requests();
    expect((await runWts(['task', 'complete', 'task_bulk_4'], { env: sandbox.env })).code).toBe(0);
    expect((await sandbox.requests()) - before).toBe(1);
  });

  it('names every id that cannot be changed, in one line, and changes none; --json prints nothing', async () => {
    const ids = ['task_bulk_10', 'task_missing_1', 'task_bulk_11', 'task_missing_2'];
    for (const args of [ids, [...ids, '--json']]) {
      const r = await runWts(['task', 'complete', ...args], { env: sandbox.env });
      expect(r.code).toBe(3);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')).toHaveLength(2);
      expect(r.stderr).toMatch(/task_missing_1.*task_missing_2.*\(none of the 4 tasks was changed\)\n$/);
    }
    const piped = await runWts(['task', 'complete', '-'], { env: sandbox.env, stdin: ids.join('\n') });
    expect(piped.code).toBe(3);
    expect(task('task_bulk_10')?.status).toBe('todo');
    expect(task('task_bulk_11')?.status).toBe('todo');
  });

  it('checks --status against the columns of each task before moving any', async () => {
    const r = await runWts(['task', 'edit', 'task_bulk_12', 'task_s001', 'task_missing_3', '--status', 'waiting'], { env: sandbox.env });
    expect(r.code).toBe(3);
    expect(task('task_bulk_12')?.status).toBe('todo');
    expect(task('task_s001')?.status).not.toBe('waiting');
  });
});

describe('several pending actions', () => {
  it('approves none when one is not a proposed action or is already decided (exit 6), or is missing too (exit 1)', async () => {
    expect(action('act_s001')?.state).toBe('pending');
    const conflict = await runWts(['approval', 'approve', 'act_s001', 'act_s003'], { env: sandbox.env });
    expect(conflict.code).toBe(6);
    expect(conflict.stderr).toMatch(/act_s003 is a task for a person, not a proposed action; use `wts approval done act_s003`/);
    const mixed = await runWts(['approval', 'approve', 'act_s001', 'act_nope', 'act_s003'], { env: sandbox.env });
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toMatch(/act_nope.*act_s003/);
    expect(action('act_s001')?.state).toBe('pending');
  });
});
