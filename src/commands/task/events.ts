// wts task events: show the activity log of a task
import type { Command } from 'commander';
import { followOption } from '../../follow/options.js';
import { relativeTime } from '../../output/format.js';
import { printItems } from '../../output/list.js';
import { styled } from '../../output/text.js';
import type { Column } from '../../output/table.js';
import { options, verb, type CliDeps } from '../../framework/verb.js';
import { pageOptions, printListing, type PageOptions } from '../../framework/listing.js';
import type { Event } from './shared.js';
import { TASK } from './shared.js';

export function registerEvents(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'events',
    pages: (opts) => !opts.follow,
    description: 'show the activity log of a task',
    args: [TASK],
    options: options<PageOptions & { follow?: boolean }>((c) => followOption(pageOptions(c), 'activity')),
    fields: { taskId: 'TASK' },
    examples: [
      'wts task events task_s021',
      'wts task events task_s021 --all --json',
      'wts task events task_s021 -f   # new activity as it happens, until Ctrl-C',
    ],
    async run({ ctx, args, opts }) {
      if (opts.follow) return (await import('../../follow/listings.js')).followEvents(ctx, args[0], opts);
      await ctx.api(); // signed in first, as before the listing is read
      const columns: Column<Event>[] = [
        { header: 'Time', value: (e, mode) => (mode === 'human' ? relativeTime(e.createdAt, ctx.now()) : e.createdAt) },
        { header: 'Actor', value: (e) => e.actor.name, flex: true, min: 8, priority: 2 },
        { header: 'Kind', value: (e) => styled(e.kind, (k) => ctx.chalk.dim(k)), priority: 1 },
        { header: 'Summary', value: (e) => e.summary, flex: true, role: 'title' },
      ];
      await printListing(ctx, 'list_task_events', { path: { taskId: args[0] } }, opts, (items: AsyncIterable<Event>) =>
        printItems(ctx, items, columns, { empty: 'No activity.' }),
      );
    },
  });
}
