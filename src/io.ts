// IO is an object, not globals: commands write through it, and tests build one with captured streams.
import type { Readable, Writable } from 'node:stream';

export interface IO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  isStdinTTY: boolean;
  isStdoutTTY: boolean;
  isStderrTTY: boolean;
  /** Colors on stdout: a TTY, unless NO_COLOR or --no-color; FORCE_COLOR forces them. */
  colorEnabled: boolean;
  /** Questions may be asked: stdin and stdout are both terminals. */
  canPrompt: boolean;
  /** Width of the terminal (80 when unknown). */
  columns: number;
}

export type Env = Readonly<Record<string, string | undefined>>;

/** Whether color is on for a stream, following the NO_COLOR and FORCE_COLOR conventions. */
export function colorFor(env: Env, isTTY: boolean, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return isTTY && env.TERM !== 'dumb';
}

/**
 * The process's own streams. stdin and stderr are opened on first use: Node builds each on first access,
 * and for a pipe or /dev/null that loads stream modules a command printing to stdout never needs.
 */
export function processIO(env: Env, noColorFlag = false): IO {
  const isStdoutTTY = Boolean(process.stdout.isTTY);
  return {
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    get stderr() {
      return process.stderr;
    },
    get isStdinTTY() {
      return Boolean(process.stdin.isTTY);
    },
    isStdoutTTY,
    get isStderrTTY() {
      return Boolean(process.stderr.isTTY);
    },
    colorEnabled: colorFor(env, isStdoutTTY, noColorFlag),
    get canPrompt() {
      return isStdoutTTY && this.isStdinTTY;
    },
    columns: process.stdout.columns || 80,
  };
}

/**
 * A notice for a person watching (a retry after a timeout, a wait for another process's refresh): into a
 * full-screen command's status line when it took them (`notices`, read at the time: CommandContext's),
 * else a line on stderr when that is a terminal; a script's or cron job's stderr stays for failures.
 */
export function notice(target: { io: IO; notices?: (line: string) => void }, line: string): void {
  if (target.notices) target.notices(line);
  else if (target.io.isStderrTTY) target.io.stderr.write(`${line}\n`);
}
