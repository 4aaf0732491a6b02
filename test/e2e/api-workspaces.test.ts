// Workspaces over /api/v1: listing, members, board columns, creation with an agent, renaming, archiving.
import { describe, expect, it } from 'vitest';
import { Agent, Member, ScheduledTask, Status, Workspace } from '../../src/contract/resources.js';
import { signIn } from '../helpers/auth.js';
import { apiAs, expectProblem, pageOf, type Api } from '../helpers/api.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();

const WorkspacePage = pageOf(Workspace.strict());
const AgentPage = pageOf(Agent.strict());

async function createWorkspace(api: Api, name: string, folderId?: string) {
  return Workspace.strict().parse(await api.ok('POST', '/workspaces', { body: folderId ? { name, folderId } : { name } }));
}

describe('list_workspaces', () => {
  it('lists the open workspaces of the signed-in organization the user belongs to', async () => {
    const page = WorkspacePage.parse(await sandbox.api.ok('GET', '/workspaces'));
    expect(page.items.length).toBeGreaterThan(0);
    const data = sandbox.ctx.store.state.data;
    for (const item of page.items) {
      const rec = data.workspaces.find((w) => w.id === item.id)!;
      expect(data.organizations.find((o) => o.id === rec.orgId)!.slug).toBe('acme');
      expect(rec.memberIds).toContain('usr_ada');
      expect(item.archived).toBe(false);
    }
  });

  it('shows another organization only to a connection signed in to it', async () => {
    const globex = apiAs(sandbox.origin, (await signIn(sandbox.origin, { org: 'globex' })).access_token);
    const acmeIds = WorkspacePage.parse(await sandbox.api.ok('GET', '/workspaces')).items.map((w) => w.id);
    const globexIds = WorkspacePage.parse(await globex.ok('GET', '/workspaces')).items.map((w) => w.id);
    expect(globexIds.length).toBeGreaterThan(0);
    expect(globexIds.filter((id) => acmeIds.includes(id))).toEqual([]);
    await expectProblem(globex.call('GET', `/workspaces/${acmeIds[0]}/statuses`), 404, 'not_found');
  });

  it('rejects query parameters it does not take', async () => {
    await expectProblem(sandbox.api.call('GET', '/workspaces', { query: { limit: 5 } }), 400, 'invalid_request', /limit/);
  });
});

