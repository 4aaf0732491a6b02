// A scheduled task as the service returns it, for unit tests of the schedule logic: a daily 06:30 backup
// check in Europe/Berlin, active, never run; `fields` replace any of it.
import type { Resource } from '../../src/contract/resources.js';

export type ScheduledTask = Resource<'ScheduledTask'>;

export function scheduledTask(fields: Partial<ScheduledTask> = {}): ScheduledTask {
  return {
    id: 'sched_test',
    title: 'Daily backup check',
    prompt: 'Check the backups.',
    cron: '30 6 * * *',
    timezone: 'Europe/Berlin',
    workspaceId: 'ws_ops',
    agentId: 'agt_ops',
    state: 'active',
    nextRunAt: null,
    lastRun: null,
    ...fields,
  };
}
