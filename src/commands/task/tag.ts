// wts task tag: add and remove the tags of tasks (adding never removes one); --set replaces them all
import type { Command } from 'commander';
import { options, verb, type CliDeps } from '../../framework/verb.js';
import type { ChangeOptions } from './change.js';
import { changeOptions, changedTasks, changeTaskList } from './change.js';
import { TASK, TASK_IDS } from './shared.js';

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
      ...TASK_IDS,
      doing: 'tagging',
      ids: changedTasks,
      prepare: (call) =>
        changeTaskList<string>(call, {
          arg: 'TAG',
          many: 'tags',
          check: (api, typed) => api.prepare('set_task_tags', { path: { taskId: '-' }, body: { tags: typed } }),
          // Tags are taken as given.
          resolver: () => async (_task, typed) => typed,
          current: (task) => task.tags,
          key: (t) => t,
          name: (t) => t,
          send: (api, taskId, after, options) => api.call('set_task_tags', { path: { taskId }, body: { tags: after } }, options),
          unchanged: (tags) => `has ${tags.length ? `the tags ${tags.join(', ')}` : 'no tags'}`,
          verbed: 'tagged',
          nothing: 'no tags',
        }),
    },
  });
}
