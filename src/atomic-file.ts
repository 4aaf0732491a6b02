// One way to replace a file so that readers see the old one or the new one, never a part: a temporary
// file in the same directory, fsync, rename, then fsync of the directory.
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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
    renameSync(tmp, path);
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
