// wts schedule resume: start paused scheduled tasks again
import type { Command } from 'commander';
import { verb, type CliDeps } from '../../framework/verb.js';
import { FIELDS, IDS, SCHEDULES, nextRunShort } from './shared.js';

export function registerResume(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'resume',
    description: 'start paused scheduled tasks again',
    args: [IDS],
    fields: FIELDS,
    examples: ['wts schedule resume sched_support_status', 'wts schedule resume sched_support_status sched_sales_digest'],
    bulk: {
      ...SCHEDULES,
      operation: 'resume_scheduled_task',
      doing: 'resuming',
      async prepare({ ctx }) {
        const api = await ctx.api();
        return async (scheduledTaskId, options) => {
          const schedule = await api.call('resume_scheduled_task', { path: { scheduledTaskId }, body: {} }, options);
          return { result: schedule, message: `Resumed ${schedule.id} (${schedule.title}); next run ${nextRunShort(ctx, schedule)}` };
        };
      },
    },
  });
}
