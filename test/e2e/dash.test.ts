// `wts dash` on a real pseudo-terminal: the built CLI runs inside tmux (test/helpers/tmux.ts), keys are
// typed with `tmux send-keys`, the screen is read back with `tmux capture-pane`, and what the service
// holds afterwards is read through its API. Needs `npm run build` first (npm test does it) and tmux (CI
// installs it: .ci/run). No timing is asserted: every wait polls the screen for what must appear.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SandboxContext } from '../../src/sandbox/context.js';
import { addPendingAction } from '../helpers/api.js';
import { runWts } from '../helpers/cli.js';
import { fakeEditor } from '../helpers/editor.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { TMUX, tmuxServer, type TmuxServer } from '../helpers/tmux.js';
import { REPO, TEST_CACHE_DIR, WTS_BIN } from '../helpers/wts-process.js';

if (!TMUX) console.warn('dash.test: tmux is not installed, so the dashboard on a terminal is skipped (CI installs it: .ci/run)');

const sandbox = useSandbox();
type Seeded = SandboxContext['store']['state']['data']['pendingActions'][number];
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** What waits in ada's acme workspaces, by kind. */
function waitingOf(kind: Seeded['kind']): Seeded[] {
  const { tasks, workspaces, pendingActions } = sandbox.ctx.store.state.data;
  const acme = new Set(workspaces.filter((w) => w.orgId === 'org_acme').map((w) => w.id));
  const visible = new Set(tasks.filter((t) => acme.has(t.workspaceId)).map((t) => t.id));
  return pendingActions.filter((a) => a.state === 'pending' && a.kind === kind && visible.has(a.taskId)).sort((x, y) => x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id));
}
const actionNow = async (id: string) => (await sandbox.api.ok('GET', `/pending-actions/${id}`)) as { state: string; draft: Record<string, unknown>; resolution?: Record<string, unknown> };
const taskNow = async (id: string) => (await sandbox.api.ok('GET', `/tasks/${id}`)) as { status: string; notes: { content: string }[] };

