// `wts dash` on a tmux pane, for test/e2e/dash.test.ts (the dashboard under Ink on each Node line) and
// test/e2e/dash-actions.test.ts (what its keys do to the service): the pane, its first load, and the
// status-line questions a key asks before it acts.
import type { PendingActionRec, PendingKind } from '../../src/sandbox/model.js';
import { waitingIn } from './api.js';
import type { SandboxFixture } from './sandbox-fixture.js';
import type { Pane, Terminal } from './tmux.js';

/** A pane running the dashboard (the screen as drawn: the alternate screen while it runs). */
export interface Dash extends Pane {
  /** Selects the item `id` of the section on screen: a filter of its id. */
  select(id: string): Promise<void>;
  /** The exit status once it ended, whether the terminal settings are as before, and the pane's screen flags. */
  exit(): Promise<{ code: number; sttyRestored: boolean; alternate: string; cursor: string }>;
  /** The pane's flags now: whether the alternate screen is on, whether the cursor shows ("1 0"). */
  modes(): string;
}

export interface DashOptions {
  env?: Record<string, string>;
  width?: number;
  height?: number;
  configDir?: string;
}

/** Runs `wts dash ARGS` as the sandbox's user on a terminal of its own (80×24 unless asked), without colour. */
export function startDash(term: Terminal, sandbox: SandboxFixture, args: string[], options: DashOptions = {}): Dash {
  const pane = term.run(['wts', 'dash', ...args], {
    env: { ...sandbox.env, NO_COLOR: '1', ...(options.configDir ? { WTS_CONFIG_DIR: options.configDir } : {}), ...options.env },
    cols: options.width ?? 80,
    rows: options.height ?? 24,
    // The pane stays alive, so its cursor flag is the one the dashboard left (tmux hides the cursor of a dead pane).
    hold: true,
    visible: true,
  });
  const modes = () => term.tmux('display-message', '-p', '-t', pane.target, '#{alternate_on} #{cursor_flag}').trim();
  return {
    ...pane,
    modes,
    async select(id) {
      pane.keys('Escape');
      // No filter: the tab counts all items, not "shown/total".
      await pane.waitFor('no filter', (t) => !/\[\d [^\]()]+ \(\d+\/\d+\)\]/.test(t));
      pane.keys('/');
      await pane.waitFor('the filter line', (t) => /^\/_?$/m.test(t));
      pane.type(id);
      // Selected: its row (a schedule's id may be cut there, before its title) and its ID in the pane.
      const selected = (t: string) =>
        /^› \S/m.test(t) && (t.includes(`› ${id} `) || t.split('\n').some((l) => /│ ID:\s+(\S+)\s*$/.exec(l)?.[1] === id));
      await pane.waitFor(`only ${id} listed`, (t) => selected(t) && t.includes(`/${id}_`));
      pane.keys('Enter');
      await pane.waitFor('the filter kept', (t) => !t.includes(`/${id}_`) && selected(t));
    },
    async exit() {
      const { code, sttyRestored } = await pane.done();
      const [alternate = '', cursor = ''] = modes().split(' ');
      return { code, sttyRestored, alternate, cursor };
    },
  };
}

/** Waits for the first load: the inbox's count in its tab. */
export const loaded = (dash: Dash) => dash.waitFor('the loaded dashboard', (t) => /\[1 Inbox \(\d+\)\]/.test(t) && t.includes('refreshed'));

/** The two lines above the key line, joined: a result or a question wraps onto both. */
export const bottom = (screen: string) =>
  screen
    .replace(/\n$/, '')
    .split('\n')
    .slice(-3, -1)
    .map((l) => l.trim())
    .join(' ');

/** Answers the confirmation `question` with y and waits for `result` in the status lines. */
export async function confirm(dash: Dash, question: string, result: string): Promise<string> {
  await dash.waitFor(`the question "${question}"`, (t) => bottom(t).includes(question) && bottom(t).includes('(y/N)'));
  dash.keys('y');
  return dash.waitFor(`the result "${result}"`, (t) => bottom(t).includes(result));
}

/** Presses `key`, waits for its `prompt`, types `text` and Enter, then confirms as confirm() does. */
export async function promptThenConfirm(
  dash: Dash,
  key: string,
  prompt: string,
  text: string,
  question: string,
  result: string,
): Promise<string> {
  dash.keys(key);
  await dash.waitFor(`the prompt "${prompt}"`, (t) => t.includes(prompt));
  dash.type(text);
  dash.keys('Enter');
  return confirm(dash, question, result);
}

/** What waits in ada's acme workspaces, by kind. */
export const waitingOf = (sandbox: SandboxFixture, kind: PendingKind): PendingActionRec[] =>
  waitingIn(sandbox, 'org_acme').filter((a) => a.kind === kind);

/** A pending action as the API returns it, with the resolution the sandbox keeps (the API does not return it). */
export const actionNow = async (sandbox: SandboxFixture, id: string) => ({
  ...((await sandbox.api.ok('GET', `/pending-actions/${id}`)) as { state: string; draft: Record<string, unknown> }),
  resolution: sandbox.ctx.store.state.data.pendingActions.find((a) => a.id === id)?.resolution,
});
