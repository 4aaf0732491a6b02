// wts task delete: delete tasks that are done, with their chat, activity, reminders and approvals
import type { Command } from 'commander';
import { options, verb, type CliDeps } from '../../framework/verb.js';
import { TASKS, TASK_IDS } from './shared.js';

export function registerDelete(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'delete',
    description: 'delete tasks that are done, with their chat, activity, reminders and approvals',
    args: [TASKS],
    options: options<{ yes?: boolean }>((c) => c.option('-y, --yes', 'do not ask for confirmation')),
    fields: { taskId: 'TASK' },
    examples: [
      'wts task delete task_s050',
      'wts task delete task_s050 --yes   # in scripts',
      'wts task list ws_support --status done | wts task delete - --yes',
    ],
    bulk: {
      operation: 'delete_task',
      ...TASK_IDS,
      doing: 'deleting',
      forgets: 'task',
      confirm: (ids) =>
        ids.length === 1
          ? `Delete task ${ids[0]}? Its chat, activity, reminders and pending approvals go with it.`
          : `Delete ${ids.length} tasks? Their chat, activity, reminders and pending approvals go with them.`,
      async prepare({ ctx }) {
        const api = await ctx.api();
        return async (taskId, options) => ({
          result: await api.call('delete_task', { path: { taskId } }, options),
          message: `Deleted ${taskId}`,
        });
      },
    },
  });
}
