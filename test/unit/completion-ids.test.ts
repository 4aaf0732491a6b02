// The file of remembered ids the completion scripts read: newest first, bounded, 0600, safe to paste into a shell.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgetIds, ID_CACHE_FILE, MAX_PER_KIND, readRememberedIds, rememberIds } from '../../src/completion/ids.js';
import { expectMode } from '../helpers/platform.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'wts-ids-'));

describe('rememberIds', () => {
  it('writes kind<TAB>id<TAB>label lines, newest first, in a 0600 file', () => {
    const dir = join(fresh(), 'config');
    rememberIds(dir, [{ kind: 'task', id: 'task_1', label: 'First' }]);
    rememberIds(dir, [
      { kind: 'task', id: 'task_2', label: 'Second' },
      { kind: 'workspace', id: 'ws_a', label: 'A' },
    ]);
    rememberIds(dir, [{ kind: 'task', id: 'task_1', label: 'First, renamed' }]);
    const file = join(dir, ID_CACHE_FILE);
    expect(readFileSync(file, 'utf8')).toBe('task\ttask_1\tFirst, renamed\ntask\ttask_2\tSecond\nworkspace\tws_a\tA\n');
    expectMode(file, 0o600);
    expectMode(dir, 0o700);
  });

  it('leaves the file alone when the same ids come again in the same order (a script listing in a loop)', () => {
    const dir = fresh();
    const ids = [
      { kind: 'workspace' as const, id: 'ws_a', label: 'A' },
      { kind: 'workspace' as const, id: 'ws_b', label: 'B' },
    ];
    rememberIds(dir, ids);
    const file = join(dir, ID_CACHE_FILE);
    // Every write replaces the file (a new one renamed over it): the same inode means no write.
    const { ino } = statSync(file);
    rememberIds(dir, ids);
    expect(statSync(file).ino).toBe(ino);
    rememberIds(dir, [...ids].reverse());
    expect(statSync(file).ino).not.toBe(ino);
    expect(readFileSync(file, 'utf8')).toBe('workspace\tws_b\tB\nworkspace\tws_a\tA\n');
  });

  it(`keeps at most ${MAX_PER_KIND} ids of each kind, dropping the oldest`, () => {
    const dir = fresh();
    rememberIds(dir, [{ kind: 'workspace', id: 'ws_keep', label: '' }]);
    for (let round = 0; round < 3; round++) {
      rememberIds(
        dir,
        Array.from({ length: 100 }, (_, i) => ({ kind: 'task' as const, id: `task_${round}_${i}`, label: `Task ${i}` })),
      );
    }
    const ids = readRememberedIds(dir);
    expect(ids.filter((e) => e.kind === 'task')).toHaveLength(MAX_PER_KIND);
    expect(ids[0]!.id).toBe('task_2_0');
    expect(ids.some((e) => e.id === 'task_0_0')).toBe(false);
    expect(ids.some((e) => e.id === 'ws_keep')).toBe(true);
  });

  it('keeps labels on one line and short, and leaves out ids a shell could read as code', () => {
    const dir = fresh();
    rememberIds(dir, [
      { kind: 'task', id: 'task_ok', label: `Line one\nline\ttwo ${'x'.repeat(100)}` },
      { kind: 'task', id: '$(touch /tmp/pwned)', label: 'bad' },
      { kind: 'task', id: 'has space', label: 'bad' },
    ]);
    const [line, ...rest] = readFileSync(join(dir, ID_CACHE_FILE), 'utf8').trimEnd().split('\n');
    expect(rest).toEqual([]);
    const [, id, label] = line!.split('\t');
    expect(id).toBe('task_ok');
    expect(label).toMatch(/^Line one line two x+…$/);
    expect([...label!].length).toBe(60);
  });

  it('shows control characters of a label escaped, as every text shown (the shell prints labels in its menu)', () => {
    const dir = fresh();
    rememberIds(dir, [{ kind: 'task', id: 'task_h', label: '\x1b]0;PWNED\x07a\u202eb\u009bc' }]);
    const label = readFileSync(join(dir, ID_CACHE_FILE), 'utf8').trimEnd().split('\t')[2];
    expect(label).toBe('\\x1b]0;PWNED\\x07a\\u202eb\\x9bc');
  });

  it('never fails the command: an unwritable directory only costs the completion', () => {
    const file = join(fresh(), 'not-a-dir');
    writeFileSync(file, '');
    expect(() => rememberIds(file, [{ kind: 'task', id: 'task_1', label: '' }])).not.toThrow();
  });
});

describe('forgetIds', () => {
  it('drops the ids of that kind only, keeping the order of the others', () => {
    const dir = fresh();
    rememberIds(dir, [
      { kind: 'approval', id: 'act_1', label: 'One' },
      { kind: 'approval', id: 'act_2', label: 'Two' },
      { kind: 'task', id: 'act_1', label: 'A task of the same id' },
      { kind: 'approval', id: 'act_3', label: 'Three' },
    ]);
    forgetIds(dir, 'approval', ['act_1', 'act_3', 'act_never_seen']);
    expect(readFileSync(join(dir, ID_CACHE_FILE), 'utf8')).toBe('approval\tact_2\tTwo\ntask\tact_1\tA task of the same id\n');
    expectMode(join(dir, ID_CACHE_FILE), 0o600);
  });

  it('leaves the file alone when none of the ids is in it', () => {
    const dir = fresh();
    rememberIds(dir, [{ kind: 'schedule', id: 'sched_a', label: 'A' }]);
    const file = join(dir, ID_CACHE_FILE);
    const { ino } = statSync(file);
    forgetIds(dir, 'schedule', ['sched_b']);
    forgetIds(dir, 'task', ['sched_a']);
    forgetIds(dir, 'schedule', []);
    expect(statSync(file).ino).toBe(ino);
  });

  it('never fails the command: no file, or an unwritable directory', () => {
    expect(() => forgetIds(join(fresh(), 'missing'), 'task', ['task_1'])).not.toThrow();
    const file = join(fresh(), 'not-a-dir');
    writeFileSync(file, '');
    expect(() => forgetIds(file, 'task', ['task_1'])).not.toThrow();
  });
});
