import type { PendingActionRec, PendingKind, PendingState } from '../../model.js';
import { ServiceError } from '../../problem.js';
import { personAuthor, recordEvent } from '../../records.js';
import { currentUser, dataOf, requirePendingAction, requireTask } from '../access.js';
import type { CallContext } from '../dispatch.js';
import type { HandlerGroup } from '../handlers.js';
import { sortedBy } from '../paging.js';
import { listPage, pendingActionView } from '../views.js';

type ApprovalOps =
  | 'list_pending_actions'
  | 'get_pending_action'
  | 'approve_pending_action'
  | 'reject_pending_action'
  | 'update_pending_action'
  | 'complete_human_task'
  | 'answer_agent_question';

/** How each kind of pending action is settled, for error details that say what to do instead. */
const SETTLED_BY: Partial<Record<string, { what: string; verb: string }>> = {
  action: { what: 'a proposed action', verb: 'approve_pending_action' },
  human_task: { what: 'a task for a person', verb: 'complete_human_task' },
  question: { what: 'a question from the agent', verb: 'answer_agent_question' },
};

function requirePending(action: PendingActionRec, doing: string): void {
  if (action.state !== 'pending')
    throw new ServiceError('conflict', `pending action ${action.id} is already ${action.state}, so it cannot be ${doing}`);
}

function requireKind(action: PendingActionRec, kind: PendingKind): void {
  if (action.kind === kind) return;
  // A kind the sandbox never makes (held in a --data file) is settled by none of these.
  const { what, verb } = SETTLED_BY[action.kind] ?? { what: `of kind ${action.kind}`, verb: 'get_pending_action' };
  throw new ServiceError('conflict', `pending action ${action.id} is ${what}, not ${SETTLED_BY[kind]?.what ?? kind}; use \`${verb}\``);
}

/** Settles a pending action as the calling user, logs it on the task and lets the agent react. */
function resolve(
  call: CallContext,
  action: PendingActionRec,
  state: PendingState,
  resolution: PendingActionRec['resolution'],
  kind: string,
  summary: string,
) {
  const { ctx } = call;
  const user = currentUser(call);
  action.state = state;
  action.resolvedAt = ctx.clock.iso();
  action.resolvedBy = user.id;
  action.resolution = resolution;
  recordEvent(ctx, action.taskId, kind, `${user.name} ${summary}: ${action.summary}`, personAuthor(user));
  ctx.agent.onResolved(action);
  return pendingActionView(action);
}

/** The JSON type of a draft value, so an edit cannot turn a text field into a list. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

export const approvalHandlers: HandlerGroup<ApprovalOps> = {
  list_pending_actions: (call, { path }) => {
    const { task } = requireTask(call, path.taskId);
    const pending = dataOf(call).pendingActions.filter((a) => a.taskId === task.id && a.state === 'pending');
    return listPage(sortedBy(pending, (a) => [a.createdAt, a.id]).map(pendingActionView));
  },

  get_pending_action: (call, { path }) => pendingActionView(requirePendingAction(call, path.actionId).action),

  approve_pending_action: (call, { path }) => {
    const { action } = requirePendingAction(call, path.actionId);
    requireKind(action, 'action');
    requirePending(action, 'approved');
    return resolve(call, action, 'approved', null, 'action.approved', 'approved');
  },

  reject_pending_action: (call, { path, body }) => {
    const { action } = requirePendingAction(call, path.actionId);
    requirePending(action, 'rejected');
    const reason = body.reason === undefined ? {} : { reason: body.reason };
    return resolve(
      call,
      action,
      'rejected',
      reason,
      'action.rejected',
      body.reason === undefined ? 'rejected' : `rejected (${body.reason})`,
    );
  },

  // Only the draft's own fields can be edited, each keeping its JSON type (null fields take anything).
  update_pending_action: (call, { path, body }) => {
    const { action } = requirePendingAction(call, path.actionId);
    requirePending(action, 'edited');
    const editable = Object.keys(action.draft);
    for (const [key, value] of Object.entries(body.draft)) {
      if (!Object.hasOwn(action.draft, key)) {
        throw new ServiceError('invalid_request', `draft.${key}: not an editable field; editable: ${editable.join(', ') || 'none'}`);
      }
      const expected = jsonType(action.draft[key]);
      if (expected !== 'null' && jsonType(value) !== expected) {
        throw new ServiceError(
          'invalid_request',
          `draft.${key}: must be ${expected === 'array' || expected === 'object' ? 'an' : 'a'} ${expected}`,
        );
      }
    }
    const keys = Object.keys(body.draft);
    if (keys.length === 0) return pendingActionView(action);
    action.draft = { ...action.draft, ...structuredClone(body.draft) };
    const user = currentUser(call);
    recordEvent(
      call.ctx,
      action.taskId,
      'action.edited',
      `${user.name} edited ${keys.join(', ')} of: ${action.summary}`,
      personAuthor(user),
    );
    return pendingActionView(action);
  },

  complete_human_task: (call, { path, body }) => {
    const { action } = requirePendingAction(call, path.actionId);
    requireKind(action, 'human_task');
    requirePending(action, 'completed');
    return resolve(call, action, 'completed', body.note === undefined ? {} : { note: body.note }, 'human_task.completed', 'completed');
  },

  answer_agent_question: (call, { path, body }) => {
    const { action } = requirePendingAction(call, path.actionId);
    requireKind(action, 'question');
    requirePending(action, 'answered');
    return resolve(call, action, 'answered', { answer: body.answer }, 'question.answered', 'answered');
  },
};
