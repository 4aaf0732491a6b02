// wts task chat: show the chat between people and the agent on a task
import type { Command } from 'commander';
import { followOption } from '../../follow/options.js';
import { options, verb, type CliDeps } from '../../framework/verb.js';
import { pageOptions, printListing, type PageOptions } from '../../framework/listing.js';
import { TASK, printMessages } from './shared.js';

export function registerChat(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'chat',
    pages: (opts) => !opts.follow,
    description: 'show the chat between people and the agent on a task',
    args: [TASK],
    options: options<PageOptions & { follow?: boolean }>((c) => followOption(pageOptions(c), 'messages')),
    fields: { taskId: 'TASK' },
    examples: [
      'wts task chat task_s021',
      'wts task chat task_s021 --all',
      'wts task chat task_s021 --follow   # new messages as they arrive, until Ctrl-C',
    ],
    async run({ ctx, args, opts }) {
      if (opts.follow) return (await import('../../follow/listings.js')).followChat(ctx, args[0], printMessages(ctx), opts);
      await ctx.api(); // signed in first, as before the listing is read
      await printListing(ctx, 'list_task_messages', { path: { taskId: args[0] } }, opts, printMessages(ctx));
    },
  });
}
