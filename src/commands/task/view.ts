// wts task view: show a task: status, people, tags, due date, description, notes and waiting approvals;
// on a terminal, then its latest chat messages
import type { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import type { Resource } from '../../contract/resources.js';
import { printObject } from '../../output/print.js';
import { styled, terminalText } from '../../output/text.js';
import { verb, type CliDeps } from '../../framework/verb.js';
import { taskRows } from '../../output/task-view.js';
import { printMessages, TASK } from './shared.js';

type Message = Resource<'Message'>;

/** How many of the chat's latest messages a view on a terminal ends with. */
const LATEST = 3;

/** The chat's last `LATEST` messages and how many there are: the listing is oldest first, so every page is read. */
async function latestMessages(api: ApiClient, taskId: string): Promise<{ latest: Message[]; count: number }> {
  const latest: Message[] = [];
  let count = 0;
  for await (const page of api.pages('list_task_messages', { path: { taskId } })) {
    count += page.items.length;
    latest.push(...page.items);
    latest.splice(0, Math.max(0, latest.length - LATEST));
  }
  return { latest, count };
}

export function registerView(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'view',
    pages: true,
    description:
      'show a task: status, people, tags, due date, description, notes and waiting approvals (on a terminal, then the latest chat messages)',
    args: [TASK],
    fields: { taskId: 'TASK' },
    examples: ['wts task view task_s021', 'wts task view task_s021 --json', 'wts task chat task_s021   # the whole chat'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const path = { taskId: args[0] };
      if (ctx.json) {
        printObject(ctx, await api.call('get_task', { path }), []);
        return;
      }
      // Piped output stays the task's fields alone: scripts read them line by line.
      const chat = ctx.io.isStdoutTTY ? latestMessages(api, args[0]) : undefined;
      chat?.catch(() => {});
      const [task, waiting] = await Promise.all([api.call('get_task', { path }), api.call('list_pending_actions', { path })]);
      printObject(ctx, task, taskRows(ctx, task, waiting.items));
      if (!chat) return;
      const { latest, count } = await chat;
      if (!latest.length) return;
      const more = count > latest.length ? ` (${latest.length} of ${count}; all: wts task chat ${task.id})` : '';
      ctx.io.stdout.write(
        `\n${terminalText(
          styled(`Latest messages${more}:`, (s) => ctx.chalk.bold(s)),
          ctx.io.columns,
        )}\n`,
      );
      await printMessages(ctx)(latest);
    },
  });
}
