// Replacing a file: the rename retried on Windows while another program holds the file (EPERM, EACCES,
// EBUSY, as graceful-fs does), with a bound; not retried elsewhere. The platform, the rename, the pause
// and the clock are parameters, so no test waits.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENAME_RETRY_MS, renameRetrying, writeFileAtomic } from '../../src/atomic-file.js';

const refused = (code: string) => Object.assign(new Error(`${code}: operation not permitted, rename`), { code });

/** A rename that fails with `code` `times` times, then succeeds; and what it was asked. */
function flakyRename(code: string, times: number) {
  const calls: string[] = [];
  let left = times;
  return {
    calls,
    rename(from: string, to: string) {
      calls.push(`${from}->${to}`);
      if (left-- > 0) throw refused(code);
    },
  };
}

describe('renameRetrying', () => {
  it.each(['EPERM', 'EACCES', 'EBUSY'])('on win32 retries a rename refused with %s, pausing longer each time', (code) => {
    const flaky = flakyRename(code, 3);
    const pauses: number[] = [];
    renameRetrying('a.tmp', 'a', { platform: 'win32', rename: flaky.rename, pause: (ms) => pauses.push(ms), now: () => 0 });
    expect(flaky.calls).toHaveLength(4);
    expect(pauses).toEqual([0, 10, 20]);
  });

  it('on win32 gives up with the error once RENAME_RETRY_MS have passed', () => {
    const flaky = flakyRename('EPERM', Number.POSITIVE_INFINITY);
    let clock = 0;
    const pauses: number[] = [];
    const pause = (ms: number) => {
      pauses.push(ms);
      clock += ms;
    };
    expect(() => renameRetrying('a.tmp', 'a', { platform: 'win32', rename: flaky.rename, pause, now: () => clock })).toThrow('EPERM');
    expect(clock).toBeGreaterThanOrEqual(RENAME_RETRY_MS);
    expect(Math.max(...pauses)).toBe(100);
    expect(flaky.calls.length).toBeLessThan(RENAME_RETRY_MS / 100 + 12);
  });

  it('on win32 throws other errors at once', () => {
    const flaky = flakyRename('ENOENT', 1);
    expect(() => renameRetrying('a.tmp', 'a', { platform: 'win32', rename: flaky.rename, pause: () => {}, now: () => 0 })).toThrow(
      'ENOENT',
    );
    expect(flaky.calls).toHaveLength(1);
  });

  it.each(['linux', 'darwin'] as const)('on %s throws EPERM at once (a real permission error there)', (platform) => {
    const flaky = flakyRename('EPERM', 1);
    expect(() => renameRetrying('a.tmp', 'a', { platform, rename: flaky.rename, pause: () => {}, now: () => 0 })).toThrow('EPERM');
    expect(flaky.calls).toHaveLength(1);
  });

  it('renames for real with the defaults', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'wts-atomic-')), 'file.json');
    writeFileAtomic(path, '{"a":1}');
    writeFileAtomic(path, '{"a":2}');
    expect(readFileSync(path, 'utf8')).toBe('{"a":2}');
  });
});
