// wts task assign: add and remove the people assigned to tasks (adding never removes anyone); --set replaces them all
import type { Command } from 'commander';
import { options, verb, type CliDeps } from '../../framework/verb.js';
import { PeopleResolver } from '../../input/people.js';
import type { ChangeOptions } from './change.js';
import { changeOptions, planChange, changedTasks, changeWords, applyChange, difference, changeMessage } from './change.js';
import { TASK, TASK_NOUN } from './shared.js';

export function registerAssign(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'assign',
    description: 'add and remove the people assigned to tasks (adding never removes anyone); --set replaces them all',
    args: [TASK, ['[PERSON...]', 'people to add: id, name, email or @me (as --add); with --add, --remove, --set or --clear every word is a TASK']],
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
      field: 'taskId',
      noun: TASK_NOUN,
      doing: 'assigning',
      ids: changedTasks,
      async prepare({ ctx, args, opts }) {
        const change = planChange(opts, changeWords(args, opts), 'PERSON', 'people');
        const api = await ctx.api();
        api.prepare('assign_task', { path: { taskId: '-' }, body: { assigneeIds: [...(change.set ?? []), ...change.add, ...change.remove] } });
        // People are named per workspace: each workspace's members are read once.
        const resolvers = new Map<string, PeopleResolver>();
        return async (taskId, options) => {
          const task = await api.call('get_task', { path: { taskId } }, options);
          const people = resolvers.get(task.workspaceId) ?? new PeopleResolver(ctx, api, task.workspaceId);
          resolvers.set(task.workspaceId, people);
          const resolve = async (typed: string[], label: string) => {
            const out: { id: string; name: string }[] = [];
            for (const t of typed) out.push(await people.resolve(t, label));
            return out;
          };
          const [set, add, remove] = await Promise.all([change.set && resolve(change.set, '--set'), resolve(change.add, '--add'), resolve(change.remove, '--remove')]);
          const before = task.assignees.map((a) => ({ id: a.id, name: a.name }));
          const after = applyChange(before, set || undefined, add, remove, (p) => p.id);
          const { added, removed } = difference(before, after, (p) => p.id);
          if (!added.length && !removed.length) return { result: task, message: `No change: ${task.id} is assigned to ${before.length ? before.map((p) => p.name).join(', ') : 'nobody'}` };
          const updated = await api.call('assign_task', { path: { taskId }, body: { assigneeIds: after.map((p) => p.id) } }, options);
          return { result: updated, message: changeMessage(updated.id, 'assigned', added.map((p) => p.name), removed.map((p) => p.name), updated.assignees.map((a) => a.name), 'nobody') };
        };
      },
    },
  });
}
