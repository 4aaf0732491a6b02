// Agents and runs over /api/v1: listing agents, giving them tasks, writing to them, and reading runs.
// Only what the handlers do synchronously is asserted here; the agent's later work has its own tests.
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, Event, Message, Run, Task, Workspace } from '../../src/contract/resources.js';
import { signIn } from '../helpers/auth.js';
import { apiAs, expectProblem, pageOf } from '../helpers/api.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();
let workspaceId: string;
let agentId: string;

const AgentPage = pageOf(Agent.strict());
const RunPage = pageOf(Run.strict(), 'cursor');

async function submit(title: string): Promise<ReturnType<typeof Task.parse>> {
  return Task.strict().parse(await sandbox.api.ok('POST', `/agents/${agentId}/tasks`, { body: { title } }));
}

beforeAll(async () => {
  workspaceId = Workspace.parse(await sandbox.api.ok('POST', '/workspaces', { body: { name: 'Agents under test' } })).id;
  agentId = AgentPage.parse(await sandbox.api.ok('GET', '/agents')).items.find((a) => a.workspaceId === workspaceId)!.id;
});

describe('list_agents', () => {
  it('lists one agent per listed workspace', async () => {
    const agents = AgentPage.parse(await sandbox.api.ok('GET', '/agents')).items;
    const workspaces = pageOf(Workspace.strict()).parse(await sandbox.api.ok('GET', '/workspaces')).items;
    expect(new Set(agents.map((a) => a.workspaceId))).toEqual(new Set(workspaces.map((w) => w.id)));
  });

  it('shows a limited connection only the agents of its chosen workspaces', async () => {
    const limited = apiAs(sandbox.origin, (await signIn(sandbox.origin, { workspaceIds: [workspaceId] })).access_token);
    expect(AgentPage.parse(await limited.ok('GET', '/agents')).items).toEqual([
      { id: agentId, name: 'Agents under test Agent', workspaceId },
    ]);
  });

  it('needs agents:read and takes no query', async () => {
    const tasksOnly = apiAs(sandbox.origin, (await signIn(sandbox.origin, { scopes: ['workspace:read', 'workspace:write'] })).access_token);
    await expectProblem(tasksOnly.call('GET', '/agents'), 403, 'insufficient_scope', /agents:read/);
    await expectProblem(
      sandbox.api.call('GET', '/agents', { query: { workspaceId } }),
      400,
      'invalid_request',
      /unknown field workspaceId/,
    );
  });
});

describe('submit_task', () => {
  it('creates a todo task for the agent and starts a run on it', async () => {
    const task = Task.strict().parse(
      await sandbox.api.ok('POST', `/agents/${agentId}/tasks`, {
        body: { title: 'Draft the newsletter', description: 'For May', dueDate: '2031-01-01T09:00:00Z' },
      }),
    );
    expect(task).toMatchObject({
      workspaceId,
      title: 'Draft the newsletter',
      description: 'For May',
      status: 'todo',
      dueDate: '2031-01-01T09:00:00.000Z',
      assignees: [],
      tags: [],
      notes: [],
    });
    const runs = RunPage.parse(await sandbox.api.ok('GET', `/tasks/${task.id}/runs`)).items;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ taskId: task.id, agentId });
    const events = pageOf(Event.strict(), 'cursor').parse(await sandbox.api.ok('GET', `/tasks/${task.id}/events`)).items;
    expect(events[0]).toMatchObject({ kind: 'task.created', actor: { kind: 'person', id: 'usr_ada' } });
  });

  it('defaults the description to empty and the due date to none', async () => {
    expect(await submit('Bare')).toMatchObject({ description: '', dueDate: null });
  });

  it('checks its body', async () => {
    const path = `/agents/${agentId}/tasks`;
    await expectProblem(sandbox.api.call('POST', path, { body: {} }), 400, 'invalid_request', /^title: is required/);
    await expectProblem(
      sandbox.api.call('POST', path, { body: { title: 'x'.repeat(201) } }),
      400,
      'invalid_request',
      /^title: must be at most 200 characters/,
    );
    await expectProblem(
      sandbox.api.call('POST', path, { body: { title: 'x', dueDate: '2031-01-01' } }),
      400,
      'invalid_request',
      /^dueDate:/,
    );
    await expectProblem(
      sandbox.api.call('POST', path, { body: { title: 'x', assigneeIds: [] } }),
      400,
      'invalid_request',
      /unknown field assigneeIds/,
    );
    await expectProblem(sandbox.api.call('POST', path, { body: [] }), 400, 'invalid_request', /^body: must be a JSON object/);
  });

  it('answers 404 for an unknown agent, 403 without agents:write, 409 for a paused agent', async () => {
    await expectProblem(
      sandbox.api.call('POST', '/agents/agt_nope/tasks', { body: { title: 'x' } }),
      404,
      'not_found',
      /^no agent agt_nope here$/,
    );
    const reader = apiAs(sandbox.origin, (await signIn(sandbox.origin, { scopes: ['agents:read', 'workspace:write'] })).access_token);
    await expectProblem(
      reader.call('POST', `/agents/${agentId}/tasks`, { body: { title: 'x' } }),
      403,
      'insufficient_scope',
      /agents:write/,
    );
    const other = Workspace.parse(await sandbox.api.ok('POST', '/workspaces', { body: { name: 'Paused agent' } }));
    const paused = AgentPage.parse(await sandbox.api.ok('GET', '/agents')).items.find((a) => a.workspaceId === other.id)!;
    sandbox.ctx.store.state.data.agents.find((a) => a.id === paused.id)!.paused = true;
    await expectProblem(sandbox.api.call('POST', `/agents/${paused.id}/tasks`, { body: { title: 'x' } }), 409, 'conflict', /paused/);
  });
});

