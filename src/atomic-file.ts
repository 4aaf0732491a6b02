// One way to replace a file so that readers see the old one or the new one, never a part: a temporary
// file in the same directory, fsync, rename, then fsync of the directory.
//
// On Windows a rename over a file that another program has open (an antivirus scanner, the search
// indexer, a backup tool) fails for a moment with EPERM, EACCES or EBUSY. graceful-fs retries those for
// up to 60 s; wts retries for up to RENAME_RETRY_MS, with the same growing pause (0, 10, … 100 ms), so a
// refresh does not lose the sign-in to a scanner's glance. Elsewhere those errors are real and thrown.
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { errnoOf } from './errors.js';

/** How long a rename is retried on Windows before its error is thrown. */
export const RENAME_RETRY_MS = 10_000;

const RETRIED = new Set(['EPERM', 'EACCES', 'EBUSY']);

export interface RenameOptions {
  platform?: NodeJS.Platform;
  rename?: (from: string, to: string) => void;
  /** Blocks for `ms` (the default waits on an Atomics futex: no busy loop, no event loop needed). */
  pause?: (ms: number) => void;
  now?: () => number;
}

/** Renames `from` over `to`; on Windows retries a rename refused for a moment (see above). */
export function renameRetrying(from: string, to: string, options: RenameOptions = {}): void {
  const rename = options.rename ?? renameSync;
  if ((options.platform ?? process.platform) !== 'win32') {
    rename(from, to);
    return;
  }
  const now = options.now ?? Date.now;
  const pause = options.pause ?? blockFor;
  const started = now();
  for (let wait = 0; ; wait = Math.min(wait + 10, 100)) {
    try {
      rename(from, to);
      return;
    } catch (err) {
      if (!RETRIED.has(errnoOf(err) ?? '') || now() - started >= RENAME_RETRY_MS) throw err;
      pause(wait);
    }
  }
}

function blockFor(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

let tmpCount = 0;

/**
 * Writes `text` to `path` so that readers see the old file or the new one, never a part. `durable: false`
 * skips the fsyncs, for caches whose loss costs nothing (a crash may then leave the old file).
 */
export function writeFileAtomic(path: string, text: string, mode = 0o600, durable = true): void {
  const dir = dirname(path);
  // Unique among live processes (pid) and calls ('wx' refuses a leftover of a dead process with the same
  // pid rather than write into it). Not node:crypto: loading it costs every list command ~5 ms.
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${(tmpCount++).toString(36)}${Math.random().toString(36).slice(2, 10)}.tmp`);
  const fd = openSync(tmp, 'wx', mode);
  try {
    writeSync(fd, text);
    if (durable) fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    unlinkSync(tmp);
    throw err;
  }
  closeSync(fd);
  try {
    renameRetrying(tmp, path);
  } catch (err) {
    unlinkSync(tmp);
    throw err;
  }
  if (durable) syncDirectory(dir);
}

/** Makes a rename durable (POSIX); a no-op where directories cannot be opened (Windows). */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // not supported here
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
