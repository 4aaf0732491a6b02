// wts schedule view: show a scheduled task: its prompt, schedule, next and last run
import type { Command } from 'commander';
import { verb, type CliDeps } from '../../framework/verb.js';
import { ID, FIELDS, printSchedule } from './shared.js';

export function registerView(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'view',
    pages: true,
    description: 'show a scheduled task: its prompt, schedule, next and last run',
    args: [ID],
    fields: FIELDS,
    examples: ['wts schedule view sched_support_weekly', 'wts schedule view sched_support_weekly --json'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const schedule = await api.call('get_scheduled_task', { path: { scheduledTaskId: args[0] } });
      ctx.remember('schedule', schedule.id, schedule.title);
      printSchedule(ctx, schedule);
    },
  });
}
