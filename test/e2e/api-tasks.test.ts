// Tasks over /api/v1: listing with filters and cursors, search, reading, the activity log, the chat, the
// source conversation, and every change a person can make to a task.
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, Deleted, Event, Message, PendingAction, Reminder, Run, Task, Workspace } from '../../src/contract/resources.js';
import { addConversation, addPendingAction, expectProblem, orgIdOf, pageOf } from '../helpers/api.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

type TaskT = ReturnType<typeof Task.parse>;

const sandbox = useSandbox();
let workspaceId: string;
let agentId: string;

const TaskPage = pageOf(Task.strict(), 'cursor');
const EventPage = pageOf(Event.strict(), 'cursor');
const MessagePage = pageOf(Message.strict(), 'cursor');

async function submit(title: string, extra: { description?: string; dueDate?: string } = {}): Promise<TaskT> {
  return Task.strict().parse(await sandbox.api.ok('POST', `/agents/${agentId}/tasks`, { body: { title, ...extra } }));
}

/** Every item of a cursor listing, following nextCursor; fails on a repeated id. */
async function walk(path: string, query: Record<string, string | number | boolean>): Promise<TaskT[]> {
  const items: TaskT[] = [];
  let cursor: string | null = null;
  do {
    const page = TaskPage.parse(await sandbox.api.ok('GET', path, { query: cursor ? { ...query, cursor } : query }));
    expect(page.items.length).toBeLessThanOrEqual(Number(query.limit ?? 20));
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  expect(new Set(items.map((t) => t.id)).size).toBe(items.length);
  return items;
}

beforeAll(async () => {
  workspaceId = Workspace.parse(await sandbox.api.ok('POST', '/workspaces', { body: { name: 'Tasks under test' } })).id;
  const agents = pageOf(Agent.strict()).parse(await sandbox.api.ok('GET', '/agents'));
  agentId = agents.items.find((a) => a.workspaceId === workspaceId)!.id;
});

describe('list_tasks', () => {
  let tagged: TaskT;
  let assigned: TaskT;
  let plain: TaskT;

  beforeAll(async () => {
    tagged = await submit('Tagged task');
    await sandbox.api.ok('POST', `/tasks/${tagged.id}/tags`, { body: { tags: ['urgent'] } });
    assigned = await submit('Assigned task');
    await sandbox.api.ok('POST', `/tasks/${assigned.id}/assignees`, { body: { assigneeIds: ['usr_ada'] } });
    await sandbox.api.ok('PATCH', `/tasks/${assigned.id}`, { body: { status: 'waiting' } });
    plain = await submit('Plain task');
  });

  it('lists a workspace’s tasks oldest first', async () => {
    const all = await walk(`/workspaces/${workspaceId}/tasks`, {});
    const ids = all.map((t) => t.id);
    expect(ids.indexOf(tagged.id)).toBeLessThan(ids.indexOf(assigned.id));
    expect(ids.indexOf(assigned.id)).toBeLessThan(ids.indexOf(plain.id));
    expect(all.every((t) => t.workspaceId === workspaceId)).toBe(true);
  });

  it('lists a task made after the clock went back in its place, and every other task once', async () => {
    const before = await walk(`/workspaces/${workspaceId}/tasks`, { limit: 2 });
    await sandbox.advanceClock(-3600);
    let earlier: TaskT;
    try {
      earlier = await submit('Dated an hour back');
    } finally {
      await sandbox.advanceClock(3600);
    }
    const after = await walk(`/workspaces/${workspaceId}/tasks`, { limit: 2 });
    const expected = [...before, earlier].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((t) => t.id);
    expect(after.map((t) => t.id)).toEqual(expected);
    expect(after.map((t) => t.id).indexOf(earlier.id)).toBeLessThan(before.length);
    await sandbox.api.ok('POST', `/tasks/${earlier.id}/complete`);
    await sandbox.api.ok('DELETE', `/tasks/${earlier.id}`);
  });

  it('filters by status, assignee, tag and whether anybody is assigned', async () => {
    const ids = async (query: Record<string, string | boolean>) => (await walk(`/workspaces/${workspaceId}/tasks`, query)).map((t) => t.id);
    expect(await ids({ status: 'waiting' })).toEqual([assigned.id]);
    expect(await ids({ assignee: 'usr_ada' })).toEqual([assigned.id]);
    expect(await ids({ tag: 'urgent' })).toEqual([tagged.id]);
    expect(await ids({ unassigned: false })).toEqual([assigned.id]);
    const unassigned = await ids({ unassigned: true });
    expect(unassigned).toContain(tagged.id);
    expect(unassigned).toContain(plain.id);
    expect(unassigned).not.toContain(assigned.id);
    expect(await ids({ tag: 'urgent', unassigned: false })).toEqual([]);
  });

  it('refuses a status that is not a column of the workspace', async () => {
    await expectProblem(
      sandbox.api.call('GET', `/workspaces/${workspaceId}/tasks`, { query: { status: 'nope' } }),
      400,
      'invalid_request',
      /^status: no column nope in this workspace; columns: todo, in_progress, waiting, done/,
    );
  });

  it('checks the bounds of its query', async () => {
    const path = `/workspaces/${workspaceId}/tasks`;
    await expectProblem(sandbox.api.call('GET', path, { query: { limit: 0 } }), 400, 'invalid_request', /^limit: must be at least 1/);
    await expectProblem(sandbox.api.call('GET', path, { query: { limit: 51 } }), 400, 'invalid_request', /^limit: must be at most 50/);
    await expectProblem(sandbox.api.call('GET', path, { query: { limit: 'ten' } }), 400, 'invalid_request', /^limit:/);
    await expectProblem(
      sandbox.api.call('GET', path, { query: { tag: 't'.repeat(101) } }),
      400,
      'invalid_request',
      /^tag: must be at most 100 characters/,
    );
    await expectProblem(sandbox.api.call('GET', path, { query: { unassigned: 'maybe' } }), 400, 'invalid_request', /^unassigned:/);
    await expectProblem(
      sandbox.api.call('GET', path, { query: { cursor: 'c'.repeat(2001) } }),
      400,
      'invalid_request',
      /^cursor: must be at most 2000 characters/,
    );
    await expectProblem(sandbox.api.call('GET', path, { query: { sort: 'title' } }), 400, 'invalid_request', /unknown field sort/);
  });

  it('answers 404 for an unknown workspace', async () => {
    await expectProblem(sandbox.api.call('GET', '/workspaces/ws_nowhere/tasks'), 404, 'not_found', /no workspace ws_nowhere here/);
  });
});

describe('cursor pagination over the large seeded workspace', () => {
  let bigId: string;
  let total: number;

  beforeAll(async () => {
    const workspaces = pageOf(Workspace.strict()).parse(await sandbox.api.ok('GET', '/workspaces')).items;
    const counts = await Promise.all(
      workspaces.map(async (w) => [w.id, (await walk(`/workspaces/${w.id}/tasks`, { limit: 50 })).length] as const),
    );
    [bigId, total] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  });

  it('has a workspace with at least 60 tasks', () => {
    expect(total).toBeGreaterThanOrEqual(60);
  });

  it('walks every page once: no duplicates, nothing missed, oldest first, default page size 20', async () => {
    const first = TaskPage.parse(await sandbox.api.ok('GET', `/workspaces/${bigId}/tasks`));
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));

    const pages: number[] = [];
    const items: TaskT[] = [];
    let cursor: string | null = null;
    do {
      const page = TaskPage.parse(
        await sandbox.api.ok('GET', `/workspaces/${bigId}/tasks`, { query: cursor ? { limit: 7, cursor } : { limit: 7 } }),
      );
      pages.push(page.items.length);
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(items).toHaveLength(total);
    expect(new Set(items.map((t) => t.id)).size).toBe(total);
    expect(pages.slice(0, -1).every((n) => n === 7)).toBe(true);
    expect(pages.at(-1)).toBeGreaterThan(0);
    const times = items.map((t) => t.createdAt);
    expect([...times].sort()).toEqual(times);
  });

  it('the page size may change between pages', async () => {
    const one = TaskPage.parse(await sandbox.api.ok('GET', `/workspaces/${bigId}/tasks`, { query: { limit: 3 } }));
    const two = TaskPage.parse(
      await sandbox.api.ok('GET', `/workspaces/${bigId}/tasks`, { query: { limit: 50, cursor: one.nextCursor! } }),
    );
    const all = await walk(`/workspaces/${bigId}/tasks`, { limit: 50 });
    expect([...one.items, ...two.items].map((t) => t.id)).toEqual(all.slice(0, 53).map((t) => t.id));
  });

  it('refuses cursors that are not from this listing', async () => {
    const path = `/workspaces/${bigId}/tasks`;
    const cursor = TaskPage.parse(await sandbox.api.ok('GET', path, { query: { limit: 5 } })).nextCursor!;
    const refused = /^cursor: is not a cursor from this listing/;
    await expectProblem(sandbox.api.call('GET', path, { query: { cursor: 'not-a-cursor' } }), 400, 'invalid_request', refused);
    await expectProblem(sandbox.api.call('GET', path, { query: { cursor: '!!!' } }), 400, 'invalid_request', refused);
    await expectProblem(
      sandbox.api.call('GET', path, { query: { cursor: Buffer.from('{"f":1}').toString('base64url') } }),
      400,
      'invalid_request',
      refused,
    );
    await expectProblem(sandbox.api.call('GET', path, { query: { cursor: `${cursor}x` } }), 400, 'invalid_request', refused);
    await expectProblem(sandbox.api.call('GET', path, { query: { cursor, unassigned: true } }), 400, 'invalid_request', refused);
    await expectProblem(
      sandbox.api.call('GET', `/workspaces/${workspaceId}/tasks`, { query: { cursor } }),
      400,
      'invalid_request',
      refused,
    );
    await expectProblem(sandbox.api.call('GET', `${path}/search`, { query: { q: 'task', cursor } }), 400, 'invalid_request', refused);
  });

  it('neither repeats nor skips a task when tasks are added between pages', async () => {
    const path = `/workspaces/${workspaceId}/tasks`;
    for (let i = 0; i < 4; i++) await submit(`Filler ${i}`);
    const before = await walk(path, { limit: 50 });
    const first = TaskPage.parse(await sandbox.api.ok('GET', path, { query: { limit: 2 } }));
    const added = await submit('Added between pages');
    const rest = await walk(path, { limit: 50, cursor: first.nextCursor! } as Record<string, string | number>);
    expect([...first.items, ...rest].map((t) => t.id)).toEqual([...before.map((t) => t.id), added.id]);
  });
});

