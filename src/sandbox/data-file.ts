// The sandbox's `--data` file read back: every record of every type checked, so a damaged file is refused
// at start in one line naming the record and the field, not by a handler that trips over it later. A file
// from an older sandbox loads: a record type it lacks is empty, and a field added since takes its default.
// A field gets a default when an empty value means "none" (null, [], false, ''); what names or orders a
// record (ids, links to other records, states, times) has none: without it the record is not one.
// Each schema is checked against its record type (model.ts, oauth/state.ts), so a field added there
// without its place here does not compile.
import type { JSONWebKeySet } from 'jose';
import * as z from 'zod';
import { isJsonObject } from '../contract/json.js';
import type {
  AgentRec,
  Author,
  ConversationRec,
  EventRec,
  KnowledgeRec,
  MessageRec,
  NoteRec,
  Organization,
  PendingActionRec,
  ReminderRec,
  RunRec,
  SandboxState,
  ScheduledTaskRec,
  SectionRec,
  ServiceData,
  Status,
  TaskRec,
  User,
  WorkspaceRec,
} from './model.js';
import {
  CLIENT_AUTH_METHODS,
  type AccessTokenRec,
  type ClientRec,
  type CodeRec,
  type ConnectionRec,
  type OAuthState,
  type RefreshTokenRec,
} from './oauth/state.js';

const str = z.string();
const nullableStr = z.string().nullable().default(null);
const strings = z.array(z.string()).default([]);
/** An ISO date-time as the sandbox writes them. */
const time = z.string();

const user = z.object({ id: str, login: str, name: str, email: z.string().default('') }) satisfies z.ZodType<User>;

const organization = z.object({
  id: str,
  slug: str,
  name: str,
  timezone: z.string().default('UTC'),
  memberIds: strings,
}) satisfies z.ZodType<Organization>;

const status = z.object({ key: str, name: str, position: z.number() }) satisfies z.ZodType<Status>;

const workspace = z.object({
  id: str,
  orgId: str,
  name: str,
  folderId: nullableStr,
  archived: z.boolean().default(false),
  memberIds: strings,
  statuses: z.array(status).default([]),
  createdAt: time,
}) satisfies z.ZodType<WorkspaceRec>;

const agent = z.object({
  id: str,
  orgId: str,
  workspaceId: str,
  name: str,
  paused: z.boolean().default(false),
}) satisfies z.ZodType<AgentRec>;

const note = z.object({ id: str, content: str, authorId: str, createdAt: time }) satisfies z.ZodType<NoteRec>;

const task = z.object({
  id: str,
  workspaceId: str,
  agentId: nullableStr,
  title: str,
  description: z.string().default(''),
  status: str,
  assigneeIds: strings,
  tags: strings,
  dueDate: nullableStr,
  notes: z.array(note).default([]),
  conversationKey: nullableStr,
  createdAt: time,
  updatedAt: time,
}) satisfies z.ZodType<TaskRec>;

const author = z.object({ kind: z.enum(['person', 'agent']), id: str, name: str }) satisfies z.ZodType<Author>;

const message = z.object({ id: str, taskId: str, author, content: str, createdAt: time }) satisfies z.ZodType<MessageRec>;

const conversation = z.object({
  key: str,
  orgId: str,
  channel: z.enum(['email', 'chat']),
  subject: z.string().default(''),
  messages: z.array(z.object({ id: str, author, content: str, createdAt: time })).default([]),
}) satisfies z.ZodType<ConversationRec>;

const event = z.object({
  id: str,
  taskId: str,
  kind: str,
  summary: z.string().default(''),
  actor: author,
  createdAt: time,
}) satisfies z.ZodType<EventRec>;

const run = z.object({
  id: str,
  taskId: str,
  agentId: str,
  scheduledTaskId: nullableStr,
  state: z.enum(['running', 'succeeded', 'failed']),
  output: z.string().default(''),
  proposedActionIds: strings,
  startedAt: time,
  finishedAt: nullableStr,
}) satisfies z.ZodType<RunRec>;

const pendingAction = z.object({
  id: str,
  taskId: str,
  runId: nullableStr,
  // Open (src/contract/open-values.ts): a service's data may hold a kind or state wts does not know.
  kind: z.string().min(1),
  state: z.string().min(1),
  summary: str,
  draft: z.record(z.string(), z.unknown()).default({}),
  createdAt: time,
  resolvedAt: nullableStr,
  resolvedBy: nullableStr,
  resolution: z.object({ reason: str.optional(), note: str.optional(), answer: str.optional() }).nullable().default(null),
}) satisfies z.ZodType<PendingActionRec>;

const reminder = z.object({
  id: str,
  taskId: str,
  message: str,
  remindAt: time,
  state: z.enum(['scheduled', 'fired', 'cancelled']),
  createdAt: time,
}) satisfies z.ZodType<ReminderRec>;

