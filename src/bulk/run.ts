// Runs a bulk verb over its ids: sent through the adaptive pool (src/api/pool.ts), a progress line on a
// terminal, a line per item as the items end (in the order given), or one --json array at the end; then
// the one exit code (src/bulk/report.ts).
import type { CallOptions } from '../api/client.js';
import type { CommandContext } from '../context.js';
import { ApiError, CliError, describeFailure, EXIT_CODE_NAMES, ExitCode, InvalidAnswerError, NetworkError } from '../errors.js';
import { terminalLine } from '../output/sanitize.js';
import { pipeText, terminalText, type Text } from '../output/text.js';
import { printJson } from '../output/print.js';
import { bulkExitCode, bulkFailure, jsonEntry, skippedEntry, stateWord, type BulkFailed, type BulkOutcome } from './report.js';

/** What one id came to: the object the service returned, and the line that says so ("Completed task_1 (…)"). */
export interface Done {
  result: unknown;
  message: Text;
}

/** Acts on one id, sending its requests with `options` (they carry the pool's hooks). */
export type Act = (id: string, options: CallOptions) => Promise<Done>;

/** The change to one id once every id has been checked. */
export type Apply = (options: CallOptions) => Promise<Done>;

/**
 * A bulk verb's work in two steps: `check` reads what one id needs (it exists, the values given fit it)
 * and changes nothing; what it returns makes the change. `direct`, when given, is the act for one id
 * alone (its own refusal changes nothing, so nothing need be read first).
 */
export interface Staged {
  check: (id: string, options: CallOptions) => Promise<Apply>;
  direct?: Act;
}

export interface BulkRun {
  /** What the ids are, one and many: ['task', 'tasks']. */
  noun: readonly [string, string];
  /** What is being done, for the progress line: "completing". */
  doing: string;
}

/** One failed item, described by the one error-to-exit-code map (as the same failure of a single id). */
export async function failedOutcome(id: string, error: unknown, unknown: boolean): Promise<Extract<BulkOutcome, { ok: false }>> {
  const { message: line, exitCode } = await describeFailure(error);
  if (error instanceof ApiError)
    return { id, ok: false, status: error.status, code: error.code, detail: error.detail, line, exitCode, unknown };
  // The service answered, but not with what the operation returns: its status, and wts's line.
  if (error instanceof InvalidAnswerError)
    return { id, ok: false, status: error.status, code: 'invalid_answer', detail: line, line, exitCode, unknown };
  const code = error instanceof NetworkError ? 'network_error' : (EXIT_CODE_NAMES[exitCode] ?? 'failed');
  return { id, ok: false, status: null, code, detail: line, line, exitCode, unknown };
}

/** The line of one item: on a terminal ✓, ✗ or ? and a sanitized line; piped `id<TAB>ok|error|unknown<TAB>detail`. */
export function itemLine(ctx: Pick<CommandContext, 'io' | 'chalk'>, outcome: BulkOutcome): string {
  if (!ctx.io.isStdoutTTY)
    return `${[outcome.id, stateWord(outcome), outcome.ok ? outcome.message : outcome.line].map((f) => pipeText(f)).join('\t')}\n`;
  const { chalk } = ctx;
  if (outcome.ok) return `${chalk.green('✓')} ${terminalText(outcome.message)}\n`;
  return `${outcome.unknown ? chalk.yellow('?') : chalk.red('✗')} ${terminalText(`${outcome.id}: ${outcome.line}`)}\n`;
}

/**
 * Acts on every id through the pool. Prints as it goes (a line per item in the order given, each as soon
 * as those before it have ended), or the --json array at the end; throws BulkFailure unless all succeeded.
 * With `skipMissing`, an id the act itself finds gone (a verb that cannot read its ids first, or one
 * removed since they were read) is skipped as checkAll skips one: named on stderr, not a failure.
 */
