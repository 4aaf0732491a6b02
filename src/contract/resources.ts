// Wire shapes of the service's resources, the one definition of each. The catalog names them per
// operation; the OpenAPI document, the MCP tools' output schemas, the sandbox's views and the client's
// output all follow them. Each carries one example, shown in the OpenAPI document and checked against
// its schema by the OpenAPI linters.
import * as z from 'zod';
import { KNOWN, type Open } from './open-values.js';
import type { OperationDef } from './operations.js';

const id = z.string().min(1).max(64);
const dateTime = z.iso.datetime({ offset: true }).describe('ISO 8601 date-time');
const example = <T extends z.ZodType>(schema: T, value: z.output<T>) => schema.meta({ examples: [value] });

const ada = { id: 'usr_ada', name: 'Ada Lovelace' };
const at = '2026-11-20T09:30:00Z';

/**
 * A field the service's spec leaves open (src/contract/open-values.ts): the values wts knows, or any other
 * text a service sends, which wts shows as it came rather than refuse the whole answer. The OpenAPI
 * document and the MCP tools' schemas show the known values and that others may come.
 */
const open = <const Known extends readonly [string, ...string[]]>(known: Known): z.ZodType<Open<Known[number]>> =>
  z.union([z.enum(known), z.string().describe('a value this version of wts does not know, shown as it came')]);

export const Person = z.object({ id, name: z.string() });
export const Author = z.object({ kind: z.enum(['person', 'agent']), id: z.string(), name: z.string() });