describe('search_tasks', () => {
  it('finds tasks whose title or description holds every word, ignoring case', async () => {
    const a = await submit('Refund order 1042', { description: 'Customer in Lisbon wants a refund' });
    const b = await submit('Lisbon office move');
    const path = `/workspaces/${workspaceId}/tasks/search`;
    const ids = async (q: string) => TaskPage.parse(await sandbox.api.ok('GET', path, { query: { q } })).items.map((t) => t.id);
    expect(await ids('LISBON')).toEqual([a.id, b.id]);
    expect(await ids('lisbon refund')).toEqual([a.id]);
    expect(await ids('refund madrid')).toEqual([]);
  });

  it('pages its results with cursors', async () => {
    for (let i = 0; i < 3; i++) await submit(`Zebra ${i}`);
    const path = `/workspaces/${workspaceId}/tasks/search`;
    const one = TaskPage.parse(await sandbox.api.ok('GET', path, { query: { q: 'zebra', limit: 2 } }));
    expect(one.items.map((t) => t.title)).toEqual(['Zebra 0', 'Zebra 1']);
    const two = TaskPage.parse(await sandbox.api.ok('GET', path, { query: { q: 'zebra', limit: 2, cursor: one.nextCursor! } }));
    expect(two).toMatchObject({ items: [{ title: 'Zebra 2' }], nextCursor: null });
    await expectProblem(
      sandbox.api.call('GET', path, { query: { q: 'other', cursor: one.nextCursor! } }),
      400,
      'invalid_request',
      /^cursor:/,
    );
  });

  it('needs words', async () => {
    const path = `/workspaces/${workspaceId}/tasks/search`;
    await expectProblem(sandbox.api.call('GET', path), 400, 'invalid_request', /^q: is required/);
    await expectProblem(sandbox.api.call('GET', path, { query: { q: '' } }), 400, 'invalid_request', /^q: must not be empty/);
    await expectProblem(
      sandbox.api.call('GET', path, { query: { q: '   ' } }),
      400,
      'invalid_request',
      /^q: must contain at least one word/,
    );
    await expectProblem(
      sandbox.api.call('GET', path, { query: { q: 'x'.repeat(501) } }),
      400,
      'invalid_request',
      /^q: must be at most 500 characters/,
    );
    await expectProblem(sandbox.api.call('GET', '/workspaces/ws_nowhere/tasks/search', { query: { q: 'x' } }), 404, 'not_found');
  });
});