export async function runBulk(
  ctx: CommandContext,
  given: readonly string[],
  act: Act,
  run: BulkRun & { skipMissing?: boolean },
  checked: ReadonlyMap<string, BulkFailed> = new Map(),
): Promise<void> {
  const ids = given.filter((id) => !checked.has(id));
  const skipped = new Map(checked);
  const [{ runPool }, { progressLine }] = await Promise.all([import('../api/pool.js'), import('../output/progress.js')]);
  const progress = progressLine(ctx.io, ctx.accessible());
  const outcomes = new Array<BulkOutcome | undefined>(ids.length);
  let ended = 0;
  let failures = 0;
  let printed = 0;
  const what = `${run.doing} ${ids.length} ${ids.length === 1 ? run.noun[0] : run.noun[1]}…`;
  const show = () => progress.update(`${what} ${ended}/${ids.length}${failures ? `, ${failures} failed` : ''}`);
  // Outcomes are settled one after another (a failure is described asynchronously), then printed in order.
  let settling = Promise.resolve();
  show();
  try {
    await runPool(ids, (id, hooks) => act(id, { hooks }), {
      onOutcome: (outcome, index) => {
        settling = settling.then(async () => {
          const settled = outcome.ok
            ? { id: outcome.item, ok: true as const, result: outcome.result.result, message: outcome.result.message }
            : await failedOutcome(outcome.item, outcome.error, outcome.unknown);
          outcomes[index] = settled;
          ended++;
          if (!settled.ok && run.skipMissing && isGone(settled)) skipped.set(settled.id, settled);
          else if (!settled.ok) failures++;
          let text = '';
          let gone = '';
          for (let next = outcomes[printed]; next !== undefined; next = outcomes[++printed]) {
            const missing = skipped.get(next.id);
            if (missing) gone += `${skippedLine(missing)}\n`;
            else if (!ctx.json) text += itemLine(ctx, next);
          }
          if (text !== '' || gone !== '') progress.done();
          if (gone !== '') ctx.io.stderr.write(gone);
          if (text !== '') ctx.io.stdout.write(text);
          show();
        });
      },
    });
    await settling;
  } finally {
    progress.done();
  }
  const all = outcomes.filter((o): o is BulkOutcome => o !== undefined && !skipped.has(o.id));
  if (ctx.json) {
    // In the order given, the skipped ids in their places.
    const entries = new Map(all.map((o) => [o.id, jsonEntry(o)]));
    printJson(
      ctx,
      given.flatMap((id) => {
        const missing = skipped.get(id);
        const entry = missing ? skippedEntry(missing) : entries.get(id);
        return entry ? [entry] : [];
      }),
    );
  }
  if (failures > 0) throw bulkFailure(all);
}

/** What checkAll found: the change to make to each id, and (with --skip-missing) the ids that are gone. */
export interface Checked {
  changes: Map<string, Apply>;
  skipped: Map<string, BulkFailed>;
}

/**
 * Checks every id (reads only, through the pool) before any is changed: the changes to make, by id; or,
 * when one cannot be made, a line naming each that cannot, its exit code, and nothing changed. With
 * `skipMissing`, an id that is not found is skipped instead (a line each on stderr naming it), and the
 * others go on.
 */
export async function checkAll(
  ctx: CommandContext,
  ids: readonly string[],
  check: Staged['check'],
  run: BulkRun & { skipMissing?: boolean },
): Promise<Checked> {
  const [{ runPool }, { progressLine }] = await Promise.all([import('../api/pool.js'), import('../output/progress.js')]);
  const progress = progressLine(ctx.io);
  const what = `checking ${ids.length} ${ids.length === 1 ? run.noun[0] : run.noun[1]}…`;
  let ended = 0;
  progress.update(`${what} 0/${ids.length}`);
  let outcomes: Awaited<ReturnType<typeof runPool<string, Apply>>>;
  try {
    outcomes = await runPool(ids, (id, hooks) => check(id, { hooks }), {
      onOutcome: () => progress.update(`${what} ${++ended}/${ids.length}`),
    });
  } finally {
    progress.done();
  }
  const changes = new Map<string, Apply>();
  const skipped = new Map<string, BulkFailed>();
  const failed: BulkOutcome[] = [];
  for (const outcome of outcomes) {
    if (outcome.ok) {
      changes.set(outcome.item, outcome.result);
      continue;
    }
    const failure = await failedOutcome(outcome.item, outcome.error, false);
    if (run.skipMissing && isGone(failure)) skipped.set(failure.id, failure);
    else failed.push(failure);
  }
  if (!failed.length) {
    for (const missing of skipped.values()) ctx.io.stderr.write(`${skippedLine(missing)}\n`);
    return { changes, skipped };
  }
  const lines = failed.map((f) => (f.ok ? '' : f.line));
  const none = ids.length === 1 ? 'it was not changed' : `none of the ${ids.length} ${run.noun[1]} was changed`;
  throw new CliError(`${lines.join('; ')} (${none})`, bulkExitCode(failed));
}

/** Whether --skip-missing skips this failure: the id is not there (a sure answer, not a lost one). */
export function isGone(failure: BulkFailed): boolean {
  return !failure.unknown && failure.exitCode === ExitCode.notFound;
}

/** The line that names an id skipped by --skip-missing: "wts: skipped task_9: task task_9 not found". */
export function skippedLine(missing: BulkFailed): string {
  return `wts: skipped ${terminalLine(missing.id)}: ${terminalLine(missing.line)}`;
}

/**
 * Asks once before a destructive bulk verb ("Delete 37 tasks?") on a terminal; without one, or with the
 * ids on standard input (which then holds no answer), --yes is needed.
 */
export async function confirmBulk(ctx: CommandContext, question: string, yes: boolean | undefined, fromStdin: boolean): Promise<void> {
  if (yes) return;
  if (fromStdin)
    throw new CliError(
      `${question.replace(/\?.*$/, '?')} Not asked: standard input holds the ids, not an answer; pass --yes to confirm`,
      ExitCode.usage,
    );
  const { confirmDestructive } = await import('../framework/confirm.js');
  await confirmDestructive(ctx, question, yes);
}
