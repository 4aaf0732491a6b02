// The pure parts of bulk verbs: ids from arguments or standard input, each once; the exit-code rule; the
// --json entry and the piped line of each item.
import { describe, expect, it } from 'vitest';
import { catalogIdCheck, dedupe, idsFromLines, readIds } from '../../src/bulk/ids.js';
import { bulkExitCode, bulkFailure, jsonEntry, stateWord, tally, type BulkOutcome } from '../../src/bulk/report.js';
import { itemLine } from '../../src/bulk/run.js';
import { PLAIN_CHALK } from '../../src/context.js';
import { CliError } from '../../src/errors.js';
import type { IO } from '../../src/io.js';

const noStdin = async () => {
  throw new Error('standard input was read');
};
const ok = (id: string): Extract<BulkOutcome, { ok: true }> => ({ id, ok: true, result: { id }, message: `Completed ${id}` });
const failed = (id: string, exitCode: 1 | 2 | 3 | 6 | 7, unknown = false): BulkOutcome => ({
  id,
  ok: false,
  status: unknown ? null : 404,
  code: unknown ? 'network_error' : 'not_found',
  detail: `no task ${id}`,
  line: `not found: no task ${id}`,
  exitCode,
  unknown,
});

describe('ids', () => {
  it('reads the first tab-separated field of each line of standard input, trimmed, skipping blank lines', () => {
    expect(idsFromLines('task_1\tTitle\ttodo\n\n  task_2 \r\n\t\ntask_3')).toEqual([
      { id: 'task_1', line: 1 },
      { id: 'task_2', line: 3 },
      { id: 'task_3', line: 5 },
    ]);
  });

  it('keeps the first of each id, in order', () => {
    expect(dedupe(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c']);
  });

  it('takes the words as ids, or standard input for - alone', async () => {
    expect(await readIds(['a', 'b', 'a'], 'TASK', noStdin)).toEqual({ ids: ['a', 'b'], fromStdin: false });
    expect(await readIds(['-'], 'TASK', async () => 'x\ny\tz\nx\n')).toEqual({ ids: ['x', 'y'], fromStdin: true });
  });

  it('refuses (exit 2) - among other ids, an empty standard input, and an id that cannot be one, naming where it came from', async () => {
    const refused = async (words: string[], stdin = '') => {
      const err = (await readIds(words, 'TASK', async () => stdin).catch((e: unknown) => e)) as CliError;
      expect(err).toBeInstanceOf(CliError);
      expect(err.exitCode).toBe(2);
      return err.message;
    };
    expect(await refused(['a', '-'])).toBe('TASK: - reads the ids from standard input; pass it alone, not with other ids');
    expect(await refused(['-'], '\n \n')).toBe('TASK: no ids on standard input (one a line; the first tab-separated field is read)');
    expect(await refused(['a', 'b/c'])).toBe('TASK #2: "b/c" is not an id: an id cannot contain / \\ ? # or %');
    expect(await refused(['..'])).toBe('TASK: ".." is not an id: a dot segment would change the request\'s path');
    expect(await refused(['-'], 'a\n\nb?c\n')).toBe('line 3 of standard input: "b?c" is not an id: an id cannot contain / \\ ? # or %');
    expect(await refused([])).toBe("missing required argument 'TASK'");
  });

  it('checks ids with the catalog: its schema for the field, then the path-segment check', async () => {
    const check = await catalogIdCheck('complete_task', 'taskId');
    expect(check('task_1')).toBeUndefined();
    expect(check('x'.repeat(65))).toBe('must be at most 64 characters');
    expect(check('a#b')).toMatch(/cannot contain/);
  });
});

describe('the exit code', () => {
  it("is 0 when all succeed, the failures' code when they share one, else 1", () => {
    expect(bulkExitCode([ok('a'), ok('b')])).toBe(0);
    expect(bulkExitCode([ok('a'), failed('b', 3), failed('c', 3)])).toBe(3);
    expect(bulkExitCode([failed('b', 3), failed('c', 6)])).toBe(1);
    expect(bulkExitCode([ok('a'), failed('b', 1, true)])).toBe(1);
    expect(bulkExitCode([failed('a', 7)])).toBe(7);
  });

  it('comes with one line that counts the failures and the unknown outcomes', () => {
    expect(tally([ok('a'), failed('b', 3), failed('c', 1, true)]).text).toBe('1 done, 1 failed, 1 unknown');
    const err = bulkFailure([ok('a'), failed('b', 3), failed('c', 3)]);
    expect([err.message, err.exitCode]).toEqual(['2 of 3 failed', 3]);
    expect(bulkFailure([ok('a'), failed('c', 1, true)]).message).toBe(
      '1 of 2 may or may not have been changed (the answer was lost; not repeated)',
    );
  });
});

describe('what is printed for an item', () => {
  it('is { id, ok: true, result } or { id, ok: false, error: { status, code, detail }, exitCode } in the --json array', () => {
    expect(jsonEntry(ok('a'))).toEqual({ id: 'a', ok: true, result: { id: 'a' } });
    expect(jsonEntry(failed('b', 3))).toEqual({
      id: 'b',
      ok: false,
      error: { status: 404, code: 'not_found', detail: 'no task b' },
      exitCode: 3,
    });
    expect(jsonEntry(failed('c', 1, true))).toEqual({
      id: 'c',
      ok: false,
      error: { status: null, code: 'network_error', detail: 'no task c' },
      exitCode: 1,
      unknown: true,
    });
  });

  it('is id<TAB>ok|error|unknown<TAB>what happened when piped, control characters escaped; a sanitized line on a terminal', () => {
    const io = (tty: boolean) => ({ io: { isStdoutTTY: tty } as IO, chalk: PLAIN_CHALK });
    expect(itemLine(io(false), ok('a'))).toBe('a\tok\tCompleted a\n');
    expect(itemLine(io(false), failed('b', 3))).toBe('b\terror\tnot found: no task b\n');
    expect(itemLine(io(false), failed('c', 1, true))).toBe('c\tunknown\tnot found: no task c\n');
    expect(itemLine(io(false), { ...ok('d'), message: 'Completed d (a\tb\x1b[2J)' })).toBe('d\tok\tCompleted d (a\\tb\\x1b[2J)\n');
    expect(itemLine(io(true), ok('a'))).toBe('✓ Completed a\n');
    expect(itemLine(io(true), failed('b', 3))).toBe('✗ b: not found: no task b\n');
    expect(itemLine(io(true), failed('c', 1, true))).toBe('? c: not found: no task c\n');
    expect(itemLine(io(true), { ...ok('d'), message: 'Completed d (\x1b]0;x\x07)' })).not.toContain('\x1b');
    expect([stateWord(ok('a')), stateWord(failed('b', 3)), stateWord(failed('c', 1, true))]).toEqual(['ok', 'error', 'unknown']);
  });
});
