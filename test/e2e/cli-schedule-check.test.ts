// `wts schedule check` against the real sandbox, as CI runs it: a table or a JSON report per scheduled
// task, exit 8 when a check fails. The sandbox's clock is advanced with its ticker stopped
// (`sandbox.ctx.agent.stop()`): the service's scheduler is down, so a schedule that should have run did
// not, and `--max-late` must say so. The CLI reads the time through its injected clock, set to the
// sandbox's.
import { beforeAll, describe, expect, it } from 'vitest';
import { previousCronOccurrence } from '../../src/schedules/occurrences.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ columns: 220 });
/** Sandbox time minus real time. */
let offsetMs = 0;
const now = () => Date.now() + offsetMs;

async function syncClock(): Promise<void> {
  offsetMs = (await sandbox.clockNow()) - Date.now();
}

/** Moves the sandbox's clock; access tokens last an hour of it, so sign in again after. */
async function advance(seconds: number): Promise<void> {
  await sandbox.advanceClock(seconds);
  await syncClock();
  if (seconds >= 3000) await sandbox.renewSignIn();
}

interface Report {
  id: string;
  ok: boolean;
  state: string;
  checks: Record<string, { result: 'pass' | 'fail' | 'skip'; detail: string; [fact: string]: unknown }>;
}
const report = async (args: string[]): Promise<{ code: number; reports: Report[]; stderr: string }> => {
  const r = await runWts(['schedule', 'check', ...args, '--json'], sandbox.piped({ now }));
  return { code: r.code, reports: JSON.parse(r.stdout) as Report[], stderr: r.stderr };
};

beforeAll(async () => {
  await syncClock();
});

describe('wts schedule check: passing', () => {
  it('exits 0 when every check passes, with a table on a terminal', async () => {
    const r = await runWts(
      [
        'schedule',
        'check',
        'sched_ops_backups',
        'sched_support_weekly',
        '--require',
        'active',
        '--max-late',
        '1h',
        '--last-run',
        'succeeded',
      ],
      sandbox.tty({ now }),
    );
    expect(r.code).toBe(0);
    const [header, ...rows] = r.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+RESULT\s+TITLE\s+CRON\s+STATE\s+ON TIME\s+LAST RUN$/);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      /^sched_ops_backups\s+ok\s+Daily backup check\s+✓ daily at 06:30\s+✓ active\s+✓ ran (now|.+ ago)\s+✓ succeeded (now|.+ ago)$/,
    );
    expect(rows[1]).toMatch(/^sched_support_weekly\s+ok\s+Weekly support metrics\s+✓ weekly on Monday at 08:00\s+✓ active\s+/);
    expect(r.stderr).toBe('✓ 2 scheduled tasks passed: cron, state, late, last run\n');
  });

  it('fits narrower terminals: the last checks go first, the title stays (issue 39), never a lone "…"', async () => {
    const args = ['schedule', 'check', '--require', 'active', '--max-late', '30m', '--last-run', 'succeeded'];
    const headers: Record<number, string[]> = {};
    for (const columns of [120, 80, 60]) {
      const r = await runWts(args, sandbox.tty({ columns, now }));
      const lines = r.stdout.trimEnd().split('\n');
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(columns);
      headers[columns] = (lines[0] ?? '').split(/\s{2,}/);
      for (const line of lines) expect(line.split(/\s{2,}/)).not.toContain('…');
    }
    expect(headers[120]).toEqual(['ID', 'RESULT', 'TITLE', 'CRON', 'STATE', 'ON TIME', 'LAST RUN']);
    const checks = ['CRON', 'STATE', 'ON TIME', 'LAST RUN'];
    for (const columns of [80, 60]) {
      const [id, result, title, ...kept] = headers[columns] ?? [];
      expect([id, result, title], `${columns} columns`).toEqual(['ID', 'RESULT', 'TITLE']);
      // The checks that stay are the first ones, in order: the last ones went first.
      expect(kept, `${columns} columns`).toEqual(checks.slice(0, kept.length));
    }
    const [at60 = [], at80 = []] = [headers[60], headers[80]];
    expect(at60.length).toBeLessThan(at80.length);
    expect(at60.length, 'a check at 60 columns').toBeGreaterThan(3);
  });

  it('reports each check of each scheduled task with --json', async () => {
    const { code, reports } = await report(['sched_ops_backups', '--require', 'active', '--max-late', '1h', '--last-run', 'succeeded']);
    expect(code).toBe(0);
    expect(reports).toEqual([
      {
        id: 'sched_ops_backups',
        title: 'Daily backup check',
        workspaceId: 'ws_ops',
        state: 'active',
        cron: '30 6 * * *',
        timezone: 'Europe/Berlin',
        ok: true,
        checks: {
          cron: { result: 'pass', detail: 'daily at 06:30', shape: 'daily' },
          state: { result: 'pass', detail: 'active', expected: 'active', actual: 'active' },
          late: expect.objectContaining({ result: 'pass', lateSeconds: 0, maxLateSeconds: 3600, lastRunStartedAt: expect.any(String) }),
          lastRun: expect.objectContaining({ result: 'pass', runId: 'run_s290', state: 'succeeded' }),
        },
      },
    ]);
  });

  it('checks the supported cron of every scheduled task when no check is asked for', async () => {
    const { code, reports } = await report([]);
    expect(code).toBe(0);
    expect(reports.map((r) => r.id).sort()).toEqual([
      'sched_ops_access',
      'sched_ops_backups',
      'sched_sales_digest',
      'sched_support_status',
      'sched_support_weekly',
    ]);
    for (const r of reports) expect(Object.keys(r.checks)).toEqual(['cron']);
  });
});

