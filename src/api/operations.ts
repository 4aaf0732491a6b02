// THE operations catalog: one entry per operation of the Workspace Task Service. The client's HTTP layer,
// the sandbox's routes and its MCP tools are all generated from it; no other file repeats a path, a query
// name or a body field. Bounds come from the spec; names the spec leaves open come from DESIGN.md.
import * as z from 'zod';
import { cronProblem, CRON_SHAPES_TEXT } from './cron.js';
import type { ResourceName } from './resources.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type Scope = 'workspace:read' | 'workspace:write' | 'agents:read' | 'agents:write' | 'approvals:write';
export const SCOPES: readonly Scope[] = ['workspace:read', 'workspace:write', 'agents:read', 'agents:write', 'approvals:write'];

/**
 * How an operation answers:
 * - `object`: one resource;
 * - `list`: a page `{ items, nextCursor: null }` holding every item;
 * - `cursor`: a page `{ items, nextCursor }`, continued by passing `cursor`;
 * - `offset`: a handbook entry piece `{ id, title, body, nextOffset }`, continued by passing `offset`.
 */
export type PageKind = 'object' | 'list' | 'cursor' | 'offset';

// ---- Field schemas, with the spec's bounds -------------------------------------------------------

export const MAX_OFFSET = 9007199254740991;
const id = () => z.string().min(1).max(64);
const text = (min: number, max: number) => z.string().min(min).max(max);
const dateTime = () => z.iso.datetime({ offset: true }).describe('ISO 8601 date-time with a time zone');
const cursor = () => z.string().max(2000).optional().describe('nextCursor from the previous page');
const limit = (max: number, dflt: number) => z.number().int().min(1).max(max).default(dflt).describe(`page size, 1 to ${max}`);
const cron = () =>
  text(9, 100)
    .superRefine((value, ctx) => {
      const problem = cronProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .describe(`five-field cron in the organization's timezone; one of: ${CRON_SHAPES_TEXT}`);
const httpUrl = () =>
  z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .describe('http or https URL');

const empty = () => z.object({}).strict();
const pageQuery = (max = 50, dflt = 20) => z.object({ cursor: cursor(), limit: limit(max, dflt) }).strict();

// ---- Operation definitions -----------------------------------------------------------------------

export interface OperationDef<P extends z.ZodObject = z.ZodObject, Q extends z.ZodObject = z.ZodObject, B extends z.ZodObject | null = z.ZodObject | null> {
  method: Method;
  path: string; // under /api/v1, with {name} placeholders
  scope: Scope;
  summary: string;
  page: PageKind;
  result: ResourceName; // the resource (or the item of a page)
  /** Safe to repeat after a lost response: the client may retry it. */
  idempotent: boolean;
  pathParams: P;
  query: Q;
  body: B;
}

interface Schemas<P, Q, B> {
  pathParams: P;
  query?: Q;
  body?: B;
}

/**
 * An operation of the catalog. Its schemas are built on first use, not when the catalog loads: building
 * all 56 operations' zod schemas takes longer than a one-request command's whole HTTP exchange, and a
 * run of the CLI checks one operation's input.
 */
function op<P extends z.ZodObject, Q extends z.ZodObject, B extends z.ZodObject | null>(
  def: Omit<OperationDef<P, Q, B>, 'idempotent' | 'pathParams' | 'query' | 'body'> & { idempotent?: boolean; schemas: () => Schemas<P, Q, B> },
): OperationDef<P, Q, B> {
  const { schemas, ...meta } = def;
  let built: { pathParams: P; query: Q; body: B } | undefined;
  const build = () => {
    if (!built) {
      const s = schemas();
      built = { pathParams: s.pathParams, query: (s.query ?? empty()) as Q, body: (s.body ?? null) as B };
    }
    return built;
  };
  return {
    ...meta,
    idempotent: def.idempotent ?? def.method !== 'POST',
    get pathParams() {
      return build().pathParams;
    },
    get query() {
      return build().query;
    },
    get body() {
      return build().body;
    },
  };
}

const ws = () => z.object({ workspaceId: id() }).strict();
const task = () => z.object({ taskId: id() }).strict();
const agent = () => z.object({ agentId: id() }).strict();
const action = () => z.object({ actionId: id() }).strict();
const reminder = () => z.object({ reminderId: id() }).strict();
const section = () => z.object({ sectionId: id() }).strict();
const source = () => z.object({ sourceId: id() }).strict();
const scheduled = () => z.object({ scheduledTaskId: id() }).strict();
const none = () => z.object({}).strict();
const offsetQuery = () => z.object({ offset: z.number().int().min(0).max(MAX_OFFSET).default(0).describe('character offset into the body, from nextOffset') }).strict();
const sectionBody = () => z.object({ title: text(1, 200).optional(), body: text(0, 200_000).optional() }).strict();
const reorderBody = () => z.object({ sectionIds: z.array(id()).min(1).max(500).describe('the complete new order') }).strict();

export const operations = {
  // Workspaces
  list_workspaces: op({ method: 'GET', path: '/workspaces', scope: 'workspace:read', summary: 'workspaces this connection can open', page: 'list', result: 'Workspace', schemas: () => ({ pathParams: none() }) }),
  list_workspace_members: op({ method: 'GET', path: '/workspaces/{workspaceId}/members', scope: 'workspace:read', summary: 'people in a workspace', page: 'list', result: 'Member', schemas: () => ({ pathParams: ws() }) }),
  list_workspace_statuses: op({ method: 'GET', path: '/workspaces/{workspaceId}/statuses', scope: 'workspace:read', summary: 'columns of the task board', page: 'list', result: 'Status', schemas: () => ({ pathParams: ws() }) }),
  create_workspace: op({
    method: 'POST', path: '/workspaces', scope: 'workspace:write', summary: 'create a workspace with its own agent', page: 'object', result: 'Workspace',
    schemas: () => ({
      pathParams: none(),
      body: z.object({ name: text(1, 200), folderId: id().optional() }).strict(),
    }),
  }),
  rename_workspace: op({
    method: 'PATCH', path: '/workspaces/{workspaceId}', scope: 'workspace:write', summary: "change a workspace's name", page: 'object', result: 'Workspace',
    schemas: () => ({
      pathParams: ws(),
      body: z.object({ name: text(1, 200) }).strict(),
    }),
  }),
  archive_workspace: op({ method: 'POST', path: '/workspaces/{workspaceId}/archive', scope: 'workspace:write', summary: 'hide a workspace, pause its agents and automations', page: 'object', result: 'Workspace', idempotent: true, schemas: () => ({ pathParams: ws(), body: empty() }) }),

  // Tasks
  list_tasks: op({
    method: 'GET', path: '/workspaces/{workspaceId}/tasks', scope: 'workspace:read', summary: 'tasks in one column', page: 'cursor', result: 'Task',
    schemas: () => ({
      pathParams: ws(),
      query: z.object({
        status: text(1, 64).optional().describe('status key from list_workspace_statuses'),
        assignee: id().optional().describe('only tasks assigned to this user'),
        tag: text(1, 100).optional().describe('only tasks with this tag name'),
        unassigned: z.boolean().optional().describe('only tasks nobody is assigned to'),
        cursor: cursor(),
        limit: limit(50, 20),
      }).strict(),
    }),
  }),
  search_tasks: op({
    method: 'GET', path: '/workspaces/{workspaceId}/tasks/search', scope: 'workspace:read', summary: 'find tasks by words in title or description', page: 'cursor', result: 'Task',
    schemas: () => ({
      pathParams: ws(),
      query: z.object({ q: text(1, 500).describe('search words'), cursor: cursor(), limit: limit(50, 20) }).strict(),
    }),
  }),
  get_task: op({ method: 'GET', path: '/tasks/{taskId}', scope: 'workspace:read', summary: 'status, people, tags, due date, notes', page: 'object', result: 'Task', schemas: () => ({ pathParams: task() }) }),
  list_task_events: op({ method: 'GET', path: '/tasks/{taskId}/events', scope: 'workspace:read', summary: 'activity on a task', page: 'cursor', result: 'Event', schemas: () => ({ pathParams: task(), query: pageQuery() }) }),
  list_task_messages: op({ method: 'GET', path: '/tasks/{taskId}/messages', scope: 'workspace:read', summary: 'chat with the agent on a task', page: 'cursor', result: 'Message', schemas: () => ({ pathParams: task(), query: pageQuery() }) }),
  list_task_conversation_messages: op({
    method: 'GET', path: '/tasks/{taskId}/conversation', scope: 'workspace:read', summary: 'email or chat thread the task came from', page: 'cursor', result: 'Message',
    schemas: () => ({
      pathParams: task(),
      query: z.object({ conversationKey: text(1, 500).describe('from get_task'), cursor: cursor(), limit: limit(50, 20) }).strict(),
    }),
  }),
  update_task: op({
    method: 'PATCH', path: '/tasks/{taskId}', scope: 'workspace:write', summary: 'change title, status or due date', page: 'object', result: 'Task',
    schemas: () => ({
      pathParams: task(),
      body: z.object({ title: text(1, 200).optional(), status: text(1, 64).optional(), dueDate: dateTime().nullable().optional() }).strict(),
    }),
  }),
  complete_task: op({ method: 'POST', path: '/tasks/{taskId}/complete', scope: 'workspace:write', summary: 'mark done', page: 'object', result: 'Task', idempotent: true, schemas: () => ({ pathParams: task(), body: empty() }) }),
  assign_task: op({
    method: 'POST', path: '/tasks/{taskId}/assignees', scope: 'workspace:write', summary: 'choose assignees', page: 'object', result: 'Task', idempotent: true,
    schemas: () => ({
      pathParams: task(),
      body: z.object({ assigneeIds: z.array(id()).max(50).describe('the complete set of assignees; empty to unassign') }).strict(),
    }),
  }),
  set_task_tags: op({
    method: 'POST', path: '/tasks/{taskId}/tags', scope: 'workspace:write', summary: 'set the tags', page: 'object', result: 'Task', idempotent: true,
    schemas: () => ({
      pathParams: task(),
      body: z.object({ tags: z.array(text(1, 100)).max(50).describe('the complete set of tags') }).strict(),
    }),
  }),
  add_task_note: op({
    method: 'POST', path: '/tasks/{taskId}/notes', scope: 'workspace:write', summary: 'add a note visible to team and agent', page: 'object', result: 'Task',
    schemas: () => ({
      pathParams: task(),
      body: z.object({ content: text(1, 10_000) }).strict(),
    }),
  }),
  delete_task: op({ method: 'DELETE', path: '/tasks/{taskId}', scope: 'workspace:write', summary: 'delete a task that is already done', page: 'object', result: 'Deleted', schemas: () => ({ pathParams: task() }) }),

  // Agents and runs
  list_agents: op({ method: 'GET', path: '/agents', scope: 'agents:read', summary: "agents in the user's workspaces", page: 'list', result: 'Agent', schemas: () => ({ pathParams: none() }) }),
  submit_task: op({
    method: 'POST', path: '/agents/{agentId}/tasks', scope: 'agents:write', summary: 'create a task and have the agent start on it', page: 'object', result: 'Task',
    schemas: () => ({
      pathParams: agent(),
      body: z.object({ title: text(1, 200), description: text(0, 20_000).optional(), dueDate: dateTime().nullable().optional() }).strict(),
    }),
  }),
  send_task_message: op({
    method: 'POST', path: '/tasks/{taskId}/messages', scope: 'workspace:write', summary: 'send the agent a follow-up', page: 'object', result: 'Message',
    schemas: () => ({
      pathParams: task(),
      body: z.object({ content: text(1, 10_000) }).strict(),
    }),
  }),
  list_task_runs: op({ method: 'GET', path: '/tasks/{taskId}/runs', scope: 'agents:read', summary: 'each time an agent worked on the task', page: 'cursor', result: 'Run', schemas: () => ({ pathParams: task(), query: pageQuery(25, 10) }) }),
  get_run: op({ method: 'GET', path: '/runs/{runId}', scope: 'agents:read', summary: 'output of a run and the actions it proposed', page: 'object', result: 'Run', schemas: () => ({ pathParams: z.object({ runId: id() }).strict() }) }),

  // Pending actions
  list_pending_actions: op({ method: 'GET', path: '/tasks/{taskId}/pending-actions', scope: 'workspace:read', summary: 'actions awaiting a decision', page: 'list', result: 'PendingAction', schemas: () => ({ pathParams: task() }) }),
  get_pending_action: op({ method: 'GET', path: '/pending-actions/{actionId}', scope: 'workspace:read', summary: 'full draft of one action', page: 'object', result: 'PendingAction', schemas: () => ({ pathParams: action() }) }),
  approve_pending_action: op({ method: 'POST', path: '/pending-actions/{actionId}/approve', scope: 'approvals:write', summary: 'approve', page: 'object', result: 'PendingAction', schemas: () => ({ pathParams: action(), body: empty() }) }),
  reject_pending_action: op({
    method: 'POST', path: '/pending-actions/{actionId}/reject', scope: 'approvals:write', summary: 'reject', page: 'object', result: 'PendingAction',
    schemas: () => ({
      pathParams: action(),
      body: z.object({ reason: text(1, 2000).optional() }).strict(),
    }),
  }),
  update_pending_action: op({
    method: 'PATCH', path: '/pending-actions/{actionId}', scope: 'approvals:write', summary: 'edit a draft', page: 'object', result: 'PendingAction',
    schemas: () => ({
      pathParams: action(),
      body: z.object({ draft: z.record(z.string().min(1).max(64), z.unknown()).describe("the action's editable fields") }).strict(),
    }),
  }),
  complete_human_task: op({
    method: 'POST', path: '/pending-actions/{actionId}/complete', scope: 'approvals:write', summary: "mark a person's task done", page: 'object', result: 'PendingAction',
    schemas: () => ({
      pathParams: action(),
      body: z.object({ note: text(1, 10_000).optional() }).strict(),
    }),
  }),
  answer_agent_question: op({
    method: 'POST', path: '/pending-actions/{actionId}/answer', scope: 'approvals:write', summary: "answer an agent's question", page: 'object', result: 'PendingAction',
    schemas: () => ({
      pathParams: action(),
      body: z.object({ answer: text(1, 10_000) }).strict(),
    }),
  }),

  // Reminders
  list_reminders: op({ method: 'GET', path: '/tasks/{taskId}/reminders', scope: 'workspace:read', summary: 'reminders on a task', page: 'list', result: 'Reminder', schemas: () => ({ pathParams: task() }) }),
  create_reminder: op({
    method: 'POST', path: '/tasks/{taskId}/reminders', scope: 'workspace:write', summary: 'wake the agent on a task at a set time', page: 'object', result: 'Reminder',
    schemas: () => ({
      pathParams: task(),
      body: z.object({ message: text(1, 1000), remindAt: dateTime() }).strict(),
    }),
  }),
  update_reminder: op({
    method: 'PATCH', path: '/reminders/{reminderId}', scope: 'workspace:write', summary: "change a reminder's message or time", page: 'object', result: 'Reminder',
    schemas: () => ({
      pathParams: reminder(),
      body: z.object({ message: text(1, 1000).optional(), remindAt: dateTime().optional() }).strict(),
    }),
  }),
  cancel_reminder: op({ method: 'DELETE', path: '/reminders/{reminderId}', scope: 'workspace:write', summary: 'cancel', page: 'object', result: 'Reminder', schemas: () => ({ pathParams: reminder() }) }),

  // Agent handbooks
  list_agent_instructions: op({ method: 'GET', path: '/agents/{agentId}/instructions', scope: 'agents:read', summary: "entries of an agent's handbook", page: 'list', result: 'HandbookEntry', schemas: () => ({ pathParams: agent() }) }),
  read_agent_instruction_section: op({ method: 'GET', path: '/agent-instructions/{sectionId}', scope: 'agents:read', summary: 'full text of one entry', page: 'offset', result: 'HandbookPiece', schemas: () => ({ pathParams: section(), query: offsetQuery() }) }),
  update_agent_instruction_section: op({ method: 'PATCH', path: '/agent-instructions/{sectionId}', scope: 'agents:write', summary: 'edit an entry', page: 'object', result: 'HandbookEntry', schemas: () => ({ pathParams: section(), body: sectionBody() }) }),
  reorder_agent_instruction_sections: op({ method: 'POST', path: '/agents/{agentId}/instructions/reorder', scope: 'agents:write', summary: 'change entry order', page: 'list', result: 'HandbookEntry', idempotent: true, schemas: () => ({ pathParams: agent(), body: reorderBody() }) }),

  // Company handbook
  list_company_handbook_sections: op({ method: 'GET', path: '/company-handbook', scope: 'agents:read', summary: 'company handbook entries', page: 'list', result: 'HandbookEntry', schemas: () => ({ pathParams: none() }) }),
  read_company_handbook_section: op({ method: 'GET', path: '/company-handbook/{sectionId}', scope: 'agents:read', summary: 'one company entry', page: 'offset', result: 'HandbookPiece', schemas: () => ({ pathParams: section(), query: offsetQuery() }) }),
  update_company_handbook_section: op({ method: 'PATCH', path: '/company-handbook/{sectionId}', scope: 'agents:write', summary: 'edit an entry applying to every agent', page: 'object', result: 'HandbookEntry', schemas: () => ({ pathParams: section(), body: sectionBody() }) }),
  reorder_company_handbook_sections: op({ method: 'POST', path: '/company-handbook/reorder', scope: 'agents:write', summary: 'change order', page: 'list', result: 'HandbookEntry', idempotent: true, schemas: () => ({ pathParams: none(), body: reorderBody() }) }),

  // Knowledge
  list_knowledge_sources: op({ method: 'GET', path: '/knowledge-sources', scope: 'agents:read', summary: 'links and files an agent can consult', page: 'list', result: 'KnowledgeSource', schemas: () => ({ pathParams: none() }) }),
  read_knowledge_source: op({ method: 'GET', path: '/knowledge-sources/{sourceId}', scope: 'agents:read', summary: 'details of one source', page: 'object', result: 'KnowledgeSource', schemas: () => ({ pathParams: source() }) }),
  add_knowledge_link: op({
    method: 'POST', path: '/knowledge-sources', scope: 'agents:write', summary: 'add a web page', page: 'object', result: 'KnowledgeSource',
    schemas: () => ({
      pathParams: none(),
      body: z.object({ name: text(1, 200), url: httpUrl(), note: text(0, 2000).optional() }).strict(),
    }),
  }),
  update_knowledge_source: op({
    method: 'PATCH', path: '/knowledge-sources/{sourceId}', scope: 'agents:write', summary: 'change name, note or address', page: 'object', result: 'KnowledgeSource',
    schemas: () => ({
      pathParams: source(),
      body: z.object({ name: text(1, 200).optional(), note: text(0, 2000).optional(), url: httpUrl().optional() }).strict(),
    }),
  }),
  remove_knowledge_source: op({ method: 'DELETE', path: '/knowledge-sources/{sourceId}', scope: 'agents:write', summary: 'remove a link or file', page: 'object', result: 'Deleted', schemas: () => ({ pathParams: source() }) }),

  // Scheduled tasks
  list_scheduled_tasks: op({ method: 'GET', path: '/scheduled-tasks', scope: 'agents:read', summary: 'prompts run on a schedule', page: 'list', result: 'ScheduledTask', schemas: () => ({ pathParams: none() }) }),
  get_scheduled_task: op({ method: 'GET', path: '/scheduled-tasks/{scheduledTaskId}', scope: 'agents:read', summary: 'prompt, schedule, next run', page: 'object', result: 'ScheduledTask', schemas: () => ({ pathParams: scheduled() }) }),
  list_scheduled_task_runs: op({ method: 'GET', path: '/scheduled-tasks/{scheduledTaskId}/runs', scope: 'agents:read', summary: 'past runs', page: 'cursor', result: 'Run', schemas: () => ({ pathParams: scheduled(), query: pageQuery(25, 10) }) }),
  create_scheduled_task: op({
    method: 'POST', path: '/scheduled-tasks', scope: 'agents:write', summary: 'run a prompt on a repeating schedule', page: 'object', result: 'ScheduledTask',
    schemas: () => ({
      pathParams: none(),
      body: z.object({ title: text(1, 200), prompt: text(1, 20_000), cron: cron(), workspaceId: id(), agentId: id() }).strict(),
    }),
  }),
  update_scheduled_task: op({
    method: 'PATCH', path: '/scheduled-tasks/{scheduledTaskId}', scope: 'agents:write', summary: 'change title, prompt, schedule, workspace or agent', page: 'object', result: 'ScheduledTask',
    schemas: () => ({
      pathParams: scheduled(),
      body: z.object({ title: text(1, 200).optional(), prompt: text(1, 20_000).optional(), cron: cron().optional(), workspaceId: id().optional(), agentId: id().optional() }).strict(),
    }),
  }),
  pause_scheduled_task: op({ method: 'POST', path: '/scheduled-tasks/{scheduledTaskId}/pause', scope: 'agents:write', summary: 'stop until resumed', page: 'object', result: 'ScheduledTask', idempotent: true, schemas: () => ({ pathParams: scheduled(), body: empty() }) }),
  resume_scheduled_task: op({ method: 'POST', path: '/scheduled-tasks/{scheduledTaskId}/resume', scope: 'agents:write', summary: 'start again', page: 'object', result: 'ScheduledTask', idempotent: true, schemas: () => ({ pathParams: scheduled(), body: empty() }) }),
  delete_scheduled_task: op({ method: 'DELETE', path: '/scheduled-tasks/{scheduledTaskId}', scope: 'agents:write', summary: 'delete; earlier runs stay', page: 'object', result: 'Deleted', schemas: () => ({ pathParams: scheduled() }) }),
  run_scheduled_task_now: op({ method: 'POST', path: '/scheduled-tasks/{scheduledTaskId}/run', scope: 'agents:write', summary: 'run once outside the schedule', page: 'object', result: 'Run', schemas: () => ({ pathParams: scheduled(), body: empty() }) }),
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export const OPERATION_IDS = Object.keys(operations) as OperationId[];

type BodyOf<O> = O extends { body: infer B } ? (B extends z.ZodObject ? z.output<B> : undefined) : undefined;
/** What a handler receives once the catalog's schemas have checked and defaulted the input. */
export interface OperationInput<K extends OperationId> {
  path: z.output<Operations[K]['pathParams']>;
  query: z.output<Operations[K]['query']>;
  body: BodyOf<Operations[K]>;
}
/** What a caller passes before checking (query and body may omit defaulted fields). */
export interface OperationArgs<K extends OperationId> {
  path: z.input<Operations[K]['pathParams']>;
  query?: z.input<Operations[K]['query']>;
  body?: Operations[K]['body'] extends z.ZodObject ? z.input<Operations[K]['body']> : undefined;
}

export function getOperation(opId: OperationId): OperationDef {
  return operations[opId] as unknown as OperationDef;
}
