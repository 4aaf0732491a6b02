// The simulated agent, driven over real HTTP: it works on tasks, answers in the chat, carries out what
// is approved, wakes on reminders and runs schedules. Time is the sandbox's clock, moved with
// POST /__sandbox/clock, so no test waits for real time to pass.
import { beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { Event, Message, PendingAction, Reminder, Run, ScheduledTask, Task, Workspace } from '../../src/contract/resources.js';
import { pageOf } from '../helpers/api.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

type TaskView = z.output<typeof Task>;
type RunView = z.output<typeof Run>;
type ActionView = z.output<typeof PendingAction>;

const sandbox = useSandbox();
let signedInAt: number;

beforeAll(() => {
  signedInAt = sandbox.ctx.clock.now();
});

// ---- Small readers over the API ----

async function advance(seconds: number): Promise<number> {
  const moved = await sandbox.advanceClock(seconds);
  // Access tokens last an hour of sandbox time: sign in again after long jumps.
  if (moved - signedInAt > 30 * 60_000) {
    await sandbox.renewSignIn();
    signedInAt = sandbox.ctx.clock.now();
  }
  return moved;
}

const now = (): Promise<number> => sandbox.clockNow();

const submit = async (agentId: string, title: string, description?: string): Promise<TaskView> =>
  Task.parse(await sandbox.api.ok('POST', `/agents/${agentId}/tasks`, { body: { title, ...(description ? { description } : {}) } }));
const getTask = async (taskId: string): Promise<TaskView> => Task.parse(await sandbox.api.ok('GET', `/tasks/${taskId}`));
const runsOf = async (taskId: string): Promise<RunView[]> =>
  pageOf(Run, 'cursor').parse(await sandbox.api.ok('GET', `/tasks/${taskId}/runs`, { query: { limit: 25 } })).items;
const getRun = async (runId: string): Promise<RunView> => Run.parse(await sandbox.api.ok('GET', `/runs/${runId}`));
const getAction = async (actionId: string): Promise<ActionView> =>
  PendingAction.parse(await sandbox.api.ok('GET', `/pending-actions/${actionId}`));
const messagesOf = async (taskId: string) =>
  pageOf(Message, 'cursor').parse(await sandbox.api.ok('GET', `/tasks/${taskId}/messages`, { query: { limit: 50 } })).items;
const eventsOf = async (taskId: string) =>
  pageOf(Event, 'cursor').parse(await sandbox.api.ok('GET', `/tasks/${taskId}/events`, { query: { limit: 50 } })).items;
const pendingOf = async (taskId: string) =>
  pageOf(PendingAction).parse(await sandbox.api.ok('GET', `/tasks/${taskId}/pending-actions`)).items;
const getSchedule = async (id: string) => ScheduledTask.parse(await sandbox.api.ok('GET', `/scheduled-tasks/${id}`));

/** The newest run on a task (runs are listed newest first or oldest first: pick by time). */
async function latestRun(taskId: string): Promise<RunView> {
  const runs = await runsOf(taskId);
  return [...runs].sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id)).at(-1)!;
}

/** The run the agent resumed a task with: running now, finished a few seconds later, its output quoting `said`. */
async function resumedRun(taskId: string, said: string): Promise<RunView> {
  const run = await latestRun(taskId);
  expect(run.state).toBe('running');
  await advance(5);
  const finished = await getRun(run.id);
  expect(finished.state).toBe('succeeded');
  expect(finished.output).toContain(said);
  return finished;
}

