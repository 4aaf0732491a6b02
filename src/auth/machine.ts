// What a lock's holder records of itself, and what a process judging the lock learns of this machine,
// on each system, so a holder that is gone is recognised off Linux too:
// - which machine: a stable id, not the host name (a Mac's changes between networks): /etc/machine-id
//   on Linux, IOPlatformUUID (`ioreg`) on macOS, MachineGuid (`reg query`) on Windows. Read once per
//   process, and only by a process that takes or judges a lock (a refresh, a sign-in, a sign-out), never
//   by a command whose token is valid;
// - which boot: Linux's boot_id; elsewhere the boot time (now minus the uptime);
// - which process: its pid, and when it started, so a pid reused by another program (Windows reuses
//   them quickly) is told from the holder: /proc/PID/stat on Linux; `ps -o lstart=` on macOS and
//   PowerShell's Get-Process on Windows, run only for a holder that is alive, once per holder.
// Everything takes the platform or is passed in, so the Windows and macOS rules are unit-tested on Linux.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { hostname, uptime } from 'node:os';
import { errnoOf } from '../errors.js';

/** What the lock needs to know of this machine and its processes (tests pass their own). */
export interface Machine {
  platform: NodeJS.Platform;
  host: string;
  /** A stable id of this machine, or undefined when it cannot be read. */
  id(): string | undefined;
  /** Linux: this boot's id. */
  bootId(): string | undefined;
  /** When this machine booted (ms since the epoch, to within a second or so). */
  bootedAt(): number;
  alive(pid: number): boolean;
  /** When process `pid` started: Linux, clock ticks since boot; elsewhere ms since the epoch. */
  startOf(pid: number): string | undefined;
  /** This process's start, in the same unit. */
  ownStart(): string | undefined;
}

/** Runs a program for its output; undefined when it fails (never throws). */
function output(file: string, args: string[]): string | undefined {
  try {
    return execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5_000, windowsHide: true });
  } catch {
    return undefined;
  }
}

function readTrimmed(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The machine id as each system keeps it (`run` runs a program for its output). */
export function readMachineId(platform: NodeJS.Platform, run = output, read = readTrimmed): string | undefined {
  if (platform === 'darwin')
    return /"IOPlatformUUID"\s*=\s*"([^"]+)"/.exec(run('ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice']) ?? '')?.[1];
  if (platform === 'win32')
    return /MachineGuid\s+REG_SZ\s+(\S+)/.exec(
      run('reg', ['query', 'HKLM\\SOFTWARE\\Microsoft\\Cryptography', '/v', 'MachineGuid']) ?? '',
    )?.[1];
  return read('/etc/machine-id') ?? read('/var/lib/dbus/machine-id');
}

/** When process `pid` started, as `Machine.startOf` says; undefined when it cannot be told. */
export function readProcessStart(pid: number, platform: NodeJS.Platform, run = output, read = readTrimmed): string | undefined {
  if (platform === 'linux') {
    const stat = read(`/proc/${pid}/stat`);
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat === undefined ? undefined : stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  }
  const text =
    platform === 'win32'
      ? run('powershell.exe', [
          '-NoProfile',
          '-NonInteractive',
          '-Command',
          `(Get-Process -Id ${pid}).StartTime.ToUniversalTime().ToString('o')`,
        ])
      : run('ps', ['-o', 'lstart=', '-p', String(pid)]);
  const ms = Date.parse(text?.trim() ?? '');
  return Number.isFinite(ms) ? String(ms) : undefined;
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

let machineId: { value: string | undefined } | undefined;

/** This machine, as this process sees it. */
export function thisMachine(platform: NodeJS.Platform = process.platform): Machine {
  return {
    platform,
    host: hostname(),
    id() {
      machineId ??= { value: readMachineId(platform) };
      return machineId.value;
    },
    bootId: () => (platform === 'linux' ? readTrimmed('/proc/sys/kernel/random/boot_id') : undefined),
    bootedAt: () => Date.now() - uptime() * 1000,
    alive: processAlive,
    startOf: (pid) => readProcessStart(pid, platform),
    ownStart: () =>
      platform === 'linux' ? readProcessStart(process.pid, platform) : String(Math.round(Date.now() - process.uptime() * 1000)),
  };
}
