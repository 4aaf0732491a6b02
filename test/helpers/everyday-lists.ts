// The everyday lists run against the plain sandbox and against one playing a service that names things
// otherwise (wire-names.test.ts, doctor.test.ts), and how their rows are compared.
import { isJsonObject } from '../../src/contract/json.js';

/** The ids (and for tasks, status and whether a due date is set: two sandboxes start apart) of a --json listing, in order. */
export function listedRows(stdout: string): string[] {
  const parsed: unknown = JSON.parse(stdout);
  const list = Array.isArray(parsed) ? parsed : [];
  return list.map((item) =>
    isJsonObject(item)
      ? [item.id, item.status, item.state, item.dueDate === undefined ? undefined : item.dueDate ? 'due' : 'undated']
          .filter((v) => v !== undefined)
          .join(' ')
      : '?',
  );
}

/** Every filter of `task list`, `--all`, `--limit`, `-A` and the inbox, each as --json. */
export const EVERYDAY_LISTS: readonly string[][] = [
  ['task', 'list', 'ws_support', '--json'],
  ['task', 'list', 'ws_support', '--assignee', 'usr_ada', '--json'],
  ['task', 'list', 'ws_support', '--status', 'done', '--json'],
  ['task', 'list', 'ws_support', '--status', 'all', '--all', '--json'],
  ['task', 'list', 'ws_support', '--tag', 'bug', '--json'],
  ['task', 'list', 'ws_support', '--unassigned', '--json'],
  ['task', 'list', 'ws_support', '--limit', '3', '--json'],
  ['task', 'list', '-A', '--assignee', 'usr_ada', '--json'],
  ['inbox', '--json'],
];
