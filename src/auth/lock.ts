// A lock file shared by every wts process on this machine: created atomically with its owner inside
// (pid, host, machine id, boot, start time, creation time, a nonce), recovered when its holder died,
// waited for with a bound.
//
// A holder alive on this machine is never taken over, however long it takes: a process paused with
// Ctrl-Z or a laptop asleep would otherwise resume in the middle of work that someone else redid (for a
// refresh, presenting a superseded refresh token, which revokes the connection). "This machine" is told
// by a stable machine id (src/auth/machine.ts), not only the host name, which a Mac changes between
// networks. A holder is gone when its pid is; or when the pid now belongs to another process (its start
// time differs: Windows reuses pids quickly); or when the lock was made before the last boot. Only a
// lock of another machine, whose pid means nothing here, is taken over by age.
//
// Removing a lock file is the delicate part: a process that judged a lock stale must not delete a
// fresh one created in between. So every removal (a holder releasing, a waiter breaking a stale lock)
// happens under a second, short-lived lock (`<lock>.break`) after re-reading the owner's nonce.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as z from 'zod';
import { CliError, ExitCode, errnoOf, LockTimeoutError, messageOf } from '../errors.js';
import { checkStored } from '../stored-file.js';
import { type Machine, readProcessStart, thisMachine } from './machine.js';

export interface LockOwner {
  pid: number;
  host: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  nonce: string;
  /** What the holder is doing, for the people waiting. */
  purpose: string;
  /** The holder's start time (Machine.startOf), which tells a reused pid from the holder. */
  started?: string;
  /** The holder's machine id (src/auth/machine.ts). */
  machine?: string;
  /** Linux: the boot id when the lock was made. */
  boot?: string;
  /** When the holder's machine booted (ms since the epoch). */
  bootedAt?: number;
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
  /** This machine and its processes (tests pass another platform's). */
  machine?: Machine;
}

export interface HeldLock {
  readonly path: string;
  readonly owner: LockOwner;
  release(): Promise<void>;
}

/** A break lock is held for microseconds; one this old was left by a process that died holding it. */
const BREAK_STALE_MS = 5_000;

/** Why waiting for a live holder of `lockPath` was given up, and what to do. */
function lockTimeoutMessage(lockPath: string, holder: LockOwner | undefined, waitedMs: number, machine: Machine): string {
  const waited = `gave up after waiting ${(waitedMs / 1000).toFixed(1)} s (WTS_LOCK_WAIT_MS)`;
  if (holder === undefined)
    return `${waited} for ${lockPath}, which is damaged and not yet old enough to take over; try again, or remove that file if no wts is running`;
  return onThisMachine(holder, machine)
    ? `${waited} for wts process ${holder.pid} (${holder.purpose}, since ${clockTime(holder.createdAt)}), which holds ${lockPath} and is still running, so its lock was not taken over; let it finish (or end it) and try again`
    : `${waited} for wts process ${holder.pid} on ${holder.host} (${holder.purpose}, since ${clockTime(holder.createdAt)}), which holds ${lockPath}; try again, or remove that file if no wts runs there`;
}

/** "20:41:07", this machine's local time. */
export function clockTime(ms: number): string {
  return new Date(ms).toTimeString().slice(0, 8);
}

/** Start times off Linux (ms) are read to the second (`ps`), this process's own to within Node's start-up. */
const START_MARGIN_MS = 3_000;
/** A boot time computed from the uptime moves with the wall clock; a margin of a minute absorbs that. */
const BOOT_MARGIN_MS = 60_000;

/** Whether the lock's owner was recorded on this machine: the machine id where both have one, else the host name. */
export function onThisMachine(owner: LockOwner, machine: Machine): boolean {
  const id = owner.machine === undefined ? undefined : machine.id();
  if (id !== undefined && id !== owner.machine) return false;
  // On Linux the host name must agree too (containers may share one baked-in machine id); elsewhere the
  // machine id alone decides, as a Mac's host name changes between networks.
  if (machine.platform === 'linux' || id === undefined) return owner.host === machine.host;
  return true;
}

function sameStart(seen: string, recorded: string, platform: NodeJS.Platform): boolean {
  if (platform === 'linux') return seen === recorded;
  return Math.abs(Number(seen) - Number(recorded)) <= START_MARGIN_MS;
}

/** Whether the lock was made before this machine's last boot. */
function fromAnEarlierBoot(owner: LockOwner, machine: Machine): boolean {
  const boot = owner.boot === undefined ? undefined : machine.bootId();
  if (boot !== undefined) return boot !== owner.boot;
  if (machine.platform === 'linux') return false;
  const bootedAt = machine.bootedAt();
  return (
    owner.createdAt < bootedAt - BOOT_MARGIN_MS || (owner.bootedAt !== undefined && Math.abs(owner.bootedAt - bootedAt) > BOOT_MARGIN_MS)
  );
}

/**
 * Whether a lock can be taken over: a holder on this machine only when it is gone (at once, whatever
 * the lock's age): its pid ended, or belongs to a process started at another time, or (when that time
 * cannot be read) the lock is from an earlier boot; a holder on another machine once the lock is older
 * than `staleMs`.
 */
export function isStale(owner: LockOwner, nowMs: number, staleMs: number, machine: Machine = thisMachine()): boolean {
  if (!onThisMachine(owner, machine)) return nowMs - owner.createdAt > staleMs;
  if (!machine.alive(owner.pid)) return true;
  // Linux's boot id is exact; off Linux the boot time is a guess, used only when the start time is unknown.
  if (machine.platform === 'linux' && fromAnEarlierBoot(owner, machine)) return true;
  const started = owner.started === undefined ? undefined : machine.startOf(owner.pid);
  if (started !== undefined) return !sameStart(started, owner.started ?? '', machine.platform);
  return fromAnEarlierBoot(owner, machine);
}

