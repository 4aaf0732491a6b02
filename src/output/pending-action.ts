// How a pending action reads for a person: its fields, then every field of its draft in full.
import type { Resource } from '../api/resources.js';
import type { CommandContext } from '../context.js';
import { colorState, localAndRelative, wrapText } from './format.js';
import type { Mode } from './print.js';

type PendingAction = Resource<'PendingAction'>;
export type Row = [label: string, value: (mode: Mode) => string];

/** A draft value for a person: text as is (wrapped to `width` on a terminal), a list of texts one per line, anything else as JSON. */
function draftValue(value: unknown, mode: Mode, width: number): string {
  if (typeof value === 'string') return mode === 'human' ? wrapText(value, width) : value;
  if (mode === 'human' && Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map((v) => `- ${v}`).join('\n');
  return JSON.stringify(value, null, mode === 'human' ? 2 : undefined) ?? '';
}

/** Rows for printObject: the action, then `draft.FIELD` for each field; `task` replaces the bare task id (e.g. with its title). */
export function pendingActionRows(ctx: CommandContext, action: PendingAction, task: string = action.taskId): Row[] {
  const fields = Object.entries(action.draft);
  // printObject puts values after the longest label and a colon and a space.
  const width = ctx.io.columns - Math.max(8, ...fields.map(([field]) => `draft.${field}`.length)) - 2;
  return [
    ['ID', () => action.id],
    ['Task', () => task],
    ['Kind', () => action.kind],
    ['State', (mode) => (mode === 'human' ? colorState(ctx.chalk, action.state) : action.state)],
    ['Summary', () => action.summary],
    ['Created', (mode) => (mode === 'human' ? localAndRelative(action.createdAt, ctx.now()) : action.createdAt)],
    ...fields.map(([field, value]): Row => [`draft.${field}`, (mode) => draftValue(value, mode, width)]),
  ];
}
