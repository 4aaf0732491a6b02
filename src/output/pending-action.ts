// How a pending action reads for a person: its fields, then every field of its draft in full.
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { localAndRelative, stateText } from './format.js';
import type { Mode } from './text.js';
import type { Row } from './print.js';

type PendingAction = Resource<'PendingAction'>;

/**
 * A draft value for a person: text as is, a list of texts one per line, anything else as JSON. printObject
 * sanitizes it and indents every line after the first under the value, so no line of a draft's text can
 * stand where a field's label stands (a body holding "draft.channel: #support" reads as part of the body).
 */
function draftValue(value: unknown, mode: Mode): string {
  if (typeof value === 'string') return value;
  if (mode === 'human' && Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map((v) => `- ${v}`).join('\n');
  return JSON.stringify(value, null, mode === 'human' ? 2 : undefined) ?? '';
}

/** Rows for printObject: the action, then `draft.FIELD` for each field; `task` replaces the bare task id (e.g. with its title). */
export function pendingActionRows(ctx: CommandContext, action: PendingAction, task: string = action.taskId): Row[] {
  const fields = Object.entries(action.draft);
  return [
    ['ID', () => action.id],
    ['Task', () => task],
    ['Kind', () => action.kind],
    ['State', () => stateText(ctx.chalk, action.state)],
    ['Summary', () => action.summary],
    ['Created', (mode) => (mode === 'human' ? localAndRelative(action.createdAt, ctx.now()) : action.createdAt)],
    ...fields.map(([field, value]): Row => [`draft.${field}`, (mode) => draftValue(value, mode)]),
  ];
}
