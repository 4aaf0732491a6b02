// wts schedule runs: list the past runs of a scheduled task, newest first
import type { Command } from 'commander';
import { relativeTime, stateText } from '../../output/format.js';
import { printItems } from '../../output/list.js';
import type { Column } from '../../output/table.js';
import { pageOptions, printListing, type PageOptions } from '../../framework/listing.js';
import { verb, type CliDeps, options } from '../../framework/verb.js';
import type { Run } from './shared.js';
import { ID, FIELDS } from './shared.js';

export function registerRuns(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'runs',
    lists: 'list_scheduled_task_runs',
    pages: true,
    description: 'list the past runs of a scheduled task, newest first',
    args: [ID],
    options: options<PageOptions>(pageOptions),
    fields: FIELDS,
    examples: ['wts schedule runs sched_support_weekly', 'wts schedule runs sched_ops_backups --all --json'],
    async run({ ctx, args, opts }) {
      const columns: Column<Run>[] = [
        { header: 'ID', value: (r) => r.id, role: 'id' },
        { header: 'State', value: (r) => stateText(ctx.chalk, r.state) },
        { header: 'Task', value: (r) => r.taskId, priority: 1 },
        { header: 'Started', value: (r, mode) => (mode === 'human' ? relativeTime(r.startedAt, ctx.now()) : r.startedAt) },
        { header: 'Output', value: (r) => r.output.split('\n')[0] ?? '', flex: true, role: 'title' },
      ];
      await printListing(ctx, 'list_scheduled_task_runs', { path: { scheduledTaskId: args[0] } }, opts, (items) =>
        printItems(ctx, items, columns, { empty: 'No runs yet.' }),
      );
    },
  });
}
