// wts schedule list | view ID | runs ID | create --title --prompt|--prompt-file --cron --workspace --agent
//              | edit ID [same flags] | pause ID... | resume ID... | delete ID... | run ID...
//              | explain CRON [--tz --count] | check [ID...] [--workspace --require --max-late --last-run]
//              | diff -f FILE | apply -f FILE [--prune --yes]
// The modules behind explain, check, diff and apply (src/schedules/: cron-parser, yaml, zod) are loaded
// inside those verbs only, so that starting wts for any other command does not load them.
import type { Command } from 'commander';
import { cronProblem, cronSentence, CRON_SHAPES_TEXT } from '../contract/cron.js';
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { waitOptions, waitTimeoutMs, type WaitFlags } from '../follow/options.js';
import { optionalText, readTextFile, requiredText } from '../input/text.js';
import { localAndRelative, relativeTime, stateText } from '../output/format.js';
import { terminalLine } from '../output/sanitize.js';
import { printDone, printItems, printJson, printObject, renderTable, styled, type Column, type Mode, type Text } from '../output/print.js';
import type { ScheduleReport } from '../schedules/check.js';
import { localTimeZone, resolveTimeZone, runTimeForPeople, unknownTimeZoneMessage } from '../schedules/zones.js';
import { confirmDestructive } from '../framework/confirm.js';
import { pageOptions, printListing, type PageOptions } from '../framework/listing.js';
import type { Act } from '../bulk/run.js';
import { examples, verb, type CliDeps, options } from '../framework/verb.js';

type Schedule = Resource<'ScheduledTask'>;
type Run = Resource<'Run'>;

const ID = ['<ID>', 'scheduled task id (from `wts schedule list`)'] as const;
const FIELDS = { scheduledTaskId: 'ID', workspaceId: '--workspace', agentId: '--agent' };
/** The ids of scheduled tasks a bulk verb acts on (src/framework/verb.ts's BulkVerb). */
const IDS = ['<ID...>', 'scheduled task ids (from `wts schedule list`); - reads them from standard input, one a line'] as const;
/** What the verbs on scheduled tasks by id share as bulk verbs. */
const SCHEDULES = { field: 'scheduledTaskId', noun: ['scheduled task', 'scheduled tasks'] } as const;

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
  const problem = opts.cron === undefined ? undefined : cronProblem(opts.cron);
  if (problem) throw new CliError(`--cron: ${problem}`, ExitCode.usage);
  const prompt =
    opts.promptFile !== undefined ? requiredText(await readTextFile(ctx, opts.promptFile, '--prompt-file'), '--prompt-file') : optionalText(opts.prompt, '--prompt');
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
const nextRun = (ctx: CommandContext, s: Schedule, mode: Mode) => (mode === 'human' ? (s.nextRunAt ? runTimeForPeople(s.nextRunAt, s.timezone, ctx.now()) : '—') : (s.nextRunAt ?? ''));

/** In a one-line confirmation: local time and how far off. */
const nextRunShort = (ctx: CommandContext, s: Schedule) => (s.nextRunAt ? localAndRelative(s.nextRunAt, ctx.now()) : '—');

/** For people: the outcome and when ("succeeded 2 days ago"); for scripts: when it started. */
function lastRun(ctx: CommandContext, s: Schedule, mode: Mode): Text {
  if (!s.lastRun) return mode === 'human' ? 'never' : '';
  if (mode === 'plain') return s.lastRun.startedAt;
  const when = relativeTime(s.lastRun.startedAt, ctx.now());
  return [stateText(ctx.chalk, s.lastRun.state), s.lastRun.state === 'running' ? ` since ${when}` : ` ${when}`];
}

