// The scheduled tasks `wts schedule check` and the `check_schedules` tool of `wts mcp` check: fetched
// (named ones, or every one, or a workspace's), each with its latest finished run when asked, and checked
// by the pure functions of check.ts.
import type { ApiClient } from '../api/client.js';
import type { Resource } from '../contract/resources.js';
import { checkSchedule, latestFinished, type CheckOptions, type ScheduleReport } from './check.js';

type Schedule = Resource<'ScheduledTask'>;
type Run = Resource<'Run'>;

/** Which scheduled tasks: these ids, else those of a workspace, else every one. */
export interface ScheduleSelection {
  ids?: readonly string[];
  workspaceId?: string;
}

/** The runs read back to find the latest finished one behind runs still going. */
const MAX_RUNS_READ = 100;

/** Every selected scheduled task checked against `options`, in the order listed (or named). An empty selection is an empty array. */
export async function checkScheduledTasks(
  api: ApiClient,
  selection: ScheduleSelection,
  options: CheckOptions,
  nowMs: number,
): Promise<ScheduleReport[]> {
  const schedules: Schedule[] = [];
  if (selection.ids && selection.ids.length > 0) {
    for (const scheduledTaskId of selection.ids) schedules.push(await api.call('get_scheduled_task', { path: { scheduledTaskId } }));
  } else {
    for await (const s of api.items('list_scheduled_tasks', { path: {} }))
      if (selection.workspaceId === undefined || s.workspaceId === selection.workspaceId) schedules.push(s);
  }
  const reports: ScheduleReport[] = [];
  for (const s of schedules) {
    let finished = s.lastRun ?? undefined;
    // The latest run may still be running: its outcome is the one before it.
    if (options.lastRun && finished?.state === 'running') {
      const runs: Run[] = [];
      for await (const run of api.items('list_scheduled_task_runs', { path: { scheduledTaskId: s.id } })) {
        runs.push(run);
        if (run.state !== 'running' || runs.length >= MAX_RUNS_READ) break;
      }
      finished = latestFinished(runs);
    }
    reports.push(checkSchedule(s, options, nowMs, finished));
  }
  return reports;
}
