// The sandbox's state: plain JSON records, so `--data FILE` can persist it as is.
// Wire shapes (what the API returns) are built from these records in src/sandbox/api/views.ts.
import type { Open } from '../contract/open-values.js';
import type { OAuthState } from './oauth/state.js';

export interface User {
  id: string;
  login: string; // what a person picks on the sign-in page and what --auto-approve names
  name: string;
  email: string;
}

export interface Organization {
  id: string;
  slug: string;
  name: string;
  timezone: string; // IANA zone; scheduled tasks run in it
  memberIds: string[]; // in the order the user sees organizations: a user's "first organization" is the first org listing them
}

export interface Status {
  key: string;
  name: string;
  position: number;
}

export interface WorkspaceRec {
  id: string;
  orgId: string;
  name: string;
  folderId: string | null;
  archived: boolean;
  memberIds: string[];
  statuses: Status[];
  createdAt: string;
}

export interface AgentRec {
  id: string;
  orgId: string;
  workspaceId: string;
  name: string;
  paused: boolean; // archiving a workspace pauses its agents
}

export interface NoteRec {
  id: string;
  content: string;
  authorId: string;
  createdAt: string;
}

export interface TaskRec {
  id: string;
  workspaceId: string;
  agentId: string | null;
  title: string;
  description: string;
  status: string;
  assigneeIds: string[];
  tags: string[];
  dueDate: string | null;
  notes: NoteRec[];
  conversationKey: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Author {
  kind: 'person' | 'agent';
  id: string;
  name: string;
}

export interface MessageRec {
  id: string;
  taskId: string;
  author: Author;
  content: string;
  createdAt: string;
}

/** A source conversation (email or chat thread) a task came from. */
export interface ConversationRec {
  key: string;
  orgId: string;
  channel: 'email' | 'chat';
  subject: string;
  messages: { id: string; author: Author; content: string; createdAt: string }[];
}

export interface EventRec {
  id: string;
  taskId: string;
  kind: string; // task.created, task.updated, status.changed, note.added, assignees.changed, tags.changed, run.started, run.finished, action.approved, action.rejected, action.executed, human_task.completed, question.answered, reminder.fired, message.sent
  summary: string;
  actor: Author;
  createdAt: string;
}

export type RunState = 'running' | 'succeeded' | 'failed';

export interface RunRec {
  id: string;
  taskId: string;
  agentId: string;
  scheduledTaskId: string | null;
  state: RunState;
  output: string;
  proposedActionIds: string[];
  startedAt: string;
  finishedAt: string | null;
}

export type PendingKind = 'action' | 'human_task' | 'question';
export type PendingState = 'pending' | 'approved' | 'rejected' | 'completed' | 'answered';

export interface PendingActionRec {
  id: string;
  taskId: string;
  runId: string | null;
  /** Open, as the spec leaves it: a --data file may hold a kind or state the sandbox never makes (one wts does not know). */
  kind: Open<PendingKind>;
  state: Open<PendingState>;
  summary: string;
  draft: Record<string, unknown>;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolution: { reason?: string; note?: string; answer?: string } | null;
}

export type ReminderState = 'scheduled' | 'fired' | 'cancelled';

export interface ReminderRec {
  id: string;
  taskId: string;
  message: string;
  remindAt: string;
  state: ReminderState;
  createdAt: string;
}

export interface SectionRec {
  id: string;
  orgId: string;
  agentId: string | null; // null: the company handbook
  title: string;
  body: string;
  position: number;
  updatedAt: string;
}

export interface KnowledgeRec {
  id: string;
  orgId: string;
  name: string;
  note: string;
  url: string | null;
  fileName: string | null;
  createdAt: string;
}

export interface ScheduledTaskRec {
  id: string;
  orgId: string;
  title: string;
  prompt: string;
  cron: string;
  workspaceId: string;
  agentId: string;
  state: 'active' | 'paused';
  pausedByArchive: boolean;
  nextRunAt: string | null;
  lastRunId: string | null;
  createdAt: string;
}

/** The service's data. OAuth state lives beside it under `oauth`, owned by src/sandbox/oauth. */
export interface ServiceData {
  users: User[];
  organizations: Organization[];
  workspaces: WorkspaceRec[];
  agents: AgentRec[];
  /** Oldest first (CREATION_ORDER), always: added with insertInOrder, so a listing reads a page without sorting. */
  tasks: TaskRec[];
  messages: MessageRec[];
  conversations: ConversationRec[];
  events: EventRec[];
  runs: RunRec[];
  pendingActions: PendingActionRec[];
  reminders: ReminderRec[];
  sections: SectionRec[];
  knowledge: KnowledgeRec[];
  scheduledTasks: ScheduledTaskRec[];
}

export interface SandboxState {
  version: 1;
  seq: number; // the next id number; ids are `${prefix}_${seq}`
  clockOffsetMs: number; // how far the sandbox clock was moved by /__sandbox/clock
  data: ServiceData;
  oauth: OAuthState | null; // the OAuth server's records; null until it first needs them
}

/** Who is calling, as established from a valid access token. */
export interface Principal {
  userId: string;
  orgId: string;
  scopes: string[];
  workspaceIds: string[] | null; // null: every workspace of the organization the user can see
  connectionId: string;
  clientId: string;
  resource: string; // the audience the token is bound to: `${origin}/api/v1` or `${origin}/mcp`
}
