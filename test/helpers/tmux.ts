// The one pseudo-terminal harness: a tmux server of a test file's own, on a socket in a scratch directory
// (the user's tmux is never touched), each run in a session of its own of the size asked for, the screen
// read back, keys typed in, waits that poll the screen (no timed assertions).
//
//   const term = useTerminal('wts-review-pty-');                 // closed after the block (afterAll)
//   const pane = term.run(['wts', 'approval', 'review'], { env: { ...sandbox.env, NO_COLOR: '1' } });
//   await pane.waitFor('the question', '? Decide:');             // a string, a RegExp or a function of the screen
//   pane.line('a');                                              // literal text, then Enter
//   pane.keys('C-c');                                            // tmux key names, one after the other
//   const end = await pane.done();                               // { code, screen, title, sttyRestored, raw }
//
// run(command, options):
// - command: an argv (`wts` is the built CLI: bin/wts, on PATH first) or a bash command line;
// - the environment: the test process's, without NO_COLOR, FORCE_COLOR, EDITOR, VISUAL, the pager
//   variables and every WTS_*; then LANG=C.UTF-8, TERM=xterm-256color, a fresh WTS_CONFIG_DIR, the
//   tests' WTS_CACHE_DIR; then options.env;
// - cols × rows (default 120 × 50); title: the pane's title before the command starts;
// - raw: run under `script`, so done().raw holds the bytes the command wrote (escapes and all);
// - hold: after the command the pane stays alive (a dead pane hides its cursor) instead of ending;
// - visible: screen(), waitFor and done().screen read the screen as drawn, line for line (no history, no
//   wrapped lines joined): for full-screen programs, which draw on the alternate screen;
// - the terminal's settings (stty -g) are taken before and after: done().sttyRestored.
// The command runs in bash in the repository; Ctrl-C reaches its whole foreground group, and bash goes on
// after a child that handled SIGINT and exited on its own, so the exit status is still recorded. done()
// returns once tmux has read a mark the script writes to the terminal after the command, so the screen
// and the pane's modes are complete.
// Needs tmux (and `script` for raw); CI installs both (.ci/run): skip with describe.skipIf(!TMUX).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { REPO, TEST_CACHE_DIR, WTS_BIN } from './wts-process.js';

const which = (program: string): string | undefined => {
  const r = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
};
/** The tmux binary, or undefined when it is not installed (CI installs it: .ci/run). */
export const TMUX = which('tmux');
/** util-linux `script`, for `raw` runs (CI installs it: .ci/run). */
export const SCRIPT = which('script');

/** Single-quoted for sh/bash. */
export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Variables of the test process that would change what wts or a pager does on the terminal. */
const UNSET = ['NO_COLOR', 'FORCE_COLOR', 'EDITOR', 'VISUAL', 'PAGER', 'WTS_PAGER', 'LESS', 'LV', 'LESSCHARSET'];

export interface TerminalRunOptions {
  env?: Record<string, string>;
  cols?: number;
  rows?: number;
  /** The pane's title before the command starts (to see whether it changes it). */
  title?: string;
  /** Under `script`: done().raw is what the command wrote, byte for byte (as UTF-8 text). */
  raw?: boolean;
  /** Keep the pane alive after the command ended (its cursor and modes stay readable). */
  hold?: boolean;
  /** The screen as drawn, line for line, instead of the whole pane with wrapped lines joined (full-screen programs). */
  visible?: boolean;
}

export interface TerminalEnd {
  code: number;
  /** The screen once it ended. */
  screen: string;
  title: string;
  /** `stty -g` after the command equals what it was before. */
  sttyRestored: boolean;
  /** With `raw`: the bytes the command wrote; else ''. */
  raw: string;
}

