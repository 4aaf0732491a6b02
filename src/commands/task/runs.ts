// wts task runs: list the times an agent worked on a task
import type { Command } from 'commander';
import { relativeTime, stateText } from '../../output/format.js';
import { printItems } from '../../output/list.js';
import type { Column } from '../../output/table.js';
import { options, verb, type CliDeps } from '../../framework/verb.js';
import { pageOptions, printListing, type PageOptions } from '../../framework/listing.js';
import type { Run } from './shared.js';
import { TASK } from './shared.js';

export function registerRuns(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'runs',
    lists: 'list_task_runs',
    pages: true,
    description: 'list the times an agent worked on a task',
    args: [TASK],
    options: options<PageOptions>(pageOptions),
    fields: { taskId: 'TASK' },
    examples: ['wts task runs task_s021', 'wts task runs task_s021 --json'],
    async run({ ctx, args, opts }) {
      await ctx.api(); // signed in first, as before the listing is read
      const columns: Column<Run>[] = [
        { header: 'ID', value: (r) => r.id, role: 'id' },
        { header: 'State', value: (r) => stateText(ctx.chalk, r.state) },
        { header: 'Agent', value: (r) => r.agentId, priority: 1 },
        { header: 'Started', value: (r, mode) => (mode === 'human' ? relativeTime(r.startedAt, ctx.now()) : r.startedAt) },
        { header: 'Output', value: (r) => r.output.split('\n')[0] ?? '', flex: true, role: 'title' },
      ];
      await printListing(ctx, 'list_task_runs', { path: { taskId: args[0] } }, opts, (items: AsyncIterable<Run>) =>
        printItems(ctx, items, columns, { empty: 'No runs yet.' }),
      );
    },
  });
}
