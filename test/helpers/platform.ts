// What a test may rely on, by platform, for the CI matrix (.github/workflows/ci.yml: Linux, macOS,
// Windows). A test that needs what a platform lacks skips there, keyed on these, and runs everywhere else.
import { existsSync, statSync } from 'node:fs';
import { expect } from 'vitest';

export const onWindows = process.platform === 'win32';
/** /proc (Linux): a process's children, memory, start time. */
export const hasProc = existsSync('/proc/self/stat');

/**
 * Expects the POSIX permission bits of `path` to be `mode` (0600 files in 0700 directories). Windows
 * has none (its files report 0o666 or 0o444, whatever was asked), so there it checks nothing.
 */
export function expectMode(path: string, mode: number): void {
  if (onWindows) return;
  expect((statSync(path).mode & 0o777).toString(8), path).toBe(mode.toString(8));
}
