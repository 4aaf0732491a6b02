// The pager, as git and gh have it: a verb whose human output can be long (a list, a view, a board)
// writes on a terminal through `less -FRX` or the user's pager.
// - Which pager: WTS_PAGER, then PAGER (set, even empty, they win), then `wts config get pager`, then
//   `less -FRX`; empty or `cat` means none. LESS=FRX, LV=-c and LESSCHARSET=utf-8 are added to the
//   pager's environment when unset (as git does), so a plain PAGER=less keeps colors and quits on a
//   short text, and wide characters show whatever the locale says (wts always writes UTF-8).
// - When: stdout a terminal, the verb says its output may be long, no --no-pager, and the output is
//   longer than the screen: it is held until it fills the screen, so a short answer starts no process.
// - How: the command is split into words and run directly (src/command-line.ts), with `sh -c` only for
//   one that uses what only a shell does (pipes, variables; cmd.exe on Windows). Output goes to its standard input; wts
//   waits for it to exit, and ignores Ctrl-C meanwhile (the pager takes it). A pager left early (q in
//   less) is not an error: what is left is dropped, exit 0. A pager that cannot start: the output is
//   printed directly, and nothing is said.
// - stderr: what a verb writes there after its output started (such as "showing 30 of 69") is held
//   while the pager runs and written after it, in order, so it is neither drawn over nor lost.
import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { commandLaunch, needsShell } from '../command-line.js';
import type { Env, IO } from '../io.js';
import { cmdShell, type Launch } from '../windows-command.js';
import { displayWidth } from './width.js';

export const DEFAULT_PAGER = 'less -FRX';

/** The pager command for this environment and setting, or undefined for none. */
export function pagerCommand(env: Env, setting: string | undefined): string | undefined {
  const command = env.WTS_PAGER ?? env.PAGER ?? setting ?? DEFAULT_PAGER;
  const trimmed = command.trim();
  return trimmed === '' || trimmed === 'cat' ? undefined : trimmed;
}

/** How to start `command`: split into words, or by the shell (cmd.exe on Windows) when it needs one. */
export function pagerLaunch(command: string, env: Env, platform: NodeJS.Platform = process.platform): Launch | undefined {
  if (!needsShell(command, platform)) return commandLaunch(command, [], env, platform);
  return platform === 'win32' ? cmdShell(env, command) : { file: '/bin/sh', args: ['-c', command], windowsVerbatimArguments: false };
}

/** The pager's environment: the user's, with LESS, LV and LESSCHARSET when they are not set. */
export function pagerEnv(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  out.LESS ??= 'FRX';
  out.LV ??= '-c';
  out.LESSCHARSET ??= 'utf-8';
  return out;
}

export interface Paging {
  /** The IO to print through: its stdout (and stderr, while the output is held or paged) go through the pager. */
  io: IO;
  /** Ends the output: prints what is held, or closes the pager's input and waits for it to exit. */
  finish(): Promise<void>;
}

// eslint-disable-next-line no-control-regex
const SGR = /\x1b\[[0-9;]*m/g;

/**
 * `io` with stdout through the pager `command` once the output takes more than `rows - 1` lines of
 * `io.columns` (the last is the pager's prompt), as `less -F` would judge.
 */
export function pageOutput(io: IO, command: string, env: Env, rows: number): Paging {
  type Held = { to: 'out' | 'err'; chunk: string };
  let state: 'holding' | 'starting' | 'paging' | 'direct' = 'holding';
  const held: Held[] = [];
  let lines = 0;
  let lineWidth = 0;
  let input: Writable | undefined;
  let started: Promise<void> | undefined;
  let exited: Promise<void> | undefined;
  let readerLeft = false;
  const ignoreInterrupt = () => {};
  const columns = Math.max(1, io.columns);

  const flushDirect = () => {
    state = 'direct';
    for (const { to, chunk } of held.splice(0)) (to === 'out' ? io.stdout : io.stderr).write(chunk);
  };
  const toPager = (chunk: string) => {
    if (!readerLeft) input?.write(chunk);
  };
  /** Counts the screen lines `chunk` takes; true once they are more than fit. */
  const overflows = (chunk: string): boolean => {
    const parts = chunk.replace(SGR, '').split('\n');
    parts.forEach((part, i) => {
      if (i > 0) {
        lines += Math.max(1, Math.ceil(lineWidth / columns));
        lineWidth = 0;
      }
      lineWidth += displayWidth(part);
    });
    return lines + Math.ceil(lineWidth / columns) > rows - 1;
  };
  const start = () => {
    state = 'starting';
    const launch = pagerLaunch(command, env);
    if (!launch) return flushDirect();
    const proc = spawn(launch.file, launch.args, {
      stdio: ['pipe', 'inherit', 'inherit'],
      env: pagerEnv(env),
      windowsVerbatimArguments: launch.windowsVerbatimArguments,
    });
    input = proc.stdin;
    // Quitting the pager early closes its input: the rest of the output has no reader, and that is fine.
    proc.stdin.on('error', () => {
      readerLeft = true;
    });
    started = new Promise((resolve) => {
      proc.once('error', () => {
        // It never started (no such program): print directly, as if there were no pager.
        flushDirect();
        resolve();
      });
      proc.once('spawn', () => {
        state = 'paging';
        process.on('SIGINT', ignoreInterrupt);
        for (const h of held) if (h.to === 'out') toPager(h.chunk);
        held.splice(0, held.length, ...held.filter((h) => h.to === 'err'));
        exited = new Promise((done) => proc.once('close', () => done()));
        resolve();
      });
    });
  };

  const stdout = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (state === 'direct') io.stdout.write(text);
      else if (state === 'paging') toPager(text);
      else {
        held.push({ to: 'out', chunk: text });
        if (state === 'holding' && overflows(text)) start();
      }
      callback();
    },
  });
  const stderr = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      // Before any output, stderr (a progress line) goes straight out; after, it keeps its place.
      if (state === 'direct' || (state === 'holding' && held.length === 0)) io.stderr.write(text);
      else held.push({ to: 'err', chunk: text });
      callback();
    },
  });

  const paged: IO = {
    get stdin() {
      return io.stdin;
    },
    stdout,
    stderr,
    get isStdinTTY() {
      return io.isStdinTTY;
    },
    isStdoutTTY: io.isStdoutTTY,
    get isStderrTTY() {
      return io.isStderrTTY;
    },
    colorEnabled: io.colorEnabled,
    get canPrompt() {
      return io.canPrompt;
    },
    columns: io.columns,
  };

  return {
    io: paged,
    async finish() {
      if (state === 'holding') return flushDirect();
      await started;
      if (state === 'direct') return;
      if (!readerLeft) input?.end();
      try {
        await exited;
      } finally {
        process.removeListener('SIGINT', ignoreInterrupt);
      }
      flushDirect();
    },
  };
}
