// What differs by platform, tested on Linux with the platform as a parameter (or process.platform set
// for the length of one call): the config directory `wts help environment` names is the one env-paths
// (the dependency that picks it) gives there; --notify says plainly that Windows has no notification yet.
import { homedir } from 'node:os';
import { PassThrough } from 'node:stream';
import envPaths from 'env-paths';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES } from '../../src/commands/help.js';
import { makeNotifier } from '../../src/inbox/notify.js';
import type { IO } from '../../src/io.js';

/** env-paths' config directory for wts as it is on `platform`. */
function configDirOn(platform: NodeJS.Platform): string {
  const real = process.platform;
  Object.defineProperty(process, 'platform', { value: platform });
  try {
    return envPaths('wts', { suffix: '' }).config;
  } finally {
    Object.defineProperty(process, 'platform', { value: real });
  }
}

const described = (name: string) => ENVIRONMENT_VARIABLES.find((v) => v.name === name)?.description ?? '';

describe('the config directory, as help names it', () => {
  it('is what env-paths gives on Linux, macOS and Windows', () => {
    const help = described('WTS_CONFIG_DIR');
    const saved = { XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME, APPDATA: process.env.APPDATA };
    try {
      delete process.env.XDG_CONFIG_HOME;
      expect(configDirOn('linux')).toBe(`${homedir()}/.config/wts`);
      expect(help).toContain('~/.config/wts on Linux');
      expect(configDirOn('darwin')).toBe(`${homedir()}/Library/Preferences/wts`);
      expect(help).toContain('~/Library/Preferences/wts on macOS');
      process.env.APPDATA = 'APPDATA';
      // path.join is POSIX's here: the parts are what matter.
      expect(configDirOn('win32')).toBe('APPDATA/wts/Config');
      expect(help).toContain('%APPDATA%\\wts\\Config on Windows');
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });
});

describe('--notify', () => {
  const io = (tty: boolean): IO => ({
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    isStdinTTY: tty,
    isStdoutTTY: tty,
    isStderrTTY: tty,
    colorEnabled: false,
    canPrompt: tty,
    columns: 80,
  });

  it('says on Windows that desktop notifications are not supported yet (not "no notify-send on PATH")', () => {
    expect(makeNotifier(io(true), { PATH: '/usr/bin:/bin' }, 'win32').missing).toBe(
      '--notify: desktop notifications are not supported on Windows yet; the terminal bell only',
    );
    expect(makeNotifier(io(true), { PATH: '' }, 'linux').missing).toBe(
      '--notify: no notify-send on PATH, so no desktop notification; the terminal bell only',
    );
    expect(makeNotifier(io(false), { PATH: '' }, 'darwin').missing).toContain('no osascript on PATH');
  });
});
