// What the verbs of wts schedule share: the ID argument, the flags of create and edit, run times as people read them.
import type { Command } from 'commander';
import type { ApiClient, CallOptions } from '../../api/client.js';
import { cronProblem, cronSentence, CRON_SHAPES_TEXT } from '../../contract/cron.js';
import type { Resource } from '../../contract/resources.js';
import type { CommandContext } from '../../context.js';
import { CliError, ExitCode } from '../../errors.js';
import type { WaitFlags } from '../../follow/options.js';
import { optionalText, readTextFile, requiredText } from '../../input/text.js';
import { localAndRelative, relativeTime, stateText } from '../../output/format.js';
import { printObject } from '../../output/print.js';
import type { Mode, Text } from '../../output/text.js';
import { runTimeForPeople } from '../../schedules/zones.js';
import type { Act } from '../../bulk/run.js';

export type Schedule = Resource<'ScheduledTask'>;
export type Run = Resource<'Run'>;

export const ID = ['<ID>', 'scheduled task id (from `wts schedule list`)'] as const;

export const FIELDS = { scheduledTaskId: 'ID', workspaceId: '--workspace', agentId: '--agent' };

/** The ids of scheduled tasks a bulk verb acts on (src/framework/verb.ts's BulkVerb). */
export const IDS = ['<ID...>', 'scheduled task ids (from `wts schedule list`); - reads them from standard input, one a line'] as const;

/** What the verbs on scheduled tasks by id share as bulk verbs. */
/** A schedule verb's ids and how one is found (a run over several reads every one before it changes any). */
export const SCHEDULES = {
  field: 'scheduledTaskId',
  noun: ['scheduled task', 'scheduled tasks'],
  find: (api: ApiClient, scheduledTaskId: string, options: CallOptions) =>
    api.call('get_scheduled_task', { path: { scheduledTaskId } }, options),
} as const;

export interface ScheduleFlags {
  title?: string;
  prompt?: string;
  promptFile?: string;
  cron?: string;
  workspace?: string;
  agent?: string;
}

export function scheduleOptions(command: Command, required: string): Command {
  return command
    .option('--title <text>', `what the schedule is for${required}`)
    .option('--prompt <text>', `what the agent is asked each time${required ? ' (this or --prompt-file is required)' : ''}`)
    .option('--prompt-file <file>', 'the prompt from this file (- for standard input)')
    .option('--cron <expr>', `when, in the organization's timezone: ${CRON_SHAPES_TEXT}${required}`)
    .option('--workspace <id>', `the workspace the runs' tasks go to${required}`)
    .option('--agent <id>', `the agent that runs it: the workspace's own${required}`);
}

/** The body fields the flags give, checked before any request: the prompt read, the cron shape known. */
export async function scheduleChanges(ctx: CommandContext, opts: ScheduleFlags) {
  if (opts.prompt !== undefined && opts.promptFile !== undefined)
    throw new CliError('--prompt and --prompt-file cannot be used together', ExitCode.usage);
  const problem = opts.cron === undefined ? undefined : cronProblem(opts.cron);
  if (problem) throw new CliError(`--cron: ${problem}`, ExitCode.usage);
  const prompt =
    opts.promptFile !== undefined
      ? requiredText(await readTextFile(ctx, opts.promptFile, '--prompt-file'), '--prompt-file')
      : optionalText(opts.prompt, '--prompt');
  const title = optionalText(opts.title, '--title');
  return {
    ...(title !== undefined && { title }),
    ...(prompt !== undefined && { prompt }),
    ...(opts.cron !== undefined && { cron: opts.cron }),
    ...(opts.workspace !== undefined && { workspaceId: opts.workspace }),
    ...(opts.agent !== undefined && { agentId: opts.agent }),
  };
}

/** For people: local time, how far off, and the time where the schedule runs; for scripts: ISO 8601. */
export const nextRun = (ctx: CommandContext, s: Schedule, mode: Mode) =>
  mode === 'human' ? (s.nextRunAt ? runTimeForPeople(s.nextRunAt, s.timezone, ctx.now()) : '—') : (s.nextRunAt ?? '');

/** In a one-line confirmation: local time and how far off. */
export const nextRunShort = (ctx: CommandContext, s: Schedule) => (s.nextRunAt ? localAndRelative(s.nextRunAt, ctx.now()) : '—');

/** For people: the outcome and when ("succeeded 2 days ago"); for scripts: when it started. */
export function lastRun(ctx: CommandContext, s: Schedule, mode: Mode): Text {
  if (!s.lastRun) return mode === 'human' ? 'never' : '';
  if (mode === 'plain') return s.lastRun.startedAt;
  const when = relativeTime(s.lastRun.startedAt, ctx.now());
  return [stateText(ctx.chalk, s.lastRun.state), s.lastRun.state === 'running' ? ` since ${when}` : ` ${when}`];
}

export function printSchedule(ctx: CommandContext, s: Schedule): void {
  printObject(ctx, s, [
    ['ID', () => s.id],
    ['Title', () => s.title],
    ['Schedule', () => cronSentence(s.cron, s.timezone)],
    ['State', () => stateText(ctx.chalk, s.state)],
    ['Cron', () => s.cron],
    ['Timezone', () => s.timezone],
    ['Next run', (mode) => nextRun(ctx, s, mode)],
    ['Last run', (mode) => (s.lastRun && mode === 'human' ? [lastRun(ctx, s, mode), ` (${s.lastRun.id})`].flat() : lastRun(ctx, s, mode))],
    ['Workspace', () => s.workspaceId],
    ['Agent', () => s.agentId],
    ['Prompt', () => s.prompt],
  ]);
}

/** `schedule run` without --wait: a run of each scheduled task, started now (--wait follows one only). */
export async function startRuns({ ctx, opts }: { ctx: CommandContext; opts: WaitFlags }): Promise<Act> {
  if (opts.wait)
    throw new CliError('--wait follows one run: pass one ID (or run them without --wait, then `wts run watch RUN` each)', ExitCode.usage);
  const api = await ctx.api();
  return async (scheduledTaskId, options) => {
    const run = await api.call('run_scheduled_task_now', { path: { scheduledTaskId }, body: {} }, options);
    return { result: run, message: `Started run ${run.id} of ${scheduledTaskId} on task ${run.taskId} (${run.state})` };
  };
}