describe('wts dash without a terminal', () => {
  it('exits 2 with one line naming the commands for scripts, and sends nothing', async () => {
    const before = await sandbox.requests();
    const r = await runWts(['dash'], { env: sandbox.env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('needs a terminal');
    for (const command of ['wts inbox', 'wts task list', 'wts task board WS', 'wts schedule list', 'wts approval approve|reject|done|answer ID']) expect(r.stderr).toContain(command);
    expect(await sandbox.requests()).toBe(before);
  });
});

describe.skipIf(!TMUX)('wts dash on a terminal (tmux)', () => {
  let server: TmuxServer;
  let runs = 0;
  afterAll(() => server?.close());

  interface Dash {
    session: string;
    /** The screen now (the alternate screen while the dashboard runs). */
    screen(): string;
    waitFor(what: string, check: (text: string) => boolean): Promise<string>;
    /** Keys by tmux name (Enter, Tab, C-c, …), one at a time. */
    keys(...k: string[]): void;
    /** Literal text. */
    type(text: string): void;
    /** Selects the item `id` of the section on screen: a filter of its id. */
    select(id: string): Promise<void>;
    /** The exit status once it ended, whether the terminal settings are as before, and the pane's screen flags. */
    exit(): Promise<{ code: number; sttyRestored: boolean; alternate: string; cursor: string }>;
    pane: () => string;
  }

  /** Runs `wts dash ARGS` in a tmux session of its own. */
  function startDash(args: string[], options: { env?: Record<string, string>; width?: number; height?: number; configDir?: string } = {}): Dash {
    server ??= tmuxServer('wts-dash-');
    const session = `dash${++runs}`;
    const dir = server.scratch;
    const launcher = join(dir, `${session}.sh`);
    const statusFile = join(dir, `${session}.status`);
    const stty = join(dir, `${session}.stty`);
    const env = {
      WTS_ORIGIN: sandbox.origin,
      WTS_TOKEN: sandbox.token,
      WTS_CONFIG_DIR: options.configDir ?? join(dir, `${session}-config`),
      WTS_CACHE_DIR: TEST_CACHE_DIR,
      NO_COLOR: '1',
      LANG: 'C.UTF-8',
      ...options.env,
    };
    writeFileSync(
      launcher,
      [
        `export ${Object.entries(env)
          .map(([k, v]) => `${k}=${q(v)}`)
          .join(' ')}`,
        `stty -g > ${q(stty)}.before`,
        `cd ${q(REPO)} && ${q(process.execPath)} ${q(WTS_BIN)} dash ${args.map(q).join(' ')}`,
        `code=$?; stty -g > ${q(stty)}.after; echo $code > ${q(statusFile)}.tmp && mv ${q(statusFile)}.tmp ${q(statusFile)}`,
        // The pane stays alive, so its cursor flag is the one the dashboard left (tmux hides the cursor of a dead pane).
        'exec sleep 3600',
      ].join('\n'),
    );
    server.tmux('new-session', '-d', '-s', session, '-x', String(options.width ?? 80), '-y', String(options.height ?? 24), `sh ${q(launcher)}`);
    const screen = () => server.tmux('capture-pane', '-p', '-t', session);
    const waitFor = (what: string, check: (text: string) => boolean) => server.waitFor(session, what, () => check(screen()), 30_000).then(() => screen());
    const keys = (...k: string[]) => {
      for (const key of k) server.tmux('send-keys', '-t', session, key);
    };
    const type = (text: string) => server.tmux('send-keys', '-t', session, '-l', text);
    return {
      session,
      screen,
      waitFor,
      keys,
      type,
      pane: () => server.tmux('display-message', '-p', '-t', session, '#{alternate_on} #{cursor_flag}').trim(),
      async select(id) {
        keys('/');
        await waitFor('the filter line', (t) => /^\/_?$/m.test(t));
        type(id);
        await waitFor(`only ${id} listed`, (t) => t.includes(`› ${id} `) && t.includes(`/${id}_`));
        keys('Enter');
        await waitFor('the filter kept', (t) => t.includes(`filter: ${id}`));
      },
      async exit() {
        await server.waitFor(session, 'the process to end', () => existsSync(statusFile) && /^\d+\n$/.test(readFileSync(statusFile, 'utf8')));
        const [alternate = '', cursor = ''] = server.tmux('display-message', '-p', '-t', session, '#{alternate_on} #{cursor_flag}').trim().split(' ');
        return { code: Number(readFileSync(statusFile, 'utf8')), sttyRestored: readFileSync(`${stty}.before`, 'utf8') === readFileSync(`${stty}.after`, 'utf8'), alternate, cursor };
      },
    };
  }

  /** Waits for the first load: the inbox's count in its tab. */
  const loaded = (dash: Dash) => dash.waitFor('the loaded dashboard', (t) => /\[1 Inbox \(\d+\)\]/.test(t) && t.includes('refreshed'));

  it('shows the sections with counts and the whole draft of the selected action at 80×24; q leaves the terminal as it was', { timeout: 180_000 }, async () => {
    const actions = waitingOf('action');
    const total = ['action', 'human_task', 'question'].flatMap((k) => waitingOf(k as Seeded['kind'])).length;
    const dash = startDash([]);
    const first = await loaded(dash);
    expect(dash.pane()).toBe('1 0');
    const lines = first.replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(24);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(first).toContain(`[1 Inbox (${total})]`);
    expect(first).toMatch(/2 My tasks \(0\)\s+3 Board \(\d+\)\s+4 Schedules \(\d+\)/);
    expect(first).toContain(`Actions to approve (${actions.length})`);
    // The oldest action is selected, its draft in the pane.
    expect(first).toContain(`› ${actions[0]!.id} `);
    expect(first).toMatch(new RegExp(`│ ID:\\s+${actions[0]!.id}`));
    for (const field of Object.keys(actions[0]!.draft)) expect(first).toMatch(new RegExp(`│ draft\\.${field}:`));

    // My tasks: who "me" is is not known with WTS_TOKEN, and it says so.
    dash.keys('2');
    await dash.waitFor('my tasks', (t) => t.includes('[2 My tasks (0)]') && t.includes('Who you are is not known'));
    // The board of the first workspace, a task's detail with its status, people and chat.
    dash.keys('3');
    const board = await dash.waitFor('the board with a task pane', (t) => /\[3 Board \(\d+\)\]/.test(t) && t.includes('To do (') && /│ Status:\s+\S+/.test(t) && /│ Chat:/.test(t));
    expect(board).toMatch(/│ Assignees:/);
    // Schedules: the cron in words and the next runs.
    dash.keys('Tab');
    const schedules = await dash.waitFor('the schedules', (t) => /\[4 Schedules \(\d+\)\]/.test(t) && /│ Schedule:\s+\S+/.test(t));
    expect(schedules).toMatch(/│ Next runs:|none while paused/);
    // The filter narrows the list as it is typed; Esc clears it.
    dash.keys('1');
    await dash.waitFor('the inbox again', (t) => t.includes('[1 Inbox ('));
    dash.keys('/');
    await dash.waitFor('the filter line', (t) => /^\/_$/m.test(t));
    dash.type(actions[1]!.id);
    await dash.waitFor('the filtered list', (t) => t.includes(`[1 Inbox (1/${total})]`) && t.includes(`› ${actions[1]!.id} `));
    dash.keys('Escape');
    await dash.waitFor('the whole list', (t) => t.includes(`[1 Inbox (${total})]`));
    // Every key on ?.
    dash.keys('?');
    const help = await dash.waitFor('the keys', (t) => t.includes('filter the section as you type'));
    for (const key of ['approve the proposed action', 'reject the action', 'edit the draft in $EDITOR', "answer the agent's question", "mark the person's task done", 'add a note to the task', 'send the agent a message', 'complete the task', 'move the task to another column', 'pause an active schedule', 'quit']) expect(help).toContain(key);
    dash.keys('Escape');
    await dash.waitFor('the list after the help', (t) => t.includes(`› ${actions[0]!.id} `));

    dash.keys('q');
    const end = await dash.exit();
    expect(end).toEqual({ code: 0, sttyRestored: true, alternate: '0', cursor: '1' });
    // The alternate screen is gone and nothing was printed on the shell's screen.
    expect(dash.screen()).not.toMatch(/Inbox|wts dash|\x1b/);
    for (const a of actions) expect((await actionNow(a.id)).state).toBe('pending');
  });

  it('Ctrl-C and SIGTERM leave the terminal as it was too', { timeout: 120_000 }, async () => {
    const dash = startDash([]);
    await loaded(dash);
    dash.keys('C-c');
    expect(await dash.exit()).toEqual({ code: 0, sttyRestored: true, alternate: '0', cursor: '1' });
    expect(dash.screen()).not.toMatch(/Inbox|wts dash/);

    const killed = startDash([]);
    await loaded(killed);
    const pid = server.tmux('list-panes', '-t', killed.session, '-F', '#{pane_pid}').trim();
    // The shell running the launcher is the pane's process; wts is its child.
    const child = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0]!;
    process.kill(Number(child), 'SIGTERM');
    expect(await killed.exit()).toEqual({ code: 143, sttyRestored: true, alternate: '0', cursor: '1' });
    expect(killed.screen()).not.toMatch(/Inbox|wts dash/);
  });

  it('redraws when the terminal is resized', { timeout: 120_000 }, async () => {
    const dash = startDash([], { width: 80, height: 24 });
    await loaded(dash);
    server.tmux('resize-window', '-t', dash.session, '-x', '160', '-y', '40');
    const wide = await dash.waitFor('the wide layout', (t) => t.split('\n').some((l) => l.length > 100 && l.includes('refreshed')));
    expect(wide.replace(/\n$/, '').split('\n').length).toBeLessThanOrEqual(40);
    server.tmux('resize-window', '-t', dash.session, '-x', '80', '-y', '24');
    await dash.waitFor('the narrow layout', (t) => t.split('\n').every((l) => l.length <= 80) && t.split('\n').some((l) => l.includes('refreshed')));
    dash.keys('q');
    expect((await dash.exit()).code).toBe(0);
  });
});
