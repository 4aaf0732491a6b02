// Who may see what. A workspace is reachable when it belongs to the caller's organization and lists the
// caller as a member; anything else is "not found", so ids never leak. A reachable workspace outside the
// connection's chosen workspaces is `workspace_forbidden`. Everything inside a workspace (tasks, agents,
// runs, pending actions, reminders, scheduled tasks, agent handbooks) is reached through it; the company
// handbook and knowledge sources belong to the organization.
import type {
  AgentRec,
  KnowledgeRec,
  PendingActionRec,
  ReminderRec,
  RunRec,
  ScheduledTaskRec,
  SectionRec,
  ServiceData,
  TaskRec,
  User,
  WorkspaceRec,
} from '../model.js';
import { ServiceError } from '../problem.js';
import type { CallContext } from './dispatch.js';

export function dataOf(call: CallContext): ServiceData {
  return call.ctx.store.state.data;
}

/** Removes matching items in place (the agent simulator shares these arrays). */
export function removeWhere<T>(items: T[], remove: (item: T) => boolean): void {
  let kept = 0;
  for (const item of items) if (!remove(item)) items[kept++] = item;
  items.length = kept;
}

export function notFound(kind: string, id: string): ServiceError {
  return new ServiceError('not_found', `no ${kind} ${id} here`);
}

/** The signed-in user behind the call. */
export function currentUser(call: CallContext): User {
  const user = dataOf(call).users.find((u) => u.id === call.principal.userId);
  if (!user) throw new ServiceError('unauthorized', 'the user of this connection no longer exists');
  return user;
}

export function isReachable(call: CallContext, ws: WorkspaceRec): boolean {
  return ws.orgId === call.principal.orgId && ws.memberIds.includes(call.principal.userId);
}

export function isAllowed(call: CallContext, ws: WorkspaceRec): boolean {
  const only = call.principal.workspaceIds;
  return only === null || only.includes(ws.id);
}

/** Reachable and allowed: what a caller can open (archived or not). */
export function isOpen(call: CallContext, ws: WorkspaceRec): boolean {
  return isReachable(call, ws) && isAllowed(call, ws);
}

/** Reachable, allowed and not archived: what list_workspaces and list_agents show. */
export function isListed(call: CallContext, ws: WorkspaceRec): boolean {
  return isOpen(call, ws) && !ws.archived;
}

/** `missing` makes the not-found error only when it is thrown (an error captures a stack: most calls find what they look for). */
function checkOpen(call: CallContext, ws: WorkspaceRec | undefined, missing: () => ServiceError): WorkspaceRec {
  if (!ws || !isReachable(call, ws)) throw missing();
  if (!isAllowed(call, ws))
    throw new ServiceError('workspace_forbidden', `workspace ${ws.id} is not among the workspaces this connection may use`);
  return ws;
}

function workspaceById(call: CallContext, id: string): WorkspaceRec | undefined {
  return dataOf(call).workspaces.find((w) => w.id === id);
}

export function requireWorkspace(call: CallContext, workspaceId: string): WorkspaceRec {
  return checkOpen(call, workspaceById(call, workspaceId), () => notFound('workspace', workspaceId));
}

/** For writes that make an agent work: an archived workspace refuses them. */
export function requireActiveWorkspace(ws: WorkspaceRec, what: string): void {
  if (ws.archived) throw new ServiceError('conflict', `workspace ${ws.id} is archived, so ${what}`);
}

/** Where each task was last seen in its array, per array: a task's checks (the inbox asks 10,000) find it without a scan. */
const taskIndex = new WeakMap<TaskRec[], Map<string, number>>();

/**
 * The task with this id: looked up where it was last seen, and checked to be there still (the arrays are
 * changed in place, so a miss or a moved task rebuilds the index once).
 */
function taskById(tasks: TaskRec[], id: string): TaskRec | undefined {
  const at = (index: Map<string, number> | undefined) => {
    const i = index?.get(id);
    const task = i === undefined ? undefined : tasks[i];
    return task?.id === id ? task : undefined;
  };
  const found = at(taskIndex.get(tasks));
  if (found) return found;
  const index = new Map(tasks.map((t, i) => [t.id, i]));
  taskIndex.set(tasks, index);
  return at(index);
}

