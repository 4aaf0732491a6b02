// The lock across real processes (dist/auth/lock.js, after `npm run build`): each holder appends
// "start" and "end" lines to one file; with the lock, no two holders' lines ever interleave.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOCK_MODULE = fileURLToPath(new URL('../../dist/auth/lock.js', import.meta.url));

const WORKER = `
import { appendFileSync } from 'node:fs';
const [lockModule, lockPath, logPath] = process.argv.slice(2);
const { withLock } = await import(lockModule);
for (let i = 0; i < 5; i++) {
  await withLock(lockPath, 'worker', { staleMs: 60000, waitMs: 30000 }, async () => {
    appendFileSync(logPath, 'start ' + process.pid + '\\n');
    await new Promise((r) => setTimeout(r, 3));
    appendFileSync(logPath, 'end ' + process.pid + '\\n');
  });
}
`;

describe('the lock between processes', () => {
  it('lets one process at a time hold it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wts-lock-procs-'));
    const worker = join(dir, 'worker.mjs');
    const log = join(dir, 'log');
    writeFileSync(worker, WORKER);
    writeFileSync(log, '');
    const codes = await Promise.all(
      Array.from(
        { length: 8 },
        () =>
          new Promise<number | null>((resolve) =>
            spawn(process.execPath, [worker, LOCK_MODULE, join(dir, 'the.lock'), log], { stdio: 'inherit' }).on('exit', resolve),
          ),
      ),
    );
    expect(codes.every((c) => c === 0)).toBe(true);
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(8 * 5 * 2);
    for (let i = 0; i < lines.length; i += 2) {
      const [start, end] = [lines[i]!.split(' '), lines[i + 1]!.split(' ')];
      expect(start[0]).toBe('start');
      expect(end).toEqual(['end', start[1]]);
    }
  });
});
