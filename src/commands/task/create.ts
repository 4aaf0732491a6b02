// wts task create: create a task and have an agent start on it
import type { Command } from 'commander';
import { waitOptions, waitTimeoutMs, type WaitFlags } from '../../follow/options.js';
import { requiredText } from '../../input/text.js';
import { parseWhen } from '../../input/when.js';
import { printDone } from '../../output/print.js';
import { options, verb, type CliDeps } from '../../framework/verb.js';
import { dueEcho } from './shared.js';

export function registerCreate(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'create',
    description: 'create a task and have an agent start on it',
    args: [['<TITLE>', 'title of the task']],
    options: options<{ agent: string; description?: string; due?: string } & WaitFlags>((c) =>
      waitOptions(
        c
          .requiredOption('--agent <id>', 'the agent that works on it (from `wts agent list`); the task goes to its workspace')
          .option('--description <text>', 'what the agent should know and do')
          .option('--due <time>', 'due date: ISO 8601, "tomorrow 9:00", "in 2d", "fri 17:00"'),
        "the agent's run on it finishes",
      ),
    ),
    fields: { agentId: '--agent', title: 'TITLE', dueDate: '--due' },
    examples: [
      'wts task create --agent agt_support "Reply to Lena about the login problem"',
      'wts task create --agent agt_ops "Check the backup sizes" --description "Compare with last week" --due "tomorrow 9:00"',
      'wts task create --agent agt_support "Summarize open refunds" --wait --timeout 5m',
    ],
    async run({ ctx, args, opts }) {
      const timeoutMs = waitTimeoutMs(opts);
      const parsedAt = ctx.now();
      const body = {
        title: requiredText(args[0], 'TITLE'),
        ...(opts.description !== undefined && { description: opts.description }),
        ...(opts.due !== undefined && { dueDate: await parseWhen(opts.due, '--due', parsedAt) }),
      };
      const api = await ctx.api();
      if (opts.wait) {
        api.prepare('submit_task', { path: { agentId: opts.agent }, body }); // bad input fails before anything is sent
        return (await import('../../follow/wait.js')).submitAndWait(ctx, opts.agent, body, { timeoutMs });
      }
      const task = await api.call('submit_task', { path: { agentId: opts.agent }, body });
      printDone(
        ctx,
        task,
        `Created ${task.id} in ${task.workspaceId} for ${opts.agent}: ${task.title}${opts.due === undefined ? '' : dueEcho(task, parsedAt)}`,
      );
    },
  });
}