export interface Pane {
  /** The tmux target (session name), for what the harness does not wrap (display-message, list-panes). */
  readonly target: string;
  /** The whole pane, scrolled-off lines included, wrapped lines joined (with `visible`: the screen as drawn). */
  screen(): string;
  title(): string;
  /** Resizes the terminal (the program gets SIGWINCH). */
  resize(cols: number, rows: number): void;
  /** tmux key names (Enter, Escape, C-c, Up, …), one after the other. */
  keys(...names: string[]): void;
  /** Literal text, no Enter. */
  type(text: string): void;
  /** Literal text, then Enter: one line of input. */
  line(text: string): void;
  /** Polls until the screen shows `want` (a substring, a RegExp, or a check); fails with what it shows instead. */
  waitFor(what: string, want: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  /** Waits for the command to end. */
  done(timeoutMs?: number): Promise<TerminalEnd>;
}

export interface Terminal {
  run(command: string[] | string, options?: TerminalRunOptions): Pane;
  /** The scratch directory (removed at the end): for files a test hands to the command. */
  readonly scratch: string;
  /** Any tmux command on this server. */
  tmux(...args: string[]): string;
}

/** A terminal harness for the tests of the enclosing block; its server and files go after them. */
export function useTerminal(prefix = 'wts-pty-'): Terminal {
  let server: TmuxServer | undefined;
  let runs = 0;
  const started = (): TmuxServer => {
    server ??= tmuxServer(prefix);
    return server;
  };
  afterAll(() => server?.close());

  return {
    get scratch() {
      return started().scratch;
    },
    tmux: (...args) => started().tmux(...args),
    run(command, options = {}) {
      const t = started();
      const n = ++runs;
      const target = `run${n}`;
      const file = (name: string) => join(t.scratch, `${target}.${name}`);
      const bin = join(t.scratch, 'bin');
      if (!existsSync(bin)) {
        mkdirSync(bin);
        writeFileSync(join(bin, 'wts'), `#!/bin/sh\nexec ${shellQuote(process.execPath)} ${shellQuote(WTS_BIN)} "$@"\n`, { mode: 0o755 });
      }
      const config = file('config');
      mkdirSync(config, { mode: 0o700 });
      const env: Record<string, string> = {
        LANG: 'C.UTF-8',
        TERM: 'xterm-256color',
        WTS_CONFIG_DIR: config,
        WTS_CACHE_DIR: TEST_CACHE_DIR,
        ...options.env,
      };
      const line = typeof command === 'string' ? command : command.map(shellQuote).join(' ');
      // The end of the run, told through the terminal after the status: an OSC 7 naming the run (a working
      // directory, which tmux keeps as #{pane_path} and draws nowhere). A terminal's bytes arrive in order,
      // so once tmux has it, it has drawn all the command wrote before. Neither the status file nor the
      // pane's death says that: on a busy machine tmux can see the process end before reading its last output.
      const endMark = `file://wts-test/${target}/ended`;
      if (options.raw && !SCRIPT) throw new Error('useTerminal: a raw run needs `script` (util-linux)');
      writeFileSync(
        file('sh'),
        [
          `unset ${[...UNSET, ...Object.keys(process.env).filter((k) => k.startsWith('WTS_'))].join(' ')}`,
          ...Object.entries(env).map(([k, v]) => `export ${k}=${shellQuote(v)}`),
          `export PATH=${shellQuote(bin)}:"$PATH"`,
          `cd ${shellQuote(REPO)}`,
          `stty -g > ${shellQuote(file('stty-before'))}`,
          options.raw ? `${shellQuote(SCRIPT!)} -q -e -c ${shellQuote(line)} ${shellQuote(file('raw'))}` : line,
          `code=$?; stty -g > ${shellQuote(file('stty-after'))}; echo $code > ${shellQuote(file('status'))}.tmp && mv ${shellQuote(file('status'))}.tmp ${shellQuote(file('status'))}`,
          `printf '\\033]7;%s\\033\\\\' ${shellQuote(endMark)}`,
          ...(options.hold ? ['exec sleep 100000'] : []),
        ].join('\n'),
      );
      const screen = () => (options.visible ? t.tmux('capture-pane', '-p', '-t', target) : t.screen(target));
      const title = () => t.tmux('display-message', '-p', '-t', target, '#{pane_title}').replace(/\n$/, '');
      // The session starts idle, so the title is set before the command runs and the screen is fresh.
      t.tmux('new-session', '-d', '-s', target, '-x', String(options.cols ?? 120), '-y', String(options.rows ?? 50), 'sleep 100000');
      if (options.title !== undefined) {
        t.tmux('select-pane', '-t', target, '-T', options.title);
        if (title() !== options.title) throw new Error(`useTerminal: the pane's title is not ${options.title}`);
      }
      t.tmux('respawn-pane', '-k', '-t', target, `bash ${shellQuote(file('sh'))}`);
      t.tmux('clear-history', '-t', target);

      const ended = () => t.tmux('display-message', '-p', '-t', target, '#{pane_path}').trim() === endMark;
      return {
        target,
        screen,
        title,
        resize: (cols, rows) => void t.tmux('resize-window', '-t', target, '-x', String(cols), '-y', String(rows)),
        keys: (...names) => {
          for (const name of names) t.tmux('send-keys', '-t', target, name);
        },
        type: (text) => void t.tmux('send-keys', '-t', target, '-l', text),
        line(text) {
          if (text) t.tmux('send-keys', '-t', target, '-l', text);
          t.tmux('send-keys', '-t', target, 'Enter');
        },
        waitFor(what, want, timeoutMs) {
          const check =
            typeof want === 'function' ? want : typeof want === 'string' ? (s: string) => s.includes(want) : (s: string) => want.test(s);
          return t.waitFor(what, screen, check, timeoutMs);
        },
        async done(timeoutMs) {
          await t.waitFor('the command to end', screen, ended, timeoutMs);
          let raw = '';
          if (options.raw) {
            // script frames what it recorded with a "Script started" line and a "Script done" line.
            const typescript = readFileSync(file('raw'), 'utf8');
            raw = typescript.slice(typescript.indexOf('\n') + 1, typescript.lastIndexOf('\nScript done'));
          }
          return {
            code: Number(readFileSync(file('status'), 'utf8')),
            screen: screen(),
            title: title(),
            sttyRestored: readFileSync(file('stty-before'), 'utf8') === readFileSync(file('stty-after'), 'utf8'),
            raw,
          };
        },
      };
    },
  };
}

/** The layer under useTerminal: a tmux server and its scratch directory, nothing started. */
interface TmuxServer {
  scratch: string;
  tmux(...args: string[]): string;
  /** The whole pane, scrolled-off lines included, wrapped lines joined. */
  screen(session: string): string;
  /** Polls until `check` holds for what `read` returns; fails with what it shows instead. */
  waitFor(what: string, read: () => string, check: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  close(): void;
}

function tmuxServer(prefix: string): TmuxServer {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  const socket = join(scratch, 'tmux.sock');
  // Panes stay after their process ends, so the last screen can be read.
  writeFileSync(join(scratch, 'tmux.conf'), 'set -g remain-on-exit on\nset -g history-limit 20000\n');
  const tmux = (...args: string[]) => {
    if (!TMUX) throw new Error('tmux is not installed');
    const r = spawnSync(TMUX, ['-S', socket, '-f', join(scratch, 'tmux.conf'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, TERM: 'xterm-256color' },
    });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout;
  };
  const screen = (session: string) => tmux('capture-pane', '-p', '-J', '-S', '-', '-t', session);
  return {
    scratch,
    tmux,
    screen,
    async waitFor(what, read, check, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      let text = '';
      while (Date.now() < deadline) {
        text = read();
        if (check(text)) return text;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`the screen did not show ${what}; it shows:\n${text}`);
    },
    close() {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
