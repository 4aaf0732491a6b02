// wts task edit: change the title, status or due date of tasks; with no flags on a terminal, one task in your editor
import type { Command } from 'commander';
import type { CallOptions } from '../../api/client.js';
import type { CommandContext } from '../../context.js';
import { CliError, ExitCode } from '../../errors.js';
import { optionalText, requiredText } from '../../input/text.js';
import { parseWhen } from '../../input/when.js';
import { pipeText } from '../../output/text.js';
import { printDone } from '../../output/print.js';
import type { Staged } from '../../bulk/run.js';
import { options, verb, type CliDeps } from '../../framework/verb.js';
import { collectItems } from '../../framework/listing.js';
import { statusKey } from '../../input/statuses.js';
import type { Status } from './shared.js';
import { TASKS, TASK_IDS, dueEcho } from './shared.js';

/** The fields of `task edit` in the editor: what update_task can change. */
const EDITABLE = ['title', 'status', 'due'] as const;

/**
 * `task edit TASK` with no flags on a terminal: the title, status and due date in the editor as
 * `field: value` lines, and only what changed is sent. A text that cannot be read, or that the service
 * refuses, is kept in a file whose path the error names.
 */
async function editInEditor(ctx: CommandContext, taskId: string): Promise<void> {
  const api = await ctx.api();
  api.prepare('update_task', { path: { taskId }, body: {} });
  const task = await api.call('get_task', { path: { taskId } });
  const statuses = (await collectItems<Status>(api.items('list_workspace_statuses', { path: { workspaceId: task.workspaceId } }))).sort(
    (a, b) => a.position - b.position,
  );
  const shown = { title: task.title, status: task.status, due: task.dueDate ?? '' };
  const initial = [
    `# Edit ${task.id}: change the values, save and quit. Lines starting with # are ignored.`,
    `# status: one of ${statuses.map((s) => s.key).join(', ')} (a key or a column name)`,
    '# due: ISO 8601 or "tomorrow 9:00", "fri 17:00", "in 2d"; empty or none: no due date',
    ...EDITABLE.map((field) => `${field}: ${shown[field]}`),
    '',
  ].join('\n');
  const { editText, reportUnchanged, keepText } = await import('../../input/editor.js');
  const text = await editText(ctx, initial, {
    postfix: '.txt',
    what: 'the task',
    isEmpty: (t) => t.split('\n').every((l) => l.trim() === '' || l.startsWith('#')),
  });
  if (text === initial) {
    reportUnchanged(ctx, task);
    return;
  }
  let body: { title?: string; status?: string; dueDate?: string | null };
  let parsedAt = ctx.now();
  try {
    const values = new Map<string, string>();
    for (const line of text.split(/\r?\n/)) {
      if (line.trim() === '' || line.startsWith('#')) continue;
      const [, key = '', value = ''] = /^(\w+):[ \t]?(.*)$/.exec(line) ?? [];
      if (!EDITABLE.some((editable) => editable === key))
        throw new CliError(`cannot read "${pipeText(line)}": each line is title:, status: or due: and its value`, ExitCode.usage);
      if (values.has(key)) throw new CliError(`${key} is given twice`, ExitCode.usage);
      values.set(key, value.trim());
    }
    body = {};
    const title = values.get('title');
    if (title !== undefined && title !== task.title) body.title = requiredText(title, 'title');
    const status = values.get('status');
    if (status !== undefined && status !== task.status) body.status = statusKey(status, statuses, 'status');
    const due = values.get('due');
    parsedAt = ctx.now();
    if (due !== undefined && due !== shown.due)
      body.dueDate = due === '' || due.toLowerCase() === 'none' ? null : await parseWhen(due, 'due', parsedAt);
    if (body.status === task.status) delete body.status;
    if (body.dueDate !== undefined && body.dueDate === task.dueDate) delete body.dueDate;
  } catch (err) {
    keepText(ctx, text, '.txt');
    throw err;
  }
  if (Object.keys(body).length === 0) {
    reportUnchanged(ctx, task);
    return;
  }
  const { sendKeepingText } = await import('../../input/editor.js');
  const updated = await sendKeepingText(ctx, text, () => api.call('update_task', { path: { taskId }, body }), '.txt');
  printDone(
    ctx,
    updated,
    `Updated ${Object.keys(body)
      .map((k) => (k === 'dueDate' ? 'due' : k))
      .join(', ')} of ${updated.id} (${updated.title})${body.dueDate !== undefined ? dueEcho(updated, parsedAt) : ''}`,
  );
}

