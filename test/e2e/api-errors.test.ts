// The error paths of every operation of the catalog, driven by it: a bound violation (400 naming
// the field), an unknown id (404 naming it), a token without the operation's scope (403 insufficient_scope)
// and, for everything inside a workspace, a workspace outside the connection's choice (403
// workspace_forbidden). Every answer must be problem+json with type, title, status, code and detail.
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS, operations, type OperationId } from '../../src/contract/operations.js';
import { expandPath } from '../../src/contract/validate.js';
import { Agent, Run, Task, Workspace } from '../../src/contract/resources.js';
import { signIn } from '../helpers/auth.js';
import { addPendingAction, addSection, addKnowledgeFile, apiAs, expectProblem, orgIdOf, pageOf, type Api } from '../helpers/api.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

interface Args {
  path?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
}

/** Ids of one of everything, all inside one workspace (plus the organization-wide ones). */
interface Fixtures {
  workspaceId: string;
  agentId: string;
  taskId: string;
  runId: string;
  actionId: string;
  reminderId: string;
  sectionId: string;
  companySectionId: string;
  sourceId: string;
  scheduledTaskId: string;
}

interface Case {
  /** Input that passes the catalog's checks, aimed at the fixtures. */
  valid: (f: Fixtures) => Args;
  /** Input that breaks one bound, and the field the 400 must name. */
  bad: (f: Fixtures) => Args;
  field: string;
  /** Whether the operation reaches into a workspace (so a limited connection can be refused). */
  inWorkspace: boolean;
}

const future = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const long = (n: number) => 'x'.repeat(n);

