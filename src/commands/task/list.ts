// wts task list: list the tasks of a workspace: open work by default (every column but done), in board order, then by due date
import type { Command } from 'commander';
import { options, verb, WS_ARG, type CliDeps } from '../../framework/verb.js';
import { collectItems, pageOptions, totalLimit, type PageOptions } from '../../framework/listing.js';
import { collectList, PeopleResolver } from '../../input/people.js';
import { byDueDate, DONE, statusKey } from '../../input/statuses.js';
import type { Task, Status } from './shared.js';
import { printTasks } from './shared.js';

export function registerList(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'list',
    pages: true,
    description: 'list the tasks of a workspace: open work by default (every column but done), in board order, then by due date',
    args: [WS_ARG],
    options: options<PageOptions & { status: string[]; assignee?: string; tag?: string; unassigned?: boolean }>((c) =>
      pageOptions(
        c
          .option('--status <column>', 'only these columns: key or name, repeatable or comma-separated; "all" for every column (default: all but done)', collectList, [])
          .option('--assignee <person>', 'only tasks assigned to this person: id, name, email or @me')
          .option('--tag <tag>', 'only tasks with this tag')
          .option('--unassigned', 'only tasks nobody is assigned to'),
      )),
    fields: { workspaceId: 'WS' },
    examples: [
      'wts task list ws_support                       # open work: every column but done',
      'wts task list ws_support --status todo,waiting --assignee @me',
      'wts task list ws_support --status "In progress" --status done',
      'wts task list ws_support --status all --all --json | jq length',
    ],
    async run({ ctx, args, opts }) {
      const workspaceId = args[0];
      const limit = totalLimit(opts.limit);
      const api = await ctx.api();
      const path = { workspaceId };
      // Bad input fails before any request.
      api.prepare('list_tasks', { path, query: { ...(opts.tag !== undefined && { tag: opts.tag }), ...(opts.assignee !== undefined && { assignee: opts.assignee }) } });
      const statuses = (await collectItems<Status>(api.items('list_workspace_statuses', { path: { workspaceId } }))).sort((a, b) => a.position - b.position);
      const every = opts.status.some((s) => s.trim().toLowerCase() === 'all');
      const keys = every ? [] : opts.status.length ? [...new Set(opts.status.map((s) => statusKey(s, statuses, '--status')))] : statuses.map((s) => s.key).filter((k) => k !== DONE);
      const assignee = opts.assignee === undefined ? undefined : (await new PeopleResolver(ctx, api, workspaceId).resolve(opts.assignee, '--assignee')).id;
      const filters = {
        ...(assignee !== undefined && { assignee }),
        ...(opts.tag !== undefined && { tag: opts.tag }),
        ...(opts.unassigned && { unassigned: true }),
        limit: 50,
      };
      // Board order (a column the workspace no longer lists last), then by due date within a column.
      const position = (t: Task) => {
        const i = statuses.findIndex((s) => s.key === t.status);
        return i < 0 ? statuses.length : i;
      };
      const lists = every
        ? [await collectItems<Task>(api.items('list_tasks', { path, query: filters }))]
        : await Promise.all(keys.sort((a, b) => statuses.findIndex((s) => s.key === a) - statuses.findIndex((s) => s.key === b)).map((status) => collectItems<Task>(api.items('list_tasks', { path, query: { ...filters, status } }))));
      const tasks = lists.flat().sort((a, b) => position(a) - position(b) || byDueDate(a, b));
      const shown = opts.all ? tasks : tasks.slice(0, limit);
      await printTasks(ctx)(shown);
      if (shown.length < tasks.length) {
        ctx.io.stderr.write(`${ctx.chalk.dim(`Showing ${shown.length} of ${tasks.length} tasks; more with --limit ${tasks.length} or --all`)}\n`);
      }
    },
  });
}