function printSchedule(ctx: CommandContext, s: Schedule): void {
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
async function startRuns({ ctx, opts }: { ctx: CommandContext; opts: WaitFlags }): Promise<Act> {
  if (opts.wait) throw new CliError('--wait follows one run: pass one ID (or run them without --wait, then `wts run watch RUN` each)', ExitCode.usage);
  const api = await ctx.api();
  return async (scheduledTaskId, options) => {
    const run = await api.call('run_scheduled_task_now', { path: { scheduledTaskId }, body: {} }, options);
    return { result: run, message: `Started run ${run.id} of ${scheduledTaskId} on task ${run.taskId} (${run.state})` };
  };
}

export function registerSchedule(program: Command, deps: CliDeps): void {
  const group = program.command('schedule').alias('schedules').description('prompts an agent runs on a repeating schedule');
  examples(group, [
    'wts schedule list',
    'wts schedule pause sched_support_weekly',
    'wts schedule explain "0 9 * * 1-5" --tz Europe/Berlin',
    'wts schedule check --require active --max-late 1h --last-run succeeded',
    'wts schedule diff -f schedules.yaml',
  ]);

  verb(group, deps, {
    name: 'list',
    pages: true,
    description: 'list the scheduled tasks: when they run, timezone, state, next and last run',
    fields: FIELDS,
    examples: ['wts schedule list', 'wts schedule list --json', 'wts schedule list | cut -f1,3   # id and cron, tab-separated'],
    async run({ ctx }) {
      const api = await ctx.api();
      const id: Column<Schedule> = { header: 'ID', value: (s) => s.id };
      const title: Column<Schedule> = { header: 'Title', value: (s) => s.title, flex: true, min: 16 };
      const timezone: Column<Schedule> = { header: 'Timezone', value: (s) => s.timezone, flex: true, min: 8, priority: 1 };
      const state: Column<Schedule> = { header: 'State', value: (s) => stateText(ctx.chalk, s.state) };
      const next: Column<Schedule> = { header: 'Next run', value: (s, mode) => nextRun(ctx, s, mode), priority: 4 };
      const last: Column<Schedule> = { header: 'Last run', value: (s, mode) => lastRun(ctx, s, mode), priority: 2 };
      // People read the schedule as a sentence; piped, the columns stay the ones scripts already cut (the cron).
      const columns: Column<Schedule>[] = ctx.io.isStdoutTTY
        ? [id, title, { header: 'Schedule', value: (s) => cronSentence(s.cron), flex: true, min: 12, priority: 3 }, timezone, state, next, last]
        : [id, title, { header: 'Cron', value: (s) => s.cron, priority: 3 }, timezone, state, next, last];
      await printItems(ctx, api.items('list_scheduled_tasks', { path: {} }), columns, { empty: 'No scheduled tasks.' });
    },
  });

  verb(group, deps, {
    name: 'view',
    pages: true,
    description: 'show a scheduled task: its prompt, schedule, next and last run',
    args: [ID],
    fields: FIELDS,
    examples: ['wts schedule view sched_support_weekly', 'wts schedule view sched_support_weekly --json'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      printSchedule(ctx, await api.call('get_scheduled_task', { path: { scheduledTaskId: args[0] } }));
    },
  });

  verb(group, deps, {
    name: 'runs',
    pages: true,
    description: 'list the past runs of a scheduled task, newest first',
    args: [ID],
    options: options<PageOptions>(pageOptions),
    fields: FIELDS,
    examples: ['wts schedule runs sched_support_weekly', 'wts schedule runs sched_ops_backups --all --json'],
    async run({ ctx, args, opts }) {
      const columns: Column<Run>[] = [
        { header: 'ID', value: (r) => r.id },
        { header: 'State', value: (r) => stateText(ctx.chalk, r.state) },
        { header: 'Task', value: (r) => r.taskId, priority: 1 },
        { header: 'Started', value: (r, mode) => (mode === 'human' ? relativeTime(r.startedAt, ctx.now()) : r.startedAt) },
        { header: 'Output', value: (r) => r.output.split('\n')[0] ?? '', flex: true },
      ];
      await printListing(ctx, 'list_scheduled_task_runs', { path: { scheduledTaskId: args[0] } }, opts, (items) =>
        printItems(ctx, items, columns, { empty: 'No runs yet.' }),
      );
    },
  });

  verb(group, deps, {
    name: 'create',
    description: 'run a prompt on a repeating schedule',
    options: options<ScheduleFlags>((c) => scheduleOptions(c, ' (required)')),
    fields: FIELDS,
    examples: [
      'wts schedule create --title "Weekly digest" --prompt "Summarize last week\'s tickets" --cron "0 9 * * 1" --workspace ws_support --agent agt_support',
      'wts schedule create --title "Backup check" --prompt-file prompt.md --cron "30 6 * * *" --workspace ws_ops --agent agt_ops',
    ],
    async run({ ctx, opts }) {
      if (opts.prompt === undefined && opts.promptFile === undefined) throw new CliError('--prompt: is required (or --prompt-file F)', ExitCode.usage);
      const body = await scheduleChanges(ctx, opts);
      const api = await ctx.api();
      const schedule = await api.call('create_scheduled_task', { path: {}, body: body as Required<typeof body> });
      printDone(ctx, schedule, `Created ${schedule.id} (${schedule.title}); next run ${nextRunShort(ctx, schedule)}`);
    },
  });

  verb(group, deps, {
    name: 'edit',
    description: "change a scheduled task's title, prompt, schedule, workspace or agent",
    args: [ID],
    options: options<ScheduleFlags>((c) => scheduleOptions(c, '')),
    fields: FIELDS,
    examples: ['wts schedule edit sched_sales_digest --cron "0 8 * * 1-5"', 'wts schedule edit sched_support_weekly --prompt-file prompt.md'],
    async run({ ctx, args, opts }) {
      const body = await scheduleChanges(ctx, opts);
      if (Object.keys(body).length === 0) throw new CliError('nothing to change: pass --title, --prompt, --prompt-file, --cron, --workspace or --agent', ExitCode.usage);
      const api = await ctx.api();
      const schedule = await api.call('update_scheduled_task', { path: { scheduledTaskId: args[0] }, body });
      printDone(ctx, schedule, `Updated ${schedule.id} (${schedule.title}); next run ${nextRunShort(ctx, schedule)}`);
    },
  });

  verb(group, deps, {
    name: 'pause',
    description: 'stop scheduled tasks until they are resumed',
    args: [IDS],
    fields: FIELDS,
    examples: ['wts schedule pause sched_sales_digest', 'wts schedule list | grep agt_sales | wts schedule pause -'],
    bulk: {
      ...SCHEDULES,
      operation: 'pause_scheduled_task',
      doing: 'pausing',
      async prepare({ ctx }) {
        const api = await ctx.api();
        return async (scheduledTaskId, options) => {
          const schedule = await api.call('pause_scheduled_task', { path: { scheduledTaskId }, body: {} }, options);
          return { result: schedule, message: `Paused ${schedule.id} (${schedule.title})` };
        };
      },
    },
  });

  verb(group, deps, {
    name: 'resume',
    description: 'start paused scheduled tasks again',
    args: [IDS],
    fields: FIELDS,
    examples: ['wts schedule resume sched_support_status', 'wts schedule resume sched_support_status sched_sales_digest'],
    bulk: {
      ...SCHEDULES,
      operation: 'resume_scheduled_task',
      doing: 'resuming',
      async prepare({ ctx }) {
        const api = await ctx.api();
        return async (scheduledTaskId, options) => {
          const schedule = await api.call('resume_scheduled_task', { path: { scheduledTaskId }, body: {} }, options);
          return { result: schedule, message: `Resumed ${schedule.id} (${schedule.title}); next run ${nextRunShort(ctx, schedule)}` };
        };
      },
    },
  });

  verb(group, deps, {
    name: 'delete',
    description: 'delete scheduled tasks; their earlier runs stay',
    args: [IDS],
    options: options<{ yes?: boolean }>((c) => c.option('-y, --yes', 'do not ask for confirmation')),
    fields: FIELDS,
    examples: ['wts schedule delete sched_ops_access', 'wts schedule delete sched_ops_access --yes   # in scripts'],
    bulk: {
      ...SCHEDULES,
      operation: 'delete_scheduled_task',
      doing: 'deleting',
      confirm: (ids) => (ids.length === 1 ? `Delete scheduled task ${ids[0]}? Its earlier runs stay.` : `Delete ${ids.length} scheduled tasks? Their earlier runs stay.`),
      async prepare({ ctx }) {
        const api = await ctx.api();
        return async (scheduledTaskId, options) => ({ result: await api.call('delete_scheduled_task', { path: { scheduledTaskId } }, options), message: `Deleted scheduled task ${scheduledTaskId}` });
      },
    },
  });

  verb(group, deps, {
    name: 'run',
    description: 'run scheduled tasks once now, outside their schedule',
    args: [IDS],
    options: options<WaitFlags>((c) => waitOptions(c, 'the run finishes (one ID only)')),
    fields: FIELDS,
    examples: [
      'wts schedule run sched_ops_backups',
      'wts schedule run sched_ops_backups --json',
      'wts schedule run sched_ops_backups --wait --timeout 15m   # in CI: exit 0 if the run succeeded, 8 if it failed',
      'wts schedule run sched_ops_backups sched_ops_access',
    ],
    bulk: {
      ...SCHEDULES,
      operation: 'run_scheduled_task_now',
      doing: 'starting',
      prepare: startRuns,
      async single(call, scheduledTaskId) {
        const { ctx, opts } = call;
        if (!opts.wait) {
          const { result, message } = await (await startRuns(call))(scheduledTaskId, {});
          return printDone(ctx, result, message);
        }
        const timeoutMs = waitTimeoutMs(opts);
        (await ctx.api()).prepare('run_scheduled_task_now', { path: { scheduledTaskId }, body: {} }); // bad input fails before anything is sent
        return (await import('../follow/wait.js')).runScheduledAndWait(ctx, scheduledTaskId, { timeoutMs });
      },
    },
  });

  registerExplain(group, deps);
  registerCheck(group, deps);
  registerSchedulesAsCode(group, deps);
}

// ---- explain: a cron, offline ----------------------------------------------------------------------

interface ExplainFlags {
  tz?: string;
  count: string;
}

/** A --tz as given, checked: the IANA name, or exit 2 naming the nearest known zone. */
function timeZoneOption(text: string | undefined, fallback: string): string {
  if (text === undefined) return fallback;
  const zone = resolveTimeZone(text);
  if (!zone) throw new CliError(`--tz: ${unknownTimeZoneMessage(text)}`, ExitCode.usage);
  return zone;
}

function registerExplain(group: Command, deps: CliDeps): void {
  verb(group, deps, {
    name: 'explain',
    pages: true,
    description: 'say when a cron runs, without signing in: its shape, a sentence, the next runs in a timezone and locally',
    args: [['<CRON>', `a five-field cron, quoted; one of ${CRON_SHAPES_TEXT}`]],
    options: options<ExplainFlags>((c) =>
      c
        .option('--tz <zone>', "read the cron in this IANA timezone, e.g. Europe/Berlin (default: the local one; the service uses the organization's, shown by `wts schedule list`)")
        .option('--count <n>', 'how many next runs to show, 1 to 100', '5')),
    examples: [
      'wts schedule explain "0 9 * * 1-5" --tz Europe/Berlin',
      'wts schedule explain "30 2 * * *" --tz Europe/Berlin --count 10   # a change of the clocks moves a run',
      'wts schedule explain "0 9 * * 1" --tz America/New_York --json',
    ],
    async run({ ctx, args, opts }) {
      const cron = args[0];
      const problem = cronProblem(cron);
      if (problem) throw new CliError(`CRON: ${problem}`, ExitCode.usage);
      const localZone = localTimeZone();
      const timezone = timeZoneOption(opts.tz, localZone);
      const count = /^\d{1,3}$/.test(opts.count.trim()) ? Number(opts.count) : Number.NaN;
      if (!(count >= 1 && count <= 100)) throw new CliError(`--count: must be a whole number from 1 to 100, not "${opts.count}"`, ExitCode.usage);
      const { explainCron } = await import('../schedules/explain.js');
      const explained = explainCron(cron, timezone, { nowMs: ctx.now(), count, localTimezone: localZone });
      printObject(ctx, explained, [
        ['Cron', () => explained.cron],
        ['Shape', () => `${explained.shape} (${explained.pattern})`],
        ['Schedule', () => explained.sentence],
      ]);
      if (ctx.json) return;
      if (!ctx.io.isStdoutTTY) {
        for (const r of explained.nextRuns) ctx.io.stdout.write(`Next run\t${r.at}\t${r.inZone}\t${r.local}\t${r.note ?? ''}\n`);
        return;
      }
      const sameZone = timezone === localZone;
      const notes = explained.nextRuns.some((r) => r.note);
      const headers = [sameZone ? `${timezone} (local)` : timezone, ...(sameZone ? [] : [`Local (${localZone})`]), 'When', ...(notes ? ['Note'] : [])];
      const rows = explained.nextRuns.map((r) => [r.inZone, ...(sameZone ? [] : [r.local]), relativeTime(r.at, ctx.now()), ...(notes ? [r.note ? styled(r.note, (t) => ctx.chalk.yellow(t)) : ''] : [])]);
      ctx.io.stdout.write(`\n${ctx.chalk.bold(`Next ${count === 1 ? 'run' : `${count} runs`}:`)}\n`);
      ctx.io.stdout.write(renderTable(ctx.chalk, ctx.io.columns, headers.map((header) => ({ header, flex: header === 'Note' })), rows));
    },
  });
}

// ---- check: for CI ---------------------------------------------------------------------------------

interface CheckFlags {
  workspace?: string;
  require?: string;
  maxLate?: string;
  lastRun?: string;
}

const CHECK_HEADERS = { cron: 'Cron', state: 'State', late: 'On time', lastRun: 'Last run' } as const;
const CHECK_NAMES = { cron: 'cron', state: 'state', late: 'late', lastRun: 'last run' } as const;

function registerCheck(group: Command, deps: CliDeps): void {
  verb(group, deps, {
    name: 'check',
    pages: true,
    description: 'check scheduled tasks in CI: supported cron, state, not late, last run succeeded; exit 8 when a check fails',
    args: [['[ID...]', 'scheduled task ids (default: every scheduled task, or every one of --workspace)']],
    options: options<CheckFlags>((c) =>
      c
        .option('--workspace <id>', 'only the scheduled tasks of this workspace')
        .option('--require <state>', 'fail unless the scheduled task is in this state: active or paused')
        .option('--max-late <duration>', 'fail when an occurrence older than this (e.g. 15m, 2h, 1d) has had no run started since')
        .option('--last-run <outcome>', 'fail unless the latest finished run has this outcome: succeeded (one that never ran passes)')),
    fields: FIELDS,
    examples: [
      'wts schedule check --require active --max-late 30m --last-run succeeded',
      'wts schedule check sched_ops_backups sched_sales_digest --max-late 2h',
      'wts schedule check --workspace ws_ops --require active --json | jq \'.[] | select(.ok | not) | .id\'',
    ],
    async run({ ctx, args, opts }) {
      const ids = args[0] ?? [];
      if (ids.length > 0 && opts.workspace !== undefined) throw new CliError('pass scheduled task IDs or --workspace, not both', ExitCode.usage);
      if (opts.require !== undefined && opts.require !== 'active' && opts.require !== 'paused') throw new CliError(`--require: must be active or paused, not "${opts.require}"`, ExitCode.usage);
      if (opts.lastRun !== undefined && opts.lastRun !== 'succeeded') throw new CliError(`--last-run: must be succeeded, not "${opts.lastRun}"`, ExitCode.usage);
      const [{ parseDuration }, { checkSchedule, checksFor, latestFinished }] = await Promise.all([import('../schedules/duration.js'), import('../schedules/check.js')]);
      const maxLateMs = opts.maxLate === undefined ? undefined : parseDuration(opts.maxLate);
      if (opts.maxLate !== undefined && maxLateMs === undefined) throw new CliError(`--max-late: must be a duration such as 15m, 2h, 1d or 1h30m, not "${opts.maxLate}"`, ExitCode.usage);
      const options = { require: opts.require as 'active' | 'paused' | undefined, maxLateMs, lastRun: opts.lastRun as 'succeeded' | undefined };

      const api = await ctx.api();
      const schedules: Schedule[] = [];
      if (ids.length > 0) {
        for (const scheduledTaskId of ids) schedules.push(await api.call('get_scheduled_task', { path: { scheduledTaskId } }));
      } else {
        for await (const s of api.items('list_scheduled_tasks', { path: {} })) if (opts.workspace === undefined || s.workspaceId === opts.workspace) schedules.push(s);
      }
      if (schedules.length === 0) {
        throw new CliError(`no scheduled tasks${opts.workspace ? ` in ${opts.workspace}` : ''}: nothing was checked (a check of nothing fails, so a mistyped workspace cannot pass)`, ExitCode.checkFailed);
      }

      const reports: ScheduleReport[] = [];
      for (const s of schedules) {
        let finished = s.lastRun ?? undefined;
        // The latest run may still be running: its outcome is the one before it.
        if (options.lastRun && finished?.state === 'running') {
          const runs: Run[] = [];
          for await (const run of api.items('list_scheduled_task_runs', { path: { scheduledTaskId: s.id } })) {
            runs.push(run);
            if (run.state !== 'running' || runs.length >= 100) break;
          }
          finished = latestFinished(runs);
        }
        reports.push(checkSchedule(s, options, ctx.now(), finished));
      }

      const names = checksFor(options);
      const mark = (result: string, mode: Mode): Text => (mode === 'plain' ? `${result}: ` : result === 'pass' ? styled('✓ ', (t) => ctx.chalk.green(t)) : result === 'fail' ? styled('✗ ', (t) => ctx.chalk.red(t)) : styled('– ', (t) => ctx.chalk.dim(t)));
      const columns: Column<ScheduleReport>[] = [
        { header: 'ID', value: (r) => r.id },
        { header: 'Result', value: (r, mode) => (mode === 'plain' ? (r.ok ? 'pass' : 'fail') : r.ok ? styled('ok', (t) => ctx.chalk.green(t)) : styled('FAILED', (t) => ctx.chalk.red(t))) },
        { header: 'Title', value: (r) => r.title, flex: true },
        ...names.map((name): Column<ScheduleReport> => ({
          header: CHECK_HEADERS[name],
          value: (r, mode) => {
            const check = r.checks[name]!;
            return [mark(check.result, mode), check.detail].flat();
          },
        })),
      ];
      await printItems(ctx, reports, columns);

      const failed = reports.filter((r) => !r.ok);
      if (failed.length > 0) {
        const which = failed.map((r) => `${r.id} (${names.filter((n) => r.checks[n]?.result === 'fail').map((n) => CHECK_NAMES[n]).join(', ')})`);
        throw new CliError(`${failed.length} of ${reports.length} scheduled tasks failed a check: ${which.join(', ')}`, ExitCode.checkFailed);
      }
      if (ctx.io.isStderrTTY && !ctx.json) ctx.io.stderr.write(`${ctx.chalk.green('✓')} ${reports.length} scheduled task${reports.length === 1 ? '' : 's'} passed: ${names.map((n) => CHECK_NAMES[n]).join(', ')}\n`);
    },
  });
}

// ---- diff, apply: schedules as code ------------------------------------------------------------------

interface FileFlags {
  file?: string;
  prune?: boolean;
  yes?: boolean;
}

const FILE_HELP = 'the schedules file, JSON or YAML: {"schedules": [{key?, title, prompt, cron, workspace, agent, state?}]} (- for standard input)';

/** Reads and checks the file (exit 2 before any request), then lists the service's scheduled tasks and plans. */
async function planFromFile(ctx: CommandContext, opts: FileFlags) {
  if (opts.file === undefined) throw new CliError(`--file: is required: ${FILE_HELP}`, ExitCode.usage);
  const [{ parseScheduleFile }, { planSchedules }] = await Promise.all([import('../schedules/file.js'), import('../schedules/plan.js')]);
  const fileName = opts.file === '-' ? '<stdin>' : opts.file;
  const specs = parseScheduleFile(await readTextFile(ctx, opts.file, '--file'), fileName);
  const api = await ctx.api();
  const actual: Schedule[] = [];
  for await (const s of api.items('list_scheduled_tasks', { path: {} })) actual.push(s);
  return { api, fileName, plan: planSchedules(specs, actual, { prune: Boolean(opts.prune) }) };
}

const scope = (workspaces: string[]) => (workspaces.length ? workspaces.join(', ') : 'no workspace');

const MATCHING_HELP = `Matching:
  An entry is matched to the scheduled task with the same workspace and title: the service keeps no
  field of ours, so \`key\` is a local alias, named in plans and errors, never sent. Renaming a title
  therefore creates a new scheduled task (and --prune deletes the old one) unless the title is changed
  on the service first (\`wts schedule edit ID --title\`). Only the workspaces the file names are compared.
`;

function registerSchedulesAsCode(group: Command, deps: CliDeps): void {
  const diff = verb(group, deps, {
    name: 'diff',
    pages: true,
    description: "show how the service's scheduled tasks differ from a schedules file; exit 8 on any drift",
    options: options<FileFlags>((c) => c.option('-f, --file <file>', FILE_HELP)),
    examples: ['wts schedule diff -f schedules.yaml', 'wts schedule diff -f schedules.json --json', 'wts schedule diff -f schedules.yaml; echo $?   # 0 no drift, 8 drift, 2 a malformed file'],
    async run({ ctx, opts }) {
      const { fileName, plan } = await planFromFile(ctx, opts);
      const { hasDrift, renderPlan, planJson, planSummary } = await import('../schedules/plan.js');
      const drift = hasDrift(plan);
      if (ctx.json) printJson(ctx, planJson(plan));
      else if (drift) ctx.io.stdout.write(renderPlan(plan, ctx.chalk, ctx.io.isStdoutTTY ? ctx.io.columns : Infinity));
      else if (ctx.io.isStdoutTTY) ctx.io.stdout.write(`${ctx.chalk.green('✓')} ${terminalLine(`No drift: the ${plan.unchanged.length} scheduled tasks in ${scope(plan.workspaces)} match ${fileName}`)}\n`);
      if (drift) {
        const extra = plan.steps.some((s) => s.action === 'extra');
        throw new CliError(`${fileName} and the service differ: ${planSummary(plan)} — \`wts schedule apply -f ${opts.file}${extra ? ' --prune' : ''}\` makes them match`, ExitCode.checkFailed);
      }
    },
  });

  diff.addHelpText('after', MATCHING_HELP);

  const apply = verb(group, deps, {
    name: 'apply',
    description: 'make the scheduled tasks match a schedules file: create, update, pause, resume (and with --prune delete)',
    options: options<FileFlags>((c) =>
      c
        .option('-f, --file <file>', FILE_HELP)
        .option('--prune', 'also delete the scheduled tasks the file does not list, in the workspaces it names (never in others)')
        .option('-y, --yes', 'do not ask for confirmation (needed without a terminal)')),
    examples: ['wts schedule apply -f schedules.yaml', 'wts schedule apply -f schedules.yaml --prune --yes   # in CI', 'wts schedule apply -f schedules.yaml --yes --json'],
    async run({ ctx, opts }) {
      const { api, fileName, plan } = await planFromFile(ctx, opts);
      const { renderPlan, changingSteps } = await import('../schedules/plan.js');
      const changes = changingSteps(plan);
      const extras = plan.steps.filter((s) => s.action === 'extra').length;
      const kept = extras ? `; ${extras} not in the file kept (--prune deletes them)` : '';
      if (!ctx.json) ctx.io.stdout.write(renderPlan(plan, ctx.chalk, ctx.io.isStdoutTTY ? ctx.io.columns : Infinity));
      if (changes.length === 0) {
        if (ctx.json) printJson(ctx, { applied: [] });
        else printDone(ctx, {}, `Nothing to change: the scheduled tasks in ${scope(plan.workspaces)} match ${fileName}${kept}`);
        return;
      }
      const deletions = changes.filter((s) => s.action === 'delete').length;
      await confirmDestructive(
        ctx,
        `Apply these changes to the scheduled tasks in ${scope(plan.workspaces)}?${deletions ? ` ${deletions} scheduled task${deletions === 1 ? '' : 's'} will be deleted.` : ''}`,
        opts.yes,
      );
      const { applyPlan, ApplyStopped } = await import('../schedules/apply.js');
      const verbs = { create: 'Created', update: 'Updated', pause: 'Paused', resume: 'Resumed', delete: 'Deleted' } as const;
      try {
        const applied = await applyPlan(api, plan, (step) => {
          if (!ctx.json) printDone(ctx, step, `${verbs[step.action]} ${step.id} "${step.title}" in ${step.workspaceId}`);
        });
        if (ctx.json) printJson(ctx, { applied });
        else if (ctx.io.isStdoutTTY) ctx.io.stdout.write(`${terminalLine(`${applied.length} change${applied.length === 1 ? '' : 's'} applied: the scheduled tasks in ${scope(plan.workspaces)} match ${fileName}${kept}`)}\n`);
      } catch (err) {
        if (!(err instanceof ApplyStopped)) throw err;
        ctx.io.stderr.write(`wts: ${terminalLine(`${err.message}; what was done stays done — \`wts schedule diff -f ${opts.file}\` shows what is left`)}\n`);
        throw err.cause;
      }
    },
  });
  apply.addHelpText('after', MATCHING_HELP);
}
