// wts task list WS | board WS | search WS WORDS... | view TASK | events TASK | chat TASK | conversation TASK
//          | edit TASK... | complete TASK... | assign TASK USER... | tag TASK TAG... | note TASK [TEXT | --file F | -]
//          | delete TASK... | create --agent AGENT TITLE | message TASK TEXT | runs TASK
import type { Command } from 'commander';
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode, InputError } from '../errors.js';
import { followOption, waitOptions, waitTimeoutMs, type WaitFlags } from '../follow/options.js';
import { editorCommand, editText, sendKeepingText } from '../input/editor.js';
import { optionalText, readStdin, readTextFile, requiredText } from '../input/text.js';
import { describeWhen, parseWhen } from '../input/when.js';
import { relativeTime, stateText, wrapText } from '../output/format.js';
import { pipeText, printDone, printItems, printJson, printObject, styled, terminalText, terminalView, type Column, type Mode } from '../output/print.js';
import type { Act } from '../bulk/run.js';
import { options, verb, WS_ARG, type CliDeps } from '../framework/verb.js';
import { collectItems, listTotal, pageOptions, printListing, totalLimit, type PageOptions } from '../framework/listing.js';
import { collectList, PeopleResolver } from '../input/people.js';
import { byDueDate, DONE, statusKey } from '../input/statuses.js';
import { isOverdue, taskRows } from '../output/task-view.js';

type Task = Resource<'Task'>;
type Event = Resource<'Event'>;
type Run = Resource<'Run'>;
type Message = Resource<'Message'>;
type Status = Resource<'Status'>;

const TASK = ['<TASK>', 'task id (from `wts task list WS`)'] as const;
/** The tasks a bulk verb acts on (src/framework/verb.ts's BulkVerb). */
const TASKS = ['<TASK...>', 'task ids (from `wts task list WS`); - reads them from standard input, one a line (the first tab-separated field)'] as const;
const TASK_NOUN = ['task', 'tasks'] as const;

/**
 * ", due Fri 27 Nov 17:00 (in 5 days)": the due date the service stored, read back after setting it, and
 * told relative to `parsedAt`, the moment "in 5d" was read (not after the request: relativeTime rounds down).
 */
function dueEcho(task: Task, parsedAt: number): string {
  return task.dueDate ? `, due ${describeWhen(task.dueDate, parsedAt)}` : ', no due date';
}

function taskColumns(ctx: CommandContext): Column<Task>[] {
  const list = (values: string[], mode: Mode) => values.join(mode === 'human' ? ', ' : ',');
  return [
    { header: 'ID', value: (t) => t.id },
    { header: 'Title', value: (t) => t.title, flex: true, min: 16 },
    { header: 'Status', value: (t) => stateText(ctx.chalk, t.status) },
    // People read names; scripts get ids.
    { header: 'Assignees', value: (t, mode) => list(t.assignees.map((a) => (mode === 'human' ? a.name : a.id)), mode), flex: true, min: 9, priority: 2 },
    { header: 'Tags', value: (t, mode) => list(t.tags, mode), flex: true, min: 8, priority: 1 },
    {
      header: 'Due',
      value: (t, mode) => {
        if (mode === 'plain') return t.dueDate ?? '';
        const due = relativeTime(t.dueDate, ctx.now());
        // Marked with ! as well as red, so it shows without colors too.
        return isOverdue(ctx, t) ? styled(`! ${due}`, (s) => ctx.chalk.red(s)) : due;
      },
    },
  ];
}

const printTasks = (ctx: CommandContext) => (items: Iterable<Task> | AsyncIterable<Task>) => printItems(ctx, items, taskColumns(ctx), { empty: 'No tasks.' });

