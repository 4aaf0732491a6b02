// wts task message: send the agent a follow-up in the task chat
import type { Command } from 'commander';
import { waitOptions, waitTimeoutMs, type WaitFlags } from '../../follow/options.js';
import { requiredText } from '../../input/text.js';
import { printDone } from '../../output/print.js';
import { options, verb, type CliDeps } from '../../framework/verb.js';
import { TASK } from './shared.js';

export function registerMessage(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'message',
    description: 'send the agent a follow-up in the task chat',
    args: [TASK, ['<TEXT>', 'the message']],
    options: options<WaitFlags>((c) => waitOptions(c, 'the agent replies (or the run it starts finishes)')),
    fields: { taskId: 'TASK', content: 'TEXT' },
    examples: [
      'wts task message task_s021 "Please also check the March invoice"',
      'wts task message task_s021 "What is the status?" --wait',
    ],
    async run({ ctx, args, opts }) {
      const timeoutMs = waitTimeoutMs(opts);
      const taskId = args[0];
      const content = requiredText(args[1], 'TEXT');
      const api = await ctx.api();
      if (opts.wait) {
        api.prepare('send_task_message', { path: { taskId }, body: { content } }); // bad input fails before anything is sent
        return (await import('../../follow/wait.js')).sendAndWait(ctx, taskId, content, { timeoutMs });
      }
      const message = await api.call('send_task_message', { path: { taskId }, body: { content } });
      printDone(ctx, message, `Sent to the agent on ${taskId}`);
    },
  });
}
