// Reminders over /api/v1: listing, creating in the future, changing and cancelling scheduled ones.
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, Reminder, Task, Workspace } from '../../src/contract/resources.js';
import { expectProblem, pageOf } from '../helpers/api.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();
let agentId: string;

const View = Reminder.strict();
/** A time this many hours after the sandbox's now. */
const hoursAhead = (h: number) => new Date(sandbox.ctx.clock.now() + h * 3_600_000).toISOString();

async function newTask(): Promise<string> {
  return Task.parse(await sandbox.api.ok('POST', `/agents/${agentId}/tasks`, { body: { title: 'Remind me' } })).id;
}

beforeAll(async () => {
  const ws = Workspace.parse(await sandbox.api.ok('POST', '/workspaces', { body: { name: 'Reminders under test' } }));
  agentId = pageOf(Agent.strict())
    .parse(await sandbox.api.ok('GET', '/agents'))
    .items.find((a) => a.workspaceId === ws.id)!.id;
});

describe('create_reminder and list_reminders', () => {
  it('creates scheduled reminders and lists them by time, whatever their state', async () => {
    const taskId = await newTask();
    const later = View.parse(
      await sandbox.api.ok('POST', `/tasks/${taskId}/reminders`, { body: { message: 'Later', remindAt: hoursAhead(48) } }),
    );
    const sooner = View.parse(
      await sandbox.api.ok('POST', `/tasks/${taskId}/reminders`, { body: { message: 'Sooner', remindAt: hoursAhead(24) } }),
    );
    expect(sooner).toEqual({ id: expect.any(String), taskId, message: 'Sooner', remindAt: expect.any(String), state: 'scheduled' });
    await sandbox.api.ok('DELETE', `/reminders/${later.id}`);
    const page = pageOf(View).parse(await sandbox.api.ok('GET', `/tasks/${taskId}/reminders`));
    expect(page.items.map((r) => [r.id, r.state])).toEqual([
      [sooner.id, 'scheduled'],
      [later.id, 'cancelled'],
    ]);
  });

  it('stores the time in UTC', async () => {
    const taskId = await newTask();
    const reminder = View.parse(
      await sandbox.api.ok('POST', `/tasks/${taskId}/reminders`, { body: { message: 'Zoned', remindAt: '2099-06-01T12:00:00+02:00' } }),
    );
    expect(reminder.remindAt).toBe('2099-06-01T10:00:00.000Z');
  });

  it('refuses times that are not in the future of the sandbox clock', async () => {
    const taskId = await newTask();
    await expectProblem(
      sandbox.api.call('POST', `/tasks/${taskId}/reminders`, { body: { message: 'Past', remindAt: hoursAhead(-1) } }),
      400,
      'invalid_request',
      /^remindAt: must be in the future/,
    );
    await sandbox.advanceClock(1800);
    await expectProblem(
      sandbox.api.call('POST', `/tasks/${taskId}/reminders`, {
        body: { message: 'Past by the sandbox clock', remindAt: new Date(Date.now() + 600_000).toISOString() },
      }),
      400,
      'invalid_request',
      /^remindAt: must be in the future/,
    );
  });

  it('checks its body and the task', async () => {
    const taskId = await newTask();
    const path = `/tasks/${taskId}/reminders`;
    await expectProblem(
      sandbox.api.call('POST', path, { body: { message: '', remindAt: hoursAhead(1) } }),
      400,
      'invalid_request',
      /^message: must not be empty/,
    );
    await expectProblem(
      sandbox.api.call('POST', path, { body: { message: 'x'.repeat(1001), remindAt: hoursAhead(1) } }),
      400,
      'invalid_request',
      /^message: must be at most 1000/,
    );
    await expectProblem(
      sandbox.api.call('POST', path, { body: { message: 'x', remindAt: 'next week' } }),
      400,
      'invalid_request',
      /^remindAt: must be an ISO 8601 date-time/,
    );
    await expectProblem(sandbox.api.call('POST', path, { body: { message: 'x' } }), 400, 'invalid_request', /^remindAt: is required/);
    await expectProblem(
      sandbox.api.call('POST', '/tasks/t_nope/reminders', { body: { message: 'x', remindAt: hoursAhead(1) } }),
      404,
      'not_found',
      /no task t_nope/,
    );
    await expectProblem(sandbox.api.call('GET', '/tasks/t_nope/reminders'), 404, 'not_found');
  });
});

describe('update_reminder and cancel_reminder', () => {
  it('changes a scheduled reminder’s message and time', async () => {
    const taskId = await newTask();
    const reminder = View.parse(
      await sandbox.api.ok('POST', `/tasks/${taskId}/reminders`, { body: { message: 'Old', remindAt: hoursAhead(5) } }),
    );
    const remindAt = hoursAhead(10);
    const changed = View.parse(await sandbox.api.ok('PATCH', `/reminders/${reminder.id}`, { body: { message: 'New', remindAt } }));
    expect(changed).toEqual({ ...reminder, message: 'New', remindAt });
    expect(View.parse(await sandbox.api.ok('PATCH', `/reminders/${reminder.id}`, { body: {} }))).toEqual(changed);
    await expectProblem(
      sandbox.api.call('PATCH', `/reminders/${reminder.id}`, { body: { remindAt: hoursAhead(-2) } }),
      400,
      'invalid_request',
      /^remindAt: must be in the future/,
    );
    await expectProblem(
      sandbox.api.call('PATCH', `/reminders/${reminder.id}`, { body: { message: '' } }),
      400,
      'invalid_request',
      /^message:/,
    );
    await expectProblem(
      sandbox.api.call('PATCH', '/reminders/rem_nope', { body: { message: 'x' } }),
      404,
      'not_found',
      /^no reminder rem_nope here$/,
    );
  });

  it('cancels once; a cancelled or fired reminder can no longer change', async () => {
    const taskId = await newTask();
    const reminder = View.parse(
      await sandbox.api.ok('POST', `/tasks/${taskId}/reminders`, { body: { message: 'Cancel me', remindAt: hoursAhead(3) } }),
    );
    expect(View.parse(await sandbox.api.ok('DELETE', `/reminders/${reminder.id}`))).toEqual({ ...reminder, state: 'cancelled' });
    await expectProblem(sandbox.api.call('DELETE', `/reminders/${reminder.id}`), 409, 'conflict', /already cancelled/);
    await expectProblem(
      sandbox.api.call('PATCH', `/reminders/${reminder.id}`, { body: { message: 'x' } }),
      409,
      'conflict',
      /already cancelled/,
    );

    const soon = View.parse(
      await sandbox.api.ok('POST', `/tasks/${taskId}/reminders`, { body: { message: 'Fire me', remindAt: hoursAhead(1) } }),
    );
    sandbox.ctx.store.state.data.reminders.find((r) => r.id === soon.id)!.state = 'fired';
    await expectProblem(sandbox.api.call('DELETE', `/reminders/${soon.id}`), 409, 'conflict', /already fired/);
    await expectProblem(sandbox.api.call('DELETE', '/reminders/rem_nope'), 404, 'not_found');
    await expectProblem(sandbox.api.call('DELETE', `/reminders/${'r'.repeat(65)}`), 400, 'invalid_request', /^reminderId:/);
  });
});
