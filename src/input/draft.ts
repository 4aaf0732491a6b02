// A pending action's draft as a person edits it: one JSON object of fields, of which only the changed
// ones are sent (the service merges them into the draft).
import { CliError, ExitCode } from '../errors.js';

export type Draft = Record<string, unknown>;

/** A draft from a file or the editor: it must be one JSON object; `where` names its source. */
export function parseDraft(text: string, where: string): Draft {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new CliError(`${where}: not valid JSON (${(err as Error).message})`, ExitCode.usage);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new CliError(`${where}: must be a JSON object of draft fields`, ExitCode.usage);
  return parsed as Draft;
}

/** The fields of `edited` whose value differs from `current`. */
export function changedFields(current: Draft, edited: Draft): Draft {
  return Object.fromEntries(Object.entries(edited).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(current[field])));
}
