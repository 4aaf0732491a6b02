// `wts schedule …` against the real sandbox: schedules for people (next run in local time, colored
// state) and for scripts, and the whole life of one scheduled task.
import { beforeAll, describe, expect, it } from 'vitest';
import { localTime } from '../../src/output/format.js';
import { localTimeZone } from '../../src/schedules/zones.js';
import { signIn } from '../helpers/auth.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ columns: 200 });

interface Schedule {
  id: string;
  title: string;
  prompt: string;
  cron: string;
  timezone: string;
  workspaceId: string;
  agentId: string;
  state: 'active' | 'paused';
  nextRunAt: string | null;
  lastRun: { id: string; state: string; startedAt: string } | null;
}

async function view(id: string): Promise<Schedule> {
  const r = await runWts(['schedule', 'view', id, '--json'], { env: sandbox.env });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Schedule;
}

const CREATE = [
  'schedule',
  'create',
  '--title',
  'Nightly check',
  '--cron',
  '0 2 * * *',
  '--workspace',
  'ws_support',
  '--agent',
  'agt_support',
];

describe('wts schedule list, view', () => {
  it('shows cron, timezone, state, next run (local and relative) and last run on a terminal', async () => {
    const weekly = await view('sched_support_weekly');
    const r = await runWts(['schedule', 'list'], sandbox.tty());
    expect(r.code).toBe(0);
    const [header, ...rows] = r.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+TITLE\s+SCHEDULE\s+TIMEZONE\s+STATE\s+NEXT RUN\s+LAST RUN$/);
    const row = rows.find((l) => l.startsWith('sched_support_weekly'))!;
    expect(row).toMatch(/Weekly support metrics\s+weekly on Monday at 08:00\s+Europe\/Berlin\s+active\s+/);
    expect(row).toContain(`${localTime(weekly.nextRunAt)} (`);
    expect(row).toMatch(/succeeded \d+ days? ago$|succeeded yesterday$/);
    expect(rows.find((l) => l.startsWith('sched_support_status'))).toMatch(/paused\s+—\s+never$/);
  });

  it('on a narrow terminal keeps the title and the next run, cutting the id first (issues 25, 39)', async () => {
    const weekly = await view('sched_support_weekly');
    // 60 columns: the optional columns go, then the ids are cut (with …); the title and the next run's
    // local time stay. What follows the local time (how far off) is not asserted: it depends on the clock.
    const narrow = await runWts(['schedule', 'list'], sandbox.tty({ columns: 60 }));
    const [header = '', ...rows] = narrow.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+TITLE\s+STATE\s+NEXT RUN$/);
    const row = rows.find((l) => l.includes('Weekly support'));
    expect(row).toMatch(/^sched_\S*…\s+Weekly support/);
    expect(row).toContain(localTime(weekly.nextRunAt));
    expect(Math.max(...rows.map((l) => l.length))).toBeLessThanOrEqual(60);
    // 80 columns: room for whole ids again.
    const wide = await runWts(['schedule', 'list'], sandbox.tty({ columns: 80 }));
    const wideRows = wide.stdout.trimEnd().split('\n');
    expect(wideRows[0]).toMatch(/^ID\s+TITLE\s+.*STATE\s+NEXT RUN/);
    expect(wideRows.find((l) => l.includes('Weekly support'))).toMatch(/^sched_support_weekly\s+Weekly support/);
    expect(Math.max(...wideRows.map((l) => l.length))).toBeLessThanOrEqual(80);
  });

  it('colors the state on a terminal, unless told not to', async () => {
    const colored = await runWts(['schedule', 'list'], { env: { ...sandbox.env, FORCE_COLOR: '1' }, tty: true, columns: 200 });
    expect(colored.stdout).toMatch(/\x1b\[\d+mactive\x1b\[\d+m/);
    expect(colored.stdout).toMatch(/\x1b\[\d+mpaused\x1b\[\d+m/);
    const plain = await runWts(['schedule', 'list', '--no-color'], { env: { ...sandbox.env, FORCE_COLOR: '1' }, tty: true });
    expect(plain.stdout).not.toContain('\x1b[');
  });

  it('prints tab-separated lines with ISO times when piped, and service objects with --json', async () => {
    const weekly = await view('sched_support_weekly');
    const piped = await runWts(['schedules', 'list'], { env: sandbox.env });
    const lines = piped.stdout.split('\n');
    expect(lines).toContain(
      [
        'sched_support_weekly',
        'Weekly support metrics',
        '0 8 * * 1',
        'Europe/Berlin',
        'active',
        weekly.nextRunAt,
        weekly.lastRun!.startedAt,
      ].join('\t'),
    );
    expect(lines).toContain(
      ['sched_support_status', 'Check the status page for incidents', '5 * * * *', 'Europe/Berlin', 'paused', '', ''].join('\t'),
    );
    expect(piped.stdout).not.toContain('\x1b[');
    const json = JSON.parse((await runWts(['schedule', 'list', '--json'], { env: sandbox.env })).stdout) as Schedule[];
    expect(json.find((s) => s.id === 'sched_support_weekly')).toEqual(weekly);
    expect(json.map((s) => s.id)).not.toContain('sched_research_review'); // another organization's
  });

  it('shows one scheduled task in full', async () => {
    const weekly = await view('sched_support_weekly');
    const r = await runWts(['schedule', 'view', 'sched_support_weekly'], sandbox.tty());
    expect(r.stdout).toMatch(/^Schedule:\s+weekly on Monday at 08:00, Europe\/Berlin$/m);
    expect(r.stdout).toMatch(/^Cron:\s+0 8 \* \* 1$/m);
    // Where the reader is not in Berlin, the next run is also shown at Berlin's time.
    const nextLine = r.stdout.split('\n').find((l) => l.startsWith('Next run:'))!;
    if (localTimeZone() === 'Europe/Berlin') expect(nextLine).not.toContain('·');
    else expect(nextLine).toMatch(/ · (\d{4}-\d{2}-\d{2} )?08:00 Berlin$/);
    expect(r.stdout).toMatch(/^Timezone:\s+Europe\/Berlin$/m);
    expect(r.stdout).toMatch(/^State:\s+active$/m);
    expect(r.stdout).toMatch(new RegExp(`^Next run:\\s+${localTime(weekly.nextRunAt)} \\((in|tomorrow)`, 'm'));
    expect(r.stdout).toMatch(new RegExp(`^Last run:\\s+succeeded .* \\(${weekly.lastRun!.id}\\)$`, 'm'));
    // The prompt wraps beside its label on a terminal; read back, it is all there.
    expect(r.stdout.replace(/\n\s+/g, ' ')).toContain(weekly.prompt);
    const piped = await runWts(['schedule', 'view', 'sched_support_status'], { env: sandbox.env });
    expect(piped.stdout).toContain('State\tpaused\nCron\t5 * * * *\nTimezone\tEurope/Berlin\nNext run\t\nLast run\t\n');
  });

  it('exits 3 for an unknown id, 5 without agents:read', async () => {
    expect((await runWts(['schedule', 'view', 'sched_nope'], { env: sandbox.env })).code).toBe(3);
    const narrow = (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token;
    expect((await runWts(['schedule', 'list'], { env: { ...sandbox.env, WTS_TOKEN: narrow } })).code).toBe(5);
  });
});

describe('wts schedule create, edit', () => {
  it('creates a scheduled task with the prompt from standard input', async () => {
    const prompt = 'Every night, list the tickets that waited more than a day.\nPost the list in #support.';
    const r = await runWts([...CREATE, '--prompt-file', '-', '--json'], { env: sandbox.env, stdin: prompt });
    expect(r.code).toBe(0);
    const created = JSON.parse(r.stdout) as Schedule;
    expect(created).toMatchObject({
      title: 'Nightly check',
      prompt,
      cron: '0 2 * * *',
      workspaceId: 'ws_support',
      agentId: 'agt_support',
      state: 'active',
      lastRun: null,
    });
    expect(created.nextRunAt).not.toBeNull();
  });

  it('confirms with the next run on a terminal', async () => {
    const r = await runWts([...CREATE, '--prompt', 'Check.'], sandbox.tty());
    expect(r.stdout).toMatch(/^✓ Created sch_\w+ \(Nightly check\); next run \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(.+\)\n$/);
  });

  it('checks the cron and every flag before sending anything', async () => {
    const before = await sandbox.requests();
    const cron = await runWts(
      ['schedule', 'create', '--title', 'X', '--prompt', 'p', '--cron', '0 9 * *', '--workspace', 'ws_support', '--agent', 'agt_support'],
      { env: sandbox.env },
    );
    expect(cron.code).toBe(2);
    expect(cron.stderr).toMatch(/^wts: --cron: a cron has five fields .*; supported shapes: hourly "M \* \* \* \*"/);
    expect(cron.stderr.split('\n')).toHaveLength(2); // one line
    expect((await runWts(['schedule', 'edit', 'sched_sales_digest', '--cron', '0 9 * 1 *'], { env: sandbox.env })).stderr).toMatch(
      /^wts: --cron: the month field must be \*/,
    );
    expect((await runWts(['schedule', 'edit', 'sched_sales_digest', '--cron', '0 25 * * *'], { env: sandbox.env })).stderr).toMatch(
      /^wts: --cron: hour must be from 0 to 23, not 25/,
    );
    expect(
      await runWts(['schedule', 'create', '--prompt', 'p', '--cron', '0 9 * * *', '--workspace', 'ws_support', '--agent', 'agt_support'], {
        env: sandbox.env,
      }),
    ).toMatchObject({
      code: 2,
      stderr: 'wts: --title: is required\n',
    });
    expect(
      await runWts(['schedule', 'create', '--title', 'X', '--prompt', 'p', '--cron', '0 9 * * *', '--agent', 'agt_support'], {
        env: sandbox.env,
      }),
    ).toMatchObject({
      code: 2,
      stderr: 'wts: --workspace: is required\n',
    });
    expect((await runWts([...CREATE], { env: sandbox.env })).stderr).toMatch(/^wts: --prompt: is required/);
    expect((await runWts([...CREATE, '--prompt', 'p', '--prompt-file', '-'], { env: sandbox.env, stdin: 'q' })).stderr).toBe(
      'wts: --prompt and --prompt-file cannot be used together\n',
    );
    expect(await runWts([...CREATE, '--prompt', 'p'.repeat(20_001)], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: --prompt: must be at most 20000 characters\n',
    });
    expect((await runWts(['schedule', 'edit', 'sched_sales_digest'], { env: sandbox.env })).stderr).toMatch(/^wts: nothing to change/);
    expect(await sandbox.requests()).toBe(before);
  });

  it("exits 2 when the agent is not the workspace's own (a 400)", async () => {
    const r = await runWts(
      ['schedule', 'create', '--title', 'X', '--prompt', 'p', '--cron', '0 9 * * *', '--workspace', 'ws_support', '--agent', 'agt_sales'],
      { env: sandbox.env },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^wts: invalid input: agentId: agt_sales is not the agent of workspace ws_support/);
  });

  it('changes the schedule and the title', async () => {
    const r = await runWts(
      ['schedule', 'edit', 'sched_sales_digest', '--cron', '0 8 * * 1-5', '--title', 'Morning pipeline digest', '--json'],
      { env: sandbox.env },
    );
    expect(r.code).toBe(0);
    const edited = JSON.parse(r.stdout) as Schedule;
    expect(edited).toMatchObject({ id: 'sched_sales_digest', cron: '0 8 * * 1-5', title: 'Morning pipeline digest', state: 'active' });
    expect((await view('sched_sales_digest')).cron).toBe('0 8 * * 1-5');
  });
});

describe('wts schedule pause, resume, run, runs, delete', () => {
  let id: string;
  beforeAll(async () => {
    id = (JSON.parse((await runWts([...CREATE, '--prompt', 'Life cycle', '--json'], { env: sandbox.env })).stdout) as Schedule).id;
  });

  it('pauses and resumes', async () => {
    expect(await runWts(['schedule', 'pause', id], sandbox.tty())).toMatchObject({ code: 0, stdout: `✓ Paused ${id} (Nightly check)\n` });
    expect(await view(id)).toMatchObject({ state: 'paused', nextRunAt: null });
    const resumed = await runWts(['schedule', 'resume', id, '--json'], { env: sandbox.env });
    expect(JSON.parse(resumed.stdout)).toMatchObject({ id, state: 'active' });
    expect((await view(id)).nextRunAt).not.toBeNull();
  });

  it('runs once now and lists the runs, newest first, one page unless --all', async () => {
    const first = await runWts(['schedule', 'run', id], { env: sandbox.env });
    expect(first.stdout).toMatch(new RegExp(`^Started run (run_\\w+) of ${id} on task (task_\\w+) \\((running|succeeded|failed)\\)\\n$`));
    const second = JSON.parse((await runWts(['schedule', 'run', id, '--json'], { env: sandbox.env })).stdout) as {
      id: string;
      taskId: string;
    };
    expect(second.id).toMatch(/^run_/);

    const all = JSON.parse((await runWts(['schedule', 'runs', id, '--all', '--json'], { env: sandbox.env })).stdout) as { id: string }[];
    expect(all).toHaveLength(2);
    expect(all[0]!.id).toBe(second.id);

    const table = await runWts(['schedule', 'runs', id, '--limit', '1'], sandbox.tty());
    const [header, ...rows] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+STATE\s+TASK\s+STARTED\s+OUTPUT$/);
    expect(rows).toHaveLength(1);
    expect(table.stderr).toContain('--all');

    const piped = await runWts(['schedule', 'runs', 'sched_support_weekly'], { env: sandbox.env });
    expect(piped.stdout).toMatch(/^run_s090\tsucceeded\ttask_s090\t\d{4}-\d{2}-\d{2}T[\d:.]+Z\tCounted last week's tickets/m);
  });

  it('checks --limit before sending', async () => {
    const before = await sandbox.requests();
    expect(await runWts(['schedule', 'runs', id, '--limit', '0'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: --limit: must be a whole number from 1, not "0"\n',
    });
    expect(await sandbox.requests()).toBe(before);
  });

  it('deletes only with --yes when not on a terminal', async () => {
    const before = await sandbox.requests();
    const refused = await runWts(['schedule', 'delete', id], { env: sandbox.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes');
    expect(await sandbox.requests()).toBe(before);
    const deleted = await runWts(['schedule', 'delete', id, '--yes', '--json'], { env: sandbox.env });
    expect(JSON.parse(deleted.stdout)).toEqual({ id, deleted: true });
    expect((await runWts(['schedule', 'view', id], { env: sandbox.env })).code).toBe(3);
  });

  it('exits 6 when resuming in an archived workspace', async () => {
    expect((await runWts(['workspace', 'archive', 'ws_ops', '--yes'], { env: sandbox.env })).code).toBe(0);
    const r = await runWts(['schedule', 'resume', 'sched_ops_access'], { env: sandbox.env });
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^wts: conflict: workspace ws_ops is archived/);
  });
});
