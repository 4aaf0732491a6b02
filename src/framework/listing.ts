// Cursor listings the way people and scripts want them, as gh does: --limit is how many items to show in
// all (default 30), --all is every one; either way the pages asked for are as large as the operation
// allows (the catalog's bound), the last one no larger than what is still wanted. When a list is cut
// while more exist, one line on stderr says so, on a terminal or not (never on stdout: it would be data).
import type { Command } from 'commander';
import type { ApiClient } from '../api/client.js';
import type { Resource } from '../contract/resources.js';
import type { BoardColumn } from '../output/board.js';
import type { OperationArgs, OperationId, OperationItem } from '../contract/operations.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { pipeField } from '../output/sanitize.js';

/** Items a list shows without --limit or --all (gh's default). */
export const DEFAULT_LIMIT = 30;

export interface PageOptions {
  limit?: string;
  all?: boolean;
}

/** Adds --limit and --all to a verb that lists a cursor listing. */
export function pageOptions(command: Command): Command {
  return command
    .option('-L, --limit <n>', `at most N items in all (default ${DEFAULT_LIMIT}); --all for every item`)
    .option('--all', 'every item (as many pages as it takes)');
}

/** How many items to show: Infinity with --all, else --limit or DEFAULT_LIMIT. Bad input → exit 2, before anything is sent. */
export function listTotal(opts: PageOptions): number {
  if (opts.all) {
    if (opts.limit !== undefined) throw new CliError('--limit and --all: give one or the other', ExitCode.usage);
    return Infinity;
  }
  return totalLimit(opts.limit);
}

/** The number of items `--limit` asks for in all, DEFAULT_LIMIT when not given; exit 2 unless a whole number from 1. */
export function totalLimit(text: string | undefined, fallback = DEFAULT_LIMIT): number {
  if (text === undefined) return fallback;
  if (!/^\s*\d+\s*$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
    throw new CliError(`--limit: must be a whole number from 1, not "${pipeField(text)}"`, ExitCode.usage);
  }
  return Number(text);
}

/** A page size as typed: a number when the text reads as one, else NaN, so the catalog names --limit and its bound. */
export function pageSize(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return /^\s*[-+]?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * Prints up to --limit items of the listing `opId` (every one with --all), fetched page by page in the
 * largest pages the operation allows and handed to `print` as they arrive (a printItems-like function);
 * `args` carries the path and any filters, not `limit` or `cursor`.
 */
export async function printListing<K extends OperationId>(
  ctx: CommandContext,
  opId: K,
  args: OperationArgs<K>,
  opts: PageOptions,
  print: (items: AsyncIterable<OperationItem<K>>) => Promise<number>,
): Promise<void> {
  const total = listTotal(opts);
  const [api, { pageBounds }] = await Promise.all([ctx.api(), import('../contract/operations.js')]);
  const largest = pageBounds(opId)?.max;
  if (largest === undefined) throw new Error(`${opId} is not a cursor listing`);
  let more = false;
  const items = async function* (): AsyncGenerator<OperationItem<K>> {
    // The next page is asked for before this one is printed (readAhead): the service works while this
    // process prints. The walk stops once it has `total` items; a cursor on its last page means more.
    const query = { ...(args.query as object), limit: Math.min(largest, total) };
    for await (const page of api.pages(opId, { ...args, query } as OperationArgs<K>, { readAhead: true, total })) {
      more = Boolean(page.nextCursor);
      yield* page.items;
    }
  };
  const count = await print(items());
  if (more) {
    ctx.hint(`showing ${count} of more — use --limit N or --all for the rest`);
  }
}

/** Every item of a listing in one array, for views that need the whole of it (a board, the inbox). */
export async function collectItems<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * The first `rows` tasks of every column (in the service's order), for the board on a terminal (`wts task board`, the dashboard's first screen): the
 * first page of each column asked for at once, as large as the service allows (so a column of up to 50
 * is counted), and a column's later pages only while it has rows to fill. A column read to its end is
 * counted; one with pages left is marked `more`.
 */
export async function firstCards(
  api: ApiClient,
  workspaceId: string,
  statuses: readonly Resource<'Status'>[],
  rows: number,
): Promise<BoardColumn[]> {
  return Promise.all(
    statuses.map(async (s): Promise<BoardColumn> => {
      const tasks: Resource<'Task'>[] = [];
      let more = false;
      for await (const page of api.pages('list_tasks', { path: { workspaceId }, query: { status: s.key, limit: 50 } })) {
        tasks.push(...page.items);
        // One more than shown, so "+N more" is known to be there.
        if (tasks.length > rows && page.nextCursor) {
          more = true;
          break;
        }
      }
      return { key: s.key, name: s.name, tasks, more };
    }),
  );
}