const CASES: Record<OperationId, Case> = {
  list_workspaces: { valid: () => ({}), bad: () => ({ query: { bogus: 1 } }), field: '', inWorkspace: false },
  list_workspace_members: {
    valid: (f) => ({ path: { workspaceId: f.workspaceId } }),
    bad: () => ({ path: { workspaceId: long(65) } }),
    field: 'workspaceId',
    inWorkspace: true,
  },
  list_workspace_statuses: {
    valid: (f) => ({ path: { workspaceId: f.workspaceId } }),
    bad: () => ({ path: { workspaceId: long(65) } }),
    field: 'workspaceId',
    inWorkspace: true,
  },
  create_workspace: {
    valid: () => ({ body: { name: 'New' } }),
    bad: () => ({ body: { name: long(201) } }),
    field: 'name',
    inWorkspace: true,
  },
  rename_workspace: {
    valid: (f) => ({ path: { workspaceId: f.workspaceId }, body: { name: 'Renamed' } }),
    bad: (f) => ({ path: { workspaceId: f.workspaceId }, body: { name: '' } }),
    field: 'name',
    inWorkspace: true,
  },
  archive_workspace: {
    valid: (f) => ({ path: { workspaceId: f.workspaceId }, body: {} }),
    bad: (f) => ({ path: { workspaceId: f.workspaceId }, body: { now: true } }),
    field: '',
    inWorkspace: true,
  },
  list_tasks: {
    valid: (f) => ({ path: { workspaceId: f.workspaceId } }),
    bad: (f) => ({ path: { workspaceId: f.workspaceId }, query: { limit: 51 } }),
    field: 'limit',
    inWorkspace: true,
  },
  search_tasks: {
    valid: (f) => ({ path: { workspaceId: f.workspaceId }, query: { q: 'x' } }),
    bad: (f) => ({ path: { workspaceId: f.workspaceId }, query: { q: long(501) } }),
    field: 'q',
    inWorkspace: true,
  },
  get_task: {
    valid: (f) => ({ path: { taskId: f.taskId } }),
    bad: () => ({ path: { taskId: long(65) } }),
    field: 'taskId',
    inWorkspace: true,
  },
  list_task_events: {
    valid: (f) => ({ path: { taskId: f.taskId } }),
    bad: (f) => ({ path: { taskId: f.taskId }, query: { limit: 0 } }),
    field: 'limit',
    inWorkspace: true,
  },
  list_task_messages: {
    valid: (f) => ({ path: { taskId: f.taskId } }),
    bad: (f) => ({ path: { taskId: f.taskId }, query: { cursor: long(2001) } }),
    field: 'cursor',
    inWorkspace: true,
  },
  list_task_conversation_messages: {
    valid: (f) => ({ path: { taskId: f.taskId }, query: { conversationKey: 'k' } }),
    bad: (f) => ({ path: { taskId: f.taskId }, query: { conversationKey: long(501) } }),
    field: 'conversationKey',
    inWorkspace: true,
  },
  update_task: {
    valid: (f) => ({ path: { taskId: f.taskId }, body: { title: 'T' } }),
    bad: (f) => ({ path: { taskId: f.taskId }, body: { dueDate: 'soon' } }),
    field: 'dueDate',
    inWorkspace: true,
  },
  complete_task: {
    valid: (f) => ({ path: { taskId: f.taskId }, body: {} }),
    bad: () => ({ path: { taskId: long(65) }, body: {} }),
    field: 'taskId',
    inWorkspace: true,
  },
  assign_task: {
    valid: (f) => ({ path: { taskId: f.taskId }, body: { assigneeIds: [] } }),
    bad: (f) => ({ path: { taskId: f.taskId }, body: { assigneeIds: [long(65)] } }),
    field: 'assigneeIds[0]',
    inWorkspace: true,
  },
  set_task_tags: {
    valid: (f) => ({ path: { taskId: f.taskId }, body: { tags: [] } }),
    bad: (f) => ({ path: { taskId: f.taskId }, body: { tags: [long(101)] } }),
    field: 'tags[0]',
    inWorkspace: true,
  },
  add_task_note: {
    valid: (f) => ({ path: { taskId: f.taskId }, body: { content: 'N' } }),
    bad: (f) => ({ path: { taskId: f.taskId }, body: { content: long(10_001) } }),
    field: 'content',
    inWorkspace: true,
  },
  delete_task: {
    valid: (f) => ({ path: { taskId: f.taskId } }),
    bad: () => ({ path: { taskId: long(65) } }),
    field: 'taskId',
    inWorkspace: true,
  },
  list_agents: { valid: () => ({}), bad: () => ({ query: { limit: 5 } }), field: '', inWorkspace: false },
  submit_task: {
    valid: (f) => ({ path: { agentId: f.agentId }, body: { title: 'T' } }),
    bad: (f) => ({ path: { agentId: f.agentId }, body: { title: long(201) } }),
    field: 'title',
    inWorkspace: true,
  },
  send_task_message: {
    valid: (f) => ({ path: { taskId: f.taskId }, body: { content: 'Hi' } }),
    bad: (f) => ({ path: { taskId: f.taskId }, body: { content: '' } }),
    field: 'content',
    inWorkspace: true,
  },
  list_task_runs: {
    valid: (f) => ({ path: { taskId: f.taskId } }),
    bad: (f) => ({ path: { taskId: f.taskId }, query: { limit: 26 } }),
    field: 'limit',
    inWorkspace: true,
  },
  get_run: { valid: (f) => ({ path: { runId: f.runId } }), bad: () => ({ path: { runId: long(65) } }), field: 'runId', inWorkspace: true },
  list_pending_actions: {
    valid: (f) => ({ path: { taskId: f.taskId } }),
    bad: () => ({ path: { taskId: long(65) } }),
    field: 'taskId',
    inWorkspace: true,
  },
  get_pending_action: {
    valid: (f) => ({ path: { actionId: f.actionId } }),
    bad: () => ({ path: { actionId: long(65) } }),
    field: 'actionId',
    inWorkspace: true,
  },
  approve_pending_action: {
    valid: (f) => ({ path: { actionId: f.actionId }, body: {} }),
    bad: (f) => ({ path: { actionId: f.actionId }, body: { reason: 'x' } }),
    field: '',
    inWorkspace: true,
  },
  reject_pending_action: {
    valid: (f) => ({ path: { actionId: f.actionId }, body: {} }),
    bad: (f) => ({ path: { actionId: f.actionId }, body: { reason: long(2001) } }),
    field: 'reason',
    inWorkspace: true,
  },
  update_pending_action: {
    valid: (f) => ({ path: { actionId: f.actionId }, body: { draft: {} } }),
    bad: (f) => ({ path: { actionId: f.actionId }, body: { draft: [] } }),
    field: 'draft',
    inWorkspace: true,
  },
  complete_human_task: {
    valid: (f) => ({ path: { actionId: f.actionId }, body: {} }),
    bad: (f) => ({ path: { actionId: f.actionId }, body: { note: long(10_001) } }),
    field: 'note',
    inWorkspace: true,
  },
  answer_agent_question: {
    valid: (f) => ({ path: { actionId: f.actionId }, body: { answer: 'A' } }),
    bad: (f) => ({ path: { actionId: f.actionId }, body: { answer: '' } }),
    field: 'answer',
    inWorkspace: true,
  },
  list_reminders: {
    valid: (f) => ({ path: { taskId: f.taskId } }),
    bad: () => ({ path: { taskId: long(65) } }),
    field: 'taskId',
    inWorkspace: true,
  },
  create_reminder: {
    valid: (f) => ({ path: { taskId: f.taskId }, body: { message: 'M', remindAt: future() } }),
    bad: (f) => ({ path: { taskId: f.taskId }, body: { message: 'M', remindAt: 'Monday' } }),
    field: 'remindAt',
    inWorkspace: true,
  },
  update_reminder: {
    valid: (f) => ({ path: { reminderId: f.reminderId }, body: { message: 'M' } }),
    bad: (f) => ({ path: { reminderId: f.reminderId }, body: { message: long(1001) } }),
    field: 'message',
    inWorkspace: true,
  },
  cancel_reminder: {
    valid: (f) => ({ path: { reminderId: f.reminderId } }),
    bad: () => ({ path: { reminderId: long(65) } }),
    field: 'reminderId',
    inWorkspace: true,
  },
  list_agent_instructions: {
    valid: (f) => ({ path: { agentId: f.agentId } }),
    bad: () => ({ path: { agentId: long(65) } }),
    field: 'agentId',
    inWorkspace: true,
  },
  read_agent_instruction_section: {
    valid: (f) => ({ path: { sectionId: f.sectionId } }),
    bad: (f) => ({ path: { sectionId: f.sectionId }, query: { offset: -1 } }),
    field: 'offset',
    inWorkspace: true,
  },
  update_agent_instruction_section: {
    valid: (f) => ({ path: { sectionId: f.sectionId }, body: { title: 'T' } }),
    bad: (f) => ({ path: { sectionId: f.sectionId }, body: { title: long(201) } }),
    field: 'title',
    inWorkspace: true,
  },
  reorder_agent_instruction_sections: {
    valid: (f) => ({ path: { agentId: f.agentId }, body: { sectionIds: [f.sectionId] } }),
    bad: (f) => ({ path: { agentId: f.agentId }, body: { sectionIds: [] } }),
    field: 'sectionIds',
    inWorkspace: true,
  },
  list_company_handbook_sections: { valid: () => ({}), bad: () => ({ query: { offset: 0 } }), field: '', inWorkspace: false },
  read_company_handbook_section: {
    valid: (f) => ({ path: { sectionId: f.companySectionId } }),
    bad: (f) => ({ path: { sectionId: f.companySectionId }, query: { offset: 'start' } }),
    field: 'offset',
    inWorkspace: false,
  },
  update_company_handbook_section: {
    valid: (f) => ({ path: { sectionId: f.companySectionId }, body: { title: 'T' } }),
    bad: (f) => ({ path: { sectionId: f.companySectionId }, body: { title: '' } }),
    field: 'title',
    inWorkspace: false,
  },
  reorder_company_handbook_sections: {
    valid: (f) => ({ body: { sectionIds: [f.companySectionId] } }),
    bad: () => ({ body: { sectionIds: 'all' } }),
    field: 'sectionIds',
    inWorkspace: false,
  },
  list_knowledge_sources: { valid: () => ({}), bad: () => ({ query: { q: 'x' } }), field: '', inWorkspace: false },
  read_knowledge_source: {
    valid: (f) => ({ path: { sourceId: f.sourceId } }),
    bad: () => ({ path: { sourceId: long(65) } }),
    field: 'sourceId',
    inWorkspace: false,
  },
  add_knowledge_link: {
    valid: () => ({ body: { name: 'N', url: 'https://a.example' } }),
    bad: () => ({ body: { name: 'N', url: 'gopher://a.example' } }),
    field: 'url',
    inWorkspace: false,
  },
  update_knowledge_source: {
    valid: (f) => ({ path: { sourceId: f.sourceId }, body: { note: 'N' } }),
    bad: (f) => ({ path: { sourceId: f.sourceId }, body: { note: long(2001) } }),
    field: 'note',
    inWorkspace: false,
  },
  remove_knowledge_source: {
    valid: (f) => ({ path: { sourceId: f.sourceId } }),
    bad: () => ({ path: { sourceId: long(65) } }),
    field: 'sourceId',
    inWorkspace: false,
  },
  list_scheduled_tasks: { valid: () => ({}), bad: () => ({ query: { state: 'active' } }), field: '', inWorkspace: false },
  get_scheduled_task: {
    valid: (f) => ({ path: { scheduledTaskId: f.scheduledTaskId } }),
    bad: () => ({ path: { scheduledTaskId: long(65) } }),
    field: 'scheduledTaskId',
    inWorkspace: true,
  },
  list_scheduled_task_runs: {
    valid: (f) => ({ path: { scheduledTaskId: f.scheduledTaskId } }),
    bad: (f) => ({ path: { scheduledTaskId: f.scheduledTaskId }, query: { limit: 26 } }),
    field: 'limit',
    inWorkspace: true,
  },
  create_scheduled_task: {
    valid: (f) => ({ body: { title: 'T', prompt: 'P', cron: '0 9 * * *', workspaceId: f.workspaceId, agentId: f.agentId } }),
    bad: (f) => ({ body: { title: 'T', prompt: 'P', cron: '0 9 * 1 *', workspaceId: f.workspaceId, agentId: f.agentId } }),
    field: 'cron',
    inWorkspace: true,
  },
  update_scheduled_task: {
    valid: (f) => ({ path: { scheduledTaskId: f.scheduledTaskId }, body: { title: 'T' } }),
    bad: (f) => ({ path: { scheduledTaskId: f.scheduledTaskId }, body: { prompt: long(20_001) } }),
    field: 'prompt',
    inWorkspace: true,
  },
  pause_scheduled_task: {
    valid: (f) => ({ path: { scheduledTaskId: f.scheduledTaskId }, body: {} }),
    bad: () => ({ path: { scheduledTaskId: long(65) }, body: {} }),
    field: 'scheduledTaskId',
    inWorkspace: true,
  },
  resume_scheduled_task: {
    valid: (f) => ({ path: { scheduledTaskId: f.scheduledTaskId }, body: {} }),
    bad: () => ({ path: { scheduledTaskId: long(65) }, body: {} }),
    field: 'scheduledTaskId',
    inWorkspace: true,
  },
  delete_scheduled_task: {
    valid: (f) => ({ path: { scheduledTaskId: f.scheduledTaskId } }),
    bad: () => ({ path: { scheduledTaskId: long(65) } }),
    field: 'scheduledTaskId',
    inWorkspace: true,
  },
  run_scheduled_task_now: {
    valid: (f) => ({ path: { scheduledTaskId: f.scheduledTaskId }, body: {} }),
    bad: () => ({ path: { scheduledTaskId: long(65) }, body: {} }),
    field: 'scheduledTaskId',
    inWorkspace: true,
  },
};

