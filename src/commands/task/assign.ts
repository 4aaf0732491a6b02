// wts task assign: add and remove the people assigned to tasks (adding never removes anyone); --set replaces them all
import type { Command } from 'commander';
import { options, verb, type CliDeps } from '../../framework/verb.js';
import { PeopleResolver } from '../../input/people.js';
import type { ChangeOptions } from './change.js';
import { changeOptions, changedTasks, changeTaskList } from './change.js';
import { TASK, TASK_IDS } from './shared.js';

export function registerAssign(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'assign',
    description: 'add and remove the people assigned to tasks (adding never removes anyone); --set replaces them all',
    args: [
      TASK,
      ['[PERSON...]', 'people to add: id, name, email or @me (as --add); with --add, --remove, --set or --clear every word is a TASK'],
    ],
    options: options<ChangeOptions>((c) => changeOptions(c, 'person', 'people', 'id, name, email or @me')),
    fields: { taskId: 'TASK', assigneeIds: 'PERSON' },
    examples: [
      'wts task assign task_s001 ben',
      'wts task assign task_s001 --add @me --remove ada@acme.example',
      'wts task assign task_s001 --set usr_ada,usr_ben',
      'wts task assign task_s001 --clear',
      'wts task assign task_s001 task_s002 --add @me',
      'wts task list ws_support --unassigned | wts task assign - --add ben',
    ],
    bulk: {
      operation: 'assign_task',
      ...TASK_IDS,
      doing: 'assigning',
      ids: changedTasks,
      prepare: (call) =>
        changeTaskList<{ id: string; name: string }>(call, {
          arg: 'PERSON',
          many: 'people',
          check: (api, typed) => api.prepare('assign_task', { path: { taskId: '-' }, body: { assigneeIds: typed } }),
          resolver(ctx, api) {
            // People are named per workspace: each workspace's members are read once.
            const resolvers = new Map<string, PeopleResolver>();
            return async (task, typed, label) => {
              const people = resolvers.get(task.workspaceId) ?? new PeopleResolver(ctx, api, task.workspaceId);
              resolvers.set(task.workspaceId, people);
              const out: { id: string; name: string }[] = [];
              for (const t of typed) out.push(await people.resolve(t, label));
              return out;
            };
          },
          current: (task) => task.assignees.map((a) => ({ id: a.id, name: a.name })),
          key: (p) => p.id,
          name: (p) => p.name,
          send: (api, taskId, after, options) =>
            api.call('assign_task', { path: { taskId }, body: { assigneeIds: after.map((p) => p.id) } }, options),
          unchanged: (names) => `is assigned to ${names.length ? names.join(', ') : 'nobody'}`,
          verbed: 'assigned',
          nothing: 'nobody',
        }),
    },
  });
}