export function requireTask(call: CallContext, taskId: string): { task: TaskRec; ws: WorkspaceRec } {
  const task = taskById(dataOf(call).tasks, taskId);
  const missing = () => notFound('task', taskId);
  if (!task) throw missing();
  return { task, ws: checkOpen(call, workspaceById(call, task.workspaceId), missing) };
}

export function requireAgent(call: CallContext, agentId: string): { agent: AgentRec; ws: WorkspaceRec } {
  const agent = dataOf(call).agents.find((a) => a.id === agentId);
  const missing = () => notFound('agent', agentId);
  if (!agent) throw missing();
  return { agent, ws: checkOpen(call, workspaceById(call, agent.workspaceId), missing) };
}

/** A run is reached through its task's workspace or, once the task is deleted, through its agent's. */
export function requireRun(call: CallContext, runId: string): RunRec {
  const data = dataOf(call);
  const run = data.runs.find((r) => r.id === runId);
  const missing = () => notFound('run', runId);
  if (!run) throw missing();
  const task = data.tasks.find((t) => t.id === run.taskId);
  const wsId = task?.workspaceId ?? data.agents.find((a) => a.id === run.agentId)?.workspaceId;
  checkOpen(call, wsId === undefined ? undefined : workspaceById(call, wsId), missing);
  return run;
}

export function requirePendingAction(call: CallContext, actionId: string): { action: PendingActionRec; task: TaskRec } {
  const data = dataOf(call);
  const action = data.pendingActions.find((a) => a.id === actionId);
  const missing = () => notFound('pending action', actionId);
  const task = action && data.tasks.find((t) => t.id === action.taskId);
  if (!action || !task) throw missing();
  checkOpen(call, workspaceById(call, task.workspaceId), missing);
  return { action, task };
}

export function requireReminder(call: CallContext, reminderId: string): { reminder: ReminderRec; task: TaskRec } {
  const data = dataOf(call);
  const reminder = data.reminders.find((r) => r.id === reminderId);
  const missing = () => notFound('reminder', reminderId);
  const task = reminder && data.tasks.find((t) => t.id === reminder.taskId);
  if (!reminder || !task) throw missing();
  checkOpen(call, workspaceById(call, task.workspaceId), missing);
  return { reminder, task };
}

/** An entry of an agent's handbook; a company handbook id is not found here. */
export function requireAgentSection(call: CallContext, sectionId: string): { section: SectionRec; agent: AgentRec } {
  const data = dataOf(call);
  const section = data.sections.find((s) => s.id === sectionId && s.agentId !== null);
  const missing = () => notFound('agent instruction entry', sectionId);
  const agent = section && data.agents.find((a) => a.id === section.agentId);
  if (!section || !agent) throw missing();
  checkOpen(call, workspaceById(call, agent.workspaceId), missing);
  return { section, agent };
}

/** An entry of the caller's organization's company handbook; an agent handbook id is not found here. */
export function requireCompanySection(call: CallContext, sectionId: string): SectionRec {
  const section = dataOf(call).sections.find((s) => s.id === sectionId && s.agentId === null && s.orgId === call.principal.orgId);
  if (!section) throw notFound('company handbook entry', sectionId);
  return section;
}

export function requireKnowledge(call: CallContext, sourceId: string): KnowledgeRec {
  const source = dataOf(call).knowledge.find((k) => k.id === sourceId && k.orgId === call.principal.orgId);
  if (!source) throw notFound('knowledge source', sourceId);
  return source;
}

export function requireScheduledTask(call: CallContext, scheduledTaskId: string): { rec: ScheduledTaskRec; ws: WorkspaceRec } {
  const rec = dataOf(call).scheduledTasks.find((s) => s.id === scheduledTaskId);
  const missing = () => notFound('scheduled task', scheduledTaskId);
  if (!rec) throw missing();
  return { rec, ws: checkOpen(call, workspaceById(call, rec.workspaceId), missing) };
}
