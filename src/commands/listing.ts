// Cursor listings the way people and scripts want them: one page by default (on a terminal, a hint says
// when more exist), every page streamed with --all, and --limit as the page size the catalog bounds.
import type { Command } from 'commander';
import type { Page } from '../api/client.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { pipeField } from '../output/sanitize.js';

export interface PageOptions {
  limit?: string;
  all?: boolean;
}

/** Adds --limit and --all to a verb that lists a cursor listing. */
export function pageOptions(command: Command): Command {
  // The bound is the catalog's and is named in the error; loading the catalog here would slow every start.
  return command.option('--limit <n>', 'items per page (default and maximum set by the service)').option('--all', 'every page, not only the first');
}

/** The number of items `--limit` asks for in all, 30 when not given; exit 2 unless a whole number from 1. */
export function totalLimit(text: string | undefined, fallback = 30): number {
  if (text === undefined) return fallback;
  if (!/^\s*\d+\s*$/.test(text) || Number(text) < 1) throw new CliError(`--limit: must be a whole number from 1, not "${pipeField(text)}"`, ExitCode.usage);
  return Number(text);
}

/** The page size as typed: a number when the text reads as one, else NaN, so the catalog names --limit and its bound. */
export function pageSize(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return /^\s*[-+]?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * Prints the first page of `pages`, or with `all` every page as it arrives; `print` is a printItems-like
 * function that returns how many it printed. Without `all`, a person on a terminal learns that more exist.
 */
export async function printPages<T>(
  ctx: CommandContext,
  pages: AsyncGenerator<Page>,
  all: boolean | undefined,
  print: (items: Iterable<T> | AsyncIterable<T>) => Promise<number>,
): Promise<void> {
  if (all) {
    await print(
      (async function* () {
        for await (const page of pages) yield* page.items as T[];
      })(),
    );
    return;
  }
  const first = await pages.next();
  await pages.return(undefined);
  if (first.done) return;
  const count = await print(first.value.items as T[]);
  if (first.value.nextCursor && ctx.io.isStderrTTY) ctx.io.stderr.write(`${ctx.chalk.dim(`showing ${count} of more; use --all`)}\n`);
}

/** Every item of a listing in one array, for views that need the whole of it (a board, the inbox). */
export async function collectItems<T>(items: AsyncIterable<unknown>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item as T);
  return out;
}
