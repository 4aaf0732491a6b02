// wts reminder list TASK | create TASK --at TIME --message TEXT | edit ID [--at --message] | cancel ID...
import type { Command } from 'commander';
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { optionalText, requiredText } from '../input/text.js';
import { describeWhen, parseWhen, requireFuture } from '../input/when.js';
import { localAndRelative, stateText } from '../output/format.js';
import { printDone } from '../output/print.js';
import { printItems } from '../output/list.js';
import type { Column } from '../output/table.js';
import { examples, verb, type CliDeps, options } from '../framework/verb.js';

type Reminder = Resource<'Reminder'>;

const TASK = ['<TASK>', 'task id (from `wts task list WS`)'] as const;
const ID = ['<ID>', 'reminder id (from `wts reminder list TASK`)'] as const;
const IDS = ['<ID...>', 'reminder ids (from `wts reminder list TASK`); - reads them from standard input, one a line'] as const;
const FIELDS = { taskId: 'TASK', reminderId: 'ID', remindAt: '--at' };
const AT_HELP = 'when: ISO 8601 (2026-11-23T09:00) or e.g. "tomorrow 9:00", "in 2h", "fri 17:00" (local time)';

const when = (ctx: CommandContext, r: Reminder) => localAndRelative(r.remindAt, ctx.now());

function reminderList(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'list',
    lists: 'list_reminders',
    pages: true,
    description: 'list the reminders on a task, soonest first',
    args: [TASK],
    fields: FIELDS,
    examples: ['wts reminder list task_s021', 'wts reminder list task_s021 --json'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const columns: Column<Reminder>[] = [
        { header: 'ID', value: (r) => r.id, role: 'id' },
        { header: 'When', value: (r, mode) => (mode === 'human' ? when(ctx, r) : r.remindAt) },
        { header: 'State', value: (r) => stateText(ctx.chalk, r.state) },
        { header: 'Message', value: (r) => r.message, flex: true, role: 'title' },
      ];
      const items = api.items('list_reminders', { path: { taskId: args[0] } });
      await printItems(ctx, items, columns, { empty: 'No reminders on this task.' });
    },
  });
}

function reminderCreate(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'create',
    description: 'set a reminder on a task',
    args: [TASK],
    options: options<{ at?: string; message?: string }>((c) =>
      c.option('--at <time>', `${AT_HELP} (required)`).option('--message <text>', 'what the agent is reminded of (required)'),
    ),
    fields: FIELDS,
    examples: [
      'wts reminder create task_s021 --at "tomorrow 9:00" --message "Check the refund arrived"',
      'wts reminder create task_s024 --at 2026-11-23T09:00 --message "Chargeback deadline"',
    ],
    async run({ ctx, args, opts }) {
      if (opts.at === undefined) throw new CliError(`--at: is required; ${AT_HELP}`, ExitCode.usage);
      if (opts.message === undefined) throw new CliError('--message: is required', ExitCode.usage);
      const message = requiredText(opts.message, '--message');
      // "in 2h" is read, checked and echoed against one moment, so the echo says "in 2 hours" even when
      // the request took a while (relativeTime rounds down).
      const parsedAt = ctx.now();
      const remindAt = await parseWhen(opts.at, '--at', parsedAt);
      requireFuture(remindAt, '--at', parsedAt, 'a reminder');
      const api = await ctx.api();
      const reminder = await api.call('create_reminder', { path: { taskId: args[0] }, body: { message, remindAt } });
      printDone(ctx, reminder, `Reminder ${reminder.id} set on ${reminder.taskId} for ${describeWhen(reminder.remindAt, parsedAt)}`);
    },
  });
}

function reminderEdit(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'edit',
    description: "change a reminder's time or message",
    args: [ID],
    options: options<{ at?: string; message?: string }>((c) =>
      c.option('--at <time>', AT_HELP).option('--message <text>', 'the new message'),
    ),
    fields: FIELDS,
    examples: ['wts reminder edit rem_1001 --at "fri 17:00"', 'wts reminder edit rem_1001 --message "Call Maria back"'],
    async run({ ctx, args, opts }) {
      if (opts.at === undefined && opts.message === undefined)
        throw new CliError('nothing to change: pass --at TIME and/or --message TEXT', ExitCode.usage);
      const message = optionalText(opts.message, '--message');
      const parsedAt = ctx.now();
      const remindAt = opts.at === undefined ? undefined : await parseWhen(opts.at, '--at', parsedAt);
      if (remindAt !== undefined) requireFuture(remindAt, '--at', parsedAt, 'a reminder');
      const body = { ...(remindAt !== undefined && { remindAt }), ...(message !== undefined && { message }) };
      const api = await ctx.api();
      const reminder = await api.call('update_reminder', { path: { reminderId: args[0] }, body });
      printDone(
        ctx,
        reminder,
        `Reminder ${reminder.id} on ${reminder.taskId} is for ${describeWhen(reminder.remindAt, parsedAt)}: ${reminder.message}`,
      );
    },
  });
}

function reminderCancel(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'cancel',
    description: 'cancel reminders',
    args: [IDS],
    options: options<{ yes?: boolean }>((c) => c.option('-y, --yes', 'do not ask for confirmation')),
    fields: FIELDS,
    examples: [
      'wts reminder cancel rem_1001',
      'wts reminder cancel rem_1001 --yes   # in scripts',
      'wts reminder cancel rem_1001 rem_1002 --yes',
    ],
    bulk: {
      operation: 'cancel_reminder',
      field: 'reminderId',
      noun: ['reminder', 'reminders'],
      doing: 'cancelling',
      forgets: 'reminder',
      confirm: (ids) => (ids.length === 1 ? `Cancel reminder ${ids[0]}?` : `Cancel ${ids.length} reminders?`),
      async prepare({ ctx }) {
        const api = await ctx.api();
        return async (reminderId, options) => {
          const reminder = await api.call('cancel_reminder', { path: { reminderId } }, options);
          return { result: reminder, message: `Cancelled reminder ${reminder.id} on ${reminder.taskId}` };
        };
      },
    },
  });
}

export function registerReminder(program: Command, deps: CliDeps): void {
  const group = program.command('reminder').alias('reminders').description('wake the agent on a task at a set time');
  examples(group, [
    'wts reminder create task_s021 --at "tomorrow 9:00" --message "Check the refund arrived"',
    'wts reminder list task_s021',
  ]);
  reminderList(group, deps);
  reminderCreate(group, deps);
  reminderEdit(group, deps);
  reminderCancel(group, deps);
}
