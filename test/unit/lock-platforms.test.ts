// The lock's stale rules on Windows and macOS, tested on Linux: the machine (its id, boot, processes) is
// a parameter. A holder there is recognised as gone when its pid was reused (another start time) or the
// lock predates the last boot; a Mac that changed its host name still knows its own live holder.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, isStale, type LockOwner } from '../../src/auth/lock.js';
import { type Machine, readMachineId, readProcessStart } from '../../src/auth/machine.js';
import { LockTimeoutError } from '../../src/errors.js';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const BOOTED = NOW - 3_600_000;
const HOLDER_START = BOOTED + 600_000;

/** A machine of `platform` where pid 4242 is alive and started at `start` (null: cannot be told). */
function machine(platform: NodeJS.Platform, over: Partial<Machine> = {}, start: string | null = String(HOLDER_START)): Machine {
  return {
    platform,
    host: 'laptop-at-home',
    id: () => 'machine-A',
    bootId: () => undefined,
    bootedAt: () => BOOTED,
    alive: (pid) => pid === 4242,
    startOf: (pid) => (pid === 4242 ? (start ?? undefined) : undefined),
    ownStart: () => String(NOW),
    ...over,
  };
}

const holder = (o: Partial<LockOwner> = {}): LockOwner => ({
  pid: 4242,
  host: 'laptop-at-home',
  machine: 'machine-A',
  createdAt: NOW - 5_000,
  nonce: 'n',
  purpose: 'refreshing',
  started: String(HOLDER_START),
  bootedAt: BOOTED,
  ...o,
});

describe.each(['win32', 'darwin'] as const)('isStale on %s', (platform) => {
  it('keeps a live holder whose start time matches, however old its lock', () => {
    expect(isStale(holder({ createdAt: NOW - 86_400_000 + 3_600_000 }), NOW, 60_000, machine(platform))).toBe(false);
    // Read to the second (ps) and recorded from Node's uptime: a second or two apart is the same process.
    expect(isStale(holder({ started: String(HOLDER_START - 1_500) }), NOW, 0, machine(platform))).toBe(false);
  });

  it('takes over at once when the pid now belongs to a process started at another time (a reused pid)', () => {
    expect(isStale(holder(), NOW, 60_000, machine(platform, {}, String(HOLDER_START + 120_000)))).toBe(true);
  });

  it('takes over at once a lock from before the last boot, when the start time cannot be read', () => {
    const unknownStart = machine(platform, {}, null);
    expect(isStale(holder(), NOW, 60_000, unknownStart)).toBe(false);
    expect(isStale(holder({ createdAt: BOOTED - 600_000, bootedAt: BOOTED - 86_400_000 }), NOW, 60_000, unknownStart)).toBe(true);
    // An old lock without a boot time: its creation before this boot says enough.
    expect(isStale(holder({ createdAt: BOOTED - 600_000, bootedAt: undefined }), NOW, 60_000, unknownStart)).toBe(true);
  });

  it('takes over at once a holder that is gone', () => {
    expect(isStale(holder({ pid: 5151 }), NOW, 60_000, machine(platform))).toBe(true);
  });

  it('knows its own machine by its id when the host name changed (never takes over its live holder)', () => {
    expect(isStale(holder({ host: 'laptop-at-work', createdAt: NOW - 600_000 }), NOW, 60_000, machine(platform))).toBe(false);
    expect(isStale(holder({ host: 'laptop-at-work', pid: 5151 }), NOW, 60_000, machine(platform))).toBe(true);
  });

  it("judges another machine's lock by age only, even under the same host name", () => {
    const other = holder({ machine: 'machine-B', pid: 5151 });
    expect(isStale(other, NOW, 60_000, machine(platform))).toBe(false);
    expect(isStale({ ...other, createdAt: NOW - 60_001 }, NOW, 60_000, machine(platform))).toBe(true);
  });
});

