// wts schedule explain CRON [--tz --count]: a cron expression in words and its next runs, offline.
import type { Command } from 'commander';
import { cronProblem, CRON_SHAPES_TEXT } from '../../contract/cron.js';
import { CliError, ExitCode } from '../../errors.js';
import { relativeTime } from '../../output/format.js';
import { printObject } from '../../output/print.js';
import { renderTable } from '../../output/table.js';
import { styled } from '../../output/text.js';
import { localTimeZone, resolveTimeZone, unknownTimeZoneMessage } from '../../schedules/zones.js';
import { verb, type CliDeps, options } from '../../framework/verb.js';

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

export function registerExplain(group: Command, deps: CliDeps): void {
  verb(group, deps, {
    name: 'explain',
    pages: true,
    description: 'say when a cron runs, without signing in: its shape, a sentence, the next runs in a timezone and locally',
    args: [['<CRON>', `a five-field cron, quoted; one of ${CRON_SHAPES_TEXT}`]],
    options: options<ExplainFlags>((c) =>
      c
        .option(
          '--tz <zone>',
          "read the cron in this IANA timezone, e.g. Europe/Berlin (default: the local one; the service uses the organization's, shown by `wts schedule list`)",
        )
        .option('--count <n>', 'how many next runs to show, 1 to 100', '5'),
    ),
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
      if (!(count >= 1 && count <= 100))
        throw new CliError(`--count: must be a whole number from 1 to 100, not "${opts.count}"`, ExitCode.usage);
      const { explainCron } = await import('../../schedules/explain.js');
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
      const headers = [
        sameZone ? `${timezone} (local)` : timezone,
        ...(sameZone ? [] : [`Local (${localZone})`]),
        'When',
        ...(notes ? ['Note'] : []),
      ];
      const rows = explained.nextRuns.map((r) => [
        r.inZone,
        ...(sameZone ? [] : [r.local]),
        relativeTime(r.at, ctx.now()),
        ...(notes ? [r.note ? styled(r.note, (t) => ctx.chalk.yellow(t)) : ''] : []),
      ]);
      ctx.io.stdout.write(`\n${ctx.chalk.bold(`Next ${count === 1 ? 'run' : `${count} runs`}:`)}\n`);
      ctx.io.stdout.write(
        renderTable(
          ctx.chalk,
          ctx.io.columns,
          headers.map((header) => ({ header, flex: header === 'Note' })),
          rows,
        ),
      );
    },
  });
}
