// wts schedule edit: change a scheduled task's title, prompt, schedule, workspace or agent
import type { Command } from 'commander';
import { CliError, ExitCode } from '../../errors.js';
import { printDone } from '../../output/print.js';
import { verb, type CliDeps, options } from '../../framework/verb.js';
import type { ScheduleFlags } from './shared.js';
import { ID, FIELDS, scheduleOptions, scheduleChanges, nextRunShort } from './shared.js';

export function registerEdit(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'edit',
    description: "change a scheduled task's title, prompt, schedule, workspace or agent",
    args: [ID],
    options: options<ScheduleFlags>((c) => scheduleOptions(c, '')),
    fields: FIELDS,
    examples: [
      'wts schedule edit sched_sales_digest --cron "0 8 * * 1-5"',
      'wts schedule edit sched_support_weekly --prompt-file prompt.md',
    ],
    async run({ ctx, args, opts }) {
      const body = await scheduleChanges(ctx, opts);
      if (Object.keys(body).length === 0)
        throw new CliError('nothing to change: pass --title, --prompt, --prompt-file, --cron, --workspace or --agent', ExitCode.usage);
      const api = await ctx.api();
      const schedule = await api.call('update_scheduled_task', { path: { scheduledTaskId: args[0] }, body });
      printDone(ctx, schedule, `Updated ${schedule.id} (${schedule.title}); next run ${nextRunShort(ctx, schedule)}`);
    },
  });
}
