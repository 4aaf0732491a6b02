// Runs `wts` in-process with a fake IO, as a terminal (tty) or as a pipe, and captures what it prints.
//
//   const r = await runWts(['workspace', 'list'], { env: { WTS_ORIGIN: origin, WTS_TOKEN: token }, tty: true });
//   expect(r.code).toBe(0); expect(r.stdout).toContain('Customer Support');
import { PassThrough, Readable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { main } from '../../src/cli.js';
import { colorFor, type Env, type IO } from '../../src/io.js';

export interface RunOptions {
  env?: Env;
  /**
   * Behave as on a terminal (stdin, stdout and stderr are TTYs). Default false: piped. 'stderr': only
   * stderr is the terminal, as for `wts … | head`.
   */
  tty?: boolean | 'stderr';
  /** What arrives on standard input. */
  stdin?: string;
  columns?: number;
  now?: () => number;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A fresh, empty configuration directory (so tests never read the developer's own). */
export function tempConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'wts-test-config-'));
}

export async function runWts(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const stdin = Readable.from(options.stdin === undefined ? [] : [options.stdin]);
  const tty = options.tty === true;
  const stderrTTY = options.tty !== undefined && options.tty !== false;
  const env: Env = { WTS_CONFIG_DIR: tempConfigDir(), ...options.env };
  const io = (globals: { color: boolean }): IO => ({
    stdin,
    stdout,
    stderr,
    isStdinTTY: tty,
    isStdoutTTY: tty,
    isStderrTTY: stderrTTY,
    colorEnabled: colorFor(env, tty, !globals.color),
    canPrompt: tty,
    columns: options.columns ?? 120,
  });
  const code = await main(['node', 'wts', ...args], { io, env, now: options.now });
  return { code, stdout: out, stderr: err };
}

/** Runs `args` and checks that the service had no such thing: exit 3, stderr starting `wts: not found: `. */
export async function expectNotFound(args: string[], options: RunOptions): Promise<RunResult> {
  const r = await runWts(args, options);
  expect(r.code, r.stderr).toBe(3);
  expect(r.stderr).toMatch(/^wts: not found: /);
  return r;
}