describe('a submitted task', () => {
  let task: TaskView;
  let run: RunView;

  it('starts a run at once, which is still running before the clock moves', async () => {
    task = await submit('agt_support', 'Reply to the Brightlane invoice question', 'Maria asks why the May invoice shows 31 seats.');
    const runs = await runsOf(task.id);
    expect(runs).toHaveLength(1);
    run = runs[0]!;
    expect(run).toMatchObject({ taskId: task.id, agentId: 'agt_support', state: 'running', proposedActionIds: [], finishedAt: null });
    expect((await eventsOf(task.id)).map((e) => e.kind)).toContain('run.started');
  });

  it('finishes three sandbox seconds later with a summary and one pending action', async () => {
    await advance(5);
    const finished = await getRun(run.id);
    expect(finished.state).toBe('succeeded');
    expect(Date.parse(finished.finishedAt!) - Date.parse(finished.startedAt)).toBe(3000);
    expect(finished.output).toContain('Reply to the Brightlane invoice question');
    expect(finished.output).toContain('Maria asks why the May invoice shows 31 seats.');
    expect(finished.proposedActionIds).toHaveLength(1);

    // The first proposal on a task is an action with a full draft: here a post in the team channel.
    const action = await getAction(finished.proposedActionIds[0]!);
    expect(action).toMatchObject({ taskId: task.id, kind: 'action', state: 'pending' });
    expect(action.draft).toEqual({ channel: '#support', text: expect.stringContaining('Reply to the Brightlane invoice question') });
    expect((await pendingOf(task.id)).map((a) => a.id)).toEqual([action.id]);

    // The agent moved the task along and said so in the chat.
    expect((await getTask(task.id)).status).toBe('in_progress');
    const events = (await eventsOf(task.id)).map((e) => e.kind);
    expect(events).toEqual(expect.arrayContaining(['task.created', 'run.started', 'run.finished', 'status.changed']));
    const chat = await messagesOf(task.id);
    expect(chat.at(-1)).toMatchObject({
      author: { kind: 'agent', id: 'agt_support', name: 'Support Agent' },
      content: expect.stringContaining('#support'),
    });
  });

  it('answers a message in the chat two sandbox seconds later, quoting it', async () => {
    const sent = Message.parse(
      await sandbox.api.ok('POST', `/tasks/${task.id}/messages`, { body: { content: 'Can you also check the June invoice?' } }),
    );
    expect((await messagesOf(task.id)).at(-1)!.id).toBe(sent.id); // no answer before the clock moves

    await advance(3);
    const chat = await messagesOf(task.id);
    const reply = chat.at(-1)!;
    expect(reply.author).toMatchObject({ kind: 'agent', id: 'agt_support' });
    expect(reply.content).toContain('Can you also check the June invoice?');
    expect(reply.content).toMatch(/^Ada, /);
    expect(Date.parse(reply.createdAt) - Date.parse(sent.createdAt)).toBe(2000);
    const events = await eventsOf(task.id);
    expect(events.filter((e) => e.kind === 'message.sent' && e.actor.kind === 'agent').length).toBeGreaterThanOrEqual(1);
  });

  it('carries out the action once it is approved', async () => {
    const [action] = await pendingOf(task.id);
    await sandbox.api.ok('POST', `/pending-actions/${action!.id}/approve`, { body: {} });
    const executed = (await eventsOf(task.id)).filter((e) => e.kind === 'action.executed');
    expect(executed).toHaveLength(1);
    expect(executed[0]).toMatchObject({
      actor: { kind: 'agent', id: 'agt_support' },
      summary: expect.stringMatching(/^Posted in #support: Update on "Reply to the Brightlane invoice question"/),
    });
  });
});

describe('pending actions on seeded tasks', () => {
  it('an approved email reply is sent: an action.executed event and a new message in the email thread', async () => {
    const task = await getTask('task_s021');
    const thread = async () =>
      pageOf(Message, 'cursor').parse(
        await sandbox.api.ok('GET', `/tasks/${task.id}/conversation`, { query: { conversationKey: task.conversationKey!, limit: 50 } }),
      ).items;
    const before = await thread();
    await sandbox.api.ok('POST', '/pending-actions/act_s001/approve', { body: {} });
    const executed = (await eventsOf(task.id)).filter((e) => e.kind === 'action.executed');
    expect(executed.map((e) => e.summary)).toEqual(['Sent email to maria.gonzalez@brightlane.example: Re: Charged twice for April']);
    const after = await thread();
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((m) => m.content)).toContain((await getAction('act_s001')).draft.body);
  });

  it('a rejected action is acknowledged in the chat, with the reason', async () => {
    await sandbox.api.ok('POST', '/pending-actions/act_s008/reject', { body: { reason: 'Hannah prefers a phone call' } });
    const last = (await messagesOf('task_s034')).at(-1)!;
    expect(last.author).toMatchObject({ kind: 'agent', id: 'agt_support' });
    expect(last.content).toContain("won't go ahead");
    expect(last.content).toContain('Hannah prefers a phone call');
    expect((await eventsOf('task_s034')).filter((e) => e.kind === 'action.executed')).toEqual([]);
  });

  it('a completed human task makes the agent resume: a new run, which proposes the next kind', async () => {
    const runsBefore = await runsOf('task_s025');
    await sandbox.api.ok('POST', '/pending-actions/act_s005/complete', { body: { note: 'Oliver added the groups claim; sign-in works.' } });
    const runs = await runsOf('task_s025');
    expect(runs).toHaveLength(runsBefore.length + 1);
    const finished = await resumedRun('task_s025', 'Oliver added the groups claim; sign-in works.');
    // The task had one proposal before (a human task), so this run's is the next in the cycle.
    expect((await getAction(finished.proposedActionIds[0]!)).kind).toBe('human_task');
  });

  it('an answered question makes the agent resume with the answer', async () => {
    await sandbox.api.ok('POST', '/pending-actions/act_s004/answer', { body: { answer: 'Contest it with the approval as evidence' } });
    const finished = await resumedRun('task_s024', 'Contest it with the approval as evidence');
    expect((await getAction(finished.proposedActionIds[0]!)).kind).toBe('human_task');
  });
});

