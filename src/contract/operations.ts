// THE operations catalog: one entry per operation of the Workspace Task Service. The client's HTTP layer,
// the sandbox's routes and its MCP tools are all generated from it; no other file repeats a path, a query
// name or a body field. Bounds and scopes are the service's published limits; the names of fields and values
// the service leaves open are fixed here, and the sandbox and client follow them.
import * as z from 'zod';
import { cronProblem, CRON_SHAPES_TEXT } from './cron.js';
import type { Resource, ResourceName } from './resources.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const SCOPE_LIST = ['workspace:read', 'workspace:write', 'agents:read', 'agents:write', 'approvals:write'] as const;
export type Scope = (typeof SCOPE_LIST)[number];
/** The API's scopes, each operation needing one of them (the one place they are named). */
export const SCOPES: readonly Scope[] = SCOPE_LIST;
/** The scope that keeps a connection without a sign-in (a refresh token); no operation needs it. */
export const OFFLINE_ACCESS = 'offline_access';
/**
 * What each scope grants: in the service's words (`grants`, which the OpenAPI document shows), and as a
 * consent page asks a person for it (`asks`: the sandbox's).
 */
export const SCOPE_WORDS: Readonly<Record<Scope | typeof OFFLINE_ACCESS, { grants: string; asks: string }>> = {
  'workspace:read': {
    grants: 'workspaces, tasks, notes, messages, reminders, pending approvals (read)',
    asks: 'See workspaces, tasks, notes, messages, reminders and pending approvals',
  },
  'workspace:write': {
    grants: 'create and update tasks, notes, tags, reminders, workspaces',
    asks: 'Create and update tasks, notes, tags, reminders and workspaces',
  },
  'agents:read': {
    grants: 'agents, their runs, instructions, handbook, knowledge, scheduled tasks (read)',
    asks: 'See agents, their runs, instructions, the handbook, knowledge and scheduled tasks',
  },
  'agents:write': {
    grants: 'edit instructions, handbook, knowledge, scheduled tasks; give agents tasks',
    asks: 'Edit instructions, the handbook, knowledge and scheduled tasks, and give agents tasks',
  },
  'approvals:write': {
    grants: 'approve, reject or edit actions agents want to take',
    asks: 'Approve, reject or edit actions agents want to take',
  },
  offline_access: {
    grants: 'keep access without signing in again, until the user disconnects',
    asks: 'Stay connected without signing in again, until you disconnect the app',
  },
};

/**
 * How an operation answers:
 * - `object`: one resource;
 * - `list`: a page `{ items, nextCursor: null }` holding every item;
 * - `cursor`: a page `{ items, nextCursor }`, continued by passing `cursor`;
 * - `offset`: a handbook entry piece `{ id, title, body, nextOffset }`, continued by passing `offset`.
 */
export type PageKind = 'object' | 'list' | 'cursor' | 'offset';

// ---- Field schemas, with the service's bounds------------------------------------------------------
// Every field says what it is (`about`): the MCP tools list and the OpenAPI document show it.

export const MAX_OFFSET = 9007199254740991;
/** A field with its description and, where one helps, example values. */
const about = <T extends z.ZodType>(schema: T, description: string, ...examples: z.input<T>[]): T =>
  schema.meta(examples.length > 0 ? { description, examples } : { description });
const id = () => z.string().min(1).max(64);
const text = (min: number, max: number) => z.string().min(min).max(max);
const dateTime = () => z.iso.datetime({ offset: true }).describe('ISO 8601 date-time with a time zone');
const cursor = () => z.string().max(2000).optional().describe('nextCursor from the previous page; omit for the first page');
const limit = (max: number, dflt: number) =>
  z.number().int().min(1).max(max).default(dflt).describe(`page size, 1 to ${max} (default ${dflt})`);
const cron = () =>
  text(9, 100)
    .superRefine((value, ctx) => {
      const problem = cronProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ description: `five-field cron in the organization's timezone; one of: ${CRON_SHAPES_TEXT}`, examples: ['0 9 * * 1-5'] });
const httpUrl = () =>
  z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .describe('http or https URL');

const empty = () => z.object({}).strict();
const pageQuery = (max = 50, dflt = 20) => z.object({ cursor: cursor(), limit: limit(max, dflt) }).strict();

/** A path identifier: what it names, where it comes from, and a seeded example. */
const pathId = (description: string, example: string) => about(id(), description, example);
const ws = () => z.object({ workspaceId: pathId('workspace id, from list_workspaces', 'ws_support') }).strict();
const task = () => z.object({ taskId: pathId('task id, from list_tasks or search_tasks', 'task_s001') }).strict();
const agent = () => z.object({ agentId: pathId('agent id, from list_agents', 'agt_support') }).strict();
const action = () => z.object({ actionId: pathId('pending action id, from list_pending_actions', 'act_s001') }).strict();
const reminder = () => z.object({ reminderId: pathId('reminder id, from list_reminders', 'rem_s001') }).strict();
const agentSection = () => z.object({ sectionId: pathId('entry id, from list_agent_instructions', 'sec_support_1') }).strict();
const companySection = () =>
  z.object({ sectionId: pathId('entry id, from list_company_handbook_sections', 'sec_acme_company_1') }).strict();
const source = () => z.object({ sourceId: pathId('knowledge source id, from list_knowledge_sources', 'ks_s001') }).strict();
const scheduled = () =>
  z.object({ scheduledTaskId: pathId('scheduled task id, from list_scheduled_tasks', 'sched_support_weekly') }).strict();
const none = () => z.object({}).strict();
const offsetQuery = () =>
  z
    .object({
      offset: z
        .number()
        .int()
        .min(0)
        .max(MAX_OFFSET)
        .default(0)
        .describe('character offset into the body: 0, then the nextOffset of the previous piece'),
    })
    .strict();
