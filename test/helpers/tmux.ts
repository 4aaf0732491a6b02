// A tmux server of a test's own, on a socket in a scratch directory (the user's tmux is never touched),
// for running the built CLI on a real pseudo-terminal and reading the screen back.
//
//   const t = tmuxServer('wts-follow-pty-');
//   t.tmux('new-session', '-d', '-s', 'main', '-x', '120', '-y', '50', 'bash script.sh');
//   await t.waitFor('main', 'the prompt', (screen) => screen.includes('$'));
//   t.close();
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The tmux binary, or undefined when it is not installed (CI installs it: .ci/run). */
export const TMUX = (() => {
  const r = spawnSync('sh', ['-c', 'command -v tmux'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
})();

export interface TmuxServer {
  scratch: string;
  tmux(...args: string[]): string;
  /** The whole pane, scrolled-off lines included, wrapped lines joined. */
  screen(session: string): string;
  /** Polls until `check` holds for the screen; fails with what the screen shows instead. */
  waitFor(session: string, what: string, check: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  close(): void;
}

export function tmuxServer(prefix: string): TmuxServer {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  const socket = join(scratch, 'tmux.sock');
  // Panes stay after their process ends, so the last screen can be read.
  writeFileSync(join(scratch, 'tmux.conf'), 'set -g remain-on-exit on\nset -g history-limit 10000\n');
  const tmux = (...args: string[]) => {
    const r = spawnSync(TMUX!, ['-S', socket, '-f', join(scratch, 'tmux.conf'), ...args], { encoding: 'utf8', env: { ...process.env, TERM: 'xterm-256color' } });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout;
  };
  const screen = (session: string) => tmux('capture-pane', '-p', '-J', '-S', '-', '-t', session);
  return {
    scratch,
    tmux,
    screen,
    async waitFor(session, what, check, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      let text = '';
      while (Date.now() < deadline) {
        text = screen(session);
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
