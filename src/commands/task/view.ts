// wts task view: show a task: status, people, tags, due date, description, notes and waiting approvals
import type { Command } from 'commander';
import { printObject } from '../../output/print.js';
import { verb, type CliDeps } from '../../framework/verb.js';
import { taskRows } from '../../output/task-view.js';
import { TASK } from './shared.js';

export function registerView(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'view',
    pages: true,
    description: 'show a task: status, people, tags, due date, description, notes and waiting approvals',
    args: [TASK],
    fields: { taskId: 'TASK' },
    examples: ['wts task view task_s021', 'wts task view task_s021 --json'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const path = { taskId: args[0] };
      if (ctx.json) {
        printObject(ctx, await api.call('get_task', { path }), []);
        return;
      }
      const [task, waiting] = await Promise.all([api.call('get_task', { path }), api.call('list_pending_actions', { path })]);
      printObject(ctx, task, taskRows(ctx, task, waiting.items));
    },
  });
}
