// The detail pane of `wts dash`: for a pending action its whole draft (the rows of `wts approval view`),
// for a task the rows of `wts task view` plus the latest chat messages, for a schedule its cron in words
// and its next runs (src/schedules/explain.ts, as `wts schedule explain`). Every line goes through the
// output layer (sanitized, then colored), so a record cannot move the cursor or pose as a field.
import type { ChalkInstance } from 'chalk';
import type { Resource } from '../contract/resources.js';
import { cronSentence, checkCron } from '../contract/cron.js';
import { collectItems } from '../framework/listing.js';
import type { CommandContext } from '../context.js';
import { relativeTime, stateText, wrapText } from '../output/format.js';
import { pendingActionRows } from '../output/pending-action.js';
import { objectLines, type Row } from '../output/print.js';
import { styled, terminalView } from '../output/text.js';
import { taskRows } from '../output/task-view.js';
import { explainCron } from '../schedules/explain.js';
import { localTimeZone } from '../schedules/zones.js';
import type { Item } from './model.js';

type Task = Resource<'Task'>;
type Message = Resource<'Message'>;
type PendingAction = Resource<'PendingAction'>;

/** The latest chat messages shown under a task. */
export const CHAT_SHOWN = 5;
/** The next runs shown under a schedule. */
export const RUNS_SHOWN = 5;

/** What a task's pane needs beyond the listing: the task as get_task returns it, its chat and what waits on it. */
export interface TaskDetail {
  task: Task;
  messages: Message[];
  waiting: PendingAction[];
}

export async function loadTaskDetail(ctx: CommandContext, taskId: string): Promise<TaskDetail> {
  const api = await ctx.api();
  const path = { taskId };
  const [task, messages, waiting] = await Promise.all([
    api.call('get_task', { path }),
    collectItems(api.items('list_task_messages', { path, query: { limit: 50 } })),
    api.call('list_pending_actions', { path }).then((page) => page.items),
  ]);
  return { task, messages, waiting };
}

/** The latest `count` messages, oldest of them first. */
export function latestMessages(messages: readonly Message[], count = CHAT_SHOWN): Message[] {
  return [...messages].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)).slice(-count);
}

/** The columns a value needs beside its label; fewer, and it goes under the label. */
const BESIDE = 20;

/**
 * The rows as the pane shows them: every line fits `width`, long values wrapped, never cut (the pane's
 * lines are cut at its edge). Values beside their labels while they get BESIDE columns, else under them.
 */
export function paneLines(chalk: ChalkInstance, rows: Row[], width: number): string[] {
  const labels = Math.max(0, ...rows.map(([label]) => label.length)) + 2;
  if (width - labels >= BESIDE) return objectLines(chalk, rows, width);
  return rows.flatMap(([label, value]) => [
    chalk.bold(`${label}:`),
    ...wrapText(terminalView(value('human')), width - 2, 1)
      .split('\n')
      .map((line) => `  ${line}`),
  ]);
}

/** A line of the pane (an error, a note), wrapped to its width. */
export function paneText(text: string, width: number): string[] {
  return wrapText(text, width, 1).split('\n');
}

/** The pane of a pending action: every field, then the whole draft. */
export function pendingLines(ctx: CommandContext, item: Extract<Item, { kind: 'pending' }>, width: number): string[] {
  const { action, task } = item.waiting;
  return paneLines(ctx.chalk, pendingActionRows(ctx, action, `${task.id} ${task.title}`), width);
}

/** The pane of a task: the rows of `wts task view`, then the latest chat messages. */
export function taskLines(ctx: CommandContext, detail: TaskDetail, width: number): string[] {
  const { chalk } = ctx;
  const chat = latestMessages(detail.messages);
  const rows: Row[] = [
    ...taskRows(ctx, detail.task, detail.waiting),
    [
      'Chat',
      () =>
        chat.length === 0
          ? styled('no messages', (t) => chalk.dim(t))
          : chat.flatMap((m, i) => [
              i === 0 ? '' : '\n',
              styled(m.author.name, (t) => (m.author.kind === 'agent' ? chalk.bold.cyan(t) : chalk.bold(t))),
              styled(` · ${relativeTime(m.createdAt, ctx.now())}`, (t) => chalk.dim(t)),
              // Each line of the message indented under its author.
              `\n${m.content.replace(/\r\n?/g, '\n').replace(/\n+$/, '').replace(/^/gm, '  ')}`,
            ]),
    ],
  ];
  return paneLines(chalk, rows, width);
}

/** The pane of a schedule: its cron in words, state, runs, and the next runs where it runs and locally. */
export function scheduleLines(ctx: CommandContext, item: Extract<Item, { kind: 'schedule' }>, width: number): string[] {
  const { chalk } = ctx;
  const s = item.schedule;
  const local = localTimeZone();
  const explained = checkCron(s.cron).ok
    ? explainCron(s.cron, s.timezone, { nowMs: ctx.now(), count: RUNS_SHOWN, localTimezone: local })
    : undefined;
  const rows: Row[] = [
    ['Title', () => styled(s.title, (t) => chalk.bold(t))],
    ['ID', () => s.id],
    ['Schedule', () => cronSentence(s.cron, s.timezone)],
    ['Cron', () => s.cron],
    ['State', () => stateText(chalk, s.state)],
    [
      'Last run',
      () =>
        s.lastRun
          ? [stateText(chalk, s.lastRun.state), ` ${relativeTime(s.lastRun.startedAt, ctx.now())} (${s.lastRun.id})`]
          : styled('never', (t) => chalk.dim(t)),
    ],
    [
      'Next runs',
      () =>
        s.state === 'paused'
          ? styled('none while paused', (t) => chalk.dim(t))
          : explained
            ? explained.nextRuns
                .map(
                  (r, i) =>
                    `${i === 0 ? '' : '\n'}${r.inZone}${s.timezone === local ? '' : ` (${r.local} ${local})`}${r.note ? ` — ${r.note}` : ''}`,
                )
                .join('')
            : (s.nextRunAt ?? '—'),
    ],
    ['Workspace', () => s.workspaceId],
    ['Agent', () => s.agentId],
    ['Prompt', () => s.prompt],
  ];
  return paneLines(chalk, rows, width);
}
