// wts task list: list the tasks of a workspace: open work by default (every column but done), in board order, then by due date
import type { Command } from 'commander';
import { options, verb, WS_ARG, type CliDeps } from '../../framework/verb.js';
import { collectItems, pageOptions, totalLimit, type PageOptions } from '../../framework/listing.js';
import { collectList, PeopleResolver } from '../../input/people.js';
import { DONE, dueTime, statusKey } from '../../input/statuses.js';
import type { Status } from './shared.js';
import { holdTasks } from './shared.js';

/** Board order, then due date (NaN, for two undated tasks or a date that cannot be read, sorts as equal). */
const place = (columnA: number, dueA: number, columnB: number, dueB: number) => columnA - columnB || dueA - dueB;

export function registerList(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'list',
    pages: true,
    description: 'list the tasks of a workspace: open work by default (every column but done), in board order, then by due date',
    args: [WS_ARG],
    options: options<PageOptions & { status: string[]; assignee?: string; tag?: string; unassigned?: boolean }>((c) =>
      pageOptions(
        c
          .option(
            '--status <column>',
            'only these columns: key or name, repeatable or comma-separated; "all" for every column (default: all but done)',
            collectList,
            [],
          )
          .option('--assignee <person>', 'only tasks assigned to this person: id, name, email or @me')
          .option('--tag <tag>', 'only tasks with this tag')
          .option('--unassigned', 'only tasks nobody is assigned to'),
      ),
    ),
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
      api.prepare('list_tasks', {
        path,
        query: { ...(opts.tag !== undefined && { tag: opts.tag }), ...(opts.assignee !== undefined && { assignee: opts.assignee }) },
      });
      const every = opts.status.some((s) => s.trim().toLowerCase() === 'all');
      const columns = collectItems<Status>(api.items('list_workspace_statuses', { path: { workspaceId } })).then((s) =>
        s.sort((a, b) => a.position - b.position),
      );
      // With every column, the columns are read alongside the tasks (they only order them), and awaited
      // later: not an unhandled rejection meanwhile. Otherwise first: --status names them.
      columns.catch(() => {});
      const keys = every
        ? []
        : await columns.then((statuses) =>
            opts.status.length
              ? [...new Set(opts.status.map((s) => statusKey(s, statuses, '--status')))]
              : statuses.map((s) => s.key).filter((k) => k !== DONE),
          );
      const assignee =
        opts.assignee === undefined ? undefined : (await new PeopleResolver(ctx, api, workspaceId).resolve(opts.assignee, '--assignee')).id;
      const filters = {
        ...(assignee !== undefined && { assignee }),
        ...(opts.tag !== undefined && { tag: opts.tag }),
        ...(opts.unassigned && { unassigned: true }),
        limit: 50,
      };
      // There is no order to ask the service for, so every task is read, then sorted: its column in board
      // order (a column the workspace no longer lists last), then its due date. Each is held as it prints
      // (holdList: 10,000 tasks hold their 3 MB of text, not their objects), its place in two arrays.
      const list = holdTasks(ctx);
      const column: number[] = [];
      const due: number[] = [];
      // Whether the tasks came in the order they are shown (one column, no due dates out of order): then
      // sorting would change nothing (its first run would be all of them), and is left out.
      let inOrder = true;
      const read = async (status: string | undefined) => {
        const pages = api.pages(
          'list_tasks',
          { path, query: { ...filters, ...(status !== undefined && { status }) } },
          { readAhead: true },
        );
        // The first page is asked for before the columns are awaited: with every column, both at once.
        const first = pages.next();
        first.catch(() => {});
        const statuses = await columns;
        const at = new Map(statuses.map((s, i) => [s.key, i]));
        for (let page = await first; !page.done; page = await pages.next()) {
          for (const task of page.value.items) {
            list.hold(task);
            const c = at.get(task.status) ?? statuses.length;
            const d = dueTime(task);
            const last = column.length - 1;
            if (last >= 0 && place(c, d, column[last] ?? 0, due[last] ?? 0) < 0) inOrder = false;
            column.push(c);
            due.push(d);
          }
        }
      };
      // One column at a time would be slower: they are read at once, and held until all are in.
      await (every ? read(undefined) : Promise.all(keys.map((status) => read(status))));
      const order: number[] = [];
      for (let i = 0; i < list.size; i++) order.push(i);
      if (!inOrder) order.sort((a, b) => place(column[a] ?? 0, due[a] ?? 0, column[b] ?? 0, due[b] ?? 0));
      const shown = list.print(opts.all ? order : order.slice(0, limit));
      if (shown < list.size) {
        ctx.io.stderr.write(`${ctx.chalk.dim(`Showing ${shown} of ${list.size} tasks; more with --limit ${list.size} or --all`)}\n`);
      }
    },
  });
}