describe('get_task', () => {
  it('returns the task', async () => {
    const task = await submit('Read me', { description: 'Details', dueDate: '2031-05-01T12:00:00+02:00' });
    expect(task).toMatchObject({
      title: 'Read me',
      description: 'Details',
      status: 'todo',
      dueDate: '2031-05-01T10:00:00.000Z',
      assignees: [],
      tags: [],
      notes: [],
      conversationKey: null,
    });
    expect(Task.strict().parse(await sandbox.api.ok('GET', `/tasks/${task.id}`))).toMatchObject({ id: task.id, title: 'Read me' });
  });

  it('answers 404 naming an unknown task and 400 for an over-long id', async () => {
    await expectProblem(sandbox.api.call('GET', '/tasks/t_9'), 404, 'not_found', /^no task t_9 here$/);
    await expectProblem(
      sandbox.api.call('GET', `/tasks/${'t'.repeat(65)}`),
      400,
      'invalid_request',
      /^taskId: must be at most 64 characters/,
    );
  });
});

describe('update_task and complete_task', () => {
  it('changes title, status and due date, and logs each change', async () => {
    const task = await submit('Before');
    const updated = Task.strict().parse(
      await sandbox.api.ok('PATCH', `/tasks/${task.id}`, {
        body: { title: 'After', status: 'waiting', dueDate: '2030-01-02T03:04:05-01:00' },
      }),
    );
    expect(updated).toMatchObject({ title: 'After', status: 'waiting', dueDate: '2030-01-02T04:04:05.000Z' });
    const cleared = Task.strict().parse(await sandbox.api.ok('PATCH', `/tasks/${task.id}`, { body: { dueDate: null } }));
    expect(cleared.dueDate).toBeNull();

    const events = EventPage.parse(await sandbox.api.ok('GET', `/tasks/${task.id}/events`, { query: { limit: 50 } })).items;
    const mine = events.filter((e) => e.actor.kind === 'person').map((e) => [e.kind, e.summary]);
    expect(mine).toEqual([
      ['task.created', expect.stringContaining('Before')],
      ['task.updated', 'Title changed to "After"; Due date set to 2030-01-02T04:04:05.000Z'],
      ['status.changed', 'Status changed from To do to Waiting'],
      ['task.updated', 'Due date cleared'],
    ]);
  });

  it('refuses a status that is not a column, and bad fields', async () => {
    const task = await submit('Strict');
    await expectProblem(
      sandbox.api.call('PATCH', `/tasks/${task.id}`, { body: { status: 'archived' } }),
      400,
      'invalid_request',
      /^status: no column archived in this workspace; columns: todo, in_progress, waiting, done$/,
    );
    await expectProblem(
      sandbox.api.call('PATCH', `/tasks/${task.id}`, { body: { dueDate: 'tomorrow' } }),
      400,
      'invalid_request',
      /^dueDate: must be an ISO 8601 date-time/,
    );
    await expectProblem(
      sandbox.api.call('PATCH', `/tasks/${task.id}`, { body: { title: '' } }),
      400,
      'invalid_request',
      /^title: must not be empty/,
    );
    await expectProblem(
      sandbox.api.call('PATCH', `/tasks/${task.id}`, { body: { assignees: [] } }),
      400,
      'invalid_request',
      /unknown field assignees/,
    );
    await expectProblem(sandbox.api.call('PATCH', '/tasks/t_nope', { body: { title: 'x' } }), 404, 'not_found', /no task t_nope/);
    expect(Task.parse(await sandbox.api.ok('GET', `/tasks/${task.id}`)).title).toBe('Strict');
  });

  it('complete_task moves the task to done', async () => {
    const task = await submit('Finish me');
    const done = Task.strict().parse(await sandbox.api.ok('POST', `/tasks/${task.id}/complete`, { body: {} }));
    expect(done.status).toBe('done');
    const again = Task.strict().parse(await sandbox.api.ok('POST', `/tasks/${task.id}/complete`, { body: {} }));
    expect(again.status).toBe('done');
    const events = EventPage.parse(await sandbox.api.ok('GET', `/tasks/${task.id}/events`, { query: { limit: 50 } })).items;
    expect(events.filter((e) => e.kind === 'status.changed' && e.summary.endsWith('to Done'))).toHaveLength(1);
    await expectProblem(sandbox.api.call('POST', '/tasks/t_nope/complete', { body: {} }), 404, 'not_found');
    await expectProblem(
      sandbox.api.call('POST', `/tasks/${task.id}/complete`, { body: { status: 'done' } }),
      400,
      'invalid_request',
      /unknown field status/,
    );
  });
});

