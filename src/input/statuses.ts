// Columns as people name them: a status key or the column's name, in any case ("In progress",
// in_progress, IN_PROGRESS), with "did you mean" for a near miss.
import type { Resource } from '../contract/resources.js';
import { CliError, ExitCode } from '../errors.js';
import { pipeField } from '../output/sanitize.js';
import { closest } from './suggest.js';

type Status = Resource<'Status'>;

/** The column new tasks start in (the spec's list_workspace_statuses): every workspace has it. */
export const TODO = 'todo';

/** The column a task reaches when completed (the spec's complete_task). */
export const DONE = 'done';

const normal = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** The status key `typed` names among `statuses` (key or name, case-insensitive); exit 2 with a suggestion otherwise. */
export function statusKey(typed: string, statuses: readonly Status[], label: string): string {
  const word = normal(typed);
  const found = statuses.find((s) => normal(s.key) === word) ?? statuses.find((s) => normal(s.name) === word);
  if (found) return found.key;
  const near = closest(
    word,
    statuses.flatMap((s) => [normal(s.key), normal(s.name)]),
  );
  const match = near === undefined ? undefined : statuses.find((s) => normal(s.key) === near || normal(s.name) === near);
  // Each column alike: its key (what scripts type) and its name (what the board shows), both accepted.
  const columns = statuses.map((s) => `${s.key} (${s.name})`).join(', ');
  throw new CliError(
    `${label}: no column "${pipeField(typed)}"${match ? `; did you mean ${match.key} (${match.name})?` : '.'} The columns: ${columns}`,
    ExitCode.usage,
  );
}

/** Tasks by due date, undated ones last; otherwise in the order given. */
export function byDueDate<T extends { dueDate: string | null }>(a: T, b: T): number {
  if (a.dueDate === b.dueDate) return 0;
  if (a.dueDate === null) return 1;
  if (b.dueDate === null) return -1;
  return Date.parse(a.dueDate) - Date.parse(b.dueDate);
}

/** A task's due date as a number to sort by: undated last (Infinity); `a - b` orders as byDueDate. */
export function dueTime(task: { dueDate: string | null }): number {
  return task.dueDate === null ? Number.POSITIVE_INFINITY : Date.parse(task.dueDate);
}
