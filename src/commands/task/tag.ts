// wts task tag: add and remove the tags of tasks (adding never removes one); --set replaces them all
import type { Command } from 'commander';
import { options, verb, type CliDeps } from '../../framework/verb.js';
import type { ChangeOptions } from './change.js';
import { changeOptions, planChange, changedTasks, changeWords, applyChange, difference, changeMessage } from './change.js';
import { TASK, TASK_NOUN } from './shared.js';

export function registerTag(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'tag',
    description: 'add and remove the tags of tasks (adding never removes one); --set replaces them all',
    args: [TASK, ['[TAG...]', 'tags to add (as --add); with --add, --remove, --set or --clear every word is a TASK']],
    options: options<ChangeOptions>((c) => changeOptions(c, 'tag', 'tags', 'a tag')),
    fields: { taskId: 'TASK', tags: 'TAG' },
    examples: [
      'wts task tag task_s001 vip',
      'wts task tag task_s001 --add bug,login --remove triage',
      'wts task tag task_s001 --set billing',
      'wts task tag task_s001 --clear',
      'wts task tag task_s001 task_s002 task_s003 --add vip',
      'wts task list ws_support --assignee @me | wts task tag - --add sprint-12',
    ],
    bulk: {
      operation: 'set_task_tags',
      field: 'taskId',
      noun: TASK_NOUN,
      doing: 'tagging',
      ids: changedTasks,
      async prepare({ ctx, args, opts }) {
        const change = planChange(opts, changeWords(args, opts), 'TAG', 'tags');
        const api = await ctx.api();
        api.prepare('set_task_tags', { path: { taskId: '-' }, body: { tags: [...(change.set ?? []), ...change.add, ...change.remove] } });
        return async (taskId, options) => {
          const task = await api.call('get_task', { path: { taskId } }, options);
          const after = applyChange(task.tags, change.set, change.add, change.remove, (t) => t);
          const { added, removed } = difference(task.tags, after, (t) => t);
          if (!added.length && !removed.length) return { result: task, message: `No change: ${task.id} has ${task.tags.length ? `the tags ${task.tags.join(', ')}` : 'no tags'}` };
          const updated = await api.call('set_task_tags', { path: { taskId }, body: { tags: after } }, options);
          return { result: updated, message: changeMessage(updated.id, 'tagged', added, removed, updated.tags, 'no tags') };
        };
      },
    },
  });
}
