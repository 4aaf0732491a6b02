// wts inbox [--workspace WS]: every proposed action, task for a person and question waiting across tasks.
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import type { PendingKind, WaitingItem } from '../inbox/gather.js';
import { DONE } from '../input/statuses.js';
import { pipeField } from '../output/sanitize.js';
import { verb, type CliDeps, options } from '../framework/verb.js';
import { CliError, ExitCode } from '../errors.js';
import { parseDuration } from '../schedules/duration.js';

const DEFAULT_INTERVAL_MS = 30_000;
const MIN_INTERVAL_MS = 5_000;
const MAX_INTERVAL_MS = 3_600_000;

/** Section headings on a terminal, by kind. */
const HEADINGS: Record<PendingKind, string> = {
  action: 'Actions to approve',
  human_task: 'Tasks for people',
  question: 'Questions to answer',
};

async function printInbox(ctx: CommandContext, waiting: WaitingItem[]): Promise<void> {
  const { io, chalk } = ctx;
  if (ctx.json) {
    // The service's pending actions, each with the task it belongs to, in the order shown on a terminal.
    const { printItems } = await import('../output/list.js');
    await printItems(
      ctx,
      waiting.map((w) => ({ ...w.action, task: w.task })),
      [],
    );
    return;
  }
  if (!io.isStdoutTTY) {
    for (const { action, task } of waiting) {
      const fields = [action.kind, action.id, task.id, action.createdAt, action.summary, task.title, task.workspaceId];
      io.stdout.write(`${fields.map(pipeField).join('\t')}\n`);
    }
    return;
  }
  if (waiting.length === 0) {
    ctx.hint('Nothing is waiting for a decision.');
    return;
  }
  const [{ styled, terminalText }, { displayWidth, padToWidth }, { relativeTime }, { KIND_ORDER }] = await Promise.all([
    import('../output/text.js'),
    import('../output/width.js'),
    import('../output/format.js'),
    import('../inbox/gather.js'),
  ]);
  // Two lines an item: what waits, and since when; under it, dimmed, the task it belongs to.
  const since = new Map(waiting.map((w) => [w.action.id, relativeTime(w.action.createdAt, ctx.now())]));
  const idWidth = Math.max(...waiting.map((w) => displayWidth(terminalText(w.action.id))));
  const sinceWidth = Math.max(...[...since.values()].map((s) => s.length));
  const textWidth = Math.max(10, io.columns - 2 - idWidth - 2 - 2 - sinceWidth);
  const indent = ' '.repeat(2 + idWidth + 2);
  const sections: string[] = [];
  for (const kind of KIND_ORDER) {
    const items = waiting.filter((w) => w.action.kind === kind);
    if (items.length === 0) continue;
    const lines = [chalk.bold(`${HEADINGS[kind]} (${items.length})`)];
    for (const { action, task } of items) {
      const id = padToWidth(terminalText(action.id), idWidth);
      lines.push(`  ${id}  ${padToWidth(terminalText(action.summary, textWidth), textWidth)}  ${chalk.dim(since.get(action.id) ?? '')}`);
      // The task, its workspace, and "overdue" as a word (red too), so it shows without colors.
      const overdue = task.dueDate !== null && task.status !== DONE && Date.parse(task.dueDate) < ctx.now();
      const about = [
        styled(`${task.id} · ${task.workspaceId} · `, (t) => chalk.dim(t)),
        ...(overdue ? [styled('overdue', (t) => chalk.red(t)), styled(' · ', (t) => chalk.dim(t))] : []),
        styled(task.title, (t) => chalk.dim(t)),
      ];
      lines.push(`${indent}${terminalText(about, Math.max(1, io.columns - indent.length))}`);
    }
    sections.push(lines.join('\n'));
  }
  io.stdout.write(`${sections.join('\n\n')}\n`);
  if (io.isStderrTTY) io.stderr.write(`${chalk.dim('Decide one by one: wts approval review')}\n`);
}

interface InboxOptions {
  workspace?: string;
  watch?: boolean;
  interval?: string;
  exec?: string;
  notify?: boolean;
}

/** --interval: a duration of at least MIN_INTERVAL; a usage error otherwise. */
function intervalMs(text: string | undefined): number {
  if (text === undefined) return DEFAULT_INTERVAL_MS;
  const ms = parseDuration(text);
  if (ms === undefined) throw new CliError(`--interval: "${text}" is not a duration; use e.g. 30s, 2m or 1h`, ExitCode.usage);
  if (ms < MIN_INTERVAL_MS || ms > MAX_INTERVAL_MS)
    throw new CliError(`--interval: ${text} is out of range; from 5s to 1h`, ExitCode.usage);
  return ms;
}

