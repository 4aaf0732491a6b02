// wts schedule check [ID...] [--workspace --require --max-late --last-run]: schedules checked against rules, for CI.
import { type Command, Option } from 'commander';
import { completes } from '../../completion/spec.js';
import { CliError, ExitCode } from '../../errors.js';
import { printItems } from '../../output/list.js';
import { styled, type Mode, type Text } from '../../output/text.js';
import type { Column } from '../../output/table.js';
import type { ScheduleReport } from '../../schedules/check.js';
import { verb, type CliDeps, options } from '../../framework/verb.js';
import { FIELDS } from './shared.js';

interface CheckFlags {
  workspace?: string;
  require?: string;
  maxLate?: string;
  lastRun?: string;
}

const CHECK_HEADERS = { cron: 'Cron', state: 'State', late: 'On time', lastRun: 'Last run' } as const;

const CHECK_NAMES = { cron: 'cron', state: 'state', late: 'late', lastRun: 'last run' } as const;

/** How --max-late reads a cron change, in the help (the service gives no time of the change). */
const AFTER_A_CHANGE = `
After a cron change: the service keeps no time of the change, so it is told from the schedule itself.
When the last run did not start at an occurrence of the current cron (it ran at the old times, or by
hand) and the service plans its next run after the occurrence being checked, that occurrence came
before the change: the task passes ("cron changed since the last run") and is judged from its first
run under the new cron, as a new task is. A scheduler that misses a run keeps it as its next run, so
that run, once late, fails as any other.`;

export function registerCheck(group: Command, deps: CliDeps): void {
  const command = verb(group, deps, {
    name: 'check',
    lists: 'list_scheduled_tasks',
    pages: true,
    description: 'check scheduled tasks in CI: supported cron, state, not late, last run succeeded; exit 8 when a check fails',
    args: [['[ID...]', 'scheduled task ids (default: every scheduled task, or every one of --workspace)']],
    options: options<CheckFlags>((c) =>
      c
        .option('--workspace <id>', 'only the scheduled tasks of this workspace')
        .addOption(
          completes(new Option('--require <state>', 'fail unless the scheduled task is in this state: active or paused'), [
            'active',
            'paused',
          ]),
        )
        .option(
          '--max-late <duration>',
          'fail when an occurrence older than this (e.g. 15m, 2h, 1d) has had no run started since; after a cron change, counted from the first run under the new cron (see below)',
        )
        .addOption(
          completes(
            new Option(
              '--last-run <outcome>',
              'fail unless the latest finished run has this outcome: succeeded (one that never ran passes)',
            ),
            ['succeeded'],
          ),
        ),
    ),
    fields: FIELDS,
    examples: [
      'wts schedule check --require active --max-late 30m --last-run succeeded',
      'wts schedule check sched_ops_backups --max-late 30m   # right after `schedule apply` changed its cron: passes',
      'wts schedule check sched_ops_backups sched_sales_digest --max-late 2h',
      "wts schedule check --workspace ws_ops --require active --json | jq '.[] | select(.ok | not) | .id'",
    ],
    async run({ ctx, args, opts }) {
      const ids = args[0] ?? [];
      if (ids.length > 0 && opts.workspace !== undefined)
        throw new CliError('pass scheduled task IDs or --workspace, not both', ExitCode.usage);
      const required = (['active', 'paused'] as const).find((state) => state === opts.require);
      if (opts.require !== undefined && required === undefined)
        throw new CliError(`--require: must be active or paused, not "${opts.require}"`, ExitCode.usage);
      const lastRun = (['succeeded'] as const).find((state) => state === opts.lastRun);
      if (opts.lastRun !== undefined && lastRun === undefined)
        throw new CliError(`--last-run: must be succeeded, not "${opts.lastRun}"`, ExitCode.usage);
      const [{ parseDuration }, { checksFor }, { checkScheduledTasks }] = await Promise.all([
        import('../../schedules/duration.js'),
        import('../../schedules/check.js'),
        import('../../schedules/run-checks.js'),
      ]);
      const maxLateMs = opts.maxLate === undefined ? undefined : parseDuration(opts.maxLate);
      if (opts.maxLate !== undefined && maxLateMs === undefined)
        throw new CliError(`--max-late: must be a duration such as 15m, 2h, 1d or 1h30m, not "${opts.maxLate}"`, ExitCode.usage);
      // Piped output and --json promise ISO times; relative ones are for a person at a terminal.
      const times = ctx.io.isStdoutTTY && !ctx.json ? ('relative' as const) : ('iso' as const);
      const options = { require: required, maxLateMs, lastRun, times };

      const api = await ctx.api();
      const reports = await checkScheduledTasks(
        api,
        { ids, ...(opts.workspace !== undefined && { workspaceId: opts.workspace }) },
        options,
        ctx.now(),
      );
      if (reports.length === 0) {
        throw new CliError(
          `no scheduled tasks${opts.workspace ? ` in ${opts.workspace}` : ''}: nothing was checked (a check of nothing fails, so a mistyped workspace cannot pass)`,
          ExitCode.checkFailed,
        );
      }

      const names = checksFor(options);
      const mark = (result: string, mode: Mode): Text =>
        mode === 'plain'
          ? `${result}: `
          : result === 'pass'
            ? styled('✓ ', (t) => ctx.chalk.green(t))
            : result === 'fail'
              ? styled('✗ ', (t) => ctx.chalk.red(t))
              : styled('– ', (t) => ctx.chalk.dim(t));
      const columns: Column<ScheduleReport>[] = [
        { header: 'ID', value: (r) => r.id, role: 'id' },
        {
          header: 'Result',
          value: (r, mode) =>
            mode === 'plain'
              ? r.ok
                ? 'pass'
                : 'fail'
              : r.ok
                ? styled('ok', (t) => ctx.chalk.green(t))
                : styled('FAILED', (t) => ctx.chalk.red(t)),
        },
        // On a narrow terminal every column gives up width, then the checks go from the last (the closing
        // line names their failures anyway), then the id is cut; the title, what people read, stays.
        { header: 'Title', value: (r) => r.title, flex: true, role: 'title' },
        ...names.map(
          (name, i): Column<ScheduleReport> => ({
            header: CHECK_HEADERS[name],
            flex: true,
            priority: names.length - i,
            value: (r, mode) => {
              const check = r.checks[name];
              return check ? [mark(check.result, mode), check.detail].flat() : '';
            },
          }),
        ),
      ];
      await printItems(ctx, reports, columns);

      const failed = reports.filter((r) => !r.ok);
      if (failed.length > 0) {
        const which = failed.map(
          (r) =>
            `${r.id} (${names
              .filter((n) => r.checks[n]?.result === 'fail')
              .map((n) => CHECK_NAMES[n])
              .join(', ')})`,
        );
        throw new CliError(
          `${failed.length} of ${reports.length} scheduled tasks failed a check: ${which.join(', ')}`,
          ExitCode.checkFailed,
        );
      }
      if (!ctx.json)
        ctx.hint(
          `✓ ${reports.length} scheduled task${reports.length === 1 ? '' : 's'} passed: ${names.map((n) => CHECK_NAMES[n]).join(', ')}`,
        );
    },
  });
  command.addHelpText('after', AFTER_A_CHANGE);
}