/** Messages as a transcript on a terminal (whole texts, not cut to a column); a table for scripts. */
const printMessages = (ctx: CommandContext) => async (items: Iterable<Message> | AsyncIterable<Message>): Promise<number> => {
  if (ctx.json || !ctx.io.isStdoutTTY) {
    const columns: Column<Message>[] = [
      { header: 'ID', value: (m) => m.id },
      { header: 'Kind', value: (m) => m.author.kind },
      { header: 'Author', value: (m) => m.author.name, flex: true },
      { header: 'Time', value: (m) => m.createdAt },
      { header: 'Text', value: (m) => m.content, flex: true },
    ];
    return printItems(ctx, items, columns);
  }
  const { chalk } = ctx;
  let count = 0;
  for await (const m of items) {
    const name = styled(m.author.name, (s) => (m.author.kind === 'agent' ? chalk.bold.cyan(s) : chalk.bold(s)));
    const about = styled(` (${m.author.kind}) · ${relativeTime(m.createdAt, ctx.now())}`, (s) => chalk.dim(s));
    const heading = terminalText([name, about], ctx.io.columns);
    // The text indented under its author, so no line of it can pass for another message's heading, and
    // wrapped to the terminal.
    const text = wrapText(terminalView(m.content.replace(/\n+$/, '')), ctx.io.columns - 2)
      .split('\n')
      .map((line) => (line ? `  ${line}` : ''));
    ctx.io.stdout.write(`${count++ === 0 ? '' : '\n'}${heading}\n${text.join('\n')}\n`);
  }
  if (count === 0) ctx.io.stderr.write('No messages.\n');
  return count;
};

/** Names where a note refused by the catalog came from (--file, standard input, the editor); TEXT is named by `fields`. */
async function namingSource<T>(source: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (err instanceof InputError && err.field === 'content') throw err.named(source);
    throw err;
  }
}

/** --add, --remove, --set and --clear of `task assign` and `task tag`. */
interface ChangeOptions {
  add: string[];
  remove: string[];
  set?: string[];
  clear?: boolean;
}

function changeOptions(command: Command, one: string, many: string, what: string): Command {
  return command
    .option(`--add <${one}>`, `add ${many} (${what}); repeatable or comma-separated`, collectList, [])
    .option(`--remove <${one}>`, `remove ${many}; repeatable or comma-separated`, collectList, [])
    .option(`--set <${one}>`, `replace all the ${many} with these; repeatable or comma-separated`, collectList)
    .option('--clear', `remove all the ${many}`);
}

/** What to add, remove or set, from the options and the positional words (which add); exit 2 for a contradiction. */
function planChange(opts: ChangeOptions, words: string[], arg: string, many: string): { add: string[]; remove: string[]; set?: string[] } {
  // Each word trimmed; a blank one is refused by name (TAG #2), as everywhere.
  const add = [...words.map((w, i) => requiredText(w, `${arg} #${i + 1}`)), ...opts.add];
  const set = opts.clear ? [] : opts.set;
  if (opts.clear && opts.set) throw new CliError('pass --set or --clear, not both', ExitCode.usage);
  if (set && (add.length || opts.remove.length)) throw new CliError(`--${opts.clear ? 'clear' : 'set'} replaces all the ${many}: pass it without ${arg}, --add or --remove`, ExitCode.usage);
  if (!set && !add.length && !opts.remove.length) throw new CliError(`nothing to change: name ${many} to add (${arg} or --add), --remove, --set or --clear`, ExitCode.usage);
  const both = add.find((a) => opts.remove.includes(a));
  if (both !== undefined) throw new CliError(`"${pipeText(both)}" is both added and removed`, ExitCode.usage);
  return { add, remove: opts.remove, ...(set && { set }) };
}

/** Whether --add, --remove, --set or --clear was given: then every word is a TASK (`task tag A B --add vip`). */
function changeFlagged(opts: ChangeOptions): boolean {
  return opts.add.length > 0 || opts.remove.length > 0 || opts.set !== undefined || opts.clear === true;
}

/** The tasks `task assign` and `task tag` change: every word with a change flag, else the first (the rest add). */
function changedTasks({ args, opts }: { args: readonly [string, string[] | undefined]; opts: ChangeOptions }): string[] {
  const words = [args[0], ...(args[1] ?? [])];
  return changeFlagged(opts) ? words : words.slice(0, 1);
}

/** The words that add (PERSON..., TAG...): none when a change flag makes every word a TASK. */
function changeWords(args: readonly [string, string[] | undefined], opts: ChangeOptions): string[] {
  return changeFlagged(opts) ? [] : (args[1] ?? []);
}

/** The list after the change: `set` when given, else `current` with `add` appended and `remove` taken out. */
function applyChange<T>(current: readonly T[], set: readonly T[] | undefined, add: readonly T[], remove: readonly T[], key: (item: T) => string): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  const gone = new Set(remove.map(key));
  for (const item of set ?? [...current, ...add]) {
    if (seen.has(key(item)) || gone.has(key(item))) continue;
    seen.add(key(item));
    out.push(item);
  }
  return out;
}