describe('a run that fails', () => {
  it('fails on a task whose title has the word "fail", says why and proposes nothing', async () => {
    const task = await submit('agt_sales', 'This import should fail');
    const [run] = await runsOf(task.id);
    await advance(5);
    const failed = await getRun(run!.id);
    expect(failed).toMatchObject({ state: 'failed', proposedActionIds: [] });
    expect(failed.output).toMatch(/could not finish/i);
    expect(await pendingOf(task.id)).toEqual([]);
    expect((await eventsOf(task.id)).find((e) => e.kind === 'run.finished')!.summary).toMatch(/failed/);
    expect((await getTask(task.id)).status).toBe('todo');
  });
});

describe('reminders', () => {
  it('fire when the clock passes them and wake the agent on the task', async () => {
    const task = await submit('agt_ops', 'Check the certificate renewal');
    await advance(5);
    const remindAt = new Date((await now()) + 60_000).toISOString();
    const created = Reminder.parse(
      await sandbox.api.ok('POST', `/tasks/${task.id}/reminders`, { body: { message: 'Is the new certificate live?', remindAt } }),
    );
    const runsBefore = (await runsOf(task.id)).length;

    await advance(30);
    expect(pageOf(Reminder).parse(await sandbox.api.ok('GET', `/tasks/${task.id}/reminders`)).items[0]!.state).toBe('scheduled');

    await advance(40); // 10 s past the reminder: the run it started (3 s) has finished too
    const reminders = pageOf(Reminder).parse(await sandbox.api.ok('GET', `/tasks/${task.id}/reminders`)).items;
    expect(reminders).toEqual([{ ...created, state: 'fired' }]);
    const fired = (await eventsOf(task.id)).find((e) => e.kind === 'reminder.fired')!;
    expect(fired).toMatchObject({ summary: 'Reminder: Is the new certificate live?', createdAt: remindAt });
    const runs = await runsOf(task.id);
    expect(runs).toHaveLength(runsBefore + 1);
    const woken = await latestRun(task.id);
    // The run started when the reminder fired, not when the clock was moved.
    expect(woken).toMatchObject({ state: 'succeeded', startedAt: fired.createdAt });
    expect(woken.output).toContain('Is the new certificate live?');
  });
});

