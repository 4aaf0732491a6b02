// `wts reminder …` against the real sandbox: friendly times in, local times out.
import { describe, expect, it } from 'vitest';
import { describeWhen } from '../../src/input/when.js';
import { localTime } from '../../src/output/format.js';
import { signIn } from '../helpers/auth.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();
const TASK = 'task_s021';

interface Reminder {
  id: string;
  taskId: string;
  message: string;
  remindAt: string;
  state: string;
}

async function create(at: string, message: string): Promise<Reminder> {
  const r = await runWts(['reminder', 'create', TASK, '--at', at, '--message', message, '--json'], { env: sandbox.env });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Reminder;
}

describe('wts reminder create', () => {
  it('reads "in 2h" from now and shows the time back in local time', async () => {
    const before = Date.now();
    const r = await runWts(['reminder', 'create', TASK, '--at', 'in 2h', '--message', 'Check the refund arrived'], sandbox.tty());
    expect(r.code).toBe(0);
    const [, id, when] = /^✓ Reminder (rem_\w+) set on task_s021 for (.+) \(in 2 hours\)\n$/.exec(r.stdout) ?? [];
    expect(id).toBeDefined();
    const created = sandbox.ctx.store.state.data.reminders.find((x) => x.id === id)!;
    expect(Date.parse(created.remindAt) - before).toBeGreaterThanOrEqual(2 * 3600_000 - 1000);
    expect(Date.parse(created.remindAt) - before).toBeLessThan(2 * 3600_000 + 60_000);
    // Read back as "Sun 22 Nov 22:45", local time.
    expect(`${when} (in 2 hours)`).toBe(describeWhen(created.remindAt, Date.parse(created.remindAt) - 2 * 3600_000));
  });

  it('echoes "in 2 hours" for "in 2h" however long the request took: relative to when the time was read', async () => {
    // A clock that moves a minute each time wts reads it: the echo, read after the request, would say
    // "in 1 hour" (relative times round down) if it were measured from then.
    let clock = Date.now();
    const r = await runWts(
      ['reminder', 'create', TASK, '--at', 'in 2h', '--message', 'Slow network'],
      sandbox.tty({ now: () => (clock += 60_000) }),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^✓ Reminder rem_\w+ set on task_s021 for .+ \(in 2 hours\)\n$/);
    const id = /rem_\w+/.exec(r.stdout)![0];
    const edited = await runWts(['reminder', 'edit', id, '--at', 'in 3h'], sandbox.tty({ now: () => (clock += 60_000) }));
    expect(edited.stdout).toMatch(/^✓ Reminder rem_\w+ on task_s021 is for .+ \(in 3 hours\): Slow network\n$/);
    const task = await runWts(['task', 'edit', TASK, '--due', 'in 2d'], sandbox.tty({ now: () => (clock += 3_600_000) }));
    expect(task.stdout).toMatch(/, due .+ \(in 2 days\)\n$/);
  });

  it('takes ISO 8601 and friendly forms, printing the service object with --json', async () => {
    const iso = await create('2099-01-02T09:00:00Z', 'ISO');
    expect(iso).toMatchObject({ taskId: TASK, message: 'ISO', remindAt: '2099-01-02T09:00:00.000Z', state: 'scheduled' });
    const friendly = await create('tomorrow 9:00', 'Friendly');
    const at = new Date(friendly.remindAt);
    expect([at.getHours(), at.getMinutes()]).toEqual([9, 0]);
  });

  it('refuses bad input before sending anything, naming the flag', async () => {
    const before = await sandbox.requests();
    const unreadable = await runWts(['reminder', 'create', TASK, '--at', 'whenever', '--message', 'x'], { env: sandbox.env });
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toMatch(/^wts: --at: cannot read "whenever" as a time/);
    expect(await runWts(['reminder', 'create', TASK, '--at', 'in 2h'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: --message: is required\n',
    });
    expect((await runWts(['reminder', 'create', TASK, '--message', 'x'], { env: sandbox.env })).stderr).toMatch(/^wts: --at: is required/);
    expect(await runWts(['reminder', 'create', TASK, '--at', 'in 2h', '--message', 'x'.repeat(1001)], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: --message: must be at most 1000 characters\n',
    });
    expect(await runWts(['reminder', 'create', 'x'.repeat(65), '--at', 'in 2h', '--message', 'x'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: TASK: must be at most 64 characters\n',
    });
    expect(await sandbox.requests()).toBe(before);
  });

  it('exits 2 for a time in the past, sending nothing, and 3 for an unknown task', async () => {
    const before = await sandbox.requests();
    const past = await runWts(['reminder', 'create', TASK, '--at', '2001-01-01T00:00:00Z', '--message', 'x'], { env: sandbox.env });
    expect(past.code).toBe(2);
    expect(past.stderr).toMatch(
      /^wts: --at: \w{3} \d+ \w{3} 2001 \d\d:\d\d \(\d+ years ago\) is in the past; a reminder must be in the future\n$/,
    );
    expect(await sandbox.requests()).toBe(before);
    expect((await runWts(['reminder', 'create', 'task_nope', '--at', 'in 2h', '--message', 'x'], { env: sandbox.env })).code).toBe(3);
  });

  it('exits 5 without workspace:write', async () => {
    const narrow = (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token;
    const r = await runWts(['reminder', 'create', TASK, '--at', 'in 2h', '--message', 'x'], { env: { ...sandbox.env, WTS_TOKEN: narrow } });
    expect(r.code).toBe(5);
  });
});

describe('wts reminder list', () => {
  it('lists the reminders of a task: local and relative times on a terminal, ISO when piped, objects with --json', async () => {
    const reminder = await create('2099-03-04T10:00:00Z', 'Listed');
    const table = await runWts(['reminders', 'list', TASK], sandbox.tty());
    expect(table.code).toBe(0);
    const [header, ...rows] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+WHEN\s+STATE\s+MESSAGE$/);
    const row = rows.find((r) => r.startsWith(reminder.id))!;
    expect(row).toContain(`${localTime(reminder.remindAt)} (in `);
    expect(row).toMatch(/scheduled\s+Listed$/);

    const piped = await runWts(['reminder', 'list', TASK], { env: sandbox.env });
    expect(piped.stdout.split('\n')).toContain(`${reminder.id}\t2099-03-04T10:00:00.000Z\tscheduled\tListed`);

    const json = JSON.parse((await runWts(['reminder', 'list', TASK, '--json'], { env: sandbox.env })).stdout) as Reminder[];
    expect(json).toContainEqual(reminder);
  });

  it('says so on a terminal when a task has none', async () => {
    const r = await runWts(['reminder', 'list', 'task_s022'], sandbox.tty());
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: 'No reminders on this task.\n' });
    expect((await runWts(['reminder', 'list', 'task_s022', '--json'], { env: sandbox.env })).stdout).toBe('[]\n');
  });
});