const sectionBody = () =>
  z
    .object({
      title: about(text(1, 200).optional(), 'new title', 'Tone of voice'),
      body: about(
        text(0, 200_000).optional(),
        'new body, replacing the whole body',
        'Write as a colleague would: short sentences, no jargon.',
      ),
    })
    .strict();
const reorderBody = () =>
  z
    .object({
      sectionIds: about(z.array(id()).min(1).max(500), 'the complete new order: every entry id of the handbook, each once', [
        'sec_support_2',
        'sec_support_1',
      ]),
    })
    .strict();
const dueDate = () => about(dateTime().nullable().optional(), 'due date, ISO 8601 with a time zone; null for none', '2026-11-24T17:00:00Z');

// ---- Operation definitions -----------------------------------------------------------------------

/** The resource groups, in the service's documented order: OpenAPI tags, and how help and docs group operations. */
export const TAGS = {
  Workspaces: "The organization's workspaces, their members and the columns of their task boards.",
  Tasks: "Tasks on a workspace's board: status, people, tags, due date, notes, chat, activity and the thread a task came from.",
  'Agents and runs': 'The agents of the workspaces, the tasks given to them, and their runs: each time an agent worked on a task.',
  'Pending actions': 'What agents wait on: proposed actions with a full draft, tasks for a person and questions, each settled by a person.',
  Reminders: 'Reminders that wake the agent on a task at a set time.',
  'Agent handbooks': "Each agent's handbook: ordered entries of instructions the agent follows.",
  'Company handbook': "The organization's handbook, whose entries every agent follows.",
  'Knowledge sources': 'Web links and files the agents can consult.',
  'Scheduled tasks': 'Prompts an agent runs on a repeating schedule.',
} as const;
export type Tag = keyof typeof TAGS;

/**
 * What calling an operation does to the service's data, for the MCP tool annotations:
 * - `read`: nothing (readOnlyHint);
 * - `additive`: only adds something new (a task, a note, a message, a reminder…);
 * - `destructive`: overwrites, removes, changes the state of something, or carries out an action
 *   (destructiveHint).
 */
export type Effect = 'read' | 'additive' | 'destructive';

export interface OperationDef<
  P extends z.ZodObject = z.ZodObject,
  Q extends z.ZodObject = z.ZodObject,
  B extends z.ZodObject | null = z.ZodObject | null,
  G extends PageKind = PageKind,
  R extends ResourceName = ResourceName,
