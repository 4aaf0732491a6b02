// `wts dash` on a real pseudo-terminal: the built CLI runs inside tmux (test/helpers/tmux.ts), keys are
// typed with `tmux send-keys`, the screen is read back with `tmux capture-pane`, and what the service
// holds afterwards is read through its API. Needs `npm run build` first (npm test does it) and tmux (CI
// installs it: .ci/run). No timing is asserted: every wait polls the screen for what must appear.
// This file is the dashboard as Ink and React draw it on a terminal (in the lines tier: it runs on every
// Node line); what its keys do to the service is in dash-actions.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PendingKind } from '../../src/sandbox/model.js';
import { runWts, tempConfigDir } from '../helpers/cli.js';
import { actionNow as actionOf, type DashOptions, loaded, startDash as startDashOn, waitingOf as waitingKind } from '../helpers/dash.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { TMUX, useTerminal } from '../helpers/tmux.js';
import { hasProc } from '../helpers/platform.js';

if (!TMUX) console.warn('dash.test: tmux is not installed, so the dashboard on a terminal is skipped (CI installs it: .ci/run)');

const sandbox = useSandbox();
const waitingOf = (kind: PendingKind) => waitingKind(sandbox, kind);
const actionNow = (id: string) => actionOf(sandbox, id);