/** `--watch`: the items waiting now, then each change, until Ctrl-C (exit 0, with a count on stderr). */
async function watch(ctx: CommandContext, opts: InboxOptions): Promise<void> {
  const interval = intervalMs(opts.interval);
  const [{ watchInbox }, { printEvents }, { interruptSignal }, { formatDuration }] = await Promise.all([
    import('../inbox/watch.js'),
    import('../inbox/watch-lines.js'),
    import('../follow/interrupt.js'),
    import('../schedules/duration.js'),
  ]);
  const { io } = ctx;
  // Ctrl-C from here on ends the watch with its count, however early.
  const interrupt = interruptSignal();
  const notifier = opts.notify ? (await import('../inbox/notify.js')).makeNotifier(io, ctx.env) : undefined;
  if (notifier?.missing) io.stderr.write(`wts: ${notifier.missing}\n`);
  const hook = opts.exec !== undefined ? (await import('../inbox/exec.js')).itemCommand(opts.exec, io, ctx.env) : undefined;
  const started = ctx.now();
  let counts: { appeared: number; decided: number };
  try {
    counts = await watchInbox(ctx, {
      ...(opts.workspace !== undefined && { workspaceId: opts.workspace }),
      intervalMs: interval,
      signal: interrupt.signal,
      onRetry: (why, ms) => {
        ctx.debug(`* ${why}; asking again in ${ms} ms`);
        if (io.isStderrTTY) io.stderr.write(`${ctx.chalk.dim(`(${why}; asking again in ${formatDuration(ms)})`)}\n`);
      },
      async onEvents(events, first) {
        for (const { action, task } of events.map((e) => e.item)) {
          ctx.remember('approval', action.id, action.summary);
          ctx.remember('task', task.id, task.title);
        }
        printEvents(ctx, events);
        if (first && io.isStderrTTY && !ctx.json) {
          const waiting = events.length === 0 ? 'Nothing is waiting now. ' : '';
          io.stderr.write(`${ctx.chalk.dim(`${waiting}Watching for new items every ${formatDuration(interval)}; Ctrl-C to stop.`)}\n`);
        }
        const fresh = events.filter((e) => e.event === 'appeared' && !e.initial).map((e) => e.item);
        if (fresh.length === 0) return;
        hook?.run(fresh);
        await notifier?.notify(fresh);
      },
    });
  } finally {
    interrupt.dispose();
    const dropped = (await hook?.stop()) ?? 0;
    if (dropped > 0) io.stderr.write(`wts: --exec not run for ${dropped} item${dropped === 1 ? '' : 's'} still queued at Ctrl-C\n`);
  }
  // Ctrl-C: the terminal echoed ^C where the cursor was; the count goes on a line of its own.
  if (io.isStderrTTY) io.stderr.write('\n');
  const took = formatDuration(ctx.now() - started);
  io.stderr.write(`Watched for ${took}: ${counts.appeared} appeared, ${counts.decided} decided.\n`);
}

export function registerInbox(program: Command, deps: CliDeps): void {
  verb(program, deps, {
    name: 'inbox',
    // A watch goes on until Ctrl-C: its lines go straight to the terminal, not into a pager.
    pages: (opts: InboxOptions) => !opts.watch,
    description:
      'what waits for a decision across tasks: actions to approve, tasks for people, questions; oldest first; --watch tells each new one as it comes',
    options: options<InboxOptions>((c) =>
      c
        .option('--workspace <ws>', 'only this workspace (default: every workspace this connection can open)')
        .option(
          '--watch',
          'keep watching until Ctrl-C: what waits now, then each item as it appears and each one decided elsewhere (JSON lines with --json)',
        )
        .option(
          '--interval <duration>',
          'with --watch: time between checks, growing to twice that while nothing changes (default 30s, from 5s to 1h); ' +
            'idle, a check costs 1 request plus 1 per 50 tasks of each workspace, at most 10 checks in 5 minutes at the default, ' +
            'and every 10m a sweep of 1 request per task (docs/watch.md)',
        )
        .option(
          '--exec <command>',
          'with --watch: run this shell command for each new item, one at a time; the item is in WTS_ITEM_ID, WTS_ITEM_KIND, WTS_TITLE, WTS_TASK_ID, WTS_TASK_TITLE, WTS_WORKSPACE (cmd.exe: write !WTS_TITLE!, never %WTS_TITLE%; docs/watch.md)',
        )
        .option('--notify', 'with --watch: a desktop notification (notify-send, osascript) and a terminal bell for each new item'),
    ),
    fields: { workspaceId: '--workspace' },
    examples: [
      'wts inbox',
      'wts inbox --workspace ws_support',
      'wts inbox --json | jq -r \'.[] | select(.kind == "question") | .id\'',
      'wts inbox --watch --notify',
      'wts inbox --watch --interval 1m --exec \'curl -s -d "$WTS_TITLE" ntfy.sh/my-topic\'',
      'wts inbox --watch --json | jq -c \'select(.event == "appeared") | .item.id\'',
    ],
    async run({ ctx, opts }) {
      if (!opts.watch) {
        const only = opts.interval !== undefined ? '--interval' : opts.exec !== undefined ? '--exec' : opts.notify ? '--notify' : undefined;
        if (only) throw new CliError(`${only}: only with --watch`, ExitCode.usage);
      } else {
        // --jq filters a whole document once it is complete; a watch's lines never are.
        if (ctx.globals.jq !== undefined) throw new CliError('--jq: not with --watch; pipe --json to jq -c instead', ExitCode.usage);
        return watch(ctx, opts);
      }
      const { gatherWaiting } = await import('../inbox/gather.js');
      const waiting = await gatherWaiting(ctx, opts.workspace !== undefined ? { workspaceId: opts.workspace } : {});
      for (const { action, task } of waiting) {
        ctx.remember('approval', action.id, action.summary);
        ctx.remember('task', task.id, task.title);
      }
      await printInbox(ctx, waiting);
    },
  });
}
