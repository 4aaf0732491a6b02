import { describe, expect, it } from 'vitest';
import { getOperation, operations, OPERATION_IDS, SCOPES, MAX_OFFSET, OFFLINE_ACCESS, SCOPE_WORDS } from '../../src/contract/operations.js';
import { expandPath, parseOperationInput, readQuery } from '../../src/contract/validate.js';
import { InputError } from '../../src/errors.js';
import { buildOpenApi } from '../../src/sandbox/openapi.js';

// The 56 operations of the spec's endpoint list, with their method and path.
const SPEC_ENDPOINTS = `
list_workspaces GET /workspaces
list_workspace_members GET /workspaces/{workspaceId}/members
list_workspace_statuses GET /workspaces/{workspaceId}/statuses
create_workspace POST /workspaces
rename_workspace PATCH /workspaces/{workspaceId}
archive_workspace POST /workspaces/{workspaceId}/archive
list_tasks GET /workspaces/{workspaceId}/tasks
search_tasks GET /workspaces/{workspaceId}/tasks/search
get_task GET /tasks/{taskId}
list_task_events GET /tasks/{taskId}/events
list_task_messages GET /tasks/{taskId}/messages
list_task_conversation_messages GET /tasks/{taskId}/conversation
update_task PATCH /tasks/{taskId}
complete_task POST /tasks/{taskId}/complete
assign_task POST /tasks/{taskId}/assignees
set_task_tags POST /tasks/{taskId}/tags
add_task_note POST /tasks/{taskId}/notes
delete_task DELETE /tasks/{taskId}
list_agents GET /agents
submit_task POST /agents/{agentId}/tasks
send_task_message POST /tasks/{taskId}/messages
list_task_runs GET /tasks/{taskId}/runs
get_run GET /runs/{runId}
list_pending_actions GET /tasks/{taskId}/pending-actions
get_pending_action GET /pending-actions/{actionId}
approve_pending_action POST /pending-actions/{actionId}/approve
reject_pending_action POST /pending-actions/{actionId}/reject
update_pending_action PATCH /pending-actions/{actionId}
complete_human_task POST /pending-actions/{actionId}/complete
answer_agent_question POST /pending-actions/{actionId}/answer
list_reminders GET /tasks/{taskId}/reminders
create_reminder POST /tasks/{taskId}/reminders
update_reminder PATCH /reminders/{reminderId}
cancel_reminder DELETE /reminders/{reminderId}
list_agent_instructions GET /agents/{agentId}/instructions
read_agent_instruction_section GET /agent-instructions/{sectionId}
update_agent_instruction_section PATCH /agent-instructions/{sectionId}
reorder_agent_instruction_sections POST /agents/{agentId}/instructions/reorder
list_company_handbook_sections GET /company-handbook
read_company_handbook_section GET /company-handbook/{sectionId}
update_company_handbook_section PATCH /company-handbook/{sectionId}
reorder_company_handbook_sections POST /company-handbook/reorder
list_knowledge_sources GET /knowledge-sources
read_knowledge_source GET /knowledge-sources/{sourceId}
add_knowledge_link POST /knowledge-sources
update_knowledge_source PATCH /knowledge-sources/{sourceId}
remove_knowledge_source DELETE /knowledge-sources/{sourceId}
list_scheduled_tasks GET /scheduled-tasks
get_scheduled_task GET /scheduled-tasks/{scheduledTaskId}
list_scheduled_task_runs GET /scheduled-tasks/{scheduledTaskId}/runs
create_scheduled_task POST /scheduled-tasks
update_scheduled_task PATCH /scheduled-tasks/{scheduledTaskId}
pause_scheduled_task POST /scheduled-tasks/{scheduledTaskId}/pause
resume_scheduled_task POST /scheduled-tasks/{scheduledTaskId}/resume
delete_scheduled_task DELETE /scheduled-tasks/{scheduledTaskId}
run_scheduled_task_now POST /scheduled-tasks/{scheduledTaskId}/run
`
  .trim()
  .split('\n')
  .map((line) => line.split(' ') as [string, string, string]);

function inputError(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as Error).message;
  }
  throw new Error('expected an InputError');
}