describe('assign_task, set_task_tags, add_task_note', () => {
  it('assigns members only, once each', async () => {
    const task = await submit('People');
    const assigned = Task.strict().parse(
      await sandbox.api.ok('POST', `/tasks/${task.id}/assignees`, { body: { assigneeIds: ['usr_ada', 'usr_ada'] } }),
    );
    expect(assigned.assignees).toEqual([{ id: 'usr_ada', name: 'Ada Lovelace' }]);
    await expectProblem(
      sandbox.api.call('POST', `/tasks/${task.id}/assignees`, { body: { assigneeIds: ['usr_ada', 'usr_ben'] } }),
      400,
      'invalid_request',
      new RegExp(`^assigneeIds\\[1\\]: usr_ben is not a member of workspace ${workspaceId}`),
    );
    await expectProblem(
      sandbox.api.call('POST', `/tasks/${task.id}/assignees`, { body: { assigneeIds: [''] } }),
      400,
      'invalid_request',
      /^assigneeIds\[0\]: must not be empty/,
    );
    await expectProblem(
      sandbox.api.call('POST', `/tasks/${task.id}/assignees`, { body: {} }),
      400,
      'invalid_request',
      /^assigneeIds: is required/,
    );
    const unassigned = Task.strict().parse(await sandbox.api.ok('POST', `/tasks/${task.id}/assignees`, { body: { assigneeIds: [] } }));
    expect(unassigned.assignees).toEqual([]);
    await expectProblem(sandbox.api.call('POST', '/tasks/t_nope/assignees', { body: { assigneeIds: [] } }), 404, 'not_found');
  });

  it('sets tags without duplicates, in the order given', async () => {
    const task = await submit('Tags');
    const tagged = Task.strict().parse(await sandbox.api.ok('POST', `/tasks/${task.id}/tags`, { body: { tags: ['b', 'a', 'b', 'c'] } }));
    expect(tagged.tags).toEqual(['b', 'a', 'c']);
    expect(Task.strict().parse(await sandbox.api.ok('POST', `/tasks/${task.id}/tags`, { body: { tags: [] } })).tags).toEqual([]);
    await expectProblem(
      sandbox.api.call('POST', `/tasks/${task.id}/tags`, { body: { tags: ['x'.repeat(101)] } }),
      400,
      'invalid_request',
      /^tags\[0\]: must be at most 100 characters/,
    );
    await expectProblem(
      sandbox.api.call('POST', `/tasks/${task.id}/tags`, { body: { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) } }),
      400,
      'invalid_request',
      /^tags: must have at most 50 items/,
    );
    await expectProblem(sandbox.api.call('POST', '/tasks/t_nope/tags', { body: { tags: [] } }), 404, 'not_found');
  });

  it('adds notes by the signed-in user', async () => {
    const task = await submit('Notes');
    const noted = Task.strict().parse(await sandbox.api.ok('POST', `/tasks/${task.id}/notes`, { body: { content: 'First note' } }));
    expect(noted.notes).toEqual([
      { id: expect.any(String), content: 'First note', author: { id: 'usr_ada', name: 'Ada Lovelace' }, createdAt: expect.any(String) },
    ]);
    const twice = Task.strict().parse(await sandbox.api.ok('POST', `/tasks/${task.id}/notes`, { body: { content: 'x'.repeat(10_000) } }));
    expect(twice.notes.map((n) => n.content.length)).toEqual([10, 10_000]);
    await expectProblem(
      sandbox.api.call('POST', `/tasks/${task.id}/notes`, { body: { content: '' } }),
      400,
      'invalid_request',
      /^content: must not be empty/,
    );
    await expectProblem(
      sandbox.api.call('POST', `/tasks/${task.id}/notes`, { body: { content: 'x'.repeat(10_001) } }),
      400,
      'invalid_request',
      /^content: must be at most 10000 characters/,
    );
    await expectProblem(sandbox.api.call('POST', '/tasks/t_nope/notes', { body: { content: 'hi' } }), 404, 'not_found');
  });
});