describe('isStale on linux', () => {
  const linux = (over: Partial<Machine> = {}) => machine('linux', { bootId: () => 'boot-2', ...over }, '123456');
  it('takes over a lock from an earlier boot (boot_id), even when the pid is alive again', () => {
    expect(isStale(holder({ started: '123456', boot: 'boot-1' }), NOW, 60_000, linux())).toBe(true);
    expect(isStale(holder({ started: '123456', boot: 'boot-2' }), NOW, 60_000, linux())).toBe(false);
  });

  it('wants the host name too (containers may share a machine id)', () => {
    expect(isStale(holder({ started: '123456', host: 'container-2', pid: 5151 }), NOW, 60_000, linux())).toBe(false);
  });
});

describe('acquireLock with the platform as a parameter', () => {
  const fresh = () => join(mkdtempSync(join(tmpdir(), 'wts-lockp-')), 'locks', 'connection.lock');
  // The machine's clock: NOW, moving on as the test's does.
  const options = (m: Machine) => {
    const t0 = Date.now();
    return { staleMs: 60_000, waitMs: 150, machine: m, now: () => NOW + Date.now() - t0 };
  };

  it('on win32 takes over a lock whose pid was reused, and records machine, boot and start time', async () => {
    const path = fresh();
    await (await acquireLock(path, 'first', options(machine('win32')))).release();
    writeFileSync(path, JSON.stringify(holder()));
    await expect(acquireLock(path, 'blocked', options(machine('win32')))).rejects.toBeInstanceOf(LockTimeoutError);
    const lock = await acquireLock(path, 'next', options(machine('win32', {}, String(HOLDER_START + 120_000))));
    const owner = JSON.parse(readFileSync(path, 'utf8'));
    expect(owner).toMatchObject({ purpose: 'next', machine: 'machine-A', started: String(NOW), bootedAt: BOOTED, host: 'laptop-at-home' });
    await lock.release();
  });

  it('on win32 takes over a lock made before a reboot', async () => {
    const path = fresh();
    await (await acquireLock(path, 'first', options(machine('win32')))).release();
    writeFileSync(path, JSON.stringify(holder({ createdAt: BOOTED - 600_000, bootedAt: BOOTED - 86_400_000 })));
    const lock = await acquireLock(path, 'after the reboot', options(machine('win32', {}, null)));
    expect(JSON.parse(readFileSync(path, 'utf8')).purpose).toBe('after the reboot');
    await lock.release();
  });
});

describe('reading the machine', () => {
  it('finds the machine id in ioreg (macOS) and reg query (Windows) output, and /etc/machine-id (Linux)', () => {
    const ioreg = '+-o J314sAP  <class IOPlatformExpertDevice>\n    "IOPlatformUUID" = "5F0A3E0C-1C2B-5D6E-9F00-AABBCCDDEEFF"\n';
    expect(readMachineId('darwin', () => ioreg)).toBe('5F0A3E0C-1C2B-5D6E-9F00-AABBCCDDEEFF');
    const reg =
      '\r\nHKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Cryptography\r\n    MachineGuid    REG_SZ    1c2b3d4e-aaaa-bbbb-cccc-0123456789ab\r\n';
    expect(readMachineId('win32', () => reg)).toBe('1c2b3d4e-aaaa-bbbb-cccc-0123456789ab');
    expect(
      readMachineId(
        'linux',
        () => undefined,
        (p) => (p === '/etc/machine-id' ? 'abc123' : undefined),
      ),
    ).toBe('abc123');
    expect(readMachineId('win32', () => undefined)).toBeUndefined();
  });

  it("reads another process's start time from ps (macOS) and PowerShell (Windows) as ms", () => {
    const seen: string[][] = [];
    const run = (file: string, args: string[]) => {
      seen.push([file, ...args]);
      return file === 'ps' ? 'Sat Nov 28 12:00:00 2026\n' : '2026-11-28T12:00:00.1234567Z\r\n';
    };
    expect(readProcessStart(77, 'darwin', run)).toBe(String(new Date(2026, 10, 28, 12, 0, 0).getTime()));
    expect(readProcessStart(77, 'win32', run)).toBe(String(Date.parse('2026-11-28T12:00:00.123Z')));
    expect(seen[0]).toEqual(['ps', '-o', 'lstart=', '-p', '77']);
    expect(seen[1]?.[0]).toBe('powershell.exe');
    expect(readProcessStart(77, 'win32', () => undefined)).toBeUndefined();
  });
});