describe('wts dash without a terminal', () => {
  it('exits 2 with one line naming the commands for scripts, and sends nothing', async () => {
    const before = await sandbox.requests();
    const r = await runWts(['dash'], { env: sandbox.env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('needs a terminal');
    for (const command of [
      'wts inbox',
      'wts task list',
      'wts task board WS',
      'wts schedule list',
      'wts approval approve|reject|done|answer ID',
    ])
      expect(r.stderr).toContain(command);
    expect(await sandbox.requests()).toBe(before);
  });
});

describe('wts dash in accessible mode', () => {
  const message = [
    'wts dash draws a full screen, which accessible mode leaves out. The same work, line by line:',
    '  wts approval review   decide what waits, one item after another, as numbered questions',
    '  wts inbox --watch     be told each item that starts waiting, as it appears',
    '  wts inbox             what waits now; wts task list and wts task board WS for tasks',
    '',
  ].join('\n');

  it('points to approval review and inbox --watch and exits 0, from --accessible, WTS_ACCESSIBLE=1 or the setting', async () => {
    const dir = tempConfigDir();
    const env = { ...sandbox.env, WTS_CONFIG_DIR: dir };
    const before = await sandbox.requests();
    for (const [args, more] of [
      [['--accessible', 'dash'], {}],
      [['dash', '--notify'], { WTS_ACCESSIBLE: '1' }],
    ] as const) {
      const r = await runWts([...args], { tty: true, env: { ...env, ...more } });
      expect(r, args.join(' ')).toMatchObject({ code: 0, stdout: message, stderr: '' });
    }
    expect((await runWts(['config', 'set', 'accessible', 'true'], { env })).code).toBe(0);
    // Piped too: the message, not the refusal for want of a terminal.
    expect(await runWts(['dash'], { env })).toMatchObject({ code: 0, stdout: message });
    // WTS_ACCESSIBLE=0 turns the configured mode off: the dashboard again, which needs a terminal.
    const off = await runWts(['dash'], { env: { ...env, WTS_ACCESSIBLE: '0' } });
    expect(off.code).toBe(2);
    expect(off.stderr).toContain('needs a terminal');
    expect(await sandbox.requests()).toBe(before);
  });
});

describe.skipIf(!TMUX)('wts dash on a terminal (tmux)', () => {
  const term = useTerminal('wts-dash-');
  const startDash = (args: string[], options?: DashOptions) => startDashOn(term, sandbox, args, options);

  it('shows the sections with counts and the whole draft of the selected action at 80×24; q leaves the terminal as it was', {
    timeout: 180_000,
  }, async () => {
    const actions = waitingOf('action');
    const total = ['action', 'human_task', 'question'].flatMap((k) => waitingOf(k as PendingKind)).length;
    const dash = startDash([]);
    const first = await loaded(dash);
    expect(dash.modes()).toBe('1 0');
    const lines = first.replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(24);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    // The key line fits, the help key at its end (issue 39).
    expect(lines.at(-1)).toMatch(/ · \? help · q quit\s*$/);
    expect(first).toContain(`[1 Inbox (${total})]`);
    expect(first).toMatch(/2 My tasks \(0\)\s+3 Board ws_\w+ \(\d+\)\s+4 Schedules \(\d+\)/);
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
    const board = await dash.waitFor(
      'the board with a task pane',
      (t) => /\[3 Board ws_support \(\d+\)\]/.test(t) && t.includes('To do (') && /│ Status:\s+\S+/.test(t) && /│ Chat:/.test(t),
    );
    expect(board).toMatch(/│ Assignees:/);
    // Schedules: the cron in words and the next runs.
    dash.keys('Tab');
    const schedules = await dash.waitFor('the schedules', (t) => /\[4 Schedules \(\d+\)\]/.test(t) && /│ Schedule:\s+\S+/.test(t));
    expect(schedules).toMatch(/│ Next runs:|none while paused/);
    // The ids give way to the titles (cut with …), as in the tables.
    expect(schedules).toContain('sched_s…  Check the status pag');
    expect(schedules).not.toContain('sched_support_status  ');
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
    for (const key of [
      'approve the proposed action',
      'reject the action',
      'edit the draft in $EDITOR',
      "answer the agent's question",
      "mark the person's task done",
      'add a note to the task',
      'send the agent a message',
      'complete the task',
      'move the task to another column',
      'pause an active schedule',
      'quit',
    ])
      expect(help).toContain(key);
    dash.keys('Escape');
    await dash.waitFor('the list after the help', (t) => t.includes(`› ${actions[0]!.id} `));

    dash.keys('q');
    const end = await dash.exit();
    expect(end).toEqual({ code: 0, sttyRestored: true, alternate: '0', cursor: '1' });
    // The alternate screen is gone and nothing was printed on the shell's screen.
    expect(dash.screen()).not.toMatch(/Inbox|wts dash|\x1b/);
    for (const a of actions) expect((await actionNow(a.id)).state).toBe('pending');
  });

  // wts is found as the pane's child through /proc (Linux).
  it.skipIf(!hasProc)('Ctrl-C and SIGTERM leave the terminal as it was too', { timeout: 120_000 }, async () => {
    const dash = startDash([]);
    await loaded(dash);
    dash.keys('C-c');
    expect(await dash.exit()).toEqual({ code: 0, sttyRestored: true, alternate: '0', cursor: '1' });
    expect(dash.screen()).not.toMatch(/Inbox|wts dash/);

    const killed = startDash([]);
    await loaded(killed);
    const pid = term.tmux('list-panes', '-t', killed.target, '-F', '#{pane_pid}').trim();
    // The shell running the launcher is the pane's process; wts is its child.
    const child = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0]!;
    process.kill(Number(child), 'SIGTERM');
    expect(await killed.exit()).toEqual({ code: 143, sttyRestored: true, alternate: '0', cursor: '1' });
    expect(killed.screen()).not.toMatch(/Inbox|wts dash/);
  });

  it('redraws when the terminal is resized', { timeout: 120_000 }, async () => {
    const dash = startDash([], { width: 80, height: 24 });
    await loaded(dash);
    dash.resize(160, 40);
    const wide = await dash.waitFor('the wide layout', (t) => t.split('\n').some((l) => l.length > 100 && l.includes('refreshed')));
    expect(wide.replace(/\n$/, '').split('\n').length).toBeLessThanOrEqual(40);
    dash.resize(80, 24);
    await dash.waitFor(
      'the narrow layout',
      (t) => t.split('\n').every((l) => l.length <= 80) && t.split('\n').some((l) => l.includes('refreshed')),
    );
    dash.keys('q');
    expect((await dash.exit()).code).toBe(0);
  });
});
