// A write whose outcome is unknown: its answer was lost after the request left, or the service failed
// with a 5xx (which says nothing about how far it got). The user is told that the change may or may not
// have been made, and how to look: the read of the same resource, found in the catalog.
import { getOperation, OPERATION_IDS, type OperationDef } from '../contract/operations.js';

/** Reads that have a command of their own; any other is shown as `wts api GET PATH`. */
const VIEW_COMMANDS: Record<string, string> = {
  list_workspaces: 'wts workspace list',
  get_task: 'wts task view {taskId}',
  list_reminders: 'wts reminder list {taskId}',
  list_pending_actions: 'wts approval list {taskId}',
  get_pending_action: 'wts approval view {actionId}',
  get_run: 'wts run view {runId}',
  list_knowledge_sources: 'wts knowledge list',
  read_knowledge_source: 'wts knowledge view {sourceId}',
  list_scheduled_tasks: 'wts schedule list',
  get_scheduled_task: 'wts schedule view {scheduledTaskId}',
};

const segments = (path: string) => path.split('/').filter(Boolean);

/** The values of a template's {params} in a concrete path; undefined when it does not match. */
function matchPath(template: string[], concrete: string[]): Record<string, string> | undefined {
  if (template.length !== concrete.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, t] of template.entries()) {
    const typed = concrete[i] ?? '';
    if (t.startsWith('{')) {
      let value: string;
      try {
        value = decodeURIComponent(typed);
      } catch {
        return undefined;
      }
      // Shown in a command line: only plain ids.
      if (!/^[\w.~-]{1,64}$/.test(value)) return undefined;
      params[t.slice(1, -1)] = value;
    } else if (t !== typed) return undefined;
  }
  return params;
}

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? `{${name}}`);

/**
 * The command that shows whether a write to `path` (under /api/v1) was done: the catalog's read of the
 * longest leading part of the write's path that names the same resource (`POST /tasks/{taskId}/complete`
 * → `GET /tasks/{taskId}` → `wts task view task_1`). Undefined when the catalog has none.
 */
export function checkCommandFor(method: string, path: string): string | undefined {
  const concrete = segments(path.replace(/\?.*$/s, ''));
  const defs = OPERATION_IDS.map((id): [string, OperationDef] => [id, getOperation(id)]);
  let params: Record<string, string> | undefined;
  const write = defs.find(([, op]) => op.method === method && (params = matchPath(segments(op.path), concrete)) !== undefined)?.[1];
  if (!write || !params) return undefined;
  const writeTemplate = segments(write.path);
  // The resource the write is about: its last path parameter (none: a collection, e.g. POST /workspaces).
  const resource = [...writeTemplate].reverse().find((s) => s.startsWith('{'));
  let best: [string, OperationDef] | undefined;
  for (const [id, op] of defs) {
    if (op.method !== 'GET') continue;
    const t = segments(op.path);
    if (t.length > writeTemplate.length || !t.every((s, i) => s === writeTemplate[i])) continue;
    if (resource !== undefined ? !t.includes(resource) : t.length !== writeTemplate.length) continue;
    if (!best || t.length > segments(best[1].path).length) best = [id, op];
  }
  if (!best) return undefined;
  const view = VIEW_COMMANDS[best[0]];
  return fill(view ?? `wts api GET ${best[1].path}`, params);
}

/** The one sentence for a write whose outcome is unknown, e.g. "the change may or may not have been made; check with `wts task view task_1`". */
export function unknownOutcome(method: string, path: string): string {
  const check = checkCommandFor(method, path);
  return `the change may or may not have been made; ${check ? `check with \`${check}\` before trying again` : 'check before trying again'}`;
}
