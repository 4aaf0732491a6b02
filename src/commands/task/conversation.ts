// wts task conversation: show the email or chat thread a task came from
import type { Command } from 'commander';
import { CliError, ExitCode } from '../../errors.js';
import { options, verb, type CliDeps } from '../../framework/verb.js';
import { listTotal, pageOptions, printListing, type PageOptions } from '../../framework/listing.js';
import { TASK, printMessages } from './shared.js';

export function registerConversation(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'conversation',
    pages: true,
    description: 'show the email or chat thread a task came from',
    args: [TASK],
    options: options<PageOptions>(pageOptions),
    fields: { taskId: 'TASK' },
    examples: ['wts task conversation task_s021', 'wts task conversation task_s021 --json'],
    async run({ ctx, args, opts }) {
      const api = await ctx.api();
      const path = { taskId: args[0] };
      // Check --limit before the first request, so bad input sends nothing.
      listTotal(opts);
      const task = await api.call('get_task', { path });
      if (!task.conversationKey) {
        throw new CliError(
          `task ${task.id} did not come from an email or chat thread, so it has no conversation; its chat with the agent: wts task chat ${task.id}`,
          ExitCode.notFound,
        );
      }
      await printListing(
        ctx,
        'list_task_conversation_messages',
        { path, query: { conversationKey: task.conversationKey } },
        opts,
        printMessages(ctx),
      );
    },
  });
}
