// Deciding a pending action — approve, reject, mark done, answer, change its draft — in one place: the
// `wts approval` verbs and `wts approval review` both call these, so a decision is sent, checked and
// reported the same way whichever way it was made.
import type { ApiClient, CallOptions } from '../api/client.js';
import { isKnown, KNOWN } from '../contract/open-values.js';
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { ApiError, CliError, ExitCode } from '../errors.js';
import { changedFields, draftDocument, type Draft, type DraftDocument } from '../input/draft.js';
import { editText, keepText } from '../input/editor.js';
import { requiredText } from '../input/text.js';

type PendingAction = Resource<'PendingAction'>;

/** What a decision did: the action as the service returned it, and a line saying so. */
export interface Decided {
  action: PendingAction;
  message: string;
}

const path = (actionId: string) => ({ actionId });

/** How each kind of pending action is settled with wts. */
const SETTLED_WITH: Record<PendingAction['kind'], { what: string; command: string }> = {
  action: { what: 'a proposed action', command: 'wts approval approve|reject ID' },
  human_task: { what: 'a task for a person', command: 'wts approval done ID' },
  question: { what: 'a question from the agent', command: 'wts approval answer ID TEXT' },
};

/**
 * Why wts does not decide `action`, when it is of a kind or in a state wts does not know (the service's
 * spec leaves them open): what a decision would mean for it is not wts's to guess, so none is sent.
 * Undefined when it knows both.
 */
export function unknownToDecide(action: PendingAction): string | undefined {
  const what = !isKnown(KNOWN.actionKind, action.kind)
    ? `of a kind wts does not know ("${action.kind}")`
    : !isKnown(KNOWN.actionState, action.state)
      ? `in a state wts does not know ("${action.state}")`
      : undefined;
  return what && `${action.id} is ${what}: wts does not decide it, and sent nothing; \`wts approval view ${action.id}\` shows it`;
}

/** Throws the line of unknownToDecide, when there is one. */
export function refuseUnknown(action: PendingAction): void {
  const why = unknownToDecide(action);
  if (why !== undefined) throw new CliError(why, ExitCode.failure);
}

/** The line of an action of another kind than the decision's, naming the command that settles it. */
function otherKind(action: PendingAction, kind: PendingAction['kind']): CliError {
  const other = SETTLED_WITH[action.kind] ?? { what: `of a kind wts does not know ("${action.kind}")`, command: 'wts approval view ID' };
  return new CliError(
    `conflict: ${action.id} is ${other.what}, not ${SETTLED_WITH[kind]?.what ?? kind}; use \`${other.command.replace('ID', action.id)}\``,
    ExitCode.conflict,
  );
}

/**
 * Sends a decision made for `kind`; when the service refuses it as a conflict and the action is of another
 * kind, says so and names the wts command that settles it (the service can only name its own operations).
 * A decided action waits no more: its id leaves the ids shell completion offers (every decision, from the
 * verbs, `approval review` and the dash, comes through here).
 */
async function settling<T>(
  ctx: CommandContext,
  actionId: string,
  kind: PendingAction['kind'],
  send: () => Promise<T>,
  options: CallOptions = {},
): Promise<T> {
  try {
    const decided = await send();
    ctx.forget('approval', actionId);
    return decided;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 409) throw err;
    const api = await ctx.api();
    const action = await api.call('get_pending_action', { path: path(actionId) }, options).catch(() => undefined);
    if (!action || action.kind === kind) throw err;
    throw otherKind(action, kind);
  }
}

/**
 * Reads a pending action before a run of decisions changes any (src/framework/verb.ts): it must be
 * there, of the `kind` the decision settles (and of a kind and state wts knows), and still pending, else
 * the run changes nothing.
 */
export async function undecided(api: ApiClient, actionId: string, kind: PendingAction['kind'], options: CallOptions): Promise<void> {
  const action = await api.call('get_pending_action', { path: path(actionId) }, options);
  refuseUnknown(action);
  if (action.kind !== kind) throw otherKind(action, kind);
  if (action.state !== 'pending') throw new CliError(`conflict: ${action.id} is already ${action.state}`, ExitCode.conflict);
}

