// wts schedule pause: stop scheduled tasks until they are resumed
import type { Command } from 'commander';
import { verb, type CliDeps } from '../../framework/verb.js';
import { FIELDS, IDS, SCHEDULES } from './shared.js';

export function registerPause(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'pause',
    description: 'stop scheduled tasks until they are resumed',
    args: [IDS],
    fields: FIELDS,
    examples: ['wts schedule pause sched_sales_digest', 'wts schedule list | grep agt_sales | wts schedule pause -'],
    bulk: {
      ...SCHEDULES,
      operation: 'pause_scheduled_task',
      doing: 'pausing',
      async prepare({ ctx }) {
        const api = await ctx.api();
        return async (scheduledTaskId, options) => {
          const schedule = await api.call('pause_scheduled_task', { path: { scheduledTaskId }, body: {} }, options);
          return { result: schedule, message: `Paused ${schedule.id} (${schedule.title})` };
        };
      },
    },
  });
}
