// `wts schedule check --max-late` after a legitimate cron change (issue 25, item 6): a task that ran at
// its old time is not late for an occurrence of its new cron that came before the change; once the new
// cron's first run is missed by more than allowed, it is.
import { beforeAll, describe, expect, it } from 'vitest';
import { nextCronOccurrence } from '../../src/schedules/occurrences.js';
import { runWts, type RunOptions } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();
/** Sandbox time minus real time: the CLI reads the time through its injected clock, set to the sandbox's. */
let offsetMs = 0;
const now = () => Date.now() + offsetMs;
const piped = (): RunOptions => ({ env: sandbox.env, now });

/** Moves the sandbox's clock to `atMs` (its ticker runs what fell due), signing in again after. */
async function advanceTo(atMs: number): Promise<void> {
  await sandbox.advanceClock(Math.ceil((atMs - (await sandbox.clockNow())) / 1000));
  offsetMs = (await sandbox.clockNow()) - Date.now();
  await sandbox.renewSignIn();
}

interface Late {
  result: string;
  detail: string;
  [fact: string]: unknown;
}
const late = async (): Promise<{ code: number; late: Late; stderr: string }> => {
  const r = await runWts(['schedule', 'check', 'sched_ops_backups', '--max-late', '30m', '--json'], piped());
  const [report] = JSON.parse(r.stdout) as { checks: { late: Late } }[];
  return { code: r.code, late: report!.checks.late, stderr: r.stderr };
};

beforeAll(async () => {
  offsetMs = (await sandbox.clockNow()) - Date.now();
});

describe('wts schedule check --max-late after the cron changed', () => {
  it('passes a minute after `30 6 * * *` became `0 7 * * *` though the task ran at its old time; fails once the new time is missed', async () => {
    const zone = 'Europe/Berlin';
    // The task runs at 06:30 (the scheduler is up), then the scheduler stops.
    const ranAt = Date.parse(nextCronOccurrence('30 6 * * *', zone, await sandbox.clockNow()));
    await advanceTo(ranAt + 60_000);
    const schedule = sandbox.ctx.store.state.data.scheduledTasks.find((s) => s.id === 'sched_ops_backups')!;
    const lastRun = sandbox.ctx.store.state.data.runs.find((r) => r.id === schedule.lastRunId);
    expect(lastRun?.startedAt).toBe(new Date(ranAt).toISOString());
    sandbox.ctx.agent.stop();
    // 21 hours later (03:30 the next day), its cron is changed to 07:00: yesterday's 07:00 came after its
    // last run, but before the change.
    await advanceTo(ranAt + 21 * 3600_000);
    const edit = await runWts(['schedule', 'edit', 'sched_ops_backups', '--cron', '0 7 * * *'], piped());
    expect(edit.code, edit.stderr).toBe(0);
    await advanceTo(ranAt + 21 * 3600_000 + 60_000);
    const after = await late();
    expect(after.code, after.stderr).toBe(0);
    expect(after.late).toMatchObject({ result: 'pass', cronChanged: true, lateSeconds: 0 });
    expect(after.late.detail).toMatch(/^cron changed since the last run; first run at \d{4}-\d\d-\d\dT\d\d:\d\d/);
    // The new 07:00 comes and goes with the scheduler down: 31 minutes later it is late.
    const firstUnderNew = Date.parse(nextCronOccurrence('0 7 * * *', zone, ranAt + 21 * 3600_000));
    await advanceTo(firstUnderNew + 31 * 60_000);
    const missed = await late();
    expect(missed.code).toBe(8);
    expect(missed.late).toMatchObject({ result: 'fail', dueAt: new Date(firstUnderNew).toISOString() });
    expect(missed.late.detail).toMatch(/^no run since \d{4}-\d{2}-\d{2} 07:00 Europe\/Berlin, 31m/);
    // The help says how a change is read.
    expect((await runWts(['schedule', 'check', '--help'])).stdout).toContain('After a cron change');
  });
});