describe('create_workspace', () => {
  it('creates a workspace with the default board, the creator as member and its own agent', async () => {
    const ws = await createWorkspace(sandbox.api, 'Legal', 'fld_legal');
    expect(ws).toMatchObject({ name: 'Legal', folderId: 'fld_legal', archived: false });
    expect(WorkspacePage.parse(await sandbox.api.ok('GET', '/workspaces')).items.map((w) => w.id)).toContain(ws.id);

    const statuses = pageOf(Status.strict()).parse(await sandbox.api.ok('GET', `/workspaces/${ws.id}/statuses`));
    expect(statuses.items.map((s) => s.key)).toEqual(['todo', 'in_progress', 'waiting', 'done']);

    const members = pageOf(Member.strict()).parse(await sandbox.api.ok('GET', `/workspaces/${ws.id}/members`));
    expect(members.items).toEqual([{ id: 'usr_ada', name: 'Ada Lovelace', email: 'ada@acme.example' }]);

    const agents = AgentPage.parse(await sandbox.api.ok('GET', '/agents')).items.filter((a) => a.workspaceId === ws.id);
    expect(agents).toEqual([{ id: expect.any(String), name: 'Legal Agent', workspaceId: ws.id }]);
  });

  it('defaults folderId to null', async () => {
    expect((await createWorkspace(sandbox.api, 'No folder')).folderId).toBeNull();
  });

  it('names the field that breaks a bound', async () => {
    await expectProblem(
      sandbox.api.call('POST', '/workspaces', { body: { name: '' } }),
      400,
      'invalid_request',
      /^name: must not be empty/,
    );
    await expectProblem(
      sandbox.api.call('POST', '/workspaces', { body: { name: 'x'.repeat(201) } }),
      400,
      'invalid_request',
      /^name: must be at most 200 characters/,
    );
    await expectProblem(
      sandbox.api.call('POST', '/workspaces', { body: { name: 'A', folderId: 'f'.repeat(65) } }),
      400,
      'invalid_request',
      /^folderId:/,
    );
    await expectProblem(sandbox.api.call('POST', '/workspaces', { body: { folderId: 'f' } }), 400, 'invalid_request', /^name: is required/);
  });

  it('is refused to a connection limited to chosen workspaces', async () => {
    const ws = await createWorkspace(sandbox.api, 'Chosen');
    const limited = apiAs(sandbox.origin, (await signIn(sandbox.origin, { workspaceIds: [ws.id] })).access_token);
    await expectProblem(
      limited.call('POST', '/workspaces', { body: { name: 'Sneaky' } }),
      403,
      'workspace_forbidden',
      /limited to chosen workspaces/,
    );
  });

  it('needs workspace:write', async () => {
    const reader = apiAs(sandbox.origin, (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token);
    await expectProblem(reader.call('POST', '/workspaces', { body: { name: 'Nope' } }), 403, 'insufficient_scope', /workspace:write/);
  });
});

describe('list_workspace_members and list_workspace_statuses', () => {
  it('hide workspaces the user is not a member of, as if they did not exist', async () => {
    const ws = await createWorkspace(sandbox.api, 'Ada only');
    const ben = apiAs(sandbox.origin, (await signIn(sandbox.origin, { user: 'ben' })).access_token);
    expect(WorkspacePage.parse(await ben.ok('GET', '/workspaces')).items.map((w) => w.id)).not.toContain(ws.id);
    const hidden = await expectProblem(ben.call('GET', `/workspaces/${ws.id}/members`), 404, 'not_found', new RegExp(`workspace ${ws.id}`));
    const unknown = await expectProblem(ben.call('GET', '/workspaces/ws_nowhere/members'), 404, 'not_found', /workspace ws_nowhere/);
    expect(hidden.detail.replace(ws.id, 'X')).toBe(unknown.detail.replace('ws_nowhere', 'X'));
    await expectProblem(ben.call('GET', `/workspaces/${ws.id}/statuses`), 404, 'not_found');
  });

  it('answer workspace_forbidden outside the connection’s chosen workspaces', async () => {
    const a = await createWorkspace(sandbox.api, 'Chosen A');
    const b = await createWorkspace(sandbox.api, 'Not chosen B');
    const limited = apiAs(sandbox.origin, (await signIn(sandbox.origin, { workspaceIds: [a.id] })).access_token);
    expect(WorkspacePage.parse(await limited.ok('GET', '/workspaces')).items.map((w) => w.id)).toEqual([a.id]);
    pageOf(Member.strict()).parse(await limited.ok('GET', `/workspaces/${a.id}/members`));
    await expectProblem(limited.call('GET', `/workspaces/${b.id}/members`), 403, 'workspace_forbidden', new RegExp(b.id));
    await expectProblem(limited.call('GET', `/workspaces/${b.id}/statuses`), 403, 'workspace_forbidden');
  });

  it('check the id bound', async () => {
    await expectProblem(
      sandbox.api.call('GET', `/workspaces/${'w'.repeat(65)}/members`),
      400,
      'invalid_request',
      /^workspaceId: must be at most 64 characters/,
    );
    await expectProblem(sandbox.api.call('GET', `/workspaces/${'w'.repeat(65)}/statuses`), 400, 'invalid_request', /^workspaceId:/);
  });
});

describe('rename_workspace', () => {
  it('changes the name', async () => {
    const ws = await createWorkspace(sandbox.api, 'Old name');
    const renamed = Workspace.strict().parse(await sandbox.api.ok('PATCH', `/workspaces/${ws.id}`, { body: { name: 'New name' } }));
    expect(renamed).toEqual({ ...ws, name: 'New name' });
    expect(WorkspacePage.parse(await sandbox.api.ok('GET', '/workspaces')).items.find((w) => w.id === ws.id)?.name).toBe('New name');
  });

  it('answers 404 for an unknown workspace and 400 for a bad name', async () => {
    await expectProblem(
      sandbox.api.call('PATCH', '/workspaces/ws_nowhere', { body: { name: 'X' } }),
      404,
      'not_found',
      /no workspace ws_nowhere/,
    );
    await expectProblem(sandbox.api.call('PATCH', '/workspaces/ws_nowhere', { body: {} }), 400, 'invalid_request', /^name: is required/);
    await expectProblem(
      sandbox.api.call('PATCH', '/workspaces/ws_nowhere', { body: { name: 'X', archived: true } }),
      400,
      'invalid_request',
      /unknown field archived/,
    );
  });
});

describe('archive_workspace', () => {
  it('hides the workspace and its agent, pauses its automations, and keeps direct reads working', async () => {
    const ws = await createWorkspace(sandbox.api, 'To archive');
    const agent = AgentPage.parse(await sandbox.api.ok('GET', '/agents')).items.find((a) => a.workspaceId === ws.id)!;
    const schedule = ScheduledTask.strict().parse(
      await sandbox.api.ok('POST', '/scheduled-tasks', {
        body: { title: 'Daily digest', prompt: 'Summarize the day', cron: '0 9 * * *', workspaceId: ws.id, agentId: agent.id },
      }),
    );
    expect(schedule.state).toBe('active');

    const archived = Workspace.strict().parse(await sandbox.api.ok('POST', `/workspaces/${ws.id}/archive`, { body: {} }));
    expect(archived).toEqual({ ...ws, archived: true });
    expect(WorkspacePage.parse(await sandbox.api.ok('GET', '/workspaces')).items.map((w) => w.id)).not.toContain(ws.id);
    expect(AgentPage.parse(await sandbox.api.ok('GET', '/agents')).items.map((a) => a.id)).not.toContain(agent.id);
    expect(sandbox.ctx.store.state.data.agents.find((a) => a.id === agent.id)!.paused).toBe(true);

    const paused = ScheduledTask.strict().parse(await sandbox.api.ok('GET', `/scheduled-tasks/${schedule.id}`));
    expect(paused).toMatchObject({ state: 'paused', nextRunAt: null });

    pageOf(Status.strict()).parse(await sandbox.api.ok('GET', `/workspaces/${ws.id}/statuses`));
    pageOf(Member.strict()).parse(await sandbox.api.ok('GET', `/workspaces/${ws.id}/members`));

    // Nothing can set its agent to work any more.
    await expectProblem(
      sandbox.api.call('POST', `/agents/${agent.id}/tasks`, { body: { title: 'More work' } }),
      409,
      'conflict',
      /archived/,
    );
    await expectProblem(sandbox.api.call('POST', `/scheduled-tasks/${schedule.id}/resume`, { body: {} }), 409, 'conflict', /archived/);
    await expectProblem(sandbox.api.call('POST', `/scheduled-tasks/${schedule.id}/run`, { body: {} }), 409, 'conflict', /archived/);
    await expectProblem(
      sandbox.api.call('POST', '/scheduled-tasks', {
        body: { title: 'T', prompt: 'P', cron: '0 9 * * *', workspaceId: ws.id, agentId: agent.id },
      }),
      409,
      'conflict',
      /archived/,
    );
  });

  it('returns an archived workspace unchanged when archived again', async () => {
    const ws = await createWorkspace(sandbox.api, 'Twice');
    const first = await sandbox.api.ok('POST', `/workspaces/${ws.id}/archive`, { body: {} });
    expect(await sandbox.api.ok('POST', `/workspaces/${ws.id}/archive`, { body: {} })).toEqual(first);
  });

  it('answers 404, 403 and 400 like every workspace operation', async () => {
    await expectProblem(
      sandbox.api.call('POST', '/workspaces/ws_nowhere/archive', { body: {} }),
      404,
      'not_found',
      /no workspace ws_nowhere/,
    );
    await expectProblem(
      sandbox.api.call('POST', '/workspaces/ws_nowhere/archive', { body: { force: true } }),
      400,
      'invalid_request',
      /unknown field force/,
    );
    const reader = apiAs(sandbox.origin, (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token);
    await expectProblem(reader.call('POST', '/workspaces/ws_nowhere/archive', { body: {} }), 403, 'insufficient_scope');
  });
});
