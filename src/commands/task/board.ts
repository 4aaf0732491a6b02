// wts task board: show a workspace's board: its columns side by side with their tasks, fitted to the terminal
import type { Command } from 'commander';
import { CliError, ExitCode } from '../../errors.js';
import { pipeText } from '../../output/text.js';
import { printJson } from '../../output/print.js';
import { options, verb, WS_ARG, type CliDeps } from '../../framework/verb.js';
import { collectItems, firstCards } from '../../framework/listing.js';
import { isOverdue, overdueMark } from '../../output/task-view.js';
import type { Task, Status } from './shared.js';

export function registerBoard(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'board',
    pages: true,
    description: "show a workspace's board: its columns side by side with their tasks, fitted to the terminal",
    args: [WS_ARG],
    options: options<{ rows?: string }>((c) =>
      c.option('--rows <n>', 'tasks shown under each column (on a terminal before "+N more"; default 10 there, all when piped)'),
    ),
    fields: { workspaceId: 'WS' },
    examples: [
      'wts task board ws_support',
      "wts task board ws_support --json | jq '.columns[] | {key, count}'",
      'wts task board ws_support | grep ^waiting   # status<TAB>id<TAB>title',
    ],
    async run({ ctx, args, opts }) {
      const rows = opts.rows === undefined ? 10 : Number(opts.rows);
      if (!Number.isInteger(rows) || rows < 1 || rows > 1000)
        throw new CliError('--rows: must be a whole number from 1 to 1000', ExitCode.usage);
      const workspaceId = args[0];
      const api = await ctx.api();
      const path = { workspaceId };
      // Every column shows (on a terminal, empty ones too): kept for completing --status.
      const statuses = collectItems<Status>(api.items('list_workspace_statuses', { path })).then((s) => {
        const sorted = [...s].sort((a, b) => a.position - b.position);
        for (const column of sorted) ctx.remember('status', column.key, column.name);
        return sorted;
      });
      statuses.catch(() => {});
      if (ctx.io.isStdoutTTY && !ctx.json) {
        // On a terminal only the first rows of each column show: those are read, not the whole board.
        const columns = await firstCards(api, workspaceId, await statuses, rows);
        for (const column of columns) for (const task of column.tasks) ctx.remember('task', task.id, task.title);
        const { renderBoard } = await import('../../output/board.js');
        ctx.io.stdout.write(
          renderBoard(ctx.chalk, columns, {
            width: ctx.io.columns,
            rows,
            overdue: (t) => isOverdue(ctx, t),
            overdueMark: overdueMark(ctx),
          }),
        );
        return;
      }
      // Piped and --json, every task: one walk, which also finds a column the workspace no longer lists.
      const [listed, tasks] = await Promise.all([statuses, collectItems<Task>(api.items('list_tasks', { path, query: { limit: 50 } }))]);
      // Columns in board order; a task in a column the workspace no longer lists still shows, after them.
      const columns = listed.map((s): { key: string; name: string; tasks: Task[] } => ({ key: s.key, name: s.name, tasks: [] }));
      for (const task of tasks) {
        let column = columns.find((c) => c.key === task.status);
        if (!column) columns.push((column = { key: task.status, name: task.status, tasks: [] }));
        column.tasks.push(task);
        ctx.remember('task', task.id, task.title);
      }
      if (ctx.json) {
        printJson(ctx, { columns: columns.map((c) => ({ key: c.key, name: c.name, count: c.tasks.length, tasks: c.tasks })) });
      } else {
        // Piped, --rows cuts each column as on a terminal (every task without it).
        const shown = opts.rows === undefined ? Infinity : rows;
        for (const c of columns)
          for (const t of c.tasks.slice(0, shown)) ctx.io.stdout.write(`${[c.key, t.id, t.title].map(pipeText).join('\t')}\n`);
      }
    },
  });
}
