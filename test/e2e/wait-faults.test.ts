// Every wait ends with the right exit code while the service fails half of the requests with 429 (and
// Retry-After) and a fifth of the rest with 503 — the sandbox's `--fault-429 0.5 --fault-5xx 0.2`.
// Polls are reads: the wait outlasts any storm of them. The request that starts the work (submit a task,
// send a message, run a schedule) changes something, so after a 503 it is not sent again (the service
// may have acted on it): that command exits 1 — and then the test checks nothing was created, since the
// sandbox fails a request before handling it. A 429 is refused before any work, so it is retried.
import { describe, expect, it } from 'vitest';
import type { Faults } from '../../src/sandbox/context.js';
import { runWts, type RunResult } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();
const data = () => sandbox.ctx.store.state.data;

async function setFaults(faults: Partial<Faults>): Promise<void> {
  expect((await sandbox.setFaults(faults)).ok).toBe(true);
}

/** The start was refused with a 503 and never sent again: exit 1, one line naming the 503. */
const refusedStart = (r: RunResult) => r.code === 1 && /^wts: the service failed \(503\): .*\n$/.test(r.stderr) && r.stdout === '';

describe('waits under --fault-429 0.5 --fault-5xx 0.2', () => {
  it("end with the run's exit code (0 succeeded, 8 failed), or exit 1 only when the start was refused and nothing was started", {
    timeout: 420_000,
  }, async () => {
    // Runs to watch, started before the faults; the scheduler keeps running, so they finish during the storm.
    const toWatch = await Promise.all(
      ['Watched during the storm', 'Watched fail during the storm'].map(async (title) => {
        const r = await runWts(['task', 'create', '--agent', 'agt_support', title, '--json'], { env: sandbox.env });
        const taskId = (JSON.parse(r.stdout) as { id: string }).id;
        return { title, runId: data().runs.find((x) => x.taskId === taskId)!.id };
      }),
    );
    // A scheduled task of its own, due 12 hours from the sandbox's now, so the scheduler cannot start a
    // run of it during the test (a seeded one is due at a fixed time of day: a run at that time started two).
    const dueHour = (new Date(await sandbox.clockNow()).getUTCHours() + 12) % 24;
    const { id: scheduledId } = await sandbox.client.call('create_scheduled_task', {
      path: {},
      body: { title: 'Storm backups', prompt: 'Check the backups.', cron: `0 ${dueHour} * * *`, workspaceId: 'ws_ops', agentId: 'agt_ops' },
    });
    const schedRunsBefore = data().runs.filter((x) => x.scheduledTaskId === scheduledId).length;
    await setFaults({ rate429: 0.5, rate5xx: 0.2 });

    // Each failure lengthens the interval (up to 15 s), so a wait in this storm takes a minute or two.
    const wait = (args: string[]) => runWts([...args, '--timeout', '6m'], { env: sandbox.env });
    const creates = [1, 2]
      .map((i) => ({ title: `Storm task ${i}`, expected: 0 }))
      .concat([1, 2].map((i) => ({ title: `Storm fail task ${i}`, expected: 8 })));
    const messages = [1, 2].map((i) => `Storm question ${i}: any update?`);
    const [created, sent, scheduled, watched] = await Promise.all([
      Promise.all(creates.map((c) => wait(['task', 'create', '--agent', 'agt_support', c.title, '--wait']))),
      Promise.all(messages.map((m) => wait(['task', 'message', 'task_s030', m, '--wait']))),
      Promise.all([1].map(() => wait(['schedule', 'run', scheduledId, '--wait']))),
      Promise.all(toWatch.map((t) => wait(['run', 'watch', t.runId]))),
    ]);
    await setFaults({ rate429: 0, rate5xx: 0 });

    const tally = { right: 0, refused: 0 };
    created.forEach((r, i) => {
      const { title, expected } = creates[i]!;
      const made = data().tasks.filter((t) => t.title === title);
      if (refusedStart(r)) {
        expect(made, `${title}: the start was refused, so no task`).toEqual([]);
        tally.refused++;
      } else {
        expect(r.code, `${title}: ${r.stderr}`).toBe(expected);
        expect(made).toHaveLength(1);
        expect(r.stdout).toMatch(/^run\trun_\d+\nstate\t(succeeded|failed)\n/);
        tally.right++;
      }
    });
    sent.forEach((r, i) => {
      const made = data().messages.filter((m) => m.content === messages[i]);
      if (refusedStart(r)) {
        expect(made).toEqual([]);
        tally.refused++;
      } else {
        expect(r.code, r.stderr).toBe(0);
        expect(made).toHaveLength(1);
        expect(r.stdout).toMatch(/\nreply\tmsg_\d+\tSupport Agent\t/);
        tally.right++;
      }
    });
    const startedRuns = data().runs.filter((x) => x.scheduledTaskId === scheduledId).length - schedRunsBefore;
    expect(startedRuns).toBe(scheduled.filter((r) => !refusedStart(r)).length);
    for (const r of scheduled) {
      if (refusedStart(r)) tally.refused++;
      else {
        expect(r.code, r.stderr).toBe(0);
        tally.right++;
      }
    }
    // Watching only reads: always the run's own exit code.
    expect(watched.map((r) => r.code)).toEqual([0, 8]);
    tally.right += 2;
    console.log(
      `wait-faults: ${tally.right + tally.refused} waits: ${tally.right} ended with the run's exit code, ${tally.refused} exited 1 because the service refused the start with 503 (nothing created)`,
    );
    expect(tally.right).toBeGreaterThan(0);
  });
});