/** `options`: a bulk run's, for every request of the decision (src/api/pool.ts). */
export async function approveAction(ctx: CommandContext, actionId: string, options: CallOptions = {}): Promise<Decided> {
  const api = await ctx.api();
  const action = await settling(
    ctx,
    actionId,
    'action',
    () => api.call('approve_pending_action', { path: path(actionId), body: {} }, options),
    options,
  );
  return { action, message: `Approved ${action.id}: ${action.summary}` };
}

/** `reason` is trimmed and must not be blank when given (`name` is how the person gave it, e.g. "--reason"). */
export async function rejectAction(
  ctx: CommandContext,
  actionId: string,
  reason: string | undefined,
  name = '--reason',
  options: CallOptions = {},
): Promise<Decided> {
  const given = reason === undefined ? undefined : requiredText(reason, name);
  const api = await ctx.api();
  const action = await settling(
    ctx,
    actionId,
    'action',
    () => api.call('reject_pending_action', { path: path(actionId), body: given === undefined ? {} : { reason: given } }, options),
    options,
  );
  return { action, message: `Rejected ${action.id}: ${action.summary}${given === undefined ? '' : ` (reason: ${given})`}` };
}

export async function completeHumanTask(
  ctx: CommandContext,
  actionId: string,
  note: string | undefined,
  name = '--note',
  options: CallOptions = {},
): Promise<Decided> {
  const given = note === undefined ? undefined : requiredText(note, name);
  const api = await ctx.api();
  const action = await settling(
    ctx,
    actionId,
    'human_task',
    () => api.call('complete_human_task', { path: path(actionId), body: given === undefined ? {} : { note: given } }, options),
    options,
  );
  return { action, message: `Done ${action.id}: ${action.summary}${given === undefined ? '' : ` (note: ${given})`}` };
}

export async function answerQuestion(ctx: CommandContext, actionId: string, answer: string, name = 'TEXT'): Promise<Decided> {
  const given = requiredText(answer, name);
  const api = await ctx.api();
  const action = await settling(ctx, actionId, 'question', () =>
    api.call('answer_agent_question', { path: path(actionId), body: { answer: given } }),
  );
  return { action, message: `Answered ${action.id}: ${action.summary} (answer: ${given})` };
}

export async function updateDraft(ctx: CommandContext, actionId: string, changes: Draft): Promise<Decided> {
  const api = await ctx.api();
  const action = await api.call('update_pending_action', { path: path(actionId), body: { draft: changes } });
  return { action, message: `Updated ${Object.keys(changes).join(', ') || 'nothing'} of ${action.id}: ${action.summary}` };
}

/** Whether the edited document holds no field (a document that cannot be read is not empty: it is kept). */
function readsEmpty(document: DraftDocument, text: string): boolean {
  try {
    return document.read(text) === undefined;
  } catch {
    return false;
  }
}

/**
 * Opens the draft of `current` in the editor, one plain-text section per field, and sends the fields that
 * changed. undefined: nothing changed, nothing was sent. A failed editor or an emptied draft throws
 * (nothing sent); a draft that cannot be read or that the service refuses is kept in a file it names.
 */
export async function editDraft(ctx: CommandContext, current: PendingAction): Promise<Decided | undefined> {
  const document = draftDocument(current.draft, `Draft of ${current.id} (${current.kind}): ${current.summary}`);
  const text = await editText(ctx, document.text, { postfix: '.txt', what: 'the draft', isEmpty: (t) => readsEmpty(document, t) });
  if (text === document.text) return undefined;
  let changes: Draft;
  try {
    changes = changedFields(current.draft, document.read(text) ?? {}); // an empty text never gets here: editText refuses it
  } catch (err) {
    keepText(ctx, text, '.txt');
    throw err;
  }
  if (Object.keys(changes).length === 0) return undefined;
  try {
    return await updateDraft(ctx, current.id, changes);
  } catch (err) {
    keepText(ctx, text, '.txt');
    throw err;
  }
}