const UNKNOWN = 'zz_unknown_9';

/** The same input with every id unknown; undefined for operations that take no id. */
function withUnknownIds(opId: OperationId, args: Args): Args | undefined {
  const params = Object.keys(operations[opId].pathParams.shape);
  if (params.length > 0) return { ...args, path: Object.fromEntries(params.map((p) => [p, UNKNOWN])) };
  if (opId === 'create_scheduled_task') return { ...args, body: { ...(args.body as object), workspaceId: UNKNOWN } };
  return undefined;
}
const takesIds = (opId: OperationId) => Object.keys(operations[opId].pathParams.shape).length > 0 || opId === 'create_scheduled_task';

const sandbox = useSandbox();
let limited: Api;
let workspaceReader: Api;
let agentsReader: Api;
let fixtures: Fixtures;

function send(api: Api, opId: OperationId, args: Args) {
  const op = operations[opId];
  return api.call(op.method, expandPath(op.path, args.path ?? {}), {
    ...(args.query ? { query: args.query } : {}),
    ...(args.body !== undefined ? { body: args.body } : {}),
  });
}

beforeAll(async () => {
  const chosen = Workspace.parse(await sandbox.api.ok('POST', '/workspaces', { body: { name: 'Chosen' } }));
  const other = Workspace.parse(await sandbox.api.ok('POST', '/workspaces', { body: { name: 'Not chosen' } }));
  const agentId = pageOf(Agent.strict())
    .parse(await sandbox.api.ok('GET', '/agents'))
    .items.find((a) => a.workspaceId === other.id)!.id;
  const taskId = Task.parse(await sandbox.api.ok('POST', `/agents/${agentId}/tasks`, { body: { title: 'Fixture' } })).id;
  const runId = pageOf(Run.strict(), 'cursor').parse(await sandbox.api.ok('GET', `/tasks/${taskId}/runs`)).items[0]!.id;
  const reminderId = (
    (await sandbox.api.ok('POST', `/tasks/${taskId}/reminders`, { body: { message: 'R', remindAt: future() } })) as { id: string }
  ).id;
  const scheduledTaskId = (
    (await sandbox.api.ok('POST', '/scheduled-tasks', {
      body: { title: 'S', prompt: 'P', cron: '0 9 * * *', workspaceId: other.id, agentId },
    })) as { id: string }
  ).id;
  const acme = orgIdOf(sandbox, 'acme');
  fixtures = {
    workspaceId: other.id,
    agentId,
    taskId,
    runId,
    actionId: addPendingAction(sandbox, taskId, 'action', { to: 'a@b.c' }).id,
    reminderId,
    sectionId: addSection(sandbox, { orgId: acme, agentId, title: 'Rules', body: 'Be nice' }).id,
    companySectionId: addSection(sandbox, { orgId: acme, agentId: null, title: 'Company', body: 'Values' }).id,
    sourceId: addKnowledgeFile(sandbox, acme, 'prices.pdf').id,
    scheduledTaskId,
  };
  limited = apiAs(sandbox.origin, (await signIn(sandbox.origin, { workspaceIds: [chosen.id] })).access_token);
  workspaceReader = apiAs(sandbox.origin, (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token);
  agentsReader = apiAs(sandbox.origin, (await signIn(sandbox.origin, { scopes: ['agents:read'] })).access_token);
});

it('covers every operation of the catalog', () => {
  expect(Object.keys(CASES).sort()).toEqual([...OPERATION_IDS].sort());
});

describe.each(OPERATION_IDS)('%s', (opId) => {
  it('answers 400 naming the field that breaks a bound', async () => {
    const c = CASES[opId];
    const problem = await expectProblem(send(sandbox.api, opId, c.bad(fixtures)), 400, 'invalid_request');
    if (c.field) expect(problem.detail.startsWith(`${c.field}: `), problem.detail).toBe(true);
    else expect(problem.detail).toMatch(/unknown field/);
  });

  it('answers 403 insufficient_scope to a token without its scope', async () => {
    const scope = operations[opId].scope;
    const token = scope === 'workspace:read' ? agentsReader : workspaceReader;
    await expectProblem(
      send(token, opId, CASES[opId].valid(fixtures)),
      403,
      'insufficient_scope',
      new RegExp(`${opId} needs the scope ${scope}`),
    );
  });
});

describe.each(OPERATION_IDS.filter(takesIds))('%s with an unknown id', (opId) => {
  it('answers 404 naming the id', async () => {
    const args = withUnknownIds(opId, CASES[opId].valid(fixtures))!;
    await expectProblem(send(sandbox.api, opId, args), 404, 'not_found', new RegExp(`^no .*${UNKNOWN} here$`));
  });
});

describe.each(OPERATION_IDS.filter((opId) => CASES[opId].inWorkspace))('%s outside the chosen workspaces', (opId) => {
  it('answers 403 workspace_forbidden', async () => {
    await expectProblem(send(limited, opId, CASES[opId].valid(fixtures)), 403, 'workspace_forbidden');
  });
});

describe('the refused calls', () => {
  it('changed nothing', () => {
    const data = sandbox.ctx.store.state.data;
    expect(data.workspaces.find((w) => w.id === fixtures.workspaceId)).toMatchObject({ name: 'Not chosen', archived: false });
    expect(data.tasks.find((t) => t.id === fixtures.taskId)).toMatchObject({ title: 'Fixture', tags: [], assigneeIds: [], notes: [] });
    expect(data.pendingActions.find((a) => a.id === fixtures.actionId)).toMatchObject({ state: 'pending', draft: { to: 'a@b.c' } });
    expect(data.reminders.find((r) => r.id === fixtures.reminderId)).toMatchObject({ state: 'scheduled', message: 'R' });
    expect(data.scheduledTasks.find((s) => s.id === fixtures.scheduledTaskId)).toMatchObject({ state: 'active', title: 'S' });
    expect(data.sections.find((s) => s.id === fixtures.sectionId)).toMatchObject({ title: 'Rules' });
    expect(data.knowledge.find((k) => k.id === fixtures.sourceId)).toMatchObject({ note: '' });
  });
});
