import type { TaskRec, WorkspaceRec } from '../../model.js';
import { ServiceError } from '../../problem.js';
import { personAuthor, recordEvent } from '../../records.js';
import { currentUser, dataOf, removeWhere, requireTask, requireWorkspace } from '../access.js';
import type { CallContext } from '../dispatch.js';
import type { HandlerGroup } from '../handlers.js';
import { CREATION_ORDER, cursorPage, cursorPageOfOrdered } from '../paging.js';
import { deletedView, eventView, messageView, taskView, utcTime } from '../views.js';

type TaskOps =
  | 'list_tasks'
  | 'search_tasks'
  | 'get_task'
  | 'list_task_events'
  | 'list_task_messages'
  | 'list_task_conversation_messages'
  | 'update_task'
  | 'complete_task'
  | 'assign_task'
  | 'set_task_tags'
  | 'add_task_note'
  | 'delete_task';

const DONE = 'done';

/** The workspace's column with this key, or a 400 naming `field` and the columns there are. */
function requireStatus(ws: WorkspaceRec, key: string, field: string): { key: string; name: string } {
  const status = ws.statuses.find((s) => s.key === key);
  if (status) return status;
  const keys = [...ws.statuses].sort((a, b) => a.position - b.position).map((s) => s.key);
  throw new ServiceError('invalid_request', `${field}: no column ${key} in this workspace; columns: ${keys.join(', ')}`);
}

function statusName(ws: WorkspaceRec, key: string): string {
  return ws.statuses.find((s) => s.key === key)?.name ?? key;
}

/** Records an activity event by the calling user and marks the task as updated. */
function logChange(call: CallContext, task: TaskRec, kind: string, summary: string): void {
  recordEvent(call.ctx, task.id, kind, summary, personAuthor(currentUser(call)));
  task.updatedAt = call.ctx.clock.iso();
}

function setStatus(call: CallContext, task: TaskRec, ws: WorkspaceRec, key: string): void {
  if (task.status === key) return;
  const from = statusName(ws, task.status);
  task.status = key;
  logChange(call, task, 'status.changed', `Status changed from ${from} to ${statusName(ws, key)}`);
}