describe('scheduled tasks', () => {
  let scheduleId: string;

  it('run when the clock passes the next run: a dated task in the workspace and a run on it', async () => {
    const created = ScheduledTask.parse(
      await sandbox.api.ok('POST', '/scheduled-tasks', {
        body: {
          title: 'Hourly queue check',
          prompt: 'Count the tasks waiting in each column and post the numbers in #ops.',
          cron: '17 * * * *',
          workspaceId: 'ws_ops',
          agentId: 'agt_ops',
        },
      }),
    );
    scheduleId = created.id;
    expect(created).toMatchObject({ state: 'active', timezone: 'Europe/Berlin', lastRun: null });
    const nextRunAt = Date.parse(created.nextRunAt!);
    const current = await now();
    expect(nextRunAt).toBeGreaterThan(current);
    expect(nextRunAt - current).toBeLessThanOrEqual(3600_000);
    expect(new Date(nextRunAt).getUTCMinutes()).toBe(17); // Berlin is a whole number of hours from UTC

    await advance((nextRunAt - current) / 1000 + 10);
    const schedule = await getSchedule(scheduleId);
    expect(schedule.lastRun).toMatchObject({ state: 'succeeded', startedAt: new Date(nextRunAt).toISOString() });
    expect(Date.parse(schedule.nextRunAt!)).toBe(nextRunAt + 3600_000);

    const run = await getRun(schedule.lastRun!.id);
    const task = await getTask(run.taskId);
    const berlinDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(nextRunAt));
    expect(task).toMatchObject({
      workspaceId: 'ws_ops',
      title: `Hourly queue check — ${berlinDate}`,
      description: 'Count the tasks waiting in each column and post the numbers in #ops.',
      status: 'in_progress',
    });
    expect(run.output).toContain('Count the tasks waiting in each column');
    expect(run.output).toMatch(/Board of Operations: \d+ to do, \d+ in progress, \d+ waiting, \d+ done/);
    const action = await getAction(run.proposedActionIds[0]!);
    expect(action.draft).toMatchObject({ channel: '#operations', text: expect.stringContaining('Board of Operations') });
    const runs = pageOf(Run, 'cursor').parse(await sandbox.api.ok('GET', `/scheduled-tasks/${scheduleId}/runs`)).items;
    expect(runs.map((r) => r.id)).toEqual([run.id]);
  });

  it('run once after the clock jumps past several occurrences, then wait for the next one ahead', async () => {
    const before = await getSchedule(scheduleId);
    const jumped = await advance(5 * 3600);
    const runs = pageOf(Run, 'cursor').parse(await sandbox.api.ok('GET', `/scheduled-tasks/${scheduleId}/runs`)).items;
    expect(runs).toHaveLength(2);
    const schedule = await getSchedule(scheduleId);
    expect(schedule.lastRun!.startedAt).toBe(before.nextRunAt);
    expect(Date.parse(schedule.nextRunAt!)).toBeGreaterThan(jumped);
    expect(Date.parse(schedule.nextRunAt!) - jumped).toBeLessThanOrEqual(3600_000);
  });

  it('run on demand with run-now, outside the schedule', async () => {
    const before = await getSchedule(scheduleId);
    const run = Run.parse(await sandbox.api.ok('POST', `/scheduled-tasks/${scheduleId}/run`, { body: {} }));
    expect(run.state).toBe('running');
    const schedule = await getSchedule(scheduleId);
    expect(schedule.lastRun!.id).toBe(run.id);
    expect(schedule.nextRunAt).toBe(before.nextRunAt);
    await advance(5);
    expect((await getRun(run.id)).state).toBe('succeeded');
    expect((await getTask(run.taskId)).title).toMatch(/^Hourly queue check — \d{4}-\d{2}-\d{2}$/);
  });

  it('do not run while paused', async () => {
    await sandbox.api.ok('POST', `/scheduled-tasks/${scheduleId}/pause`, { body: {} });
    const runsBefore = pageOf(Run, 'cursor').parse(await sandbox.api.ok('GET', `/scheduled-tasks/${scheduleId}/runs`)).items.length;
    await advance(3 * 3600);
    expect(pageOf(Run, 'cursor').parse(await sandbox.api.ok('GET', `/scheduled-tasks/${scheduleId}/runs`)).items).toHaveLength(runsBefore);
  });
});

