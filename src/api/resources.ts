// Wire shapes of the service's resources (DESIGN.md, "Resource shapes"). The catalog names them per
// operation; the OpenAPI document, the sandbox's views and the client's output all follow them.
import * as z from 'zod';

const id = z.string().min(1).max(64);
const dateTime = z.string().describe('ISO 8601 date-time');

export const Person = z.object({ id, name: z.string() });
export const Author = z.object({ kind: z.enum(['person', 'agent']), id: z.string(), name: z.string() });

export const Workspace = z.object({ id, name: z.string(), folderId: z.string().nullable(), archived: z.boolean() });
export const Member = z.object({ id, name: z.string(), email: z.string() });
export const Status = z.object({ key: z.string().min(1).max(64), name: z.string(), position: z.number().int() });
export const Note = z.object({ id, content: z.string(), author: Person, createdAt: dateTime });
export const Task = z.object({
  id,
  workspaceId: id,
  title: z.string(),
  description: z.string(),
  status: z.string(),
  assignees: z.array(Person),
  tags: z.array(z.string()),
  dueDate: dateTime.nullable(),
  notes: z.array(Note),
  conversationKey: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export const Event = z.object({ id, taskId: id, kind: z.string(), summary: z.string(), actor: Author, createdAt: dateTime });
export const Message = z.object({ id, author: Author, content: z.string(), createdAt: dateTime });
export const Agent = z.object({ id, name: z.string(), workspaceId: id });
export const RunState = z.enum(['running', 'succeeded', 'failed']);
export const Run = z.object({
  id,
  taskId: id,
  agentId: id,
  state: RunState,
  output: z.string(),
  proposedActionIds: z.array(id),
  startedAt: dateTime,
  finishedAt: dateTime.nullable(),
});
export const PendingAction = z.object({
  id,
  taskId: id,
  kind: z.enum(['action', 'human_task', 'question']),
  state: z.enum(['pending', 'approved', 'rejected', 'completed', 'answered']),
  summary: z.string(),
  draft: z.record(z.string(), z.unknown()),
  createdAt: dateTime,
});
export const Reminder = z.object({ id, taskId: id, message: z.string(), remindAt: dateTime, state: z.enum(['scheduled', 'fired', 'cancelled']) });
export const HandbookEntry = z.object({ id, title: z.string(), position: z.number().int() });
export const HandbookPiece = z.object({ id, title: z.string(), body: z.string(), nextOffset: z.number().int().nullable() });
export const KnowledgeSource = z.object({ id, name: z.string(), note: z.string(), url: z.string().nullable(), fileName: z.string().nullable() });
export const ScheduledTask = z.object({
  id,
  title: z.string(),
  prompt: z.string(),
  cron: z.string(),
  timezone: z.string(),
  workspaceId: id,
  agentId: id,
  state: z.enum(['active', 'paused']),
  nextRunAt: dateTime.nullable(),
  lastRun: z.object({ id, state: RunState, startedAt: dateTime }).nullable(),
});
export const Deleted = z.object({ id, deleted: z.literal(true) });

export const resources = {
  Workspace,
  Member,
  Status,
  Task,
  Event,
  Message,
  Agent,
  Run,
  PendingAction,
  Reminder,
  HandbookEntry,
  HandbookPiece,
  KnowledgeSource,
  ScheduledTask,
  Deleted,
} as const;

export type ResourceName = keyof typeof resources;
export type Resource<N extends ResourceName> = z.output<(typeof resources)[N]>;
