// wts schedule delete: delete scheduled tasks; their earlier runs stay
import type { Command } from 'commander';
import { verb, type CliDeps, options } from '../../framework/verb.js';
import { FIELDS, IDS, SCHEDULES } from './shared.js';

export function registerDelete(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'delete',
    description: 'delete scheduled tasks; their earlier runs stay',
    args: [IDS],
    options: options<{ yes?: boolean }>((c) => c.option('-y, --yes', 'do not ask for confirmation')),
    fields: FIELDS,
    examples: ['wts schedule delete sched_ops_access', 'wts schedule delete sched_ops_access --yes   # in scripts'],
    bulk: {
      ...SCHEDULES,
      operation: 'delete_scheduled_task',
      doing: 'deleting',
      forgets: 'schedule',
      confirm: (ids) =>
        ids.length === 1
          ? `Delete scheduled task ${ids[0]}? Its earlier runs stay.`
          : `Delete ${ids.length} scheduled tasks? Their earlier runs stay.`,
      async prepare({ ctx }) {
        const api = await ctx.api();
        return async (scheduledTaskId, options) => ({
          result: await api.call('delete_scheduled_task', { path: { scheduledTaskId } }, options),
          message: `Deleted scheduled task ${scheduledTaskId}`,
        });
      },
    },
  });
}
