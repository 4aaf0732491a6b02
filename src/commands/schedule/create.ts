// wts schedule create: run a prompt on a repeating schedule
import type { Command } from 'commander';
import { CliError, ExitCode } from '../../errors.js';
import { printDone } from '../../output/print.js';
import { verb, type CliDeps, options } from '../../framework/verb.js';
import type { ScheduleFlags } from './shared.js';
import { FIELDS, scheduleOptions, scheduleChanges, nextRunShort } from './shared.js';

export function registerCreate(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'create',
    description: 'run a prompt on a repeating schedule',
    options: options<ScheduleFlags>((c) => scheduleOptions(c, ' (required)')),
    fields: FIELDS,
    examples: [
      'wts schedule create --title "Weekly digest" --prompt "Summarize last week\'s tickets" --cron "0 9 * * 1" --workspace ws_support --agent agt_support',
      'wts schedule create --title "Backup check" --prompt-file prompt.md --cron "30 6 * * *" --workspace ws_ops --agent agt_ops',
    ],
    async run({ ctx, opts }) {
      if (opts.prompt === undefined && opts.promptFile === undefined)
        throw new CliError('--prompt: is required (or --prompt-file F)', ExitCode.usage);
      const body = await scheduleChanges(ctx, opts);
      const api = await ctx.api();
      const schedule = await api.call('create_scheduled_task', { path: {}, body: body as Required<typeof body> });
      ctx.remember('schedule', schedule.id, schedule.title);
      printDone(ctx, schedule, `Created ${schedule.id} (${schedule.title}); next run ${nextRunShort(ctx, schedule)}`);
    },
  });
}
