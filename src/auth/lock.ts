// A lock file shared by every wts process on this machine: created atomically with its owner inside
// (pid, host, creation time, a nonce), recovered when its holder died, waited for with a bound.
//
// A holder alive on this host is never taken over, however long it takes: a process paused with Ctrl-Z
// or a laptop asleep would otherwise resume in the middle of work that someone else redid (for a
// refresh, presenting a superseded refresh token, which revokes the connection). Its pid is checked,
// and on Linux its start time too, so a pid reused by another program does not hold the lock forever.
// Only a lock of another host, whose pid means nothing here, is taken over by age.
//
// Removing a lock file is the delicate part: a process that judged a lock stale must not delete a
// fresh one created in between. So every removal (a holder releasing, a waiter breaking a stale lock)
// happens under a second, short-lived lock (`<lock>.break`) after re-reading the owner's nonce.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import * as z from 'zod';
import { errnoOf, LockTimeoutError } from '../errors.js';
import { checkStored } from '../stored-file.js';

export interface LockOwner {
  pid: number;
  host: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  nonce: string;
  /** What the holder is doing, for the people waiting. */
  purpose: string;
  /** Linux: the holder's start time (/proc/PID/stat), which tells a reused pid from the holder. */
  started?: string;
}

export interface LockOptions {
  /** A lock of another host older than this is taken over (a live holder on this host never is). */
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

/** A break lock is held for microseconds; one this old was left by a process that died holding it. */
const BREAK_STALE_MS = 5_000;

/** Why waiting for a live holder of `lockPath` was given up, and what to do. */
function lockTimeoutMessage(lockPath: string, holder: LockOwner | undefined, waitedMs: number): string {
  const waited = `gave up after waiting ${(waitedMs / 1000).toFixed(1)} s (WTS_LOCK_WAIT_MS)`;
  if (holder === undefined)
    return `${waited} for ${lockPath}, which is damaged and not yet old enough to take over; try again, or remove that file if no wts is running`;
  return holder.host === hostname()
    ? `${waited} for wts process ${holder.pid} (${holder.purpose}, since ${clockTime(holder.createdAt)}), which holds ${lockPath} and is still running, so its lock was not taken over; let it finish (or end it) and try again`
    : `${waited} for wts process ${holder.pid} on ${holder.host} (${holder.purpose}, since ${clockTime(holder.createdAt)}), which holds ${lockPath}; try again, or remove that file if no wts runs there`;
}

/** "20:41:07", this machine's local time. */
export function clockTime(ms: number): string {
  return new Date(ms).toTimeString().slice(0, 8);
}

/**
 * Whether a lock can be taken over: a holder on this host only when it is gone (at once, whatever the
 * lock's age); a holder on another host once the lock is older than `staleMs`.
 */
export function isStale(owner: LockOwner, nowMs: number, staleMs: number, host = hostname()): boolean {
  if (owner.host === host) {
    if (!processAlive(owner.pid)) return true;
    // A pid reused by another process: its start time differs (when both can be read; else alive it is).
    const started = owner.started === undefined ? undefined : processStart(owner.pid);
    return started !== undefined && started !== owner.started;
  }
  return nowMs - owner.createdAt > staleMs;
}

/** Linux: when a process started (clock ticks since boot, /proc/PID/stat field 22); elsewhere undefined. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid exists (EPERM: it exists, as another user's). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errnoOf(err) === 'EPERM';
  }
}

/** A lock file's owner as read back. */
const ownerSchema = () =>
  z.looseObject({
    pid: z.number(),
    host: z.string(),
    createdAt: z.number(),
    nonce: z.string(),
    purpose: z.string().catch('unknown'),
    started: z.string().optional().catch(undefined),
  });

/**
 * Reads a lock's owner; undefined when the lock is damaged: held by an unknown owner, so never taken
 * over for its pid, only once older than `staleMs` (acquireLock), and removed only while still damaged.
 */
export function readLockOwner(path: string): LockOwner | 'absent' | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return 'absent';
    return undefined;
  }
  const checked = checkStored(text, ownerSchema());
  return 'value' in checked ? checked.value : undefined;
}

/** Creates the lock file with its content in one step (a hard link fails if the name exists). */
function tryCreate(path: string, owner: LockOwner): boolean {
  const tmp = `${path}.${owner.pid}.${owner.nonce}.tmp`;
  writeFileSync(tmp, JSON.stringify(owner), { mode: 0o600 });
  try {
    linkSync(tmp, path);
    return true;
  } catch (err) {
    if (errnoOf(err) === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(tmp);
  }
}

/** Runs `remove` while holding `<path>.break`; false when another process is breaking or releasing right now. */
function underBreakLock(path: string, remove: () => void): boolean {
  const breakPath = `${path}.break`;
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    createdAt: Date.now(),
    nonce: randomBytes(8).toString('hex'),
    purpose: 'break',
  };
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
  const myStart = processStart(process.pid);
  let noticed = false;
  let pause = 10;
  for (;;) {
    const owner: LockOwner = {
      pid: process.pid,
      host: hostname(),
      createdAt: now(),
      nonce: randomBytes(12).toString('hex'),
      purpose,
      ...(myStart ? { started: myStart } : {}),
    };
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
    if (waited >= options.waitMs) throw new LockTimeoutError(lockTimeoutMessage(path, holder, waited), path);
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