describe('list_task_events and list_task_messages', () => {
  it('pages the activity log oldest first', async () => {
    const task = await submit('Busy');
    await sandbox.api.ok('POST', `/tasks/${task.id}/tags`, { body: { tags: ['one'] } });
    await sandbox.api.ok('POST', `/tasks/${task.id}/notes`, { body: { content: 'note' } });
    await sandbox.api.ok('POST', `/tasks/${task.id}/assignees`, { body: { assigneeIds: ['usr_ada'] } });
    const all = EventPage.parse(await sandbox.api.ok('GET', `/tasks/${task.id}/events`, { query: { limit: 50 } })).items;
    const walked: typeof all = [];
    let cursor: string | null = null;
    do {
      const page = EventPage.parse(
        await sandbox.api.ok('GET', `/tasks/${task.id}/events`, { query: cursor ? { limit: 1, cursor } : { limit: 1 } }),
      );
      walked.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked.map((e) => e.id)).toEqual(all.map((e) => e.id));
    const kinds = all.filter((e) => e.actor.kind === 'person').map((e) => e.kind);
    expect(kinds).toEqual(['task.created', 'tags.changed', 'note.added', 'assignees.changed']);
    expect(all.every((e) => e.taskId === task.id)).toBe(true);
    await expectProblem(
      sandbox.api.call('GET', `/tasks/${task.id}/events`, { query: { limit: 51 } }),
      400,
      'invalid_request',
      /^limit: must be at most 50/,
    );
    await expectProblem(sandbox.api.call('GET', '/tasks/t_nope/events'), 404, 'not_found');
  });

  it('lists the chat oldest first', async () => {
    const task = await submit('Chatty');
    await sandbox.api.ok('POST', `/tasks/${task.id}/messages`, { body: { content: 'first' } });
    await sandbox.api.ok('POST', `/tasks/${task.id}/messages`, { body: { content: 'second' } });
    const page = MessagePage.parse(await sandbox.api.ok('GET', `/tasks/${task.id}/messages`, { query: { limit: 50 } }));
    const mine = page.items.filter((m) => m.author.kind === 'person');
    expect(mine.map((m) => m.content)).toEqual(['first', 'second']);
    expect(mine[0]!.author).toEqual({ kind: 'person', id: 'usr_ada', name: 'Ada Lovelace' });
    await expectProblem(sandbox.api.call('GET', `/tasks/${task.id}/messages`, { query: { limit: 0 } }), 400, 'invalid_request', /^limit:/);
    await expectProblem(sandbox.api.call('GET', '/tasks/t_nope/messages'), 404, 'not_found');
  });
});