describe('wts schedule check: failing', () => {
  it('exits 8 when a scheduled task is paused, naming it and the check', async () => {
    const r = await runWts(['schedule', 'check', '--workspace', 'ws_support', '--require', 'active'], sandbox.piped({ now }));
    expect(r.code).toBe(8);
    expect(r.stdout.split('\n')).toContain(
      'sched_support_status\tfail\tCheck the status page for incidents\tpass: hourly at :05\tfail: paused, not active',
    );
    expect(r.stdout.split('\n')).toContain(
      'sched_support_weekly\tpass\tWeekly support metrics\tpass: weekly on Monday at 08:00\tpass: active',
    );
    expect(r.stderr).toBe('wts: 1 of 2 scheduled tasks failed a check: sched_support_status (state)\n');
    const { reports } = await report(['--workspace', 'ws_support', '--require', 'active']);
    expect(reports.find((x) => x.id === 'sched_support_status')).toMatchObject({
      ok: false,
      checks: { state: { result: 'fail', actual: 'paused' } },
    });
  });

  it('exits 8 when the last run failed', async () => {
    // Sandbox: a run on a task whose title contains the word "fail" fails.
    const { id } = await sandbox.client.call('create_scheduled_task', {
      path: {},
      body: { title: 'Nightly fail drill', prompt: 'Try it.', cron: '0 3 * * *', workspaceId: 'ws_ops', agentId: 'agt_ops' },
    });
    expect((await runWts(['schedule', 'run', id], sandbox.piped({ now }))).code).toBe(0);
    await advance(10); // the run takes 3 s of sandbox time
    const r = await runWts(['schedule', 'check', id, '--last-run', 'succeeded'], sandbox.piped({ now }));
    expect(r.code).toBe(8);
    expect(r.stdout).toMatch(
      new RegExp(
        `^${id}\\tfail\\tNightly fail drill\\tpass: daily at 03:00\\tfail: failed at \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z \\(run_\\w+\\)\\n$`,
      ), // piped: an ISO time
    );
    expect(r.stderr).toBe(`wts: 1 of 1 scheduled tasks failed a check: ${id} (last run)\n`);
    expect((await runWts(['schedule', 'delete', id, '--yes'], sandbox.piped({ now }))).code).toBe(0);
  });

  it('exits 8 when nothing matches, so a mistyped workspace cannot pass', async () => {
    expect(await runWts(['schedule', 'check', '--workspace', 'ws_nope', '--require', 'active'], sandbox.piped({ now }))).toMatchObject({
      code: 8,
      stdout: '',
      stderr: 'wts: no scheduled tasks in ws_nope: nothing was checked (a check of nothing fails, so a mistyped workspace cannot pass)\n',
    });
  });

  it('exits 3 for an unknown id', async () => {
    expect((await runWts(['schedule', 'check', 'sched_nope'], sandbox.piped({ now }))).code).toBe(3);
  });

  it('exits 2 for a bad flag before sending anything', async () => {
    const before = await sandbox.requests();
    expect(await runWts(['schedule', 'check', '--max-late', '15'], sandbox.piped({ now }))).toMatchObject({
      code: 2,
      stderr: 'wts: --max-late: must be a duration such as 15m, 2h, 1d or 1h30m, not "15"\n',
    });
    expect(await runWts(['schedule', 'check', '--require', 'running'], sandbox.piped({ now }))).toMatchObject({
      code: 2,
      stderr: 'wts: --require: must be active or paused, not "running"\n',
    });
    expect(await runWts(['schedule', 'check', '--last-run', 'failed'], sandbox.piped({ now }))).toMatchObject({
      code: 2,
      stderr: 'wts: --last-run: must be succeeded, not "failed"\n',
    });
    expect(await runWts(['schedule', 'check', 'sched_ops_backups', '--workspace', 'ws_ops'], sandbox.piped({ now }))).toMatchObject({
      code: 2,
      stderr: 'wts: pass scheduled task IDs or --workspace, not both\n',
    });
    expect(await sandbox.requests()).toBe(before);
  });
});

