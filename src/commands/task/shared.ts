import type { ApiClient, CallOptions } from '../../api/client.js';
import type { Resource } from '../../contract/resources.js';
import type { CommandContext } from '../../context.js';
import { describeWhen } from '../../input/when.js';
import { relativeTime, stateText, wrapText } from '../../output/format.js';
import { holdList, type HeldList } from '../../output/sorted-list.js';
import { printItems } from '../../output/list.js';
import { styled, terminalText, terminalView, type Mode } from '../../output/text.js';
import type { Column } from '../../output/table.js';
import { isOverdue, overdueMark } from '../../output/task-view.js';

export type Task = Resource<'Task'>;
export type Event = Resource<'Event'>;
export type Run = Resource<'Run'>;
type Message = Resource<'Message'>;
export type Status = Resource<'Status'>;

export const TASK = ['<TASK>', 'task id (from `wts task list WS`)'] as const;

/** The tasks a bulk verb acts on (src/framework/verb.ts's BulkVerb). */
export const TASKS = [
  '<TASK...>',
  'task ids (from `wts task list WS`); - reads them from standard input, one a line (the first tab-separated field)',
] as const;

export const TASK_NOUN = ['task', 'tasks'] as const;

/** A task verb's ids and how one is found (a run over several reads every one before it changes any). */
export const TASK_IDS = {
  field: 'taskId',
  noun: TASK_NOUN,
  find: (api: ApiClient, taskId: string, options: CallOptions) => api.call('get_task', { path: { taskId } }, options),
} as const;

/**
 * ", due Fri 27 Nov 17:00 (in 5 days)": the due date the service stored, read back after setting it, and
 * told relative to `parsedAt`, the moment "in 5d" was read (not after the request: relativeTime rounds down).
 */
export function dueEcho(task: Task, parsedAt: number): string {
  return task.dueDate ? `, due ${describeWhen(task.dueDate, parsedAt)}` : ', no due date';
}

/** How tasks print; `workspace`: a list across workspaces, whose first column says which (as kubectl -A). */
interface TaskTable {
  workspace?: boolean;
}

function taskColumns(ctx: CommandContext, table: TaskTable = {}): Column<Task>[] {
  const list = (values: string[], mode: Mode) => values.join(mode === 'human' ? ', ' : ',');
  return [
    ...(table.workspace ? [{ header: 'Workspace', value: (t: Task) => t.workspaceId }] : []),
    { header: 'ID', value: (t) => t.id, role: 'id' },
    { header: 'Title', value: (t) => t.title, flex: true, role: 'title', min: 16 },
    { header: 'Status', value: (t) => stateText(ctx.chalk, t.status) },
    // People read names; scripts get ids.
    {
      header: 'Assignees',
      value: (t, mode) =>
        list(
          t.assignees.map((a) => (mode === 'human' ? a.name : a.id)),
          mode,
        ),
      flex: true,
      min: 9,
      priority: 2,
    },
    { header: 'Tags', value: (t, mode) => list(t.tags, mode), flex: true, min: 8, priority: 1 },
    {
      header: 'Due',
      value: (t, mode) => {
        if (mode === 'plain') return t.dueDate ?? '';
        const due = relativeTime(t.dueDate, ctx.now());
        // Marked with ! (a word in accessible mode) as well as red, so it shows without colors too.
        return isOverdue(ctx, t) ? styled(`${overdueMark(ctx)} ${due}`, (s) => ctx.chalk.red(s)) : due;
      },
    },
  ];
}

export const printTasks =
  (ctx: CommandContext, table: TaskTable = {}) =>
  (items: Iterable<Task> | AsyncIterable<Task>) =>
    printItems(ctx, items, taskColumns(ctx, table), { empty: 'No tasks.' });

/** Tasks held to be printed once sorted (see holdList), as printTasks prints them. */
export const holdTasks = (ctx: CommandContext, table: TaskTable = {}): HeldList<Task> =>
  holdList(ctx, taskColumns(ctx, table), { empty: 'No tasks.' });

/** Messages as a transcript on a terminal (whole texts, not cut to a column); a table for scripts. */
export const printMessages =
  (ctx: CommandContext) =>
  async (items: Iterable<Message> | AsyncIterable<Message>): Promise<number> => {
    if (ctx.json || !ctx.io.isStdoutTTY) {
      const columns: Column<Message>[] = [
        { header: 'ID', value: (m) => m.id, role: 'id' },
        { header: 'Kind', value: (m) => m.author.kind },
        { header: 'Author', value: (m) => m.author.name, flex: true },
        { header: 'Time', value: (m) => m.createdAt },
        { header: 'Text', value: (m) => m.content, flex: true, role: 'title' },
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
    if (count === 0) ctx.hint('No messages.');
    return count;
  };