interface EditOptions {
  title?: string;
  status?: string;
  due?: string;
}

/** `task edit` with --title, --status or --due: the flags checked once, then the change for each task. */
async function editWithFlags({ ctx, opts }: { ctx: CommandContext; opts: EditOptions }): Promise<Staged> {
  if (opts.title === undefined && opts.status === undefined && opts.due === undefined) {
    throw new CliError(
      'nothing to change: pass --title, --status or --due (on a terminal, with none of them, your editor opens)',
      ExitCode.usage,
    );
  }
  const title = optionalText(opts.title, '--title');
  const typedStatus = opts.status === undefined ? undefined : requiredText(opts.status, '--status');
  // "in 2d" is read and echoed against one moment (relativeTime rounds down: read after the request, the
  // echo could say "in 1 day").
  const parsedAt = ctx.now();
  const body = {
    ...(title !== undefined && { title }),
    ...(typedStatus !== undefined && { status: typedStatus }),
    ...(opts.due !== undefined && {
      dueDate: opts.due.trim().toLowerCase() === 'none' ? null : await parseWhen(opts.due, '--due', parsedAt),
    }),
  };
  const api = await ctx.api();
  api.prepare('update_task', { path: { taskId: '-' }, body }); // a bad value fails before anything is sent
  // --status as a column key or name in any case ("In progress", in_progress), as task list reads it: the
  // task's workspace says which columns there are (a near miss: exit 2 with "did you mean", nothing sent).
  const columns = new Map<string, Promise<Status[]>>();
  const statusFor = async (workspaceId: string, typed: string) => {
    if (!columns.has(workspaceId))
      columns.set(workspaceId, collectItems<Status>(api.items('list_workspace_statuses', { path: { workspaceId } })));
    return statusKey(typed, (await columns.get(workspaceId)) ?? [], '--status');
  };
  const update = (taskId: string, status: string | undefined) => async (options: CallOptions) => {
    const task = await api.call('update_task', { path: { taskId }, body: { ...body, ...(status !== undefined && { status }) } }, options);
    return { result: task, message: `Updated ${task.id} (${task.title})${opts.due === undefined ? '' : dueEcho(task, parsedAt)}` };
  };
  return {
    // The check reads the task, and with --status its workspace's columns, before any task is changed.
    async check(taskId, options) {
      const { workspaceId } = await api.call('get_task', { path: { taskId } }, options);
      return update(taskId, typedStatus === undefined ? undefined : await statusFor(workspaceId, typedStatus));
    },
    // One task without --status: the update alone (its own refusal changes nothing).
    ...(typedStatus === undefined && { direct: (taskId, options) => update(taskId, undefined)(options) }),
  };
}

export function registerEdit(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'edit',
    description: 'change the title, status or due date of tasks; with no flags on a terminal, one task in your editor',
    args: [TASKS],
    options: options<EditOptions>((c) =>
      c
        .option('--title <text>', 'the new title')
        .option('--status <column>', 'move it to this column: its key or name, any case (from `wts workspace statuses WS`)')
        .option('--due <time>', 'due date: ISO 8601, "tomorrow 9:00", "in 2d", "fri 17:00", or "none" to clear it'),
    ),
    fields: { taskId: 'TASK', dueDate: '--due' },
    examples: [
      'wts task edit task_s001                 # on a terminal: title, status and due date in $EDITOR',
      'wts task edit task_s001 --status in_progress',
      'wts task edit task_s001 --due "fri 17:00"',
      'wts task edit task_s001 --title "Login fails after reset" --due none',
      'wts task list ws_support --tag sprint-12 | wts task edit - --due "fri 17:00"',
    ],
    bulk: {
      operation: 'update_task',
      ...TASK_IDS,
      doing: 'updating',
      prepare: editWithFlags,
      async single(call, taskId) {
        const { ctx, opts } = call;
        if (opts.title === undefined && opts.status === undefined && opts.due === undefined && ctx.io.canPrompt)
          return editInEditor(ctx, taskId);
        const staged = await editWithFlags(call);
        const { result, message } = staged.direct ? await staged.direct(taskId, {}) : await (await staged.check(taskId, {}))({});
        printDone(ctx, result, message);
      },
    },
  });
}
