// Small constructors for records that both the API handlers and the simulated agent create,
// so events, messages and pending actions look the same whoever made them.
import type { SandboxContext } from './context.js';
import type { Author, EventRec, MessageRec, PendingActionRec, PendingKind, User } from './model.js';

export function personAuthor(user: User): Author {
  return { kind: 'person', id: user.id, name: user.name };
}

export function agentAuthor(ctx: SandboxContext, agentId: string): Author {
  const agent = ctx.store.state.data.agents.find((a) => a.id === agentId);
  return { kind: 'agent', id: agentId, name: agent?.name ?? 'Agent' };
}

/**
 * A task's updatedAt is when anything last happened on it (a change, an entry in its activity, a
 * proposal), as the seed has it: a client re-reads only the tasks whose updatedAt moved.
 */
function touchTask(ctx: SandboxContext, taskId: string, at: string): void {
  const task = ctx.store.state.data.tasks.find((t) => t.id === taskId);
  if (task && Date.parse(at) > Date.parse(task.updatedAt)) task.updatedAt = at;
}

/** `at` (ISO) backdates the record to when it happened in sandbox time; the simulated agent uses it. */
export function recordEvent(ctx: SandboxContext, taskId: string, kind: string, summary: string, actor: Author, at?: string): EventRec {
  const event: EventRec = { id: ctx.store.nextId('evt'), taskId, kind, summary, actor, createdAt: at ?? ctx.clock.iso() };
  ctx.store.state.data.events.push(event);
  touchTask(ctx, taskId, event.createdAt);
  ctx.store.changed();
  return event;
}

export function recordMessage(ctx: SandboxContext, taskId: string, author: Author, content: string, at?: string): MessageRec {
  const message: MessageRec = { id: ctx.store.nextId('msg'), taskId, author, content, createdAt: at ?? ctx.clock.iso() };
  ctx.store.state.data.messages.push(message);
  ctx.store.changed();
  return message;
}

export function recordPendingAction(
  ctx: SandboxContext,
  fields: { taskId: string; runId: string | null; kind: PendingKind; summary: string; draft: Record<string, unknown> },
  at?: string,
): PendingActionRec {
  const action: PendingActionRec = {
    id: ctx.store.nextId('act'),
    ...fields,
    state: 'pending',
    createdAt: at ?? ctx.clock.iso(),
    resolvedAt: null,
    resolvedBy: null,
    resolution: null,
  };
  ctx.store.state.data.pendingActions.push(action);
  touchTask(ctx, action.taskId, action.createdAt);
  ctx.store.changed();
  return action;
}