describe('an archived workspace', () => {
  it('keeps its schedules and its agent still: reminders fire, but nothing runs', async () => {
    const ws = Workspace.parse(await sandbox.api.ok('POST', '/workspaces', { body: { name: 'Winding down' } }));
    const agentId = sandbox.ctx.store.state.data.agents.find((a) => a.workspaceId === ws.id)!.id;
    const task = await submit(agentId, 'Last look at the old board');
    await advance(5);
    const remindAt = new Date((await now()) + 600_000).toISOString();
    await sandbox.api.ok('POST', `/tasks/${task.id}/reminders`, { body: { message: 'Anything left?', remindAt } });
    const schedule = ScheduledTask.parse(
      await sandbox.api.ok('POST', '/scheduled-tasks', {
        body: { title: 'Daily sweep', prompt: 'Sweep the board.', cron: '0 9 * * *', workspaceId: ws.id, agentId },
      }),
    );
    const runsBefore = (await runsOf(task.id)).length;

    await sandbox.api.ok('POST', `/workspaces/${ws.id}/archive`, { body: {} });
    await advance(2 * 24 * 3600);

    const reminders = pageOf(Reminder).parse(await sandbox.api.ok('GET', `/tasks/${task.id}/reminders`)).items;
    expect(reminders.map((r) => r.state)).toEqual(['fired']);
    expect((await eventsOf(task.id)).some((e) => e.kind === 'reminder.fired')).toBe(true);
    expect(await runsOf(task.id)).toHaveLength(runsBefore);
    expect(pageOf(Run, 'cursor').parse(await sandbox.api.ok('GET', `/scheduled-tasks/${schedule.id}/runs`)).items).toEqual([]);
    expect(sandbox.ctx.store.state.data.tasks.filter((t) => t.workspaceId === ws.id)).toHaveLength(1);
  });

  it('skips a schedule that is still active when its workspace is archived (ticker, in process)', async () => {
    // The API pauses schedules on archive; the ticker must not run one that is active all the same.
    const data = sandbox.ctx.store.state.data;
    const ws = Workspace.parse(await sandbox.api.ok('POST', '/workspaces', { body: { name: 'Archived with an active schedule' } }));
    const agentId = data.agents.find((a) => a.workspaceId === ws.id)!.id;
    const schedule = ScheduledTask.parse(
      await sandbox.api.ok('POST', '/scheduled-tasks', {
        body: { title: 'Still active', prompt: 'Do the thing.', cron: '0 * * * *', workspaceId: ws.id, agentId },
      }),
    );
    data.workspaces.find((w) => w.id === ws.id)!.archived = true; // archived, but agent and schedule left untouched
    await advance(2 * 3600);
    expect(data.runs.filter((r) => r.scheduledTaskId === schedule.id)).toEqual([]);
    expect(data.scheduledTasks.find((s) => s.id === schedule.id)!.lastRunId).toBeNull();
  });
});

describe('the ticker', () => {
  it('finishes runs in real time too, without anyone moving the clock', async () => {
    const task = await submit('agt_sales', 'Skim the new competitor pricing page');
    const [run] = await runsOf(task.id);
    const deadline = Date.now() + 15_000;
    let state = run!.state;
    while (state === 'running' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = (await getRun(run!.id)).state;
    }
    expect(state).toBe('succeeded');
  });
});
