// `wts task chat TASK --follow` and `wts task events TASK --follow`: everything so far, then each new
// entry as it arrives, until Ctrl-C (exit 0). While nothing happens, one request per interval (1 s
// growing to 15 s); a 429, a 5xx or a lost connection is waited out, never the end of the follow.
// On a terminal the transcript as people read it; piped, one line per entry as it arrives; with --json,
// one JSON object per line (a stream has no end at which to close an array).
import type { ApiClient } from '../api/client.js';
import type { Page } from '../contract/operations.js';
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { localTime } from '../output/format.js';
import { jsonText, pipeField, terminalLine } from '../output/sanitize.js';
import { pageSize, type PageOptions } from '../framework/listing.js';
import { interruptSignal } from './interrupt.js';
import { poll, type PollClock, type PollContext } from './poll.js';
import { ListingTail, type TailOptions } from './tail.js';

type Message = Resource<'Message'>;
type Event = Resource<'Event'>;

type Reader<T> = (api: ApiClient, loop: PollContext, cursor: string | undefined) => Promise<Page<T>>;

/** Follows a cursor listing (oldest first) until Ctrl-C; `print` gets the first batch (perhaps empty), then each new one. */
export async function followListing<T extends { id: string }>(
  ctx: CommandContext,
  read: Reader<T>,
  print: (batch: T[], first: boolean) => Promise<void>,
  options: { clock?: PollClock; tail?: TailOptions } = {},
): Promise<void> {
  const api = await ctx.api();
  const interrupt = interruptSignal();
  let tail: ListingTail<T> | undefined;
  let first = true;
  try {
    await poll<never>(
      async (loop) => {
        tail ??= new ListingTail<T>((cursor) => read(api, loop, cursor), options.tail);
        const batch = await tail.next();
        if (batch.length > 0 || first) await print(batch, first);
        first = false;
        return { done: false, changed: batch.length > 0 };
      },
      { signal: interrupt.signal, clock: options.clock, onRetry: (why, ms) => ctx.debug(`* ${why}; asking again in ${ms} ms`) },
    );
  } finally {
    interrupt.dispose();
  }
  // Ctrl-C: the terminal echoed ^C where the cursor was; end that line, so the shell's prompt starts clean.
  if (interrupt.signal.aborted && ctx.io.isStderrTTY) ctx.io.stderr.write('\n');
}

/** The page size for the requests of a follow: --limit, else the largest the catalog allows for chat and activity. */
const limitOf = (opts: PageOptions) => pageSize(opts.limit) ?? 50;

function jsonLines<T>(ctx: CommandContext, batch: T[]): void {
  for (const item of batch) ctx.io.stdout.write(`${jsonText(item)}\n`);
}

/** On a terminal, once the transcript is out: how to stop. */
function following(ctx: CommandContext, what: string): void {
  if (ctx.io.isStderrTTY && !ctx.json) ctx.io.stderr.write(`${ctx.chalk.dim(`Following ${what}; Ctrl-C to stop.`)}\n`);
}

export async function followChat(
  ctx: CommandContext,
  taskId: string,
  printMessages: (items: Iterable<Message>) => Promise<number>,
  opts: PageOptions,
): Promise<void> {
  const limit = limitOf(opts);
  (await ctx.api()).prepare('list_task_messages', { path: { taskId }, query: { limit } }); // bad input fails before anything is sent
  await followListing<Message>(
    ctx,
    async (api, loop, cursor) =>
      await api.call('list_task_messages', { path: { taskId }, query: { limit, ...(cursor ? { cursor } : {}) } }, loop.call()),
    async (batch, first) => {
      if (ctx.json) return jsonLines(ctx, batch);
      // The transcript separates messages with a blank line on a terminal; a new batch continues it.
      if (!first && ctx.io.isStdoutTTY) ctx.io.stdout.write('\n');
      await printMessages(batch);
      if (first) following(ctx, `the chat on ${taskId}`);
    },
    { tail: { operation: 'list_task_messages', limit } },
  );
}

export async function followEvents(ctx: CommandContext, taskId: string, opts: PageOptions): Promise<void> {
  const limit = limitOf(opts);
  (await ctx.api()).prepare('list_task_events', { path: { taskId }, query: { limit } });
  const { chalk } = ctx;
  await followListing<Event>(
    ctx,
    async (api, loop, cursor) =>
      await api.call('list_task_events', { path: { taskId }, query: { limit, ...(cursor ? { cursor } : {}) } }, loop.call()),
    async (batch, first) => {
      if (ctx.json) jsonLines(ctx, batch);
      else if (!ctx.io.isStdoutTTY) {
        for (const e of batch) ctx.io.stdout.write(`${[e.createdAt, e.actor.name, e.kind, e.summary].map(pipeField).join('\t')}\n`);
      } else {
        // Lines, not a table: a table's columns cannot widen for entries that have not arrived yet.
        for (const e of batch)
          ctx.io.stdout.write(
            `${chalk.dim(localTime(e.createdAt))}  ${chalk.bold(terminalLine(e.actor.name))}  ${terminalLine(e.summary)}  ${chalk.dim(terminalLine(e.kind))}\n`,
          );
        if (first && batch.length === 0) ctx.hint('No activity yet.');
      }
      if (first) following(ctx, `the activity on ${taskId}`);
    },
    { tail: { operation: 'list_task_events', limit } },
  );
}