describe('list_task_conversation_messages', () => {
  it('reads the source thread with the key get_task gives', async () => {
    const task = await submit('From an email');
    const key = addConversation(sandbox, task.id, orgIdOf(sandbox, 'acme'), ['Hello', 'Are you there?', 'Ping']);
    const read = Task.strict().parse(await sandbox.api.ok('GET', `/tasks/${task.id}`));
    expect(read.conversationKey).toBe(key);
    const one = MessagePage.parse(
      await sandbox.api.ok('GET', `/tasks/${task.id}/conversation`, { query: { conversationKey: key, limit: 2 } }),
    );
    expect(one.items.map((m) => m.content)).toEqual(['Hello', 'Are you there?']);
    const two = MessagePage.parse(
      await sandbox.api.ok('GET', `/tasks/${task.id}/conversation`, { query: { conversationKey: key, limit: 2, cursor: one.nextCursor! } }),
    );
    expect(two).toMatchObject({ items: [{ content: 'Ping', author: { kind: 'person', name: 'A Customer' } }], nextCursor: null });
    await expectProblem(
      sandbox.api.call('GET', `/tasks/${task.id}/conversation`, { query: { conversationKey: 'email:other' } }),
      404,
      'not_found',
      /^no conversation email:other for this task/,
    );
  });

  it('answers 404 for a task without a source conversation and 400 without a key', async () => {
    const task = await submit('Typed in by hand');
    await expectProblem(
      sandbox.api.call('GET', `/tasks/${task.id}/conversation`, { query: { conversationKey: 'anything' } }),
      404,
      'not_found',
    );
    await expectProblem(sandbox.api.call('GET', `/tasks/${task.id}/conversation`), 400, 'invalid_request', /^conversationKey: is required/);
    await expectProblem(
      sandbox.api.call('GET', `/tasks/${task.id}/conversation`, { query: { conversationKey: 'k'.repeat(501) } }),
      400,
      'invalid_request',
      /^conversationKey: must be at most 500 characters/,
    );
    await expectProblem(
      sandbox.api.call('GET', '/tasks/t_nope/conversation', { query: { conversationKey: 'k' } }),
      404,
      'not_found',
      /no task t_nope/,
    );
  });
});

