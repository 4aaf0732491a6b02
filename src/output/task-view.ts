// A task for people: its status, people, tags, due date, description, notes and the approvals waiting on
// it, as the rows of a view (`wts task view`, the task pane of `wts dash`).
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { DONE } from '../input/statuses.js';
import { localAndRelative, relativeTime, stateText } from './format.js';
import { styled, type Mode, type Text } from './text.js';
import type { Row } from './print.js';

type Task = Resource<'Task'>;
type PendingAction = Resource<'PendingAction'>;

/** "2026-11-23 09:00 (in 2 days)" for people, the ISO time for scripts. */
export function moment(ctx: CommandContext, iso: string | null, mode: Mode): string {
  return mode === 'human' ? localAndRelative(iso, ctx.now()) : (iso ?? '');
}

export function isOverdue(ctx: CommandContext, task: Task): boolean {
  return task.dueDate !== null && task.status !== DONE && Date.parse(task.dueDate) < ctx.now();
}

/** The mark of an overdue task in lists and on the board: `!` beside red, the word in accessible mode (a screen reader may skip a `!`). */
export function overdueMark(ctx: CommandContext): string {
  return ctx.accessible() ? 'overdue' : '!';
}

const conversationRows = (key: string | null): Row[] => (key ? [['Conversation', () => key]] : []);

/** The rows of a task's view; `waiting` are its pending actions. */
export function taskRows(ctx: CommandContext, task: Task, waiting: readonly PendingAction[]): Row[] {
  const { chalk } = ctx;
  const none = (mode: Mode, text = 'none'): Text => (mode === 'human' ? styled(text, (t) => chalk.dim(t)) : '');
  const rows: Row[] = [
    ['Title', () => styled(task.title, (t) => chalk.bold(t))],
    ['ID', () => task.id],
    ['Workspace', () => task.workspaceId],
    ['Status', () => stateText(chalk, task.status)],
    ['Assignees', (mode) => (task.assignees.length ? task.assignees.map((a) => `${a.name} (${a.id})`).join(', ') : none(mode, 'nobody'))],
    ['Tags', (mode) => (task.tags.length ? task.tags.join(', ') : none(mode))],
    [
      'Due',
      (mode) => {
        if (!task.dueDate) return none(mode);
        const due = moment(ctx, task.dueDate, mode);
        return mode === 'human' && isOverdue(ctx, task) ? styled(`${due} overdue`, (t) => chalk.red(t)) : due;
      },
    ],
    ...conversationRows(task.conversationKey),
    ['Created', (mode) => moment(ctx, task.createdAt, mode)],
    ['Updated', (mode) => moment(ctx, task.updatedAt, mode)],
    ['Description', (mode) => task.description || none(mode)],
    [
      'Notes',
      (mode) =>
        task.notes.length
          ? task.notes.flatMap((n, i): (string | ReturnType<typeof styled>)[] =>
              mode === 'human'
                ? [
                    i === 0 ? '' : '\n',
                    styled(n.author.name, (t) => chalk.bold(t)),
                    ' ',
                    styled(`· ${relativeTime(n.createdAt, ctx.now())}`, (t) => chalk.dim(t)),
                    // Each line of the note indented under its author.
                    `\n${n.content.replace(/\r\n?/g, '\n').replace(/^/gm, '  ')}`,
                  ]
                : [`${i === 0 ? '' : '\n'}${n.author.name} (${n.author.id}) ${n.createdAt}: ${n.content}`],
            )
          : none(mode),
    ],
    [
      'Approvals',
      (mode) =>
        waiting.length
          ? waiting.flatMap((a, i) =>
              mode === 'human'
                ? [`${i === 0 ? '' : '\n'}${a.id}  `, styled(a.kind, (t) => chalk.yellow(t)), `  ${a.summary}`]
                : [`${i === 0 ? '' : '\n'}${a.id} ${a.kind} ${a.summary}`],
            )
          : none(mode, 'none waiting'),
    ],
  ];
  return rows;
}