describe('operations catalog', () => {
  it('holds exactly the 56 operations of the spec, with their methods and paths', () => {
    expect(SPEC_ENDPOINTS).toHaveLength(56);
    expect([...OPERATION_IDS].sort()).toEqual(SPEC_ENDPOINTS.map(([id]) => id).sort());
    for (const [id, method, path] of SPEC_ENDPOINTS) {
      const op = getOperation(id as never);
      expect({ id, method: op.method, path: op.path }).toEqual({ id, method, path });
    }
  });

  it("holds the spec's scopes, each with what it grants in the spec's words", () => {
    expect(SCOPES).toEqual(['workspace:read', 'workspace:write', 'agents:read', 'agents:write', 'approvals:write']);
    expect(Object.keys(SCOPE_WORDS)).toEqual([...SCOPES, OFFLINE_ACCESS]);
    expect(SCOPE_WORDS['agents:write'].grants).toBe('edit instructions, handbook, knowledge, scheduled tasks; give agents tasks');
    expect(SCOPE_WORDS.offline_access.grants).toBe('keep access without signing in again, until the user disconnects');
  });

  it('gives every operation a known scope, and update_scheduled_task the one the spec names', () => {
    for (const id of OPERATION_IDS) expect(SCOPES).toContain(getOperation(id).scope);
    expect(operations.update_scheduled_task.scope).toBe('agents:write');
  });

  it('declares each path placeholder as a path parameter, and only those', () => {
    for (const id of OPERATION_IDS) {
      const op = getOperation(id);
      const placeholders = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(Object.keys(op.pathParams.shape).sort()).toEqual(placeholders);
    }
  });

  it('bounds every path identifier to 1..64 characters', () => {
    expect(inputError(() => parseOperationInput('get_task', { path: { taskId: '' } }))).toBe('taskId: must not be empty');
    expect(inputError(() => parseOperationInput('get_task', { path: { taskId: 'x'.repeat(65) } }))).toBe(
      'taskId: must be at most 64 characters',
    );
    expect(parseOperationInput('get_task', { path: { taskId: 'x'.repeat(64) } }).path.taskId).toHaveLength(64);
  });

  it('applies the spec bounds to notes, titles, prompts, crons, tags, conversation keys and cursors', () => {
    expect(inputError(() => parseOperationInput('add_task_note', { path: { taskId: 't' }, body: { content: '' } }))).toBe(
      'content: must not be empty',
    );
    expect(inputError(() => parseOperationInput('add_task_note', { path: { taskId: 't' }, body: { content: 'x'.repeat(10_001) } }))).toBe(
      'content: must be at most 10000 characters',
    );
    parseOperationInput('add_task_note', { path: { taskId: 't' }, body: { content: 'x'.repeat(10_000) } });
    const sched = { title: 'Digest', prompt: 'Summarize', cron: '0 9 * * 1-5', workspaceId: 'w', agentId: 'a' };
    parseOperationInput('create_scheduled_task', { path: {}, body: sched });
    expect(inputError(() => parseOperationInput('create_scheduled_task', { path: {}, body: { ...sched, title: 'x'.repeat(201) } }))).toBe(
      'title: must be at most 200 characters',
    );
    expect(
      inputError(() => parseOperationInput('create_scheduled_task', { path: {}, body: { ...sched, prompt: 'x'.repeat(20_001) } })),
    ).toBe('prompt: must be at most 20000 characters');
    expect(
      inputError(() => parseOperationInput('update_scheduled_task', { path: { scheduledTaskId: 's' }, body: { cron: '* * * *' } })),
    ).toBe('cron: must be at least 9 characters');
    expect(
      inputError(() =>
        parseOperationInput('update_scheduled_task', { path: { scheduledTaskId: 's' }, body: { cron: `0 9 * * 1${' '.repeat(100)}` } }),
      ),
    ).toBe('cron: must be at most 100 characters');
    expect(inputError(() => parseOperationInput('list_tasks', { path: { workspaceId: 'w' }, query: { tag: 'x'.repeat(101) } }))).toBe(
      'tag: must be at most 100 characters',
    );
    expect(
      inputError(() =>
        parseOperationInput('list_task_conversation_messages', { path: { taskId: 't' }, query: { conversationKey: 'k'.repeat(501) } }),
      ),
    ).toBe('conversationKey: must be at most 500 characters');
    expect(inputError(() => parseOperationInput('list_task_conversation_messages', { path: { taskId: 't' }, query: {} }))).toBe(
      'conversationKey: is required',
    );
    expect(inputError(() => parseOperationInput('list_tasks', { path: { workspaceId: 'w' }, query: { cursor: 'c'.repeat(2001) } }))).toBe(
      'cursor: must be at most 2000 characters',
    );
  });

  it('accepts the five cron shapes and names the supported ones when refusing', () => {
    for (const cron of ['15 * * * *', '0 9 * * *', '30 8 * * 1-5', '0 9 * * 0', '0 9 31 * *']) {
      expect(parseOperationInput('update_scheduled_task', { path: { scheduledTaskId: 's' }, body: { cron } }).body.cron).toBe(cron);
    }
    const message = inputError(() =>
      parseOperationInput('update_scheduled_task', { path: { scheduledTaskId: 's' }, body: { cron: '*/5 * * * *' } }),
    );
    expect(message).toMatch(/^cron: minute must be a number from 0 to 59/);
    expect(message).toContain('weekdays "M H * * 1-5"');
  });

  it('defaults and bounds page sizes: 1..50 default 20, runs 1..25 default 10', () => {
    expect(parseOperationInput('list_tasks', { path: { workspaceId: 'w' } }).query.limit).toBe(20);
    expect(parseOperationInput('list_task_messages', { path: { taskId: 't' } }).query.limit).toBe(20);
    expect(
      parseOperationInput('list_task_conversation_messages', { path: { taskId: 't' }, query: { conversationKey: 'k' } }).query.limit,
    ).toBe(20);
    expect(parseOperationInput('list_task_runs', { path: { taskId: 't' } }).query.limit).toBe(10);
    expect(inputError(() => parseOperationInput('list_tasks', { path: { workspaceId: 'w' }, query: { limit: 51 } }))).toBe(
      'limit: must be at most 50',
    );
    expect(inputError(() => parseOperationInput('list_tasks', { path: { workspaceId: 'w' }, query: { limit: 0 } }))).toBe(
      'limit: must be at least 1',
    );
    expect(inputError(() => parseOperationInput('list_task_runs', { path: { taskId: 't' }, query: { limit: 26 } }))).toBe(
      'limit: must be at most 25',
    );
    expect(inputError(() => parseOperationInput('list_tasks', { path: { workspaceId: 'w' }, query: { limit: 2.5 } }))).toBe(
      'limit: must be a whole number',
    );
  });

  it('bounds the handbook offset to 0..2^53-1', () => {
    expect(
      parseOperationInput('read_agent_instruction_section', { path: { sectionId: 's' }, query: { offset: MAX_OFFSET } }).query.offset,
    ).toBe(MAX_OFFSET);
    expect(
      inputError(() => parseOperationInput('read_company_handbook_section', { path: { sectionId: 's' }, query: { offset: -1 } })),
    ).toBe('offset: must be at least 0');
    expect(
      inputError(() =>
        parseOperationInput('read_company_handbook_section', { path: { sectionId: 's' }, query: { offset: MAX_OFFSET + 2 } }),
      ),
    ).toMatch(/^offset: must be/);
  });

  it('refuses unknown fields and non-object bodies', () => {
    expect(inputError(() => parseOperationInput('update_task', { path: { taskId: 't' }, body: { titel: 'x' } }))).toBe(
      'unknown field titel',
    );
    expect(inputError(() => parseOperationInput('update_task', { path: { taskId: 't' }, body: 'x' }))).toBe('body: must be a JSON object');
    expect(inputError(() => parseOperationInput('update_task', { path: { taskId: 't' }, body: { dueDate: 'friday' } }))).toMatch(
      /^dueDate: must be an ISO 8601 date-time/,
    );
  });

  it('reads wire query strings as the typed values the schemas expect', () => {
    const query = readQuery(operations.list_tasks.query, { limit: ['5'], unassigned: ['true'], tag: ['42'] });
    expect(parseOperationInput('list_tasks', { path: { workspaceId: 'w' }, query }).query).toEqual({
      limit: 5,
      unassigned: true,
      tag: '42',
    });
    const bad = readQuery(operations.list_tasks.query, { limit: ['ten'] });
    expect(inputError(() => parseOperationInput('list_tasks', { path: { workspaceId: 'w' }, query: bad }))).toBe('limit: must be a number');
  });

  it('expands path templates with encoded parameters', () => {
    expect(expandPath(operations.get_task.path, { taskId: 'a b/c' })).toBe('/tasks/a%20b%2Fc');
  });
});

describe('OpenAPI document', () => {
  const doc = buildOpenApi('http://127.0.0.1:1') as {
    openapi: string;
    info: { version: string };
    paths: Record<string, Record<string, { operationId: string; parameters?: { name: string; schema: Record<string, unknown> }[] }>>;
  };

  it('is OpenAPI 3.1.0, version 1.0.0, with one operationId per catalog entry', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId));
    expect(ids.sort()).toEqual([...OPERATION_IDS].sort());
  });

  it('carries the bounds into parameter schemas', () => {
    const limit = doc.paths['/workspaces/{workspaceId}/tasks']!.get!.parameters!.find((p) => p.name === 'limit')!;
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 20 });
  });
});
