// wts schedule list | view ID | runs ID | create --title --prompt|--prompt-file --cron --workspace --agent
//              | edit ID [same flags] | pause ID | resume ID | delete ID | run ID
import type { Command } from 'commander';
import { checkCron, CRON_SHAPES_TEXT } from '../api/cron.js';
import type { Resource } from '../api/resources.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { readTextFile } from '../input/text.js';
import { colorState, localAndRelative, relativeTime } from '../output/format.js';
import { printDone, printItems, printObject, type Column, type Mode } from '../output/print.js';
import { confirmDestructive } from './confirm.js';
import { pageOptions, pageSize, printPages, type PageOptions } from './listing.js';
import { examples, verb, type CliDeps } from './action.js';

type Schedule = Resource<'ScheduledTask'>;
type Run = Resource<'Run'>;

const ID: [string, string] = ['<ID>', 'scheduled task id (from `wts schedule list`)'];
const FIELDS = { scheduledTaskId: 'ID', workspaceId: '--workspace', agentId: '--agent' };

interface ScheduleFlags {
  title?: string;
  prompt?: string;
  promptFile?: string;
  cron?: string;
  workspace?: string;
  agent?: string;
}

function scheduleOptions(command: Command, required: string): Command {
  return command
    .option('--title <text>', `what the schedule is for${required}`)
    .option('--prompt <text>', `what the agent is asked each time${required ? ' (this or --prompt-file is required)' : ''}`)
    .option('--prompt-file <file>', 'the prompt from this file (- for standard input)')
    .option('--cron <expr>', `when, in the organization's timezone: ${CRON_SHAPES_TEXT}${required}`)
    .option('--workspace <id>', `the workspace the runs' tasks go to${required}`)
    .option('--agent <id>', `the agent that runs it: the workspace's own${required}`);
}

/** The body fields the flags give, checked before any request: the prompt read, the cron shape known. */
async function scheduleChanges(ctx: CommandContext, opts: ScheduleFlags) {
  if (opts.prompt !== undefined && opts.promptFile !== undefined) throw new CliError('--prompt and --prompt-file cannot be used together', ExitCode.usage);
  if (opts.cron !== undefined) {
    const check = checkCron(opts.cron);
    if (!check.ok) throw new CliError(`--cron: ${check.reason}; supported shapes: ${CRON_SHAPES_TEXT}`, ExitCode.usage);
  }
  const prompt = opts.promptFile !== undefined ? await readTextFile(ctx, opts.promptFile, '--prompt-file') : opts.prompt;
  return {
    ...(opts.title !== undefined && { title: opts.title }),
    ...(prompt !== undefined && { prompt }),
    ...(opts.cron !== undefined && { cron: opts.cron }),
    ...(opts.workspace !== undefined && { workspaceId: opts.workspace }),
    ...(opts.agent !== undefined && { agentId: opts.agent }),
  };
}

const nextRun = (ctx: CommandContext, s: Schedule, mode: Mode) => (mode === 'human' ? (s.nextRunAt ? localAndRelative(s.nextRunAt, ctx.now()) : '—') : (s.nextRunAt ?? ''));

function lastRun(ctx: CommandContext, s: Schedule, mode: Mode): string {
  if (!s.lastRun) return mode === 'human' ? 'never' : '';
  if (mode === 'plain') return s.lastRun.startedAt;
  return `${colorState(ctx.chalk, s.lastRun.state)} ${relativeTime(s.lastRun.startedAt, ctx.now())}`;
}

function printSchedule(ctx: CommandContext, s: Schedule): void {
  printObject(ctx, s, [
    ['ID', () => s.id],
    ['Title', () => s.title],
    ['State', (mode) => (mode === 'human' ? colorState(ctx.chalk, s.state) : s.state)],
    ['Cron', () => s.cron],
    ['Timezone', () => s.timezone],
    ['Next run', (mode) => nextRun(ctx, s, mode)],
    ['Last run', (mode) => (s.lastRun && mode === 'human' ? `${lastRun(ctx, s, mode)} (${s.lastRun.id})` : lastRun(ctx, s, mode))],
    ['Workspace', () => s.workspaceId],
    ['Agent', () => s.agentId],
    ['Prompt', () => s.prompt],
  ]);
}