function difference<T>(before: readonly T[], after: readonly T[], key: (item: T) => string): { added: T[]; removed: T[] } {
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return { added: after.filter((i) => !had.has(key(i))), removed: before.filter((i) => !has.has(key(i))) };
}

/** "Tagged task_1: added vip; removed urgent; now billing, vip". */
function changeMessage(id: string, verbed: string, added: string[], removed: string[], now: string[], nothing: string): string {
  const parts = [...(added.length ? [`added ${added.join(', ')}`] : []), ...(removed.length ? [`removed ${removed.join(', ')}`] : []), `now ${now.length ? now.join(', ') : nothing}`];
  return `${verbed.charAt(0).toUpperCase()}${verbed.slice(1)} ${id}: ${parts.join('; ')}`;
}

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
  const statuses = (await collectItems<Status>(api.items('list_workspace_statuses', { path: { workspaceId: task.workspaceId } }))).sort((a, b) => a.position - b.position);
  const shown = { title: task.title, status: task.status, due: task.dueDate ?? '' };
  const initial = [
    `# Edit ${task.id}: change the values, save and quit. Lines starting with # are ignored.`,
    `# status: one of ${statuses.map((s) => s.key).join(', ')} (a key or a column name)`,
    '# due: ISO 8601 or "tomorrow 9:00", "fri 17:00", "in 2d"; empty or none: no due date',
    ...EDITABLE.map((field) => `${field}: ${shown[field]}`),
    '',
  ].join('\n');
  const { editText, reportUnchanged, keepText } = await import('../input/editor.js');
  const text = await editText(ctx, initial, { postfix: '.txt', what: 'the task', isEmpty: (t) => t.split('\n').every((l) => l.trim() === '' || l.startsWith('#')) });
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
      if (!EDITABLE.some((editable) => editable === key)) throw new CliError(`cannot read "${pipeText(line)}": each line is title:, status: or due: and its value`, ExitCode.usage);
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
    if (due !== undefined && due !== shown.due) body.dueDate = due === '' || due.toLowerCase() === 'none' ? null : await parseWhen(due, 'due', parsedAt);
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
  const { sendKeepingText } = await import('../input/editor.js');
  const updated = await sendKeepingText(ctx, text, () => api.call('update_task', { path: { taskId }, body }), '.txt');
  printDone(ctx, updated, `Updated ${Object.keys(body).map((k) => (k === 'dueDate' ? 'due' : k)).join(', ')} of ${updated.id} (${updated.title})${body.dueDate !== undefined ? dueEcho(updated, parsedAt) : ''}`);
}

interface EditOptions {
  title?: string;
  status?: string;
  due?: string;
}

/** `task edit` with --title, --status or --due: the flags checked once, then the change for each task. */
async function editWithFlags({ ctx, opts }: { ctx: CommandContext; opts: EditOptions }): Promise<Act> {
  if (opts.title === undefined && opts.status === undefined && opts.due === undefined) {
    throw new CliError('nothing to change: pass --title, --status or --due (on a terminal, with none of them, your editor opens)', ExitCode.usage);
  }
  const title = optionalText(opts.title, '--title');
  const typedStatus = opts.status === undefined ? undefined : requiredText(opts.status, '--status');
  // "in 2d" is read and echoed against one moment (relativeTime rounds down: read after the request, the
  // echo could say "in 1 day").
  const parsedAt = ctx.now();
  const body = {
    ...(title !== undefined && { title }),
    ...(typedStatus !== undefined && { status: typedStatus }),
    ...(opts.due !== undefined && { dueDate: opts.due.trim().toLowerCase() === 'none' ? null : await parseWhen(opts.due, '--due', parsedAt) }),
  };
  const api = await ctx.api();
  api.prepare('update_task', { path: { taskId: '-' }, body }); // a bad value fails before anything is sent
  // --status as a column key or name in any case ("In progress", in_progress), as task list reads it: the
  // task's workspace says which columns there are (a near miss: exit 2 with "did you mean", nothing sent).
  const columns = new Map<string, Promise<Status[]>>();
  const statusFor = async (taskId: string, typed: string) => {
    const { workspaceId } = await api.call('get_task', { path: { taskId } });
    if (!columns.has(workspaceId)) columns.set(workspaceId, collectItems<Status>(api.items('list_workspace_statuses', { path: { workspaceId } })));
    return statusKey(typed, (await columns.get(workspaceId)) ?? [], '--status');
  };
  return async (taskId, options) => {
    const status = typedStatus === undefined ? undefined : await statusFor(taskId, typedStatus);
    const task = await api.call('update_task', { path: { taskId }, body: { ...body, ...(status !== undefined && { status }) } }, options);
    return { result: task, message: `Updated ${task.id} (${task.title})${opts.due === undefined ? '' : dueEcho(task, parsedAt)}` };
  };
}