export const Workspace = example(z.object({ id, name: z.string(), folderId: z.string().nullable(), archived: z.boolean() }), {
  id: 'ws_support',
  name: 'Customer Support',
  folderId: null,
  archived: false,
});
export const Member = example(z.object({ id, name: z.string(), email: z.string() }), {
  id: 'usr_ada',
  name: 'Ada Lovelace',
  email: 'ada@acme.example',
});
export const Status = example(z.object({ key: z.string().min(1).max(64), name: z.string(), position: z.number().int() }), {
  key: 'todo',
  name: 'To do',
  position: 0,
});
export const Note = z.object({ id, content: z.string(), author: Person, createdAt: dateTime });
export const Task = example(
  z.object({
    id,
    workspaceId: id,
    title: z.string(),
    description: z.string(),
    status: z.string().describe('status key, a column of the workspace board'),
    assignees: z.array(Person),
    tags: z.array(z.string()),
    dueDate: dateTime.nullable(),
    notes: z.array(Note),
    conversationKey: z.string().nullable().describe('the email or chat thread the task came from, for list_task_conversation_messages'),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
  {
    id: 'task_s001',
    workspaceId: 'ws_support',
    title: 'Cannot log in after password reset',
    description: 'Lena Vogt reset her password and now gets "invalid credentials" with the new one.',
    status: 'todo',
    assignees: [ada],
    tags: ['bug', 'login'],
    dueDate: '2026-11-24T17:00:00Z',
    notes: [{ id: 'note_1', content: 'She is the only admin of her workspace.', author: ada, createdAt: at }],
    conversationKey: 'chat:#support-widget:1716890000.001200',
    createdAt: '2026-11-17T08:12:00Z',
    updatedAt: at,
  },
);
export const Event = example(z.object({ id, taskId: id, kind: z.string(), summary: z.string(), actor: Author, createdAt: dateTime }), {
  id: 'evt_s0001',
  taskId: 'task_s001',
  kind: 'status.changed',
  summary: 'Status changed from To do to In progress',
  actor: { kind: 'person', ...ada },
  createdAt: at,
});
export const Message = example(z.object({ id, author: Author, content: z.string(), createdAt: dateTime }), {
  id: 'msg_1',
  author: { kind: 'agent', id: 'agt_support', name: 'Support Agent' },
  content: 'I drafted a reply asking Lena to use the newest reset link.',
  createdAt: at,
});
export const Agent = example(z.object({ id, name: z.string(), workspaceId: id }), {
  id: 'agt_support',
  name: 'Support Agent',
  workspaceId: 'ws_support',
});
export const RunState = open(KNOWN.runState);
export const Run = example(
  z.object({
    id,
    taskId: id,
    agentId: id,
    state: RunState,
    output: z.string(),
    proposedActionIds: z.array(id),
    startedAt: dateTime,
    finishedAt: dateTime.nullable(),
  }),
  {
    id: 'run_s001',
    taskId: 'task_s001',
    agentId: 'agt_support',
    state: 'succeeded',
    output: 'Drafted a reply to Lena.',
    proposedActionIds: ['act_s001'],
    startedAt: at,
    finishedAt: '2026-11-20T09:31:10Z',
  },
);
export const PendingAction = example(
  z.object({
    id,
    taskId: id,
    kind: open(KNOWN.actionKind),
    state: open(KNOWN.actionState),
    summary: z.string(),
    draft: z.record(z.string(), z.unknown()).describe("the action's fields, as the agent drafted them"),
    createdAt: dateTime,
  }),
  {
    id: 'act_s001',
    taskId: 'task_s001',
    kind: 'action',
    state: 'pending',
    summary: 'Reply to Lena Vogt',
    draft: {
      to: 'lena.vogt@example.com',
      subject: 'Re: Login not working after reset',
      body: 'Hi Lena, please use the newest reset link.',
    },
    createdAt: at,
  },
);
export const Reminder = example(z.object({ id, taskId: id, message: z.string(), remindAt: dateTime, state: open(KNOWN.reminderState) }), {
  id: 'rem_s001',
  taskId: 'task_s001',
  message: 'Check whether Lena could sign in',
  remindAt: '2026-11-21T09:00:00Z',
  state: 'scheduled',
});
export const HandbookEntry = example(z.object({ id, title: z.string(), position: z.number().int() }), {
  id: 'sec_support_1',
  title: 'Tone of voice',
  position: 0,
});
export const HandbookPiece = example(
  z.object({
    id,
    title: z.string(),
    body: z.string().describe('the body from the requested offset'),
    nextOffset: z.number().int().nullable().describe('offset of the next piece; null when the body is complete'),
  }),
  { id: 'sec_support_1', title: 'Tone of voice', body: 'Write as a colleague would: short sentences, no jargon.', nextOffset: null },
);
export const KnowledgeSource = example(
  z.object({ id, name: z.string(), note: z.string(), url: z.string().nullable(), fileName: z.string().nullable() }),
  {
    id: 'ks_s001',
    name: 'Help center',
    note: 'Public answers to common questions',
    url: 'https://help.acme.example/',
    fileName: null,
  },
);
export const ScheduledTask = example(
  z.object({
    id,
    title: z.string(),
    prompt: z.string(),
    cron: z.string(),
    timezone: z.string().describe("the organization's timezone, in which cron is read"),
    workspaceId: id,
    agentId: id,
    state: open(KNOWN.scheduleState),
    nextRunAt: dateTime.nullable(),
    lastRun: z.object({ id, state: RunState, startedAt: dateTime }).nullable(),
  }),
  {
    id: 'sched_support_weekly',
    title: 'Weekly support summary',
    prompt: 'Summarize the week in support: new tasks, what is waiting, what is overdue.',
    cron: '0 9 * * 1',
    timezone: 'Europe/Berlin',
    workspaceId: 'ws_support',
    agentId: 'agt_support',
    state: 'active',
    nextRunAt: '2026-11-23T08:00:00Z',
    lastRun: { id: 'run_s002', state: 'succeeded', startedAt: '2026-11-16T08:00:00Z' },
  },
);
export const Deleted = example(z.object({ id, deleted: z.literal(true) }), { id: 'task_s001', deleted: true });

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

/**
 * What an operation answers: its resource, or for `list` and `cursor` operations a page of them. The
 * OpenAPI document's responses and the MCP tools' output schemas are both this.
 */
export function resultSchema(op: Pick<OperationDef, 'page' | 'result'>): z.ZodObject {
  const item = resources[op.result];
  if (op.page === 'list') {
    return z.object({
      items: z.array(item).describe('every item'),
      nextCursor: z.null().optional().describe('null: the list is complete'),
    });
  }
  if (op.page === 'cursor') {
    return z.object({
      items: z.array(item).describe('the items of this page'),
      nextCursor: z.string().nullable().optional().describe('pass it back as cursor for the next page; null or absent on the last page'),
    });
  }
  return item;
}