describe('send_task_message', () => {
  it('records the person’s message, logs it, and returns it', async () => {
    const task = await submit('Talk to me');
    const message = Message.strict().parse(
      await sandbox.api.ok('POST', `/tasks/${task.id}/messages`, { body: { content: 'Please hurry' } }),
    );
    expect(message).toMatchObject({ author: { kind: 'person', id: 'usr_ada', name: 'Ada Lovelace' }, content: 'Please hurry' });
    const chat = pageOf(Message.strict(), 'cursor').parse(
      await sandbox.api.ok('GET', `/tasks/${task.id}/messages`, { query: { limit: 50 } }),
    ).items;
    expect(chat.map((m) => m.id)).toContain(message.id);
    const events = pageOf(Event.strict(), 'cursor').parse(
      await sandbox.api.ok('GET', `/tasks/${task.id}/events`, { query: { limit: 50 } }),
    ).items;
    expect(events.map((e) => e.kind)).toContain('message.sent');
  });

  it('checks its body and the task', async () => {
    const task = await submit('Quiet');
    await expectProblem(
      sandbox.api.call('POST', `/tasks/${task.id}/messages`, { body: { content: '' } }),
      400,
      'invalid_request',
      /^content: must not be empty/,
    );
    await expectProblem(
      sandbox.api.call('POST', `/tasks/${task.id}/messages`, { body: { content: 'x'.repeat(10_001) } }),
      400,
      'invalid_request',
      /^content: must be at most 10000/,
    );
    await expectProblem(
      sandbox.api.call('POST', '/tasks/t_nope/messages', { body: { content: 'hi' } }),
      404,
      'not_found',
      /no task t_nope/,
    );
  });
});

describe('list_task_runs and get_run', () => {
  it('pages runs newest first, 10 by default', async () => {
    const task = await submit('Many runs');
    const rec = sandbox.ctx.store.state.data.tasks.find((t) => t.id === task.id)!;
    // Twelve more runs, a second apart, as reminders and answers would start them.
    for (let i = 0; i < 12; i++) {
      await sandbox.advanceClock(1);
      sandbox.ctx.agent.startRun(rec.id);
    }
    const first = RunPage.parse(await sandbox.api.ok('GET', `/tasks/${task.id}/runs`));
    expect(first.items).toHaveLength(10);
    const rest = RunPage.parse(await sandbox.api.ok('GET', `/tasks/${task.id}/runs`, { query: { cursor: first.nextCursor!, limit: 25 } }));
    expect(rest.items).toHaveLength(3);
    expect(rest.nextCursor).toBeNull();
    const all = [...first.items, ...rest.items];
    expect(new Set(all.map((r) => r.id)).size).toBe(13);
    const starts = all.map((r) => r.startedAt);
    expect([...starts].sort().reverse()).toEqual(starts);

    const run = Run.strict().parse(await sandbox.api.ok('GET', `/runs/${all[0]!.id}`));
    expect(run).toMatchObject({ id: all[0]!.id, taskId: task.id, agentId, startedAt: all[0]!.startedAt });

    await expectProblem(
      sandbox.api.call('GET', `/tasks/${task.id}/runs`, { query: { limit: 26 } }),
      400,
      'invalid_request',
      /^limit: must be at most 25/,
    );
    await expectProblem(
      sandbox.api.call('GET', `/tasks/${task.id}/runs`, { query: { cursor: 'bogus' } }),
      400,
      'invalid_request',
      /^cursor:/,
    );
    await expectProblem(sandbox.api.call('GET', '/tasks/t_nope/runs'), 404, 'not_found');
  });

  it('get_run answers 404 for an unknown run and hides runs of workspaces the user cannot open', async () => {
    await expectProblem(sandbox.api.call('GET', '/runs/run_nope'), 404, 'not_found', /^no run run_nope here$/);
    const task = await submit('Private run');
    const [run] = RunPage.parse(await sandbox.api.ok('GET', `/tasks/${task.id}/runs`)).items;
    const ben = apiAs(sandbox.origin, (await signIn(sandbox.origin, { user: 'ben' })).access_token);
    await expectProblem(ben.call('GET', `/runs/${run!.id}`), 404, 'not_found');
    const workspaceOnly = apiAs(sandbox.origin, (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token);
    await expectProblem(workspaceOnly.call('GET', `/runs/${run!.id}`), 403, 'insufficient_scope', /agents:read/);
    await expectProblem(sandbox.api.call('GET', `/runs/${'r'.repeat(65)}`), 400, 'invalid_request', /^runId:/);
  });
});
