// `wts sandbox --wire-names`: the sandbox plays a service that names things otherwise — its answers, the
// parameters it takes and its OpenAPI document use those names (src/sandbox/wire.ts).
import { describe, expect, it } from 'vitest';
import { isJsonObject } from '../../src/contract/json.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const names = {
  page: 'data',
  query: { assignee: 'assigneeId', limit: 'pageSize' },
  fields: { 'Task.dueDate': 'dueAt' },
  values: { 'PendingAction.state': { pending: 'open' } },
};

const at = (value: unknown, ...keys: string[]): unknown => {
  let node = value;
  for (const key of keys) node = isJsonObject(node) ? node[key] : undefined;
  return node;
};

describe('a sandbox with --wire-names (refusing unknown names)', () => {
  const sandbox = useSandbox({ wire: { names, document: 'service', unknown: 'refuse' } });

  it('answers in the service names and takes its parameters', async () => {
    const page = await sandbox.api.ok('GET', '/workspaces/ws_support/tasks', { query: { assigneeId: 'usr_ada', pageSize: 5 } });
    const data = at(page, 'data');
    expect(Array.isArray(data)).toBe(true);
    expect(at(page, 'items')).toBeUndefined();
    const tasks = Array.isArray(data) ? data : [];
    expect(tasks).toHaveLength(5);
    for (const task of tasks) {
      expect(Object.keys(task)).toContain('dueAt');
      expect(Object.keys(task)).not.toContain('dueDate');
      expect(JSON.stringify(at(task, 'assignees'))).toContain('usr_ada');
    }
  });

  it("refuses wts's name of a renamed parameter with a 400 naming it", async () => {
    const res = await sandbox.api.call('GET', '/workspaces/ws_support/tasks', { query: { assignee: 'usr_ada' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('unknown query parameter: assignee');
  });

  it('renames enum values both ways', async () => {
    const pending = sandbox.ctx.store.state.data.pendingActions.find((a) => a.state === 'pending');
    const actions = await sandbox.api.ok('GET', `/tasks/${pending?.taskId}/pending-actions`);
    const list = at(actions, 'data');
    const states = (Array.isArray(list) ? list : []).map((a) => at(a, 'state'));
    expect(states).toContain('open');
    expect(states).not.toContain('pending');
  });

  it('describes the renamed wire in its OpenAPI document', async () => {
    const doc = await (await fetch(`${sandbox.origin}/api/v1/openapi.json`)).json();
    const text = JSON.stringify(at(doc, 'paths', '/workspaces/{workspaceId}/tasks', 'get'));
    expect(text).toContain('"assigneeId"');
    expect(text).toContain('"pageSize"');
    expect(text).toContain('"data"');
    expect(text).not.toContain('"assignee"');
    const task = JSON.stringify(at(doc, 'components', 'schemas', 'Task', 'properties'));
    expect(task).toContain('"dueAt"');
    expect(JSON.stringify(at(doc, 'components', 'schemas', 'PendingAction'))).toContain('"open"');
  });
});

describe('a sandbox with --wire-document wts and --unknown-names ignore', () => {
  const sandbox = useSandbox({ wire: { names, document: 'wts', unknown: 'ignore' } });

  it("ignores wts's name of a renamed parameter, and keeps wts's names in its document", async () => {
    const all = at(await sandbox.api.ok('GET', '/workspaces/ws_support/tasks', { query: { pageSize: 50 } }), 'data');
    const ignored = at(
      await sandbox.api.ok('GET', '/workspaces/ws_support/tasks', { query: { assignee: 'usr_ada', pageSize: 50, bogus: 1 } }),
      'data',
    );
    expect(Array.isArray(all) && Array.isArray(ignored) && ignored.length === all.length).toBe(true);
    const doc = await (await fetch(`${sandbox.origin}/api/v1/openapi.json`)).json();
    expect(JSON.stringify(at(doc, 'paths', '/workspaces/{workspaceId}/tasks', 'get'))).toContain('"assignee"');
  });
});
