// How a bulk verb reports: a line per item (a terminal's sanitized line, or `id<TAB>ok|error|unknown<TAB>detail`
// piped), or with --json one array of `{ id, ok: true, result }` | `{ id, ok: false, error: { status, code,
// detail }, exitCode }`; and the one exit code for all of it.
import { BulkFailure, ExitCode, type ExitCodeValue } from '../errors.js';
import type { Text } from '../output/text.js';

/** How one id ended. A failure is described by the one error-to-exit-code map (src/cli.ts's describeFailure). */
export type BulkOutcome =
  | {
      id: string;
      ok: true;
      /** The object the service returned. */
      result: unknown;
      /** The line that says what was done ("Completed task_1 (…)"), sanitized when printed. */
      message: Text;
    }
  | {
      id: string;
      ok: false;
      /** The service's status, when it answered. */
      status: number | null;
      /** The service's problem code, or wts's own for what never reached it or an answer it could not use (`network_error`, `invalid_input`, `invalid_answer`, …). */
      code: string;
      /** What went wrong: the service's own detail (exact, for --json), else wts's line. */
      detail: string;
      /** The line a single id's failure would print (after "wts: "), sanitized when printed. */
      line: string;
      exitCode: ExitCodeValue;
      /** A change whose answer was lost, late or unusable (or that failed with a 5xx): it may or may not have been made. */
      unknown: boolean;
    };

export type BulkFailed = Extract<BulkOutcome, { ok: false }>;

/** 0 when every item succeeded; else the failures' code when they share one, else 1. */
export function bulkExitCode(outcomes: readonly BulkOutcome[]): ExitCodeValue {
  const codes = new Set(outcomes.filter((o): o is BulkFailed => !o.ok).map((o) => o.exitCode));
  const [only] = codes;
  if (only === undefined) return ExitCode.ok;
  return codes.size === 1 ? only : ExitCode.failure;
}

/** The entry of one id in the --json array (`unknown: true` added when the outcome of a change is unknown). */
export function jsonEntry(outcome: BulkOutcome): Record<string, unknown> {
  if (outcome.ok) return { id: outcome.id, ok: true, result: outcome.result };
  return {
    id: outcome.id,
    ok: false,
    error: { status: outcome.status, code: outcome.code, detail: outcome.detail },
    exitCode: outcome.exitCode,
    ...(outcome.unknown && { unknown: true }),
  };
}

/** The entry in the --json array of an id skipped by --skip-missing: it was not found, and nothing was done. */
export function skippedEntry(missing: BulkFailed): Record<string, unknown> {
  return { id: missing.id, ok: false, skipped: true, error: { status: missing.status, code: missing.code, detail: missing.detail } };
}

/** The word for how an item ended, piped and in the summary. */
export function stateWord(outcome: BulkOutcome): 'ok' | 'error' | 'unknown' {
  return outcome.ok ? 'ok' : outcome.unknown ? 'unknown' : 'error';
}

/** What ended how: "37 done", "35 done, 2 failed", "34 done, 2 failed, 1 unknown". */
export function tally(outcomes: readonly BulkOutcome[]): { done: number; failed: number; unknown: number; text: string } {
  const done = outcomes.filter((o) => o.ok).length;
  const unknown = outcomes.filter((o) => !o.ok && o.unknown).length;
  const failed = outcomes.length - done - unknown;
  const text = [`${done} done`, ...(failed ? [`${failed} failed`] : []), ...(unknown ? [`${unknown} unknown`] : [])].join(', ');
  return { done, failed, unknown, text };
}

/** The BulkFailure that ends a bulk run that did not all succeed: how many failed, how many are unknown, and the exit code. */
export function bulkFailure(outcomes: readonly BulkOutcome[]): BulkFailure {
  const { failed, unknown } = tally(outcomes);
  const sentence = [
    ...(failed ? [`${failed} of ${outcomes.length} failed`] : []),
    ...(unknown ? [`${unknown} of ${outcomes.length} may or may not have been changed (the answer was lost; not repeated)`] : []),
  ].join('; ');
  return new BulkFailure(sentence, bulkExitCode(outcomes));
}