export function registerSchedule(program: Command, deps: CliDeps): void {
  const group = program.command('schedule').alias('schedules').description('prompts an agent runs on a repeating schedule');
  examples(group, ['wts schedule list', 'wts schedule pause sched_support_weekly']);

  verb(group, deps, {
    name: 'list',
    description: 'list the scheduled tasks: cron, timezone, state, next and last run',
    fields: FIELDS,
    examples: ['wts schedule list', 'wts schedule list --json'],
    async run({ ctx }) {
      const api = await ctx.api();
      const columns: Column<Schedule>[] = [
        { header: 'ID', value: (s) => s.id },
        { header: 'Title', value: (s) => s.title, flex: true },
        { header: 'Cron', value: (s) => s.cron },
        { header: 'Timezone', value: (s) => s.timezone },
        { header: 'State', value: (s, mode) => (mode === 'human' ? colorState(ctx.chalk, s.state) : s.state) },
        { header: 'Next run', value: (s, mode) => nextRun(ctx, s, mode) },
        { header: 'Last run', value: (s, mode) => lastRun(ctx, s, mode) },
      ];
      await printItems(ctx, api.items('list_scheduled_tasks', { path: {} }) as AsyncIterable<Schedule>, columns, { empty: 'No scheduled tasks.' });
    },
  });

  verb(group, deps, {
    name: 'view',
    description: 'show a scheduled task: its prompt, schedule, next and last run',
    args: [ID],
    fields: FIELDS,
    examples: ['wts schedule view sched_support_weekly', 'wts schedule view sched_support_weekly --json'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      printSchedule(ctx, (await api.call('get_scheduled_task', { path: { scheduledTaskId: args[0] as string } })) as Schedule);
    },
  });

  verb<PageOptions>(group, deps, {
    name: 'runs',
    description: 'list the past runs of a scheduled task, newest first',
    args: [ID],
    options: pageOptions,
    fields: FIELDS,
    examples: ['wts schedule runs sched_support_weekly', 'wts schedule runs sched_ops_backups --all --json'],
    async run({ ctx, args, opts }) {
      const api = await ctx.api();
      const limit = pageSize(opts.limit);
      const pages = api.pages('list_scheduled_task_runs', { path: { scheduledTaskId: args[0] as string }, query: limit === undefined ? {} : { limit } });
      const columns: Column<Run>[] = [
        { header: 'ID', value: (r) => r.id },
        { header: 'State', value: (r, mode) => (mode === 'human' ? colorState(ctx.chalk, r.state) : r.state) },
        { header: 'Task', value: (r) => r.taskId },
        { header: 'Started', value: (r, mode) => (mode === 'human' ? relativeTime(r.startedAt, ctx.now()) : r.startedAt) },
        { header: 'Output', value: (r) => r.output.split('\n')[0] ?? '', flex: true },
      ];
      await printPages<Run>(ctx, pages, opts.all, (items) => printItems(ctx, items, columns, { empty: 'No runs yet.' }));
    },
  });

  verb<ScheduleFlags>(group, deps, {
    name: 'create',
    description: 'run a prompt on a repeating schedule',
    options: (c) => scheduleOptions(c, ' (required)'),
    fields: FIELDS,
    examples: [
      'wts schedule create --title "Weekly digest" --prompt "Summarize last week\'s tickets" --cron "0 9 * * 1" --workspace ws_support --agent agt_support',
      'wts schedule create --title "Backup check" --prompt-file prompt.md --cron "30 6 * * *" --workspace ws_ops --agent agt_ops',
    ],
    async run({ ctx, opts }) {
      if (opts.prompt === undefined && opts.promptFile === undefined) throw new CliError('--prompt: is required (or --prompt-file F)', ExitCode.usage);
      const body = await scheduleChanges(ctx, opts);
      const api = await ctx.api();
      const schedule = (await api.call('create_scheduled_task', { path: {}, body: body as Required<typeof body> })) as Schedule;
      printDone(ctx, schedule, `Created ${schedule.id} (${schedule.title}); next run ${nextRun(ctx, schedule, 'human')}`);
    },
  });

  verb<ScheduleFlags>(group, deps, {
    name: 'edit',
    description: "change a scheduled task's title, prompt, schedule, workspace or agent",
    args: [ID],
    options: (c) => scheduleOptions(c, ''),
    fields: FIELDS,
    examples: ['wts schedule edit sched_sales_digest --cron "0 8 * * 1-5"', 'wts schedule edit sched_support_weekly --prompt-file prompt.md'],
    async run({ ctx, args, opts }) {
      const body = await scheduleChanges(ctx, opts);
      if (Object.keys(body).length === 0) throw new CliError('nothing to change: pass --title, --prompt, --prompt-file, --cron, --workspace or --agent', ExitCode.usage);
      const api = await ctx.api();
      const schedule = (await api.call('update_scheduled_task', { path: { scheduledTaskId: args[0] as string }, body })) as Schedule;
      printDone(ctx, schedule, `Updated ${schedule.id} (${schedule.title}); next run ${nextRun(ctx, schedule, 'human')}`);
    },
  });

  verb(group, deps, {
    name: 'pause',
    description: 'stop a scheduled task until it is resumed',
    args: [ID],
    fields: FIELDS,
    examples: ['wts schedule pause sched_sales_digest'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const schedule = (await api.call('pause_scheduled_task', { path: { scheduledTaskId: args[0] as string }, body: {} })) as Schedule;
      printDone(ctx, schedule, `Paused ${schedule.id} (${schedule.title})`);
    },
  });

  verb(group, deps, {
    name: 'resume',
    description: 'start a paused scheduled task again',
    args: [ID],
    fields: FIELDS,
    examples: ['wts schedule resume sched_support_status'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const schedule = (await api.call('resume_scheduled_task', { path: { scheduledTaskId: args[0] as string }, body: {} })) as Schedule;
      printDone(ctx, schedule, `Resumed ${schedule.id} (${schedule.title}); next run ${nextRun(ctx, schedule, 'human')}`);
    },
  });

  verb<{ yes?: boolean }>(group, deps, {
    name: 'delete',
    description: 'delete a scheduled task; its earlier runs stay',
    args: [ID],
    options: (c) => c.option('-y, --yes', 'do not ask for confirmation'),
    fields: FIELDS,
    examples: ['wts schedule delete sched_ops_access', 'wts schedule delete sched_ops_access --yes   # in scripts'],
    async run({ ctx, args, opts }) {
      const scheduledTaskId = args[0] as string;
      await confirmDestructive(ctx, `Delete scheduled task ${scheduledTaskId}? Its earlier runs stay.`, opts.yes);
      const api = await ctx.api();
      const deleted = await api.call('delete_scheduled_task', { path: { scheduledTaskId } });
      printDone(ctx, deleted, `Deleted scheduled task ${scheduledTaskId}`);
    },
  });

  verb(group, deps, {
    name: 'run',
    description: 'run a scheduled task once now, outside its schedule',
    args: [ID],
    fields: FIELDS,
    examples: ['wts schedule run sched_ops_backups', 'wts schedule run sched_ops_backups --json'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const run = (await api.call('run_scheduled_task_now', { path: { scheduledTaskId: args[0] as string }, body: {} })) as Run;
      printDone(ctx, run, `Started run ${run.id} of ${args[0] as string} on task ${run.taskId} (${run.state})`);
    },
  });
}
