// The filter guard: a list asked for with a filter is checked, row by row, against that filter before
// anything uses it. A service that calls a filter by another name ignores the one wts sends and answers
// the whole list, and nothing else would tell: `task list --assignee usr_ada` would print everyone's
// tasks with exit 0. The rows carry what they were filtered by (a task its status, assignees and tags),
// so a row that does not match is proof that the filter was not applied, and the command ends (exit 1)
// before a row of that page is printed. Called by the one HTTP layer (src/api/client.ts, on every answer
// to a catalog operation), so every caller of a filtered list is covered: task list and -A, the dash,
// the inbox, `wts mcp`'s my_open_tasks and the catalog's list_tasks tool.
import type { OperationId } from '../contract/operations.js';
import { DisagreementError } from '../errors.js';
import { isRecord } from '../type-guards.js';

/** Whether one row matches the value a filter was sent with. */
type RowMatch = (row: Record<string, unknown>, value: unknown) => boolean;

/** The people a task row is assigned to, by id (none when the row carries no list of them). */
const assigneeIds = (row: Record<string, unknown>): unknown[] =>
  Array.isArray(row.assignees) ? row.assignees.map((a) => (isRecord(a) ? a.id : undefined)) : [];

/**
 * The filters of each list operation, by wts's name of the query parameter (the flag that sets it is
 * `--` and that name), each with the test a row passes when the service applied it. The catalog says
 * what they mean (src/contract/operations.ts); these say it of a row.
 */
const FILTERS: Partial<Record<OperationId, Record<string, RowMatch>>> = {
  list_tasks: {
    status: (row, value) => row.status === value,
    assignee: (row, value) => assigneeIds(row).includes(value),
    tag: (row, value) => Array.isArray(row.tags) && row.tags.includes(value),
    unassigned: (row, value) => Array.isArray(row.assignees) && (row.assignees.length === 0) === value,
  },
};

/** The line of a filter the service ignored. */
export function ignoredFilterLine(name: string): string {
  return `the service ignored --${name} (it may call it something else): run \`wts doctor\``;
}

/**
 * Checks the rows of a list answer against the filters its request was sent with (wts's names, as the
 * request was built); throws a DisagreementError naming the first filter a row does not match. A request
 * without filters, or to an operation that has none, is not looked at.
 */
export function checkFilters(operation: OperationId | undefined, query: Record<string, unknown> | undefined, answer: unknown): void {
  const filters = operation === undefined ? undefined : FILTERS[operation];
  if (filters === undefined || query === undefined) return;
  const asked: [string, unknown, RowMatch][] = [];
  for (const [name, match] of Object.entries(filters)) {
    const value = query[name];
    if (value !== undefined && value !== null) asked.push([name, value, match]);
  }
  if (asked.length === 0 || !isRecord(answer) || !Array.isArray(answer.items)) return;
  for (const row of answer.items) {
    if (!isRecord(row)) continue; // the answer's shape is checked before (src/api/answer.ts)
    for (const [name, value, match] of asked) if (!match(row, value)) throw new DisagreementError(ignoredFilterLine(name));
  }
}
