// Records → wire shapes, exactly as src/contract/resources.ts describes them. Handlers never return a record
// as is: state fields such as orgId, memberIds or resolvedBy stay inside the sandbox.
import type { Page } from '../../contract/operations.js';
import type { Resource } from '../../contract/resources.js';
import type { SandboxContext } from '../context.js';
import { ServiceError } from '../problem.js';
import type {
  AgentRec,
  Author,
  KnowledgeRec,
  MessageRec,
  PendingActionRec,
  ReminderRec,
  RunRec,
  ScheduledTaskRec,
  SectionRec,
  Status,
  TaskRec,
  User,
  WorkspaceRec,
  EventRec,
} from '../model.js';

/** Handbook entries are read in pieces of this many characters (`offset` / `nextOffset`). */
export const HANDBOOK_PIECE = 2000;

export function listPage<T>(items: T[]): Page<T> {
  return { items, nextCursor: null };
}

export function workspaceView(ws: WorkspaceRec): Resource<'Workspace'> {
  return { id: ws.id, name: ws.name, folderId: ws.folderId, archived: ws.archived };
}

export function memberView(user: User): Resource<'Member'> {
  return { id: user.id, name: user.name, email: user.email };
}

export function statusView(status: Status): Resource<'Status'> {
  return { key: status.key, name: status.name, position: status.position };
}

function personView(ctx: SandboxContext, userId: string): Resource<'Task'>['assignees'][number] {
  const user = ctx.store.state.data.users.find((u) => u.id === userId);
  return { id: userId, name: user?.name ?? userId };
}

export function taskView(ctx: SandboxContext, task: TaskRec): Resource<'Task'> {
  return {
    id: task.id,
    workspaceId: task.workspaceId,
    title: task.title,
    description: task.description,
    status: task.status,
    assignees: task.assigneeIds.map((id) => personView(ctx, id)),
    tags: [...task.tags],
    dueDate: task.dueDate,
    notes: task.notes.map((n) => ({ id: n.id, content: n.content, author: personView(ctx, n.authorId), createdAt: n.createdAt })),
    conversationKey: task.conversationKey,
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
  };
}

function authorView(author: Author): Resource<'Message'>['author'] {
  return { kind: author.kind, id: author.id, name: author.name };
}

export function eventView(event: EventRec): Resource<'Event'> {
  return {
    id: event.id,
    taskId: event.taskId,
    kind: event.kind,
    summary: event.summary,
    actor: authorView(event.actor),
    createdAt: event.createdAt,
  };
}

/** Task chat messages and source-conversation messages share the Message shape. */
export function messageView(message: Pick<MessageRec, 'id' | 'author' | 'content' | 'createdAt'>): Resource<'Message'> {
  return { id: message.id, author: authorView(message.author), content: message.content, createdAt: message.createdAt };
}

export function agentView(agent: AgentRec): Resource<'Agent'> {
  return { id: agent.id, name: agent.name, workspaceId: agent.workspaceId };
}

export function runView(run: RunRec): Resource<'Run'> {
  return {
    id: run.id,
    taskId: run.taskId,
    agentId: run.agentId,
    state: run.state,
    output: run.output,
    proposedActionIds: [...run.proposedActionIds],
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  };
}

export function pendingActionView(action: PendingActionRec): Resource<'PendingAction'> {
  return {
    id: action.id,
    taskId: action.taskId,
    kind: action.kind,
    state: action.state,
    summary: action.summary,
    draft: structuredClone(action.draft),
    createdAt: action.createdAt,
  };
}

export function reminderView(reminder: ReminderRec): Resource<'Reminder'> {
  return { id: reminder.id, taskId: reminder.taskId, message: reminder.message, remindAt: reminder.remindAt, state: reminder.state };
}

export function entryView(section: SectionRec): Resource<'HandbookEntry'> {
  return { id: section.id, title: section.title, position: section.position };
}

/** The piece of an entry's body starting at `offset` (checked by the caller to be within the body). */
export function pieceView(section: SectionRec, offset: number): Resource<'HandbookPiece'> {
  const end = offset + HANDBOOK_PIECE;
  return {
    id: section.id,
    title: section.title,
    body: section.body.slice(offset, end),
    nextOffset: end < section.body.length ? end : null,
  };
}

export function knowledgeView(source: KnowledgeRec): Resource<'KnowledgeSource'> {
  return { id: source.id, name: source.name, note: source.note, url: source.url, fileName: source.fileName };
}

export function scheduledTaskView(ctx: SandboxContext, rec: ScheduledTaskRec): Resource<'ScheduledTask'> {
  const data = ctx.store.state.data;
  const org = data.organizations.find((o) => o.id === rec.orgId);
  const last = lastRunOf(ctx, rec);
  return {
    id: rec.id,
    title: rec.title,
    prompt: rec.prompt,
    cron: rec.cron,
    timezone: org?.timezone ?? 'UTC',
    workspaceId: rec.workspaceId,
    agentId: rec.agentId,
    state: rec.state,
    nextRunAt: rec.nextRunAt,
    lastRun: last ? { id: last.id, state: last.state, startedAt: last.startedAt } : null,
  };
}

/** The schedule's latest run: the one it recorded, else the newest run that names it. */
function lastRunOf(ctx: SandboxContext, rec: ScheduledTaskRec): RunRec | undefined {
  const runs = ctx.store.state.data.runs;
  const recorded = rec.lastRunId ? runs.find((r) => r.id === rec.lastRunId) : undefined;
  if (recorded) return recorded;
  let newest: RunRec | undefined;
  for (const run of runs) if (run.scheduledTaskId === rec.id && (!newest || run.startedAt >= newest.startedAt)) newest = run;
  return newest;
}

export function deletedView(id: string): Resource<'Deleted'> {
  return { id, deleted: true };
}

/** Times are stored and served in UTC (`2026-11-22T08:00:00.000Z`), whatever offset a caller sent. */
export function utcTime(field: string, value: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new ServiceError('invalid_request', `${field}: is not a valid date-time`);
  return new Date(ms).toISOString();
}
