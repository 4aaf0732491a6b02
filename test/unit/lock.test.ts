// The lock file: mutual exclusion, what it records, when it is stale, the bounded wait.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, isStale, processStart, withLock, type LockOwner } from '../../src/auth/lock.js';
import { LockTimeoutError } from '../../src/errors.js';
import { expectMode } from '../helpers/platform.js';

const options = { staleMs: 60_000, waitMs: 10_000 };
const fresh = () => join(mkdtempSync(join(tmpdir(), 'wts-lock-')), 'locks', 'connection.lock');

/** The pid of a process that has ended. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
}

describe('acquireLock', () => {
  it('records owner pid, host and creation time in a 0600 file in a 0700 directory, and removes it on release', async () => {
    const path = fresh();
    const before = Date.now();
    const lock = await acquireLock(path, 'testing', options);
    const owner = JSON.parse(readFileSync(path, 'utf8')) as LockOwner;
    expect(owner).toMatchObject({ pid: process.pid, host: hostname(), purpose: 'testing' });
    // Taken while it was acquired: an order, not a window (a loaded machine may take seconds).
    expect(owner.createdAt).toBeGreaterThanOrEqual(before);
    expect(owner.createdAt).toBeLessThanOrEqual(Date.now());
    expectMode(path, 0o600);
    expectMode(join(path, '..'), 0o700);
    await lock.release();
    expect(existsSync(path)).toBe(false);
  });

  it('lets one holder at a time run, among many waiting', async () => {
    const path = fresh();
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        withLock(path, `worker ${i}`, options, async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((r) => setTimeout(r, 2));
          order.push(i);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toHaveLength(25);
  });

  it('releases when the work throws', async () => {
    const path = fresh();
    await expect(withLock(path, 'failing', options, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(existsSync(path)).toBe(false);
  });

  it('takes over at once a lock whose holder on this host is gone', async () => {
    const path = fresh();
    await (await acquireLock(path, 'first', options)).release();
    writeFileSync(path, JSON.stringify({ pid: deadPid(), host: hostname(), createdAt: Date.now(), nonce: 'dead', purpose: 'crashed' }));
    const lock = await acquireLock(path, 'next', { ...options, waitMs: 100 });
    expect(JSON.parse(readFileSync(path, 'utf8')).purpose).toBe('next');
    await lock.release();
  });

  it('takes over a lock from another host only after the stale age', async () => {
    const path = fresh();
    await (await acquireLock(path, 'first', options)).release();
    writeFileSync(
      path,
      JSON.stringify({ pid: 1, host: 'elsewhere.example', createdAt: Date.now() - 5_000, nonce: 'other', purpose: 'remote' }),
    );
    await expect(acquireLock(path, 'too early', { staleMs: 60_000, waitMs: 150 })).rejects.toBeInstanceOf(LockTimeoutError);
    const lock = await acquireLock(path, 'late enough', { staleMs: 4_000, waitMs: 150 });
    await lock.release();
  });

  it('never takes over a live holder on this host, however far past the stale age', async () => {
    const path = fresh();
    const held = await acquireLock(path, 'slow', options);
    await new Promise((r) => setTimeout(r, 20));
    await expect(acquireLock(path, 'impatient', { staleMs: 1, waitMs: 150 })).rejects.toBeInstanceOf(LockTimeoutError);
    expect(JSON.parse(readFileSync(path, 'utf8')).purpose).toBe('slow');
    await held.release();
  });

  it('judges a damaged lock file by its age', async () => {
    const path = fresh();
    await (await acquireLock(path, 'first', options)).release();
    writeFileSync(path, '{"pid":');
    await expect(acquireLock(path, 'too early', { staleMs: 60_000, waitMs: 100 })).rejects.toBeInstanceOf(LockTimeoutError);
    const old = new Date(Date.now() - 120_000);
    utimesSync(path, old, old);
    await (await acquireLock(path, 'after', { staleMs: 60_000, waitMs: 100 })).release();
  });

  it('waits with a bound for a live holder, saying once what it waits for', async () => {
    const path = fresh();
    const held = await acquireLock(path, 'refreshing the sign-in of profile default', options);
    const notices: (LockOwner | undefined)[] = [];
    const err = await acquireLock(path, 'second', { ...options, waitMs: 300, noticeAfterMs: 50, onLongWait: (h) => notices.push(h) }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(LockTimeoutError);
    expect((err as Error).message).toMatch(
      new RegExp(
        `^gave up after waiting \\d+\\.\\d s \\(WTS_LOCK_WAIT_MS\\) for wts process ${process.pid} \\(refreshing the sign-in of profile default, since \\d\\d:\\d\\d:\\d\\d\\), which holds ${path} and is still running, so its lock was not taken over; let it finish \\(or end it\\) and try again$`,
      ),
    );
    expect((err as LockTimeoutError).exitCode).toBe(1);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ pid: process.pid, purpose: 'refreshing the sign-in of profile default' });
    await held.release();
  });

  it('does not remove a lock that was taken over from it', async () => {
    const path = fresh();
    const first = await acquireLock(path, 'slow', options);
    // Judged stale (by age) and taken over by another holder…
    writeFileSync(
      path,
      JSON.stringify({ pid: process.pid, host: hostname(), createdAt: Date.now(), nonce: 'successor', purpose: 'successor' }),
    );
    // …the slow one's release leaves the successor's lock alone.
    await first.release();
    expect(JSON.parse(readFileSync(path, 'utf8')).nonce).toBe('successor');
  });
});

describe('isStale', () => {
  const now = Date.now();
  const owner = (o: Partial<LockOwner>): LockOwner => ({
    pid: process.pid,
    host: hostname(),
    createdAt: now,
    nonce: 'n',
    purpose: 'p',
    ...o,
  });

  it('a live holder on this host: never, however old its lock', () => {
    expect(isStale(owner({}), now, 60_000)).toBe(false);
    expect(isStale(owner({ createdAt: now - 61_000 }), now, 60_000)).toBe(false);
    expect(isStale(owner({ createdAt: now - 86_400_000, started: processStart(process.pid) }), now, 0)).toBe(false);
  });

  it('a pid on this host that now belongs to another process (its start time differs): at once', () => {
    if (processStart(process.pid) === undefined) return; // no /proc here: the pid alone decides
    expect(isStale(owner({ started: 'not-the-same-start' }), now, 60_000)).toBe(true);
  });

  it('a holder on this host that is gone: at once', () => {
    expect(isStale(owner({ pid: deadPid() }), now, 60_000)).toBe(true);
  });

  it('a holder on another host: by age only (its pid means nothing here)', () => {
    expect(isStale(owner({ host: 'elsewhere', pid: deadPid() }), now, 60_000)).toBe(false);
    expect(isStale(owner({ host: 'elsewhere', createdAt: now - 60_001 }), now, 60_000)).toBe(true);
  });
});