/** When a process started, as this system tells it (Linux: /proc/PID/stat's clock ticks since boot). */
export function processStart(pid: number): string | undefined {
  return readProcessStart(pid, process.platform);
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
    machine: z.string().optional().catch(undefined),
    boot: z.string().optional().catch(undefined),
    bootedAt: z.number().optional().catch(undefined),
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

/** Removes a file; one already gone is fine. */
function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if (errnoOf(err) !== 'ENOENT') throw err;
  }
}

/**
 * Creates the lock file with its content in one step (a hard link fails if the name exists); false when
 * it exists. Where hard links cannot be made (FAT, some network shares: EPERM, ENOTSUP, EXDEV…), an
 * exclusive create, whose content a reader may briefly find empty (a damaged lock: waited for, not
 * taken). Any other failure (a directory not writable, a full disk) says which file, in one line.
 */
function tryCreate(path: string, owner: LockOwner): boolean {
  const tmp = `${path}.${owner.pid}.${owner.nonce}.tmp`;
  const text = JSON.stringify(owner);
  try {
    writeFileSync(tmp, text, { mode: 0o600 });
    try {
      linkSync(tmp, path);
      return true;
    } catch (err) {
      if (errnoOf(err) === 'EEXIST' || existsSync(path)) return false;
    }
    writeFileSync(path, text, { mode: 0o600, flag: 'wx' });
    return true;
  } catch (err) {
    const code = errnoOf(err);
    // Windows: a lock file being deleted refuses a new one for a moment (EPERM): busy, not broken.
    if (code === 'EEXIST' || (existsSync(tmp) && (code === 'EPERM' || code === 'EACCES' || code === 'EBUSY'))) return false;
    throw new CliError(`cannot create the lock file ${path}: ${errnoOf(err) ?? messageOf(err)}`, ExitCode.failure);
  } finally {
    try {
      removeFile(tmp);
    } catch {
      // a leftover temporary file (Windows: held by a scanner) is harmless
    }
  }
}

/** Runs `remove` while holding `<path>.break`; false when another process is breaking or releasing right now. */
function underBreakLock(path: string, remove: () => void, machine: Machine): boolean {
  const breakPath = `${path}.break`;
  const me: LockOwner = {
    pid: process.pid,
    host: machine.host,
    createdAt: Date.now(),
    nonce: randomBytes(8).toString('hex'),
    purpose: 'break',
  };
  if (!tryCreate(breakPath, me)) {
    const other = readLockOwner(breakPath);
    const age = ageOf(breakPath);
    const dead = other !== undefined && other !== 'absent' && other.host === me.host && !machine.alive(other.pid);
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
    removeFile(breakPath);
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
  const machine = judgingOnce(options.machine ?? thisMachine());
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const started = now();
  const me = whoIAm(machine);
  let noticed = false;
  let pause = 10;
  let quickRetries = 0;
  for (;;) {
    const owner: LockOwner = { ...me, createdAt: now(), nonce: randomBytes(12).toString('hex'), purpose };
    if (tryCreate(path, owner)) return held(path, owner, machine);

    const read = readLockOwner(path);
    // Released between our attempt and the read: at once again (a few times: then waited for, as damaged).
    if (read === 'absent' && quickRetries++ < 50) continue;
    const holder = read === 'absent' ? undefined : read;
    const stale = holder === undefined ? (ageOf(path) ?? 0) > options.staleMs : isStale(holder, now(), options.staleMs, machine);
    if (stale) {
      const broken = underBreakLock(
        path,
        () => {
          const again = readLockOwner(path);
          // Remove only the lock we judged stale, not one created since.
          const same = holder === undefined ? again === undefined : again !== 'absent' && again?.nonce === holder.nonce;
          if (same) removeFile(path);
        },
        machine,
      );
      if (broken) continue;
    }

    const waited = now() - started;
    if (!noticed && waited >= (options.noticeAfterMs ?? 2000)) {
      noticed = true;
      options.onLongWait?.(holder);
    }
    if (waited >= options.waitMs) throw new LockTimeoutError(lockTimeoutMessage(path, holder, waited, machine), path);
    await sleep(pause + Math.random() * pause);
    pause = Math.min(pause * 2, 200);
  }
}

/** What a holder records of itself (read once per acquire). */
function whoIAm(machine: Machine): Pick<LockOwner, 'pid' | 'host' | 'started' | 'machine' | 'boot' | 'bootedAt'> {
  const started = machine.ownStart();
  const id = machine.id();
  const boot = machine.bootId();
  return {
    pid: process.pid,
    host: machine.host,
    ...(started ? { started } : {}),
    ...(id ? { machine: id } : {}),
    ...(boot ? { boot } : {}),
    bootedAt: Math.round(machine.bootedAt()),
  };
}

/** `machine` with each pid's start time read once (off Linux a program is run for it) during one wait. */
function judgingOnce(machine: Machine): Machine {
  const starts = new Map<number, string | undefined>();
  return {
    ...machine,
    startOf(pid) {
      if (!starts.has(pid)) starts.set(pid, machine.startOf(pid));
      return starts.get(pid);
    },
  };
}

function held(path: string, owner: LockOwner, machine: Machine): HeldLock {
  let released = false;
  return {
    path,
    owner,
    async release() {
      if (released) return;
      for (let attempt = 0; ; attempt++) {
        const done = underBreakLock(
          path,
          () => {
            const current = readLockOwner(path);
            // Our lock may have been taken over as stale; then it is not ours to remove.
            if (current !== 'absent' && current?.nonce === owner.nonce) removeFile(path);
          },
          machine,
        );
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