describe('delete_task', () => {
  it('refuses a task that is not done', async () => {
    const task = await submit('Not finished');
    await expectProblem(sandbox.api.call('DELETE', `/tasks/${task.id}`), 409, 'task_not_done', /only a done task can be deleted/);
    Task.parse(await sandbox.api.ok('GET', `/tasks/${task.id}`));
  });

  it('deletes a done task with its pending actions and reminders; its runs stay', async () => {
    const task = await submit('Finished');
    const runs = pageOf(Run.strict(), 'cursor').parse(await sandbox.api.ok('GET', `/tasks/${task.id}/runs`)).items;
    const action = addPendingAction(sandbox, task.id, 'question', { question: 'Why?' });
    const reminder = Reminder.strict().parse(
      await sandbox.api.ok('POST', `/tasks/${task.id}/reminders`, {
        body: { message: 'later', remindAt: new Date(Date.now() + 86_400_000).toISOString() },
      }),
    );
    PendingAction.parse(await sandbox.api.ok('GET', `/pending-actions/${action.id}`));
    await sandbox.api.ok('POST', `/tasks/${task.id}/complete`, { body: {} });

    expect(Deleted.strict().parse(await sandbox.api.ok('DELETE', `/tasks/${task.id}`))).toEqual({ id: task.id, deleted: true });
    await expectProblem(sandbox.api.call('GET', `/tasks/${task.id}`), 404, 'not_found', new RegExp(`no task ${task.id}`));
    await expectProblem(sandbox.api.call('DELETE', `/tasks/${task.id}`), 404, 'not_found');
    await expectProblem(sandbox.api.call('GET', `/pending-actions/${action.id}`), 404, 'not_found');
    await expectProblem(sandbox.api.call('DELETE', `/reminders/${reminder.id}`), 404, 'not_found');
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) expect(Run.strict().parse(await sandbox.api.ok('GET', `/runs/${run.id}`)).taskId).toBe(task.id);
  });
});