export function registerTask(program: Command, deps: CliDeps): void {
  const group = program.command('task').alias('tasks').description('tasks: find, read, change, and hand them to an agent');

  verb(group, deps, {
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

  verb(group, deps, {
    name: 'board',
    pages: true,
    description: "show a workspace's board: its columns side by side with their tasks, fitted to the terminal",
    args: [WS_ARG],
    options: options<{ rows?: string }>((c) => c.option('--rows <n>', 'tasks shown under each column on a terminal before "+N more" (default 10)')),
    fields: { workspaceId: 'WS' },
    examples: ['wts task board ws_support', "wts task board ws_support --json | jq '.columns[] | {key, count}'", 'wts task board ws_support | grep ^waiting   # status<TAB>id<TAB>title'],
    async run({ ctx, args, opts }) {
      const rows = opts.rows === undefined ? 10 : Number(opts.rows);
      if (!Number.isInteger(rows) || rows < 1 || rows > 1000) throw new CliError('--rows: must be a whole number from 1 to 1000', ExitCode.usage);
      const workspaceId = args[0];
      const api = await ctx.api();
      const [statuses, tasks] = await Promise.all([
        collectItems<Status>(api.items('list_workspace_statuses', { path: { workspaceId } })),
        collectItems<Task>(api.items('list_tasks', { path: { workspaceId }, query: { limit: 50 } })),
      ]);
      // Columns in board order; a task in a column the workspace no longer lists still shows, after them.
      const columns = [...statuses].sort((a, b) => a.position - b.position).map((s): { key: string; name: string; tasks: Task[] } => ({ key: s.key, name: s.name, tasks: [] }));
      for (const task of tasks) {
        let column = columns.find((c) => c.key === task.status);
        if (!column) columns.push((column = { key: task.status, name: task.status, tasks: [] }));
        column.tasks.push(task);
        ctx.remember('task', task.id, task.title);
      }
      if (ctx.json) {
        printJson(ctx, { columns: columns.map((c) => ({ key: c.key, name: c.name, count: c.tasks.length, tasks: c.tasks })) });
      } else if (!ctx.io.isStdoutTTY) {
        for (const c of columns) for (const t of c.tasks) ctx.io.stdout.write(`${[c.key, t.id, t.title].map(pipeText).join('\t')}\n`);
      } else {
        const { renderBoard } = await import('../output/board.js');
        ctx.io.stdout.write(renderBoard(ctx.chalk, columns, { width: ctx.io.columns, rows, overdue: (t) => isOverdue(ctx, t) }));
      }
    },
  });

  verb(group, deps, {
    name: 'search',
    pages: true,
    description: 'find tasks whose title or description holds all the words',
    args: [WS_ARG, ['<WORDS...>', 'words to look for']],
    options: options<PageOptions>(pageOptions),
    fields: { workspaceId: 'WS', q: 'WORDS' },
    examples: ['wts task search ws_support refund', 'wts task search ws_support duplicate charge --all'],
    async run({ ctx, args, opts }) {
      await ctx.api(); // signed in first, as before the listing is read
      const q = requiredText(args[1].join(' '), 'WORDS');
      await printListing(ctx, 'search_tasks', { path: { workspaceId: args[0] }, query: { q } }, opts, printTasks(ctx));
    },
  });

  verb(group, deps, {
    name: 'view',
    pages: true,
    description: 'show a task: status, people, tags, due date, description, notes and waiting approvals',
    args: [TASK],
    fields: { taskId: 'TASK' },
    examples: ['wts task view task_s021', 'wts task view task_s021 --json'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const path = { taskId: args[0] };
      if (ctx.json) {
        printObject(ctx, await api.call('get_task', { path }), []);
        return;
      }
      const [task, waiting] = await Promise.all([api.call('get_task', { path }), api.call('list_pending_actions', { path })]);
      printObject(ctx, task, taskRows(ctx, task, waiting.items));
    },
  });

  verb(group, deps, {
    name: 'events',
    pages: (opts) => !opts.follow,
    description: 'show the activity log of a task',
    args: [TASK],
    options: options<PageOptions & { follow?: boolean }>((c) => followOption(pageOptions(c), 'activity')),
    fields: { taskId: 'TASK' },
    examples: ['wts task events task_s021', 'wts task events task_s021 --all --json', 'wts task events task_s021 -f   # new activity as it happens, until Ctrl-C'],
    async run({ ctx, args, opts }) {
      if (opts.follow) return (await import('../follow/listings.js')).followEvents(ctx, args[0], opts);
      await ctx.api(); // signed in first, as before the listing is read
      const columns: Column<Event>[] = [
        { header: 'Time', value: (e, mode) => (mode === 'human' ? relativeTime(e.createdAt, ctx.now()) : e.createdAt) },
        { header: 'Actor', value: (e) => e.actor.name, flex: true, min: 8, priority: 2 },
        { header: 'Kind', value: (e) => styled(e.kind, (k) => ctx.chalk.dim(k)), priority: 1 },
        { header: 'Summary', value: (e) => e.summary, flex: true },
      ];
      await printListing(ctx, 'list_task_events', { path: { taskId: args[0] } }, opts, (items: AsyncIterable<Event>) =>
        printItems(ctx, items, columns, { empty: 'No activity.' }),
      );
    },
  });

  verb(group, deps, {
    name: 'chat',
    pages: (opts) => !opts.follow,
    description: 'show the chat between people and the agent on a task',
    args: [TASK],
    options: options<PageOptions & { follow?: boolean }>((c) => followOption(pageOptions(c), 'messages')),
    fields: { taskId: 'TASK' },
    examples: ['wts task chat task_s021', 'wts task chat task_s021 --all', 'wts task chat task_s021 --follow   # new messages as they arrive, until Ctrl-C'],
    async run({ ctx, args, opts }) {
      if (opts.follow) return (await import('../follow/listings.js')).followChat(ctx, args[0], printMessages(ctx), opts);
      await ctx.api(); // signed in first, as before the listing is read
      await printListing(ctx, 'list_task_messages', { path: { taskId: args[0] } }, opts, printMessages(ctx));
    },
  });

  verb(group, deps, {
    name: 'conversation',
    pages: true,
    description: 'show the email or chat thread a task came from',
    args: [TASK],
    options: options<PageOptions>(pageOptions),
    fields: { taskId: 'TASK' },
    examples: ['wts task conversation task_s021', 'wts task conversation task_s021 --json'],
    async run({ ctx, args, opts }) {
      const api = await ctx.api();
      const path = { taskId: args[0] };
      // Check --limit before the first request, so bad input sends nothing.
      listTotal(opts);
      const task = await api.call('get_task', { path });
      if (!task.conversationKey) {
        throw new CliError(`task ${task.id} did not come from an email or chat thread, so it has no conversation; its chat with the agent: wts task chat ${task.id}`, ExitCode.notFound);
      }
      await printListing(ctx, 'list_task_conversation_messages', { path, query: { conversationKey: task.conversationKey } }, opts, printMessages(ctx));
    },
  });

  verb(group, deps, {
    name: 'edit',
    description: 'change the title, status or due date of tasks; with no flags on a terminal, one task in your editor',
    args: [TASKS],
    options: options<EditOptions>((c) =>
      c
        .option('--title <text>', 'the new title')
        .option('--status <column>', 'move it to this column: its key or name, any case (from `wts workspace statuses WS`)')
        .option('--due <time>', 'due date: ISO 8601, "tomorrow 9:00", "in 2d", "fri 17:00", or "none" to clear it')),
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
      field: 'taskId',
      noun: TASK_NOUN,
      doing: 'updating',
      prepare: editWithFlags,
      async single(call, taskId) {
        const { ctx, opts } = call;
        if (opts.title === undefined && opts.status === undefined && opts.due === undefined && ctx.io.canPrompt) return editInEditor(ctx, taskId);
        const { result, message } = await (await editWithFlags(call))(taskId, {});
        printDone(ctx, result, message);
      },
    },
  });

  verb(group, deps, {
    name: 'complete',
    description: 'mark tasks done',
    args: [TASKS],
    fields: { taskId: 'TASK' },
    examples: ['wts task complete task_s001', 'wts task complete task_s001 task_s002', 'wts task list ws_support --tag resolved | wts task complete -'],
    bulk: {
      operation: 'complete_task',
      field: 'taskId',
      noun: TASK_NOUN,
      doing: 'completing',
      async prepare({ ctx }) {
        const api = await ctx.api();
        return async (taskId, options) => {
          const task = await api.call('complete_task', { path: { taskId }, body: {} }, options);
          return { result: task, message: `Completed ${task.id} (${task.title})` };
        };
      },
    },
  });

  verb(group, deps, {
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

  verb(group, deps, {
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

  verb(group, deps, {
    name: 'note',
    description: 'add a note for the team and the agent: TEXT, --file F, - for standard input, or your editor on a terminal',
    args: [TASK, ['[TEXT]', 'the note; - reads it from standard input']],
    options: options<{ file?: string }>((c) => c.option('--file <path>', 'read the note from a file (- for standard input)')),
    fields: { taskId: 'TASK', content: 'TEXT' },
    examples: [
      'wts task note task_s001 "Called the customer; waiting for logs"',
      'wts task note task_s001 --file summary.md',
      'git log -1 --format=%B | wts task note task_s001 -',
      'wts task note task_s001            # opens $VISUAL or $EDITOR',
    ],
    async run({ ctx, args, opts }) {
      const taskId = args[0];
      const given = args[1];
      if (given !== undefined && opts.file !== undefined) throw new CliError('pass the note as TEXT, with --file F, or as - for standard input: only one of them', ExitCode.usage);
      const useEditor = given === undefined && opts.file === undefined;
      if (useEditor && !ctx.io.canPrompt) throw new CliError('no note: pass it as TEXT, with --file F, or - to read standard input', ExitCode.usage);
      if (useEditor && !editorCommand(ctx)) throw new CliError('no editor: set VISUAL or EDITOR, or pass the note as TEXT, with --file F, or - for standard input', ExitCode.usage);
      const api = await ctx.api();
      const send = (content: string) => api.call('add_task_note', { path: { taskId }, body: { content } });
      let task: Task;
      if (given === '-') task = await namingSource('standard input', async () => send(requiredText(await readStdin(ctx), 'standard input')));
      else if (given !== undefined) task = await send(requiredText(given, 'TEXT'));
      else if (opts.file !== undefined) {
        const file = opts.file;
        task = await namingSource('--file', async () => send(requiredText(await readTextFile(ctx, file, '--file'), '--file')));
      }
      else {
        api.prepare('add_task_note', { path: { taskId }, body: { content: '-' } }); // a bad TASK fails before the editor opens
        const text = (await editText(ctx, '', { postfix: '.md', what: 'the note' })).trim();
        task = await namingSource('the note', () => sendKeepingText(ctx, text, () => send(text)));
      }
      printDone(ctx, task, `Added a note to ${task.id} (${task.title})`);
    },
  });

  verb(group, deps, {
    name: 'delete',
    description: 'delete tasks that are done, with their chat, activity, reminders and approvals',
    args: [TASKS],
    options: options<{ yes?: boolean }>((c) => c.option('-y, --yes', 'do not ask for confirmation')),
    fields: { taskId: 'TASK' },
    examples: ['wts task delete task_s050', 'wts task delete task_s050 --yes   # in scripts', 'wts task list ws_support --status done | wts task delete - --yes'],
    bulk: {
      operation: 'delete_task',
      field: 'taskId',
      noun: TASK_NOUN,
      doing: 'deleting',
      confirm: (ids) =>
        ids.length === 1
          ? `Delete task ${ids[0]}? Its chat, activity, reminders and pending approvals go with it.`
          : `Delete ${ids.length} tasks? Their chat, activity, reminders and pending approvals go with them.`,
      async prepare({ ctx }) {
        const api = await ctx.api();
        return async (taskId, options) => ({ result: await api.call('delete_task', { path: { taskId } }, options), message: `Deleted ${taskId}` });
      },
    },
  });

  verb(group, deps, {
    name: 'create',
    description: 'create a task and have an agent start on it',
    args: [['<TITLE>', 'title of the task']],
    options: options<{ agent: string; description?: string; due?: string } & WaitFlags>((c) =>
      waitOptions(
        c
          .requiredOption('--agent <id>', 'the agent that works on it (from `wts agent list`); the task goes to its workspace')
          .option('--description <text>', 'what the agent should know and do')
          .option('--due <time>', 'due date: ISO 8601, "tomorrow 9:00", "in 2d", "fri 17:00"'),
        "the agent's run on it finishes",
      )),
    fields: { agentId: '--agent', title: 'TITLE', dueDate: '--due' },
    examples: [
      'wts task create --agent agt_support "Reply to Lena about the login problem"',
      'wts task create --agent agt_ops "Check the backup sizes" --description "Compare with last week" --due "tomorrow 9:00"',
      'wts task create --agent agt_support "Summarize open refunds" --wait --timeout 5m',
    ],
    async run({ ctx, args, opts }) {
      const timeoutMs = waitTimeoutMs(opts);
      const parsedAt = ctx.now();
      const body = {
        title: requiredText(args[0], 'TITLE'),
        ...(opts.description !== undefined && { description: opts.description }),
        ...(opts.due !== undefined && { dueDate: await parseWhen(opts.due, '--due', parsedAt) }),
      };
      const api = await ctx.api();
      if (opts.wait) {
        api.prepare('submit_task', { path: { agentId: opts.agent }, body }); // bad input fails before anything is sent
        return (await import('../follow/wait.js')).submitAndWait(ctx, opts.agent, body, { timeoutMs });
      }
      const task = await api.call('submit_task', { path: { agentId: opts.agent }, body });
      printDone(ctx, task, `Created ${task.id} in ${task.workspaceId} for ${opts.agent}: ${task.title}${opts.due === undefined ? '' : dueEcho(task, parsedAt)}`);
    },
  });

  verb(group, deps, {
    name: 'message',
    description: 'send the agent a follow-up in the task chat',
    args: [TASK, ['<TEXT>', 'the message']],
    options: options<WaitFlags>((c) => waitOptions(c, 'the agent replies (or the run it starts finishes)')),
    fields: { taskId: 'TASK', content: 'TEXT' },
    examples: ['wts task message task_s021 "Please also check the March invoice"', 'wts task message task_s021 "What is the status?" --wait'],
    async run({ ctx, args, opts }) {
      const timeoutMs = waitTimeoutMs(opts);
      const taskId = args[0];
      const content = requiredText(args[1], 'TEXT');
      const api = await ctx.api();
      if (opts.wait) {
        api.prepare('send_task_message', { path: { taskId }, body: { content } }); // bad input fails before anything is sent
        return (await import('../follow/wait.js')).sendAndWait(ctx, taskId, content, { timeoutMs });
      }
      const message = await api.call('send_task_message', { path: { taskId }, body: { content } });
      printDone(ctx, message, `Sent to the agent on ${taskId}`);
    },
  });

  verb(group, deps, {
    name: 'runs',
    pages: true,
    description: 'list the times an agent worked on a task',
    args: [TASK],
    options: options<PageOptions>(pageOptions),
    fields: { taskId: 'TASK' },
    examples: ['wts task runs task_s021', 'wts task runs task_s021 --json'],
    async run({ ctx, args, opts }) {
      await ctx.api(); // signed in first, as before the listing is read
      const columns: Column<Run>[] = [
        { header: 'ID', value: (r) => r.id },
        { header: 'State', value: (r) => stateText(ctx.chalk, r.state) },
        { header: 'Agent', value: (r) => r.agentId, priority: 1 },
        { header: 'Started', value: (r, mode) => (mode === 'human' ? relativeTime(r.startedAt, ctx.now()) : r.startedAt) },
        { header: 'Output', value: (r) => r.output.split('\n')[0] ?? '', flex: true },
      ];
      await printListing(ctx, 'list_task_runs', { path: { taskId: args[0] } }, opts, (items: AsyncIterable<Run>) =>
        printItems(ctx, items, columns, { empty: 'No runs yet.' }),
      );
    },
  });
}