describe('wts reminder edit, cancel', () => {
  it('changes the time and the message', async () => {
    const reminder = await create('in 3d', 'Before');
    const r = await runWts(['reminder', 'edit', reminder.id, '--at', '2099-05-06T07:08:00Z', '--message', 'After'], { env: sandbox.env });
    expect(r).toMatchObject({
      code: 0,
      stdout: `Reminder ${reminder.id} on ${TASK} is for ${describeWhen('2099-05-06T07:08:00Z', Date.now())}: After\n`,
    });
    const json = JSON.parse(
      (await runWts(['reminder', 'edit', reminder.id, '--message', 'Again', '--json'], { env: sandbox.env })).stdout,
    ) as Reminder;
    expect(json).toEqual({ ...reminder, remindAt: '2099-05-06T07:08:00.000Z', message: 'Again' });
  });

  it('needs something to change, and sends nothing otherwise', async () => {
    const before = await sandbox.requests();
    const r = await runWts(['reminder', 'edit', 'rem_1'], { env: sandbox.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nothing to change');
    expect((await runWts(['reminder', 'edit', 'rem_1', '--at', 'someday'], { env: sandbox.env })).code).toBe(2);
    expect(await sandbox.requests()).toBe(before);
    expect((await runWts(['reminder', 'edit', 'rem_nope', '--message', 'x'], { env: sandbox.env })).code).toBe(3);
  });

  it('cancels only with --yes when not on a terminal, then reports a conflict the second time', async () => {
    const reminder = await create('in 5d', 'To cancel');
    const before = await sandbox.requests();
    const refused = await runWts(['reminder', 'cancel', reminder.id], { env: sandbox.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`wts: Cancel reminder ${reminder.id}? Not asked without a terminal: pass --yes to confirm\n`);
    expect(await sandbox.requests()).toBe(before);

    const done = await runWts(['reminder', 'cancel', reminder.id, '--yes'], sandbox.tty());
    expect(done).toMatchObject({ code: 0, stdout: `✓ Cancelled reminder ${reminder.id} on ${TASK}\n` });
    const again = await runWts(['reminder', 'cancel', reminder.id, '--yes', '--json'], { env: sandbox.env });
    expect(again.code).toBe(6);
    expect(again.stderr).toMatch(/^wts: conflict: .*already cancelled/);
  });
});