const section = z.object({
  id: str,
  orgId: str,
  agentId: nullableStr,
  title: str,
  body: z.string().default(''),
  position: z.number(),
  updatedAt: time,
}) satisfies z.ZodType<SectionRec>;

const knowledge = z.object({
  id: str,
  orgId: str,
  name: str,
  note: z.string().default(''),
  url: nullableStr,
  fileName: nullableStr,
  createdAt: time,
}) satisfies z.ZodType<KnowledgeRec>;

const scheduledTask = z.object({
  id: str,
  orgId: str,
  title: str,
  prompt: str,
  cron: str,
  workspaceId: str,
  agentId: str,
  state: z.enum(['active', 'paused']),
  pausedByArchive: z.boolean().default(false),
  nextRunAt: nullableStr,
  lastRunId: nullableStr,
  createdAt: time,
}) satisfies z.ZodType<ScheduledTaskRec>;

const table = <T extends z.ZodType>(record: T) => z.array(record).default([]);

const serviceData = z.object({
  users: table(user),
  organizations: table(organization),
  workspaces: table(workspace),
  agents: table(agent),
  tasks: table(task),
  messages: table(message),
  conversations: table(conversation),
  events: table(event),
  runs: table(run),
  pendingActions: table(pendingAction),
  reminders: table(reminder),
  sections: table(section),
  knowledge: table(knowledge),
  scheduledTasks: table(scheduledTask),
}) satisfies z.ZodType<ServiceData>;

// ---- The OAuth server's records ----------------------------------------------------------------

const resourcePath = z.enum(['/api/v1', '/mcp']);
const jwks = z.custom<JSONWebKeySet>((value) => isJsonObject(value) && Array.isArray(value.keys) && value.keys.every(isJsonObject), {
  message: 'expected a JSON Web Key Set',
});

const client = z.object({
  clientId: str,
  clientName: nullableStr,
  applicationType: z.enum(['web', 'native']).optional(),
  redirectUris: strings,
  tokenEndpointAuthMethod: z.enum(CLIENT_AUTH_METHODS),
  grantTypes: z.array(z.string()).default(['authorization_code']),
  responseTypes: z.array(z.string()).default(['code']),
  scope: nullableStr,
  jwks: jwks.nullable().default(null),
  secretHash: nullableStr,
  issuedAt: z.number(),
  extra: z.record(z.string(), z.unknown()).default({}),
}) satisfies z.ZodType<ClientRec>;

const code = z.object({
  clientId: str,
  redirectUri: str,
  codeChallenge: str,
  resources: z.array(resourcePath),
  scopes: strings,
  userId: str,
  orgId: str,
  workspaceIds: z.array(z.string()).nullable().default(null),
  expiresAt: z.number(),
  usedAt: z.number().nullable().default(null),
  connectionId: nullableStr,
}) satisfies z.ZodType<CodeRec>;

const connection = z.object({
  id: str,
  clientId: str,
  userId: str,
  orgId: str,
  scopes: strings,
  resources: z.array(resourcePath),
  workspaceIds: z.array(z.string()).nullable().default(null),
  createdAt: z.number(),
  refreshes: z.number().default(0),
  revokedAt: z.number().nullable().default(null),
}) satisfies z.ZodType<ConnectionRec>;

const accessToken = z.object({
  connectionId: str,
  audiences: z.array(resourcePath),
  scopes: strings,
  expiresAt: z.number(),
  revoked: z.boolean().default(false),
}) satisfies z.ZodType<AccessTokenRec>;

const refreshToken = z.object({
  connectionId: str,
  state: z.enum(['current', 'superseded', 'revoked']),
  issuedAt: z.number(),
  expiresAt: z.number(),
}) satisfies z.ZodType<RefreshTokenRec>;

const byKey = <T extends z.ZodType>(record: T) => z.record(z.string(), record).default({});

const oauthState = z.object({
  clients: byKey(client),
  codes: byKey(code),
  connections: byKey(connection),
  accessTokens: byKey(accessToken),
  refreshTokens: byKey(refreshToken),
  assertionIds: byKey(z.number()),
}) satisfies z.ZodType<OAuthState>;

const sandboxState = z.object({
  version: z.literal(1),
  seq: z.number(),
  clockOffsetMs: z.number().default(0),
  data: serviceData,
  // Made on first use, so a file may have none.
  oauth: oauthState.nullable().default(null),
}) satisfies z.ZodType<SandboxState>;

/** Where an issue is, as a path into the file: data.tasks[3].title. */
function where(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('') || 'the file';
}

/** The state in a --data file's text, checked, with defaults for what an older sandbox did not write; throws one line. */
export function readSandboxData(text: string): SandboxState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('not JSON (is it a sandbox data file?)');
  }
  if (!isJsonObject(parsed) || parsed.version !== 1) throw new Error('unsupported sandbox data version');
  const result = sandboxState.safeParse(parsed);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`not a sandbox data file: ${issue ? `${where(issue.path)}: ${issue.message}` : 'its records do not check'}`);
}