> {
  method: Method;
  path: string; // under /api/v1, with {name} placeholders
  scope: Scope;
  /** The operation's purpose, in the service's own words. */
  summary: string;
  /** A name for people: the MCP tool's title and the OpenAPI operation's summary. */
  title: string;
  /** What it does, returns and refuses: the OpenAPI operation's description and the MCP tool's. */
  description: string;
  tag: Tag;
  effect: Effect;
  /**
   * Reaches beyond the service's own data (MCP openWorldHint): approving an action carries it out in
   * the world (a message is sent). Everything else only reads or changes the service's records; agents
   * started by an operation only propose, and what they propose waits for a person.
   */
  openWorld: boolean;
  page: G;
  result: R; // the resource (or the item of a page)
  /**
   * Safe to repeat after a lost response: the client may retry it. Also the MCP idempotentHint: calling
   * it again with the same arguments has no further effect.
   */
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
function op<P extends z.ZodObject, Q extends z.ZodObject, B extends z.ZodObject | null, G extends PageKind, R extends ResourceName>(
  def: Omit<OperationDef<P, Q, B, G, R>, 'idempotent' | 'openWorld' | 'pathParams' | 'query' | 'body'> & {
    idempotent?: boolean;
    openWorld?: boolean;
    schemas: () => Schemas<P, Q, B>;
  },
): OperationDef<P, Q, B, G, R> {
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
    openWorld: def.openWorld ?? false,
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

export const operations = {
  // Workspaces
  list_workspaces: op({
    method: 'GET',
    path: '/workspaces',
    scope: 'workspace:read',
    summary: 'workspaces this connection can open',
    page: 'list',
    result: 'Workspace',
    title: 'List workspaces',
    tag: 'Workspaces',
    effect: 'read',
    description:
      'Lists the workspaces of the organization that this connection can open (all of them, or those the user chose when granting access), each with its folder; archived workspaces are hidden.',
    schemas: () => ({ pathParams: none() }),
  }),
  list_workspace_members: op({
    method: 'GET',
    path: '/workspaces/{workspaceId}/members',
    scope: 'workspace:read',
    summary: 'people in a workspace',
    page: 'list',
    result: 'Member',
    title: 'List workspace members',
    tag: 'Workspaces',
    effect: 'read',
    description:
      'Lists the people in a workspace, with their names and email addresses; their ids are what the assignee of a task and the assignee filter of list_tasks take.',
    schemas: () => ({ pathParams: ws() }),
  }),
  list_workspace_statuses: op({
    method: 'GET',
    path: '/workspaces/{workspaceId}/statuses',
    scope: 'workspace:read',
    summary: 'columns of the task board',
    page: 'list',
    result: 'Status',
    title: 'List board columns',
    tag: 'Workspaces',
    effect: 'read',
    description:
      "Lists the columns of a workspace's task board in board order. Each key is a task status; new tasks start in todo, and a completed task is in done.",
    schemas: () => ({ pathParams: ws() }),
  }),
  create_workspace: op({
    method: 'POST',
    path: '/workspaces',
    scope: 'workspace:write',
    summary: 'create a workspace with its own agent',
    page: 'object',
    result: 'Workspace',
    title: 'Create a workspace',
    tag: 'Workspaces',
    effect: 'additive',
    description:
      'Creates a workspace, optionally in a folder, with its own agent and an empty task board. A connection limited to chosen workspaces cannot create one (403).',
    schemas: () => ({
      pathParams: none(),
      body: z
        .object({
          name: about(text(1, 200), 'name of the workspace', 'Customer Support'),
          folderId: about(id().optional(), 'folder to put the workspace in', 'fld_internal'),
        })
        .strict(),
    }),
  }),
  rename_workspace: op({
    method: 'PATCH',
    path: '/workspaces/{workspaceId}',
    scope: 'workspace:write',
    summary: "change a workspace's name",
    page: 'object',
    result: 'Workspace',
    title: 'Rename a workspace',
    tag: 'Workspaces',
    effect: 'destructive',
    description: "Replaces a workspace's name.",
    schemas: () => ({
      pathParams: ws(),
      body: z.object({ name: about(text(1, 200), 'the new name', 'Support') }).strict(),
    }),
  }),
  archive_workspace: op({
    method: 'POST',
    path: '/workspaces/{workspaceId}/archive',
    scope: 'workspace:write',
    summary: 'hide a workspace, pause its agents and automations',
    page: 'object',
    result: 'Workspace',
    idempotent: true,
    title: 'Archive a workspace',
    tag: 'Workspaces',
    effect: 'destructive',
    description:
      'Archives a workspace: it is hidden, its agent is paused and takes no new tasks, and its active scheduled tasks are paused. Archiving an archived workspace changes nothing.',
    schemas: () => ({ pathParams: ws(), body: empty() }),
  }),

  // Tasks
  list_tasks: op({
    method: 'GET',
    path: '/workspaces/{workspaceId}/tasks',
    scope: 'workspace:read',
    summary: 'tasks in one column',
    page: 'cursor',
    result: 'Task',
    title: 'List tasks',
    tag: 'Tasks',
    effect: 'read',
    description:
      "Lists a workspace's tasks, oldest first, a page at a time: those in one column (status), assigned to someone, carrying a tag or assigned to nobody; the filters combine.",
    schemas: () => ({
      pathParams: ws(),
      query: z
        .object({
          status: about(
            text(1, 64).optional(),
            'only tasks in this column: a status key from list_workspace_statuses (new tasks start in todo)',
            'todo',
          ),
          assignee: about(id().optional(), 'only tasks assigned to this user id, from list_workspace_members', 'usr_ada'),
          tag: about(text(1, 100).optional(), 'only tasks with this tag name', 'bug'),
          unassigned: about(
            z.boolean().optional(),
            'true: only tasks nobody is assigned to; false: only tasks someone is assigned to',
            true,
          ),
          cursor: cursor(),
          limit: limit(50, 20),
        })
        .strict(),
    }),
  }),
  search_tasks: op({
    method: 'GET',
    path: '/workspaces/{workspaceId}/tasks/search',
    scope: 'workspace:read',
    summary: 'find tasks by words in title or description',
    page: 'cursor',
    result: 'Task',
    title: 'Search tasks',
    tag: 'Tasks',
    effect: 'read',
    description: "Finds a workspace's tasks whose title or description contains the words searched for, a page at a time.",
    schemas: () => ({
      pathParams: ws(),
      query: z
        .object({ q: about(text(1, 500), 'the words to search for', 'password reset'), cursor: cursor(), limit: limit(50, 20) })
        .strict(),
    }),
  }),
  get_task: op({
    method: 'GET',
    path: '/tasks/{taskId}',
    scope: 'workspace:read',
    summary: 'status, people, tags, due date, notes',
    page: 'object',
    result: 'Task',
    title: 'Get a task',
    tag: 'Tasks',
    effect: 'read',
    description:
      'Reads one task: its title, description, status, assignees, tags, due date and notes, and the conversationKey of the email or chat thread it came from, if any.',
    schemas: () => ({ pathParams: task() }),
  }),
  list_task_events: op({
    method: 'GET',
    path: '/tasks/{taskId}/events',
    scope: 'workspace:read',
    summary: 'activity on a task',
    page: 'cursor',
    result: 'Event',
    title: 'List task activity',
    tag: 'Tasks',
    effect: 'read',
    description: "Lists a task's activity log, oldest first, a page at a time: who changed what, runs, and decisions on pending actions.",
    schemas: () => ({ pathParams: task(), query: pageQuery() }),
  }),
  list_task_messages: op({
    method: 'GET',
    path: '/tasks/{taskId}/messages',
    scope: 'workspace:read',
    summary: 'chat with the agent on a task',
    page: 'cursor',
    result: 'Message',
    title: 'List task chat',
    tag: 'Tasks',
    effect: 'read',
    description: 'Lists the chat between people and the agent on a task, oldest first, a page at a time.',
    schemas: () => ({ pathParams: task(), query: pageQuery() }),
  }),
  list_task_conversation_messages: op({
    method: 'GET',
    path: '/tasks/{taskId}/conversation',
    scope: 'workspace:read',
    summary: 'email or chat thread the task came from',
    page: 'cursor',
    result: 'Message',
    title: 'List source conversation',
    tag: 'Tasks',
    effect: 'read',
    description:
      'Lists the messages of the email or chat thread a task came from, oldest first, a page at a time. The conversationKey comes from get_task; a task that came from no thread answers 404.',
    schemas: () => ({
      pathParams: task(),
      query: z
        .object({
          conversationKey: about(text(1, 500), "the task's conversationKey, from get_task", 'chat:#support-widget:1716890000.001200'),
          cursor: cursor(),
          limit: limit(50, 20),
        })
        .strict(),
    }),
  }),
  update_task: op({
    method: 'PATCH',
    path: '/tasks/{taskId}',
    scope: 'workspace:write',
    summary: 'change title, status or due date',
    page: 'object',
    result: 'Task',
    title: 'Update a task',
    tag: 'Tasks',
    effect: 'destructive',
    description:
      "Changes a task's title, status (moving it to another column) or due date; fields left out stay as they are, and a null due date clears it.",
    schemas: () => ({
      pathParams: task(),
      body: z
        .object({
          title: about(text(1, 200).optional(), 'the new title', 'Cannot log in after password reset'),
          status: about(text(1, 64).optional(), 'the new status: a key from list_workspace_statuses', 'in_progress'),
          dueDate: dueDate(),
        })
        .strict(),
    }),
  }),
  complete_task: op({
    method: 'POST',
    path: '/tasks/{taskId}/complete',
    scope: 'workspace:write',
    summary: 'mark done',
    page: 'object',
    result: 'Task',
    idempotent: true,
    title: 'Complete a task',
    tag: 'Tasks',
    effect: 'destructive',
    description: 'Marks a task done (status done). Completing a done task changes nothing.',
    schemas: () => ({ pathParams: task(), body: empty() }),
  }),
  assign_task: op({
    method: 'POST',
    path: '/tasks/{taskId}/assignees',
    scope: 'workspace:write',
    summary: 'choose assignees',
    page: 'object',
    result: 'Task',
    idempotent: true,
    title: 'Set assignees',
    tag: 'Tasks',
    effect: 'destructive',
    description: "Replaces a task's assignees with the people given (members of its workspace); an empty list unassigns everyone.",
    schemas: () => ({
      pathParams: task(),
      body: z
        .object({
          assigneeIds: about(
            z.array(id()).max(50),
            'the complete set of assignees, user ids from list_workspace_members; empty to unassign',
            ['usr_ada'],
          ),
        })
        .strict(),
    }),
  }),
  set_task_tags: op({
    method: 'POST',
    path: '/tasks/{taskId}/tags',
    scope: 'workspace:write',
    summary: 'set the tags',
    page: 'object',
    result: 'Task',
    idempotent: true,
    title: 'Set tags',
    tag: 'Tasks',
    effect: 'destructive',
    description: "Replaces a task's tags with the ones given; an empty list removes them all.",
    schemas: () => ({
      pathParams: task(),
      body: z
        .object({ tags: about(z.array(text(1, 100)).max(50), 'the complete set of tags; empty to remove all', ['bug', 'login']) })
        .strict(),
    }),
  }),
  add_task_note: op({
    method: 'POST',
    path: '/tasks/{taskId}/notes',
    scope: 'workspace:write',
    summary: 'add a note visible to team and agent',
    page: 'object',
    result: 'Task',
    title: 'Add a note',
    tag: 'Tasks',
    effect: 'additive',
    description: 'Adds a note to a task, signed by the user, visible to the team and the agent. Answers the task with its notes.',
    schemas: () => ({
      pathParams: task(),
      body: z.object({ content: about(text(1, 10_000), 'the text of the note', 'Called Lena: the newest link worked.') }).strict(),
    }),
  }),
  delete_task: op({
    method: 'DELETE',
    path: '/tasks/{taskId}',
    scope: 'workspace:write',
    summary: 'delete a task that is already done',
    page: 'object',
    result: 'Deleted',
    title: 'Delete a task',
    tag: 'Tasks',
    effect: 'destructive',
    description:
      'Deletes a task that is already done, with its notes, chat, activity, reminders and pending actions; a task that is not done is refused (409). Its runs remain.',
    schemas: () => ({ pathParams: task() }),
  }),

  // Agents and runs
  list_agents: op({
    method: 'GET',
    path: '/agents',
    scope: 'agents:read',
    summary: "agents in the user's workspaces",
    page: 'list',
    result: 'Agent',
    title: 'List agents',
    tag: 'Agents and runs',
    effect: 'read',
    description: 'Lists the agents of the workspaces list_workspaces shows, one per workspace.',
    schemas: () => ({ pathParams: none() }),
  }),
  submit_task: op({
    method: 'POST',
    path: '/agents/{agentId}/tasks',
    scope: 'agents:write',
    summary: 'create a task and have the agent start on it',
    page: 'object',
    result: 'Task',
    title: 'Give an agent a task',
    tag: 'Agents and runs',
    effect: 'additive',
    description:
      "Creates a task in the agent's workspace, in todo, and has the agent start a run on it. Whatever the agent proposes waits as pending actions. A paused agent or an archived workspace takes no task (409).",
    schemas: () => ({
      pathParams: agent(),
      body: z
        .object({
          title: about(text(1, 200), 'title of the task', 'Summarize open login bugs'),
          description: about(
            text(0, 20_000).optional(),
            'what the agent should do, in full',
            'List the open login bugs with their customers and propose a priority for each.',
          ),
          dueDate: dueDate(),
        })
        .strict(),
    }),
  }),
  send_task_message: op({
    method: 'POST',
    path: '/tasks/{taskId}/messages',
    scope: 'workspace:write',
    summary: 'send the agent a follow-up',
    page: 'object',
    result: 'Message',
    title: 'Message the agent on a task',
    tag: 'Agents and runs',
    effect: 'additive',
    description:
      "Sends a message in a task's chat with the agent, which reads it and may work on the task again. Answers the message sent.",
    schemas: () => ({
      pathParams: task(),
      body: z.object({ content: about(text(1, 10_000), 'the message', 'Please also check whether she has two accounts.') }).strict(),
    }),
  }),
  list_task_runs: op({
    method: 'GET',
    path: '/tasks/{taskId}/runs',
    scope: 'agents:read',
    summary: 'each time an agent worked on the task',
    page: 'cursor',
    result: 'Run',
    title: 'List runs of a task',
    tag: 'Agents and runs',
    effect: 'read',
    description:
      'Lists the runs on a task, newest first, a page at a time: each time an agent worked on it, with its state, output and the actions it proposed.',
    schemas: () => ({ pathParams: task(), query: pageQuery(25, 10) }),
  }),
  get_run: op({
    method: 'GET',
    path: '/runs/{runId}',
    scope: 'agents:read',
    summary: 'output of a run and the actions it proposed',
    page: 'object',
    result: 'Run',
    title: 'Get a run',
    tag: 'Agents and runs',
    effect: 'read',
    description:
      'Reads one run: its state (running, succeeded or failed), its output, when it started and finished, and the ids of the actions it proposed.',
    schemas: () => ({
      pathParams: z.object({ runId: pathId('run id, from list_task_runs or list_scheduled_task_runs', 'run_s001') }).strict(),
    }),
  }),

  // Pending actions
  list_pending_actions: op({
    method: 'GET',
    path: '/tasks/{taskId}/pending-actions',
    scope: 'workspace:read',
    summary: 'actions awaiting a decision',
    page: 'list',
    result: 'PendingAction',
    title: 'List pending actions',
    tag: 'Pending actions',
    effect: 'read',
    description:
      'Lists what waits for a decision on a task, oldest first: proposed actions with their drafts, tasks for a person and questions from the agent.',
    schemas: () => ({ pathParams: task() }),
  }),
  get_pending_action: op({
    method: 'GET',
    path: '/pending-actions/{actionId}',
    scope: 'workspace:read',
    summary: 'full draft of one action',
    page: 'object',
    result: 'PendingAction',
    title: 'Get a pending action',
    tag: 'Pending actions',
    effect: 'read',
    description: 'Reads one pending action with its full draft and its state (pending, or how it was settled).',
    schemas: () => ({ pathParams: action() }),
  }),
  approve_pending_action: op({
    method: 'POST',
    path: '/pending-actions/{actionId}/approve',
    scope: 'approvals:write',
    summary: 'approve',
    page: 'object',
    result: 'PendingAction',
    openWorld: true,
    title: 'Approve a pending action',
    tag: 'Pending actions',
    effect: 'destructive',
    description:
      'Approves a proposed action: the service carries it out as drafted (for example, sends the message). Only a pending action of kind action can be approved (409 otherwise).',
    schemas: () => ({ pathParams: action(), body: empty() }),
  }),
  reject_pending_action: op({
    method: 'POST',
    path: '/pending-actions/{actionId}/reject',
    scope: 'approvals:write',
    summary: 'reject',
    page: 'object',
    result: 'PendingAction',
    title: 'Reject a pending action',
    tag: 'Pending actions',
    effect: 'destructive',
    description:
      'Rejects a pending action, a task for a person or a question, with an optional reason told to the agent: it is not carried out. Only a pending one can be rejected (409 otherwise).',
    schemas: () => ({
      pathParams: action(),
      body: z.object({ reason: about(text(1, 2000).optional(), 'why, told to the agent', 'She already got a new link from us.') }).strict(),
    }),
  }),
  update_pending_action: op({
    method: 'PATCH',
    path: '/pending-actions/{actionId}',
    scope: 'approvals:write',
    summary: 'edit a draft',
    page: 'object',
    result: 'PendingAction',
    title: "Edit a pending action's draft",
    tag: 'Pending actions',
    effect: 'destructive',
    description:
      "Replaces fields of a pending action's draft before it is approved; fields left out stay as they are. Only the draft's own fields can be set, each keeping its JSON type.",
    schemas: () => ({
      pathParams: action(),
      body: z
        .object({
          draft: about(z.record(z.string().min(1).max(64), z.unknown()), 'the draft fields to change, by name, with their new values', {
            subject: 'Your new sign-in link',
          }),
        })
        .strict(),
    }),
  }),
  complete_human_task: op({
    method: 'POST',
    path: '/pending-actions/{actionId}/complete',
    scope: 'approvals:write',
    summary: "mark a person's task done",
    page: 'object',
    result: 'PendingAction',
    title: 'Complete a task for a person',
    tag: 'Pending actions',
    effect: 'destructive',
    description:
      'Marks done something an agent asked a person to do, with an optional note for the agent. Only a pending action of kind human_task (409 otherwise).',
    schemas: () => ({
      pathParams: action(),
      body: z
        .object({ note: about(text(1, 10_000).optional(), 'what was done, told to the agent', 'Reset her account by hand.') })
        .strict(),
    }),
  }),
  answer_agent_question: op({
    method: 'POST',
    path: '/pending-actions/{actionId}/answer',
    scope: 'approvals:write',
    summary: "answer an agent's question",
    page: 'object',
    result: 'PendingAction',
    title: "Answer an agent's question",
    tag: 'Pending actions',
    effect: 'destructive',
    description:
      'Answers a question an agent asked; the agent goes on with the answer. Only a pending action of kind question (409 otherwise).',
    schemas: () => ({
      pathParams: action(),
      body: z.object({ answer: about(text(1, 10_000), 'the answer', 'Yes, offer her a call.') }).strict(),
    }),
  }),

  // Reminders
  list_reminders: op({
    method: 'GET',
    path: '/tasks/{taskId}/reminders',
    scope: 'workspace:read',
    summary: 'reminders on a task',
    page: 'list',
    result: 'Reminder',
    title: 'List reminders',
    tag: 'Reminders',
    effect: 'read',
    description: "Lists a task's reminders by time, scheduled, fired and cancelled.",
    schemas: () => ({ pathParams: task() }),
  }),
  create_reminder: op({
    method: 'POST',
    path: '/tasks/{taskId}/reminders',
    scope: 'workspace:write',
    summary: 'wake the agent on a task at a set time',
    page: 'object',
    result: 'Reminder',
    title: 'Create a reminder',
    tag: 'Reminders',
    effect: 'additive',
    description: 'Sets a reminder that wakes the agent on a task at a time in the future, with a message saying why.',
    schemas: () => ({
      pathParams: task(),
      body: z
        .object({
          message: about(text(1, 1000), 'what the agent is reminded of', 'Check whether Lena could sign in'),
          remindAt: about(dateTime(), 'when, ISO 8601 with a time zone; must be in the future', '2026-11-21T09:00:00Z'),
        })
        .strict(),
    }),
  }),
  update_reminder: op({
    method: 'PATCH',
    path: '/reminders/{reminderId}',
    scope: 'workspace:write',
    summary: "change a reminder's message or time",
    page: 'object',
    result: 'Reminder',
    title: 'Update a reminder',
    tag: 'Reminders',
    effect: 'destructive',
    description:
      "Changes a scheduled reminder's message or time; fields left out stay as they are. A reminder that fired or was cancelled cannot change (409).",
    schemas: () => ({
      pathParams: reminder(),
      body: z
        .object({
          message: about(text(1, 1000).optional(), 'the new message', 'Call Lena if she still cannot sign in'),
          remindAt: about(dateTime().optional(), 'the new time, ISO 8601 with a time zone; must be in the future', '2026-11-22T09:00:00Z'),
        })
        .strict(),
    }),
  }),
  cancel_reminder: op({
    method: 'DELETE',
    path: '/reminders/{reminderId}',
    scope: 'workspace:write',
    summary: 'cancel',
    page: 'object',
    result: 'Reminder',
    title: 'Cancel a reminder',
    tag: 'Reminders',
    effect: 'destructive',
    description: 'Cancels a scheduled reminder, which then never fires; it stays listed as cancelled.',
    schemas: () => ({ pathParams: reminder() }),
  }),

  // Agent handbooks
  list_agent_instructions: op({
    method: 'GET',
    path: '/agents/{agentId}/instructions',
    scope: 'agents:read',
    summary: "entries of an agent's handbook",
    page: 'list',
    result: 'HandbookEntry',
    title: "List an agent's handbook",
    tag: 'Agent handbooks',
    effect: 'read',
    description:
      "Lists the entries of an agent's handbook in order, with their titles; read_agent_instruction_section reads an entry's text.",
    schemas: () => ({ pathParams: agent() }),
  }),
  read_agent_instruction_section: op({
    method: 'GET',
    path: '/agent-instructions/{sectionId}',
    scope: 'agents:read',
    summary: 'full text of one entry',
    page: 'offset',
    result: 'HandbookPiece',
    title: 'Read an agent handbook entry',
    tag: 'Agent handbooks',
    effect: 'read',
    description:
      "Reads an entry of an agent's handbook, its body a piece at a time from a character offset; nextOffset says where the next piece starts, null once the body is complete.",
    schemas: () => ({ pathParams: agentSection(), query: offsetQuery() }),
  }),
  update_agent_instruction_section: op({
    method: 'PATCH',
    path: '/agent-instructions/{sectionId}',
    scope: 'agents:write',
    summary: 'edit an entry',
    page: 'object',
    result: 'HandbookEntry',
    title: 'Edit an agent handbook entry',
    tag: 'Agent handbooks',
    effect: 'destructive',
    description: "Replaces the title or the whole body of an entry of an agent's handbook; a field left out stays as it is.",
    schemas: () => ({ pathParams: agentSection(), body: sectionBody() }),
  }),
  reorder_agent_instruction_sections: op({
    method: 'POST',
    path: '/agents/{agentId}/instructions/reorder',
    scope: 'agents:write',
    summary: 'change entry order',
    page: 'list',
    result: 'HandbookEntry',
    idempotent: true,
    title: "Reorder an agent's handbook",
    tag: 'Agent handbooks',
    effect: 'destructive',
    description:
      "Puts the entries of an agent's handbook in the order given, which names every entry exactly once. Answers the entries in their new order.",
    schemas: () => ({ pathParams: agent(), body: reorderBody() }),
  }),

  // Company handbook
  list_company_handbook_sections: op({
    method: 'GET',
    path: '/company-handbook',
    scope: 'agents:read',
    summary: 'company handbook entries',
    page: 'list',
    result: 'HandbookEntry',
    title: 'List the company handbook',
    tag: 'Company handbook',
    effect: 'read',
    description:
      "Lists the entries of the organization's handbook, which every agent follows, in order; read_company_handbook_section reads an entry's text.",
    schemas: () => ({ pathParams: none() }),
  }),
  read_company_handbook_section: op({
    method: 'GET',
    path: '/company-handbook/{sectionId}',
    scope: 'agents:read',
    summary: 'one company entry',
    page: 'offset',
    result: 'HandbookPiece',
    title: 'Read a company handbook entry',
    tag: 'Company handbook',
    effect: 'read',
    description:
      'Reads an entry of the company handbook, its body a piece at a time from a character offset; nextOffset says where the next piece starts, null once the body is complete.',
    schemas: () => ({ pathParams: companySection(), query: offsetQuery() }),
  }),
  update_company_handbook_section: op({
    method: 'PATCH',
    path: '/company-handbook/{sectionId}',
    scope: 'agents:write',
    summary: 'edit an entry applying to every agent',
    page: 'object',
    result: 'HandbookEntry',
    title: 'Edit a company handbook entry',
    tag: 'Company handbook',
    effect: 'destructive',
    description:
      'Replaces the title or the whole body of an entry of the company handbook, which every agent follows; a field left out stays as it is.',
    schemas: () => ({ pathParams: companySection(), body: sectionBody() }),
  }),
  reorder_company_handbook_sections: op({
    method: 'POST',
    path: '/company-handbook/reorder',
    scope: 'agents:write',
    summary: 'change order',
    page: 'list',
    result: 'HandbookEntry',
    idempotent: true,
    title: 'Reorder the company handbook',
    tag: 'Company handbook',
    effect: 'destructive',
    description:
      'Puts the entries of the company handbook in the order given, which names every entry exactly once. Answers the entries in their new order.',
    schemas: () => ({ pathParams: none(), body: reorderBody() }),
  }),

  // Knowledge
  list_knowledge_sources: op({
    method: 'GET',
    path: '/knowledge-sources',
    scope: 'agents:read',
    summary: 'links and files an agent can consult',
    page: 'list',
    result: 'KnowledgeSource',
    title: 'List knowledge sources',
    tag: 'Knowledge sources',
    effect: 'read',
    description: "Lists the organization's knowledge sources, oldest first: web links (url) and files (fileName) the agents can consult.",
    schemas: () => ({ pathParams: none() }),
  }),
  read_knowledge_source: op({
    method: 'GET',
    path: '/knowledge-sources/{sourceId}',
    scope: 'agents:read',
    summary: 'details of one source',
    page: 'object',
    result: 'KnowledgeSource',
    title: 'Get a knowledge source',
    tag: 'Knowledge sources',
    effect: 'read',
    description: 'Reads one knowledge source: its name, note, and address or file name.',
    schemas: () => ({ pathParams: source() }),
  }),
  add_knowledge_link: op({
    method: 'POST',
    path: '/knowledge-sources',
    scope: 'agents:write',
    summary: 'add a web page',
    page: 'object',
    result: 'KnowledgeSource',
    title: 'Add a knowledge link',
    tag: 'Knowledge sources',
    effect: 'additive',
    description: 'Adds a web page (http or https) to the knowledge sources the agents can consult.',
    schemas: () => ({
      pathParams: none(),
      body: z
        .object({
          name: about(text(1, 200), 'name shown for the page', 'Help center'),
          url: about(httpUrl(), 'address of the page, http or https', 'https://help.acme.example/'),
          note: about(text(0, 2000).optional(), 'what the page is for, for people and agents', 'Public answers to common questions'),
        })
        .strict(),
    }),
  }),
  update_knowledge_source: op({
    method: 'PATCH',
    path: '/knowledge-sources/{sourceId}',
    scope: 'agents:write',
    summary: 'change name, note or address',
    page: 'object',
    result: 'KnowledgeSource',
    title: 'Update a knowledge source',
    tag: 'Knowledge sources',
    effect: 'destructive',
    description:
      "Changes a knowledge source's name, note or address; fields left out stay as they are. A file has no address to change (409).",
    schemas: () => ({
      pathParams: source(),
      body: z
        .object({
          name: about(text(1, 200).optional(), 'the new name', 'Help center (public)'),
          note: about(text(0, 2000).optional(), 'the new note', 'Answers customers can find themselves'),
          url: about(httpUrl().optional(), 'the new address, http or https (links only)', 'https://help.acme.example/en/'),
        })
        .strict(),
    }),
  }),
  remove_knowledge_source: op({
    method: 'DELETE',
    path: '/knowledge-sources/{sourceId}',
    scope: 'agents:write',
    summary: 'remove a link or file',
    page: 'object',
    result: 'Deleted',
    title: 'Remove a knowledge source',
    tag: 'Knowledge sources',
    effect: 'destructive',
    description: 'Removes a link or a file from the knowledge sources; the agents no longer consult it.',
    schemas: () => ({ pathParams: source() }),
  }),

  // Scheduled tasks
  list_scheduled_tasks: op({
    method: 'GET',
    path: '/scheduled-tasks',
    scope: 'agents:read',
    summary: 'prompts run on a schedule',
    page: 'list',
    result: 'ScheduledTask',
    title: 'List scheduled tasks',
    tag: 'Scheduled tasks',
    effect: 'read',
    description:
      'Lists the scheduled tasks of the workspaces this connection can open, oldest first, each with its schedule, state, next run and last run.',
    schemas: () => ({ pathParams: none() }),
  }),
  get_scheduled_task: op({
    method: 'GET',
    path: '/scheduled-tasks/{scheduledTaskId}',
    scope: 'agents:read',
    summary: 'prompt, schedule, next run',
    page: 'object',
    result: 'ScheduledTask',
    title: 'Get a scheduled task',
    tag: 'Scheduled tasks',
    effect: 'read',
    description: "Reads one scheduled task: its prompt, cron schedule in the organization's timezone, state, next run and last run.",
    schemas: () => ({ pathParams: scheduled() }),
  }),
  list_scheduled_task_runs: op({
    method: 'GET',
    path: '/scheduled-tasks/{scheduledTaskId}/runs',
    scope: 'agents:read',
    summary: 'past runs',
    page: 'cursor',
    result: 'Run',
    title: 'List runs of a scheduled task',
    tag: 'Scheduled tasks',
    effect: 'read',
    description: 'Lists the runs of a scheduled task, newest first, a page at a time.',
    schemas: () => ({ pathParams: scheduled(), query: pageQuery(25, 10) }),
  }),
  create_scheduled_task: op({
    method: 'POST',
    path: '/scheduled-tasks',
    scope: 'agents:write',
    summary: 'run a prompt on a repeating schedule',
    page: 'object',
    result: 'ScheduledTask',
    title: 'Create a scheduled task',
    tag: 'Scheduled tasks',
    effect: 'additive',
    description:
      "Creates a scheduled task: the workspace's agent runs the prompt on the cron schedule, in the organization's timezone, starting active.",
    schemas: () => ({
      pathParams: none(),
      body: z
        .object({
          title: about(text(1, 200), 'title of the scheduled task', 'Weekly support summary'),
          prompt: about(
            text(1, 20_000),
            'what the agent does on every run, written like a task',
            'Summarize the week in support: new tasks, what is waiting, what is overdue.',
          ),
          cron: cron(),
          workspaceId: about(id(), 'the workspace it runs in, from list_workspaces', 'ws_support'),
          agentId: about(id(), "the agent that runs it: the workspace's own agent, from list_agents", 'agt_support'),
        })
        .strict(),
    }),
  }),
  update_scheduled_task: op({
    method: 'PATCH',
    path: '/scheduled-tasks/{scheduledTaskId}',
    scope: 'agents:write',
    summary: 'change title, prompt, schedule, workspace or agent',
    page: 'object',
    result: 'ScheduledTask',
    title: 'Update a scheduled task',
    tag: 'Scheduled tasks',
    effect: 'destructive',
    description: 'Changes the title, prompt, schedule, workspace or agent of a scheduled task; fields left out stay as they are.',
    schemas: () => ({
      pathParams: scheduled(),
      body: z
        .object({
          title: about(text(1, 200).optional(), 'new title', 'Weekly support summary'),
          prompt: about(
            text(1, 20_000).optional(),
            'what the agent does on every run, written like a task',
            'Summarize the week in support, overdue tasks first.',
          ),
          cron: cron().optional(),
          workspaceId: about(id().optional(), 'move the task to this workspace', 'ws_ops'),
          agentId: about(id().optional(), 'run with this agent', 'agt_ops'),
        })
        .strict(),
    }),
  }),
  pause_scheduled_task: op({
    method: 'POST',
    path: '/scheduled-tasks/{scheduledTaskId}/pause',
    scope: 'agents:write',
    summary: 'stop until resumed',
    page: 'object',
    result: 'ScheduledTask',
    idempotent: true,
    title: 'Pause a scheduled task',
    tag: 'Scheduled tasks',
    effect: 'destructive',
    description: 'Pauses a scheduled task: it does not run until resumed. Pausing a paused task changes nothing.',
    schemas: () => ({ pathParams: scheduled(), body: empty() }),
  }),
  resume_scheduled_task: op({
    method: 'POST',
    path: '/scheduled-tasks/{scheduledTaskId}/resume',
    scope: 'agents:write',
    summary: 'start again',
    page: 'object',
    result: 'ScheduledTask',
    idempotent: true,
    title: 'Resume a scheduled task',
    tag: 'Scheduled tasks',
    effect: 'destructive',
    description:
      'Resumes a paused scheduled task from its next scheduled time. Resuming an active task changes nothing; in an archived workspace it is refused (409).',
    schemas: () => ({ pathParams: scheduled(), body: empty() }),
  }),
  delete_scheduled_task: op({
    method: 'DELETE',
    path: '/scheduled-tasks/{scheduledTaskId}',
    scope: 'agents:write',
    summary: 'delete; earlier runs stay',
    page: 'object',
    result: 'Deleted',
    title: 'Delete a scheduled task',
    tag: 'Scheduled tasks',
    effect: 'destructive',
    description: 'Deletes a scheduled task; it never runs again. Its earlier runs remain.',
    schemas: () => ({ pathParams: scheduled() }),
  }),
  run_scheduled_task_now: op({
    method: 'POST',
    path: '/scheduled-tasks/{scheduledTaskId}/run',
    scope: 'agents:write',
    summary: 'run once outside the schedule',
    page: 'object',
    result: 'Run',
    title: 'Run a scheduled task now',
    tag: 'Scheduled tasks',
    effect: 'destructive',
    description:
      'Runs a scheduled task once now, outside its schedule, and answers the run it started; the schedule is unchanged. In an archived workspace it is refused (409).',
    schemas: () => ({ pathParams: scheduled(), body: empty() }),
  }),
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

/** The names of an operation's path fields ({taskId} of /tasks/{taskId}). */
export type PathField<K extends OperationId> = keyof OperationArgs<K>['path'] & string;
/** An operation with one of its path fields: a misspelt field, or one of another operation, does not compile. */
export type OperationField = { [K in OperationId]: { operation: K; field: PathField<K> } }[OperationId];

/** The resource an operation answers with, or for a listing the resource of each item. */
export type OperationItem<K extends OperationId> = Resource<Operations[K]['result']>;
/** A page of a listing: its items, and the cursor of the next page (null or absent on the last). */
export interface Page<T> {
  items: T[];
  nextCursor?: string | null;
}
/** What an operation answers: a page of items for `list` and `cursor` operations, else the resource. */
export type OperationResult<K extends OperationId> = Operations[K]['page'] extends 'list' | 'cursor'
  ? Page<OperationItem<K>>
  : OperationItem<K>;

export function getOperation(opId: OperationId): OperationDef {
  return operations[opId];
}

/** The page sizes a cursor listing takes, read from its `limit` field: the largest, and the service's default. */
export interface PageBounds {
  max: number;
  default: number;
}

/** The bounds of `opId`'s page size, or undefined when it takes none (not a cursor listing). */
export function pageBounds(opId: OperationId): PageBounds | undefined {
  const field = getOperation(opId).query.shape.limit;
  if (!(field instanceof z.ZodDefault)) return undefined;
  const max = (field.unwrap() as z.ZodNumber).maxValue;
  const dflt = field.def.defaultValue;
  return max !== null && typeof dflt === 'number' ? { max, default: dflt } : undefined;
}
