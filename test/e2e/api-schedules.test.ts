// Scheduled tasks over /api/v1: creating, reading, changing, pausing, resuming, running now, deleting.
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, Deleted, Run, ScheduledTask, Workspace } from '../../src/contract/resources.js';
import { signIn } from '../helpers/auth.js';
import { apiAs, expectProblem, pageOf } from '../helpers/api.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();
let home: { workspaceId: string; agentId: string };
let away: { workspaceId: string; agentId: string };

const View = ScheduledTask.strict();
const Runs = pageOf(Run.strict(), 'cursor');

async function newWorkspace(name: string) {
  const ws = Workspace.parse(await sandbox.api.ok('POST', '/workspaces', { body: { name } }));
  const agent = pageOf(Agent.strict())
    .parse(await sandbox.api.ok('GET', '/agents'))
    .items.find((a) => a.workspaceId === ws.id)!;
  return { workspaceId: ws.id, agentId: agent.id };
}

async function create(title = 'Weekly report', where = home) {
  return View.parse(
    await sandbox.api.ok('POST', '/scheduled-tasks', { body: { title, prompt: 'Write the weekly report', cron: '0 9 * * 1', ...where } }),
  );
}

const advance = (seconds: number) =>
  fetch(`${sandbox.origin}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });

beforeAll(async () => {
  home = await newWorkspace('Schedules home');
  away = await newWorkspace('Schedules away');
});

describe('create_scheduled_task, list_scheduled_tasks, get_scheduled_task', () => {
  it('creates an active schedule in the organization’s timezone with its next run', async () => {
    const created = await create();
    const timezone = sandbox.ctx.store.state.data.organizations.find((o) => o.slug === 'acme')!.timezone;
    expect(created).toMatchObject({
      title: 'Weekly report',
      prompt: 'Write the weekly report',
      cron: '0 9 * * 1',
      timezone,
      ...home,
      state: 'active',
      lastRun: null,
    });
    expect(Date.parse(created.nextRunAt!)).toBeGreaterThan(sandbox.ctx.clock.now());
    expect(View.parse(await sandbox.api.ok('GET', `/scheduled-tasks/${created.id}`))).toEqual(created);
    expect(
      pageOf(View)
        .parse(await sandbox.api.ok('GET', '/scheduled-tasks'))
        .items.map((s) => s.id),
    ).toContain(created.id);
  });

  it('runs only with the workspace’s own agent', async () => {
    await expectProblem(
      sandbox.api.call('POST', '/scheduled-tasks', {
        body: { title: 'T', prompt: 'P', cron: '0 9 * * *', workspaceId: home.workspaceId, agentId: away.agentId },
      }),
      400,
      'invalid_request',
      new RegExp(`^agentId: ${away.agentId} is not the agent of workspace ${home.workspaceId}`),
    );
    await expectProblem(
      sandbox.api.call('POST', '/scheduled-tasks', {
        body: { title: 'T', prompt: 'P', cron: '0 9 * * *', workspaceId: 'ws_nope', agentId: home.agentId },
      }),
      404,
      'not_found',
      /no workspace ws_nope/,
    );
  });

  it('checks its body', async () => {
    const body = { title: 'T', prompt: 'P', cron: '0 9 * * *', ...home };
    await expectProblem(
      sandbox.api.call('POST', '/scheduled-tasks', { body: { ...body, cron: '*/5 * * * *' } }),
      400,
      'invalid_request',
      /^cron:/,
    );
    await expectProblem(
      sandbox.api.call('POST', '/scheduled-tasks', { body: { ...body, cron: '0 9 *' } }),
      400,
      'invalid_request',
      /^cron: must be at least 9 characters/,
    );
    await expectProblem(
      sandbox.api.call('POST', '/scheduled-tasks', { body: { ...body, title: 'x'.repeat(201) } }),
      400,
      'invalid_request',
      /^title: must be at most 200/,
    );
    await expectProblem(
      sandbox.api.call('POST', '/scheduled-tasks', { body: { ...body, prompt: '' } }),
      400,
      'invalid_request',
      /^prompt: must not be empty/,
    );
    await expectProblem(
      sandbox.api.call('POST', '/scheduled-tasks', { body: { ...body, prompt: 'x'.repeat(20_001) } }),
      400,
      'invalid_request',
      /^prompt: must be at most 20000/,
    );
    await expectProblem(
      sandbox.api.call('POST', '/scheduled-tasks', { body: { title: 'T', prompt: 'P', cron: '0 9 * * *' } }),
      400,
      'invalid_request',
      /^workspaceId: is required/,
    );
  });

  it('shows a limited connection only the schedules of its workspaces', async () => {
    const mine = await create('Home only');
    const theirs = await create('Away only', away);
    const limited = apiAs(sandbox.origin, (await signIn(sandbox.origin, { workspaceIds: [home.workspaceId] })).access_token);
    const ids = pageOf(View)
      .parse(await limited.ok('GET', '/scheduled-tasks'))
      .items.map((s) => s.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    await expectProblem(limited.call('GET', `/scheduled-tasks/${theirs.id}`), 403, 'workspace_forbidden');
    await expectProblem(sandbox.api.call('GET', '/scheduled-tasks/sch_nope'), 404, 'not_found', /^no scheduled task sch_nope here$/);
  });
});

describe('update_scheduled_task', () => {
  it('changes title, prompt and schedule, recomputing the next run', async () => {
    const created = await create();
    const updated = View.parse(
      await sandbox.api.ok('PATCH', `/scheduled-tasks/${created.id}`, {
        body: { title: 'Daily report', prompt: 'Daily', cron: '30 7 * * *' },
      }),
    );
    expect(updated).toMatchObject({ id: created.id, title: 'Daily report', prompt: 'Daily', cron: '30 7 * * *', state: 'active' });
    expect(updated.nextRunAt).not.toBeNull();
    expect(updated.nextRunAt).not.toBe(created.nextRunAt);
  });

  it('moves to another workspace only with that workspace’s agent', async () => {
    const created = await create('Mover');
    await expectProblem(
      sandbox.api.call('PATCH', `/scheduled-tasks/${created.id}`, { body: { workspaceId: away.workspaceId } }),
      400,
      'invalid_request',
      /^agentId: .* is not the agent of workspace/,
    );
    await expectProblem(
      sandbox.api.call('PATCH', `/scheduled-tasks/${created.id}`, { body: { agentId: away.agentId } }),
      400,
      'invalid_request',
      /^agentId:/,
    );
    const moved = View.parse(await sandbox.api.ok('PATCH', `/scheduled-tasks/${created.id}`, { body: { ...away } }));
    expect(moved).toMatchObject(away);
    await expectProblem(
      sandbox.api.call('PATCH', `/scheduled-tasks/${created.id}`, { body: { workspaceId: 'ws_nope', agentId: home.agentId } }),
      404,
      'not_found',
      /no workspace ws_nope/,
    );

    const archived = await newWorkspace('Archived target');
    await sandbox.api.ok('POST', `/workspaces/${archived.workspaceId}/archive`, { body: {} });
    await expectProblem(
      sandbox.api.call('PATCH', `/scheduled-tasks/${created.id}`, { body: { ...archived } }),
      409,
      'conflict',
      /archived/,
    );
  });

  it('checks its body and id', async () => {
    const created = await create();
    await expectProblem(
      sandbox.api.call('PATCH', `/scheduled-tasks/${created.id}`, { body: { cron: '0 9 1 * 1' } }),
      400,
      'invalid_request',
      /^cron:/,
    );
    await expectProblem(
      sandbox.api.call('PATCH', `/scheduled-tasks/${created.id}`, { body: { state: 'paused' } }),
      400,
      'invalid_request',
      /unknown field state/,
    );
    await expectProblem(sandbox.api.call('PATCH', '/scheduled-tasks/sch_nope', { body: { title: 'x' } }), 404, 'not_found');
    await expectProblem(
      sandbox.api.call('PATCH', `/scheduled-tasks/${'s'.repeat(65)}`, { body: {} }),
      400,
      'invalid_request',
      /^scheduledTaskId:/,
    );
  });
});

describe('pause_scheduled_task and resume_scheduled_task', () => {
  it('pauses (twice is fine) and resumes with a new next run', async () => {
    const created = await create();
    const paused = View.parse(await sandbox.api.ok('POST', `/scheduled-tasks/${created.id}/pause`, { body: {} }));
    expect(paused).toMatchObject({ state: 'paused', nextRunAt: null });
    expect(View.parse(await sandbox.api.ok('POST', `/scheduled-tasks/${created.id}/pause`, { body: {} }))).toEqual(paused);
    const updated = View.parse(await sandbox.api.ok('PATCH', `/scheduled-tasks/${created.id}`, { body: { cron: '0 8 * * *' } }));
    expect(updated).toMatchObject({ state: 'paused', nextRunAt: null });
    const resumed = View.parse(await sandbox.api.ok('POST', `/scheduled-tasks/${created.id}/resume`, { body: {} }));
    expect(resumed.state).toBe('active');
    expect(Date.parse(resumed.nextRunAt!)).toBeGreaterThan(sandbox.ctx.clock.now());
    expect(View.parse(await sandbox.api.ok('POST', `/scheduled-tasks/${created.id}/resume`, { body: {} }))).toEqual(resumed);
    await expectProblem(sandbox.api.call('POST', '/scheduled-tasks/sch_nope/pause', { body: {} }), 404, 'not_found');
    await expectProblem(sandbox.api.call('POST', '/scheduled-tasks/sch_nope/resume', { body: {} }), 404, 'not_found');
    await expectProblem(
      sandbox.api.call('POST', `/scheduled-tasks/${created.id}/pause`, { body: { until: 'x' } }),
      400,
      'invalid_request',
      /unknown field until/,
    );
  });
});

describe('run_scheduled_task_now and list_scheduled_task_runs', () => {
  it('runs once now, even when paused, and lists runs newest first in pages', async () => {
    const created = await create('Run me');
    await sandbox.api.ok('POST', `/scheduled-tasks/${created.id}/pause`, { body: {} });
    const runs: ReturnType<typeof Run.parse>[] = [];
    for (let i = 0; i < 12; i++) {
      const run = Run.strict().parse(await sandbox.api.ok('POST', `/scheduled-tasks/${created.id}/run`, { body: {} }));
      expect(run).toMatchObject({ agentId: home.agentId, state: 'running', finishedAt: null });
      runs.push(run);
      await advance(1);
    }
    const view = View.parse(await sandbox.api.ok('GET', `/scheduled-tasks/${created.id}`));
    expect(view.lastRun).toMatchObject({ id: runs.at(-1)!.id, startedAt: runs.at(-1)!.startedAt });
    expect(view.state).toBe('paused');

    const first = Runs.parse(await sandbox.api.ok('GET', `/scheduled-tasks/${created.id}/runs`));
    expect(first.items).toHaveLength(10);
    const second = Runs.parse(
      await sandbox.api.ok('GET', `/scheduled-tasks/${created.id}/runs`, { query: { cursor: first.nextCursor!, limit: 25 } }),
    );
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual(runs.map((r) => r.id).reverse());
    await expectProblem(
      sandbox.api.call('GET', `/scheduled-tasks/${created.id}/runs`, { query: { limit: 26 } }),
      400,
      'invalid_request',
      /^limit: must be at most 25/,
    );
    await expectProblem(
      sandbox.api.call('GET', `/scheduled-tasks/${created.id}/runs`, { query: { cursor: 'zzz' } }),
      400,
      'invalid_request',
      /^cursor:/,
    );
    await expectProblem(sandbox.api.call('GET', '/scheduled-tasks/sch_nope/runs'), 404, 'not_found');
    await expectProblem(sandbox.api.call('POST', '/scheduled-tasks/sch_nope/run', { body: {} }), 404, 'not_found');
  });
});

describe('delete_scheduled_task', () => {
  it('deletes the schedule; its runs remain readable', async () => {
    const created = await create('Short-lived');
    const run = Run.strict().parse(await sandbox.api.ok('POST', `/scheduled-tasks/${created.id}/run`, { body: {} }));
    expect(Deleted.strict().parse(await sandbox.api.ok('DELETE', `/scheduled-tasks/${created.id}`))).toEqual({
      id: created.id,
      deleted: true,
    });
    await expectProblem(sandbox.api.call('GET', `/scheduled-tasks/${created.id}`), 404, 'not_found');
    await expectProblem(sandbox.api.call('GET', `/scheduled-tasks/${created.id}/runs`), 404, 'not_found');
    await expectProblem(sandbox.api.call('DELETE', `/scheduled-tasks/${created.id}`), 404, 'not_found');
    expect(Run.strict().parse(await sandbox.api.ok('GET', `/runs/${run.id}`)).id).toBe(run.id);
    expect(
      pageOf(View)
        .parse(await sandbox.api.ok('GET', '/scheduled-tasks'))
        .items.map((s) => s.id),
    ).not.toContain(created.id);
  });
});