function names(call: CallContext, userIds: string[]): string {
  const users = dataOf(call).users;
  return userIds.map((id) => users.find((u) => u.id === id)?.name ?? id).join(', ');
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export const taskHandlers: HandlerGroup<TaskOps> = {
  list_tasks: (call, { path, query }) => {
    const ws = requireWorkspace(call, path.workspaceId);
    if (query.status !== undefined) requireStatus(ws, query.status, 'status');
    const { status, assignee, tag, unassigned } = query;
    const match = (t: TaskRec) =>
      t.workspaceId === ws.id &&
      (status === undefined || t.status === status) &&
      (assignee === undefined || t.assigneeIds.includes(assignee)) &&
      (tag === undefined || t.tags.includes(tag)) &&
      (unassigned === undefined || unassigned === (t.assigneeIds.length === 0));
    const listing = { name: 'list_tasks', filters: { workspaceId: ws.id, status, assignee, tag, unassigned }, ...CREATION_ORDER };
    // The store keeps its tasks in this order: a page costs what it holds, not the workspace's size.
    return cursorPageOfOrdered(dataOf(call).tasks, match, listing, query, (t) => taskView(call.ctx, t));
  },

  search_tasks: (call, { path, query }) => {
    const ws = requireWorkspace(call, path.workspaceId);
    const words = query.q.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) throw new ServiceError('invalid_request', 'q: must contain at least one word');
    const match = (t: TaskRec) => {
      if (t.workspaceId !== ws.id) return false;
      const text = `${t.title}\n${t.description}`.toLowerCase();
      return words.every((w) => text.includes(w));
    };
    const listing = { name: 'search_tasks', filters: { workspaceId: ws.id, words }, ...CREATION_ORDER };
    return cursorPageOfOrdered(dataOf(call).tasks, match, listing, query, (t) => taskView(call.ctx, t));
  },

  get_task: (call, { path }) => taskView(call.ctx, requireTask(call, path.taskId).task),

  list_task_events: (call, { path, query }) => {
    const { task } = requireTask(call, path.taskId);
    const events = dataOf(call).events.filter((e) => e.taskId === task.id);
    return cursorPage(events, { name: 'list_task_events', filters: { taskId: task.id }, ...CREATION_ORDER }, query, eventView);
  },

  list_task_messages: (call, { path, query }) => {
    const { task } = requireTask(call, path.taskId);
    const messages = dataOf(call).messages.filter((m) => m.taskId === task.id);
    return cursorPage(messages, { name: 'list_task_messages', filters: { taskId: task.id }, ...CREATION_ORDER }, query, messageView);
  },

  list_task_conversation_messages: (call, { path, query }) => {
    const { task, ws } = requireTask(call, path.taskId);
    if (task.conversationKey === null) throw new ServiceError('not_found', `task ${task.id} did not come from an email or chat thread`);
    const conversation =
      task.conversationKey === query.conversationKey
        ? dataOf(call).conversations.find((c) => c.key === query.conversationKey && c.orgId === ws.orgId)
        : undefined;
    if (!conversation)
      throw new ServiceError('not_found', `no conversation ${query.conversationKey} for this task; get_task gives its conversationKey`);
    const listing = {
      name: 'list_task_conversation_messages',
      filters: { taskId: task.id, key: conversation.key },
      ...CREATION_ORDER,
    };
    return cursorPage(conversation.messages, listing, query, messageView);
  },

  update_task: (call, { path, body }) => {
    const { task, ws } = requireTask(call, path.taskId);
    if (body.status !== undefined) requireStatus(ws, body.status, 'status');
    const dueDate = body.dueDate === undefined || body.dueDate === null ? body.dueDate : utcTime('dueDate', body.dueDate);
    const changes: string[] = [];
    if (body.title !== undefined && body.title !== task.title) {
      task.title = body.title;
      changes.push(`Title changed to "${body.title}"`);
    }
    if (dueDate !== undefined && dueDate !== task.dueDate) {
      task.dueDate = dueDate;
      changes.push(dueDate === null ? 'Due date cleared' : `Due date set to ${dueDate}`);
    }
    if (changes.length > 0) logChange(call, task, 'task.updated', changes.join('; '));
    if (body.status !== undefined) setStatus(call, task, ws, body.status);
    return taskView(call.ctx, task);
  },

  complete_task: (call, { path }) => {
    const { task, ws } = requireTask(call, path.taskId);
    setStatus(call, task, ws, DONE);
    return taskView(call.ctx, task);
  },

  assign_task: (call, { path, body }) => {
    const { task, ws } = requireTask(call, path.taskId);
    body.assigneeIds.forEach((id, i) => {
      if (!ws.memberIds.includes(id))
        throw new ServiceError('invalid_request', `assigneeIds[${i}]: ${id} is not a member of workspace ${ws.id}`);
    });
    const assigneeIds = [...new Set(body.assigneeIds)];
    if (!sameList(assigneeIds, task.assigneeIds)) {
      task.assigneeIds = assigneeIds;
      logChange(call, task, 'assignees.changed', assigneeIds.length ? `Assigned to ${names(call, assigneeIds)}` : 'Unassigned');
    }
    return taskView(call.ctx, task);
  },

  set_task_tags: (call, { path, body }) => {
    const { task } = requireTask(call, path.taskId);
    const tags = [...new Set(body.tags)];
    if (!sameList(tags, task.tags)) {
      task.tags = tags;
      logChange(call, task, 'tags.changed', tags.length ? `Tags set to ${tags.join(', ')}` : 'Tags cleared');
    }
    return taskView(call.ctx, task);
  },

  add_task_note: (call, { path, body }) => {
    const { task } = requireTask(call, path.taskId);
    const user = currentUser(call);
    task.notes.push({ id: call.ctx.store.nextId('note'), content: body.content, authorId: user.id, createdAt: call.ctx.clock.iso() });
    logChange(call, task, 'note.added', `${user.name} added a note`);
    return taskView(call.ctx, task);
  },

  // Only a done task can be deleted. Its pending actions, reminders, chat and activity go with it;
  // its runs stay (get_run still answers them through the agent's workspace).
  delete_task: (call, { path }) => {
    const { task } = requireTask(call, path.taskId);
    if (task.status !== DONE) {
      throw new ServiceError('task_not_done', `task ${task.id} is in ${task.status}; only a done task can be deleted (complete it first)`);
    }
    const data = dataOf(call);
    const ofTask = (item: { taskId: string }) => item.taskId === task.id;
    removeWhere(data.tasks, (t) => t.id === task.id);
    removeWhere(data.pendingActions, ofTask);
    removeWhere(data.reminders, ofTask);
    removeWhere(data.messages, ofTask);
    removeWhere(data.events, ofTask);
    return deletedView(task.id);
  },
};
