// A lock file shared by every wts process on this machine: created atomically with its owner inside
// (pid, host, creation time, a nonce), recovered when its holder died, waited for with a bound.
//
// Removing a lock file is the delicate part: a process that judged a lock stale must not delete a
// fresh one created in between. So every removal (a holder releasing, a waiter breaking a stale lock)
// happens under a second, short-lived lock (`<lock>.break`) after re-reading the owner's nonce.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { CliError, ExitCode } from '../errors.js';

export interface LockOwner {
  pid: number;
  host: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  nonce: string;
  /** What the holder is doing, for the people waiting. */
  purpose: string;
}

export interface LockOptions {
  /** A lock older than this is taken over, whoever holds it. */
  staleMs: number;
  /** Waiting longer than this gives up with LockTimeoutError. */
  waitMs: number;
  /** Called once when the wait has lasted `noticeAfterMs`, to say what we wait for. */
  onLongWait?: (holder: LockOwner | undefined) => void;
  noticeAfterMs?: number;
  now?: () => number;
}

export interface HeldLock {
  readonly path: string;
  readonly owner: LockOwner;
  release(): Promise<void>;
}

export const DEFAULT_LOCK_STALE_MS = 60_000;
/** A break lock is held for microseconds; one this old was left by a process that died holding it. */
const BREAK_STALE_MS = 5_000;

/** Gave up waiting for a live holder. */
export class LockTimeoutError extends CliError {
  constructor(
    readonly lockPath: string,
    readonly holder: LockOwner | undefined,
    waitedMs: number,
  ) {
    const who = holder ? `another wts process (pid ${holder.pid} on ${holder.host}, ${holder.purpose})` : 'another wts process';
    super(`${who} held ${lockPath} for the ${(waitedMs / 1000).toFixed(1)} s waited; try again, or remove that file if no wts is running`, ExitCode.failure);
    this.name = 'LockTimeoutError';
  }
}

/**
 * Whether a lock can be taken over: its holder was on this host and is gone (at once), or it is older
 * than `staleMs` (a holder on another host, a reused pid, or one that hangs).
 */
export function isStale(owner: LockOwner, nowMs: number, staleMs: number, host = hostname()): boolean {
  if (owner.host === host && !processAlive(owner.pid)) return true;
  return nowMs - owner.createdAt > staleMs;
}

/** Whether a process with this pid exists (EPERM: it exists, as another user's). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Reads a lock's owner; undefined when there is no lock, or a damaged one (then judged by its age). */
export function readLockOwner(path: string): LockOwner | 'absent' | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    return undefined;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    if (typeof owner.pid === 'number' && typeof owner.host === 'string' && typeof owner.createdAt === 'number' && typeof owner.nonce === 'string') return owner;
  } catch {
    // damaged: fall through
  }
  return undefined;
}

/** Creates the lock file with its content in one step (a hard link fails if the name exists). */
function tryCreate(path: string, owner: LockOwner): boolean {
  const tmp = `${path}.${owner.pid}.${owner.nonce}.tmp`;
  writeFileSync(tmp, JSON.stringify(owner), { mode: 0o600 });
  try {
    linkSync(tmp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(tmp);
  }
}

/** Runs `remove` while holding `<path>.break`; false when another process is breaking or releasing right now. */
function underBreakLock(path: string, remove: () => void): boolean {
  const breakPath = `${path}.break`;
  const me: LockOwner = { pid: process.pid, host: hostname(), createdAt: Date.now(), nonce: randomBytes(8).toString('hex'), purpose: 'break' };
  if (!tryCreate(breakPath, me)) {
    const other = readLockOwner(breakPath);
    const age = ageOf(breakPath);
    const dead = other !== undefined && other !== 'absent' && other.host === me.host && !processAlive(other.pid);
    if (dead || (age !== undefined && age > BREAK_STALE_MS)) {
      try {
        unlinkSync(breakPath);
      } catch {
        // someone else cleared it
      }
    }
    return false;
  }
  try {
    remove();
    return true;
  } finally {
    unlinkSync(breakPath);
  }
}

function ageOf(path: string): number | undefined {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Takes the lock at `path`, waiting while a live holder has it. The directory is created 0700.
 * Resolves to the held lock; release it in a `finally`.
 */
export async function acquireLock(path: string, purpose: string, options: LockOptions): Promise<HeldLock> {
  const now = options.now ?? Date.now;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const started = now();
  let noticed = false;
  let pause = 10;
  for (;;) {
    const owner: LockOwner = { pid: process.pid, host: hostname(), createdAt: now(), nonce: randomBytes(12).toString('hex'), purpose };
    if (tryCreate(path, owner)) return held(path, owner);

    const holder = readLockOwner(path);
    if (holder === 'absent') continue; // released between our attempt and the read
    const stale = holder === undefined ? (ageOf(path) ?? 0) > options.staleMs : isStale(holder, now(), options.staleMs);
    if (stale) {
      const broken = underBreakLock(path, () => {
        const again = readLockOwner(path);
        // Remove only the lock we judged stale, not one created since.
        const same = holder === undefined ? again === undefined : again !== 'absent' && again?.nonce === holder.nonce;
        if (same) unlinkSync(path);
      });
      if (broken) continue;
    }

    const waited = now() - started;
    if (!noticed && waited >= (options.noticeAfterMs ?? 2000)) {
      noticed = true;
      options.onLongWait?.(holder);
    }
    if (waited >= options.waitMs) throw new LockTimeoutError(path, holder, waited);
    await sleep(pause + Math.random() * pause);
    pause = Math.min(pause * 2, 200);
  }
}

function held(path: string, owner: LockOwner): HeldLock {
  let released = false;
  return {
    path,
    owner,
    async release() {
      if (released) return;
      for (let attempt = 0; ; attempt++) {
        const done = underBreakLock(path, () => {
          const current = readLockOwner(path);
          // Our lock may have been taken over as stale; then it is not ours to remove.
          if (current !== 'absent' && current?.nonce === owner.nonce) unlinkSync(path);
        });
        if (done || attempt > 200) break;
        await sleep(10);
      }
      released = true;
    },
  };
}

/** Runs `fn` holding the lock, and releases it however `fn` ends. */
export async function withLock<T>(path: string, purpose: string, options: LockOptions, fn: (lock: HeldLock) => Promise<T>): Promise<T> {
  const lock = await acquireLock(path, purpose, options);
  try {
    return await fn(lock);
  } finally {
    await lock.release();
  }
}
