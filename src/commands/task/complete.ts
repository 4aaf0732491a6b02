// wts task complete: mark tasks done
import type { Command } from 'commander';
import { verb, type CliDeps } from '../../framework/verb.js';
import { TASKS, TASK_IDS } from './shared.js';

export function registerComplete(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'complete',
    description: 'mark tasks done',
    args: [TASKS],
    fields: { taskId: 'TASK' },
    examples: [
      'wts task complete task_s001',
      'wts task complete task_s001 task_s002',
      'wts task list ws_support --tag resolved | wts task complete -',
    ],
    bulk: {
      operation: 'complete_task',
      ...TASK_IDS,
      doing: 'completing',
      async prepare({ ctx }) {
        const api = await ctx.api();
        return async (taskId, options) => {
          const task = await api.call('complete_task', { path: { taskId }, body: {} }, options);
          return { result: task, message: `Completed ${task.id} (${task.title})` };
        };
      },
    },
  });
}