describe('wts schedule check --max-late: a schedule that should have run and did not', () => {
  it('fails once the scheduler has missed an occurrence by more than allowed, and passes again after a run', async () => {
    sandbox.ctx.agent.stop(); // the service's scheduler is down from here on: nothing fires
    await advance(2 * 24 * 3600);

    const { code, reports, stderr } = await report(['sched_ops_backups', '--max-late', '15m']);
    expect(code).toBe(8);
    const due = previousCronOccurrence('30 6 * * *', 'Europe/Berlin', now() - 15 * 60_000 + 1);
    const late = reports[0]!.checks.late!;
    expect(late).toMatchObject({ result: 'fail', dueAt: new Date(due).toISOString(), maxLateSeconds: 900 });
    expect(late.lateSeconds as number).toBeGreaterThan(900);
    expect(late.detail).toMatch(/^no run since \d{4}-\d{2}-\d{2} 06:30 Europe\/Berlin, .+ ago \(allowed: 15m\)$/);
    expect(stderr).toBe('wts: 1 of 1 scheduled tasks failed a check: sched_ops_backups (late)\n');

    const table = await runWts(['schedule', 'check', 'sched_ops_backups', '--max-late', '15m'], sandbox.tty({ now }));
    expect(table.code).toBe(8);
    expect(table.stdout).toMatch(
      /sched_ops_backups\s+FAILED\s+Daily backup check\s+✓ daily at 06:30\s+✗ no run since .+ 06:30 Europe\/Berlin/,
    );

    // Every active schedule that fires at least daily is now late; weekly ones may not be yet.
    const all = await report(['--require', 'active', '--max-late', '1d']);
    expect(all.code).toBe(8);
    expect(all.reports.find((r) => r.id === 'sched_ops_backups')!.checks.late!.result).toBe('fail');
    expect(all.reports.find((r) => r.id === 'sched_support_status')!.checks.late).toMatchObject({
      result: 'skip',
      detail: 'paused: not expected to run',
    });

    // Someone runs it by hand: a run has started since the occurrence. It does not finish (the ticker is
    // stopped), so --last-run judges the latest finished run.
    expect((await runWts(['schedule', 'run', 'sched_ops_backups'], sandbox.piped({ now }))).code).toBe(0);
    const after = await report(['sched_ops_backups', '--max-late', '15m', '--last-run', 'succeeded']);
    expect(after.code).toBe(0);
    expect(after.reports[0]!.checks.late).toMatchObject({ result: 'pass' });
    expect(after.reports[0]!.checks.lastRun).toMatchObject({ result: 'pass', runId: 'run_s290' });
  });
});
