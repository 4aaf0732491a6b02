// What `wts dash`'s keys do to the service, on a real pseudo-terminal (tmux, test/helpers/dash.ts): the
// decisions on pending actions, notes, messages, moves and pauses, failures and retries in the status
// line, refreshes, hostile records and --notify. The same JavaScript on every Node line once the
// dashboard draws and reads keys under Ink there (dash.test.ts, in the lines tier), so not in that tier.
// No timing is asserted: every wait polls the screen for what must appear.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { PendingKind } from '../../src/sandbox/model.js';
import { addPendingAction } from '../helpers/api.js';
import { runWts } from '../helpers/cli.js';
import {
  actionNow as actionOf,
  bottom,
  confirm,
  type Dash,
  type DashOptions,
  loaded,
  promptThenConfirm,
  startDash as startDashOn,
  waitingOf as waitingKind,
} from '../helpers/dash.js';
import { fakeEditor } from '../helpers/editor.js';
import { faultProxy } from '../helpers/fault-proxy.js';
import { ESC, SHOWN, seedHostileWorkspace } from '../helpers/hostile.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { SCRIPT, TMUX, useTerminal } from '../helpers/tmux.js';

if (!TMUX) console.warn('dash-actions.test: tmux is not installed, so the dashboard on a terminal is skipped (CI installs it: .ci/run)');

const sandbox = useSandbox();
const waitingOf = (kind: PendingKind) => waitingKind(sandbox, kind);
const actionNow = (id: string) => actionOf(sandbox, id);
const taskNow = async (id: string) => (await sandbox.api.ok('GET', `/tasks/${id}`)) as { status: string; notes: { content: string }[] };

describe.skipIf(!TMUX)('wts dash on a terminal (tmux): what its keys do', () => {
  const term = useTerminal('wts-dash-actions-');
  const startDash = (args: string[], options?: DashOptions) => startDashOn(term, sandbox, args, options);

  it("says the client's retry in its status line, never on top of the screen", { timeout: 120_000 }, async () => {
    // The first listing of the schedules gets no answer: the client gives up on it and says it tries again.
    let stalled = false;
    const proxy = await faultProxy(sandbox.origin, (ex) => {
      if (stalled || !ex.path.startsWith('/api/v1/scheduled-tasks')) return;
      stalled = true;
      ex.stall();
    });
    try {
      const dash = startDash([], { env: { WTS_ORIGIN: proxy.origin, WTS_REQUEST_TIMEOUT_MS: '1500' } });
      const screen = await dash.waitFor('the retry in the status line', (t) => bottom(t).includes('trying again (2 of'));
      const lines = screen.replace(/\n$/, '').split('\n');
      expect(lines[0]).toMatch(/^wts dash · /);
      expect(lines.length).toBeLessThanOrEqual(24);
      expect(lines.slice(0, -3).filter((l) => l.includes('no answer'))).toEqual([]);
      await loaded(dash);
      dash.keys('q');
      expect((await dash.exit()).code).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('approves, rejects with a reason, edits then approves, answers and marks done, each after a y, through the approval decisions', {
    timeout: 240_000,
  }, async () => {
    const [approve, edited, reject] = [
      waitingOf('action')[0]!,
      waitingOf('action').find((a) => 'subject' in a.draft && a !== waitingOf('action')[0])!,
      waitingOf('action').at(-1)!,
    ];
    expect(new Set([approve.id, edited.id, reject.id]).size).toBe(3);
    const question = waitingOf('question')[0]!;
    const human = waitingOf('human_task')[0]!;
    const editor = fakeEditor(
      `awk 'done != 1 && prev ~ /^@@ subject @@ / { print "Edited in the dashboard"; prev = $0; done = 1; next } { print; prev = $0 }' "$1" > "$1.new" && mv "$1.new" "$1"`,
    );
    const dash = startDash([], { env: { EDITOR: editor } });
    await loaded(dash);

    // Approve: nothing is sent before the y; n cancels.
    await dash.select(approve.id);
    const before = await sandbox.requests();
    dash.keys('a');
    await dash.waitFor('the question', (t) => t.includes(`Approve ${approve.id} (`) && t.includes('(y/N)'));
    dash.keys('n');
    await dash.waitFor('the cancel', (t) => t.includes('Cancelled; nothing was sent.'));
    expect(await sandbox.requests()).toBe(before);
    dash.keys('a');
    await confirm(dash, `Approve ${approve.id} (`, `✓ Approved ${approve.id}: ${approve.summary}`);
    expect((await actionNow(approve.id)).state).toBe('approved');

    // Reject with a reason (trimmed, as the verb does).
    await dash.select(reject.id);
    await promptThenConfirm(
      dash,
      'r',
      'Reason (for the agent and the history; Enter for none):',
      '  Amount does not match the invoice  ',
      `Reject ${reject.id} (${reject.summary}) with the reason "Amount does not match the invoice"?`,
      `✓ Rejected ${reject.id}: ${reject.summary} (reason: Amount does not match the invoice)`,
    );
    expect(await actionNow(reject.id)).toMatchObject({ state: 'rejected', resolution: { reason: 'Amount does not match the invoice' } });

    // Edit in $EDITOR: the pane shows the draft as the service holds it, then approve it.
    await dash.select(edited.id);
    dash.keys('e');
    const shown = await dash.waitFor('the edited draft and the question', (t) => t.includes(`Approve the edited draft of ${edited.id}`));
    expect(shown).toMatch(/│ draft\.subject:\s+Edited in the dashboard/);
    expect(shown).toContain(`✓ Updated subject of ${edited.id}`);
    expect(await actionNow(edited.id)).toMatchObject({ state: 'pending', draft: { subject: 'Edited in the dashboard' } });
    dash.keys('y');
    await dash.waitFor('the approval', (t) => t.includes(`✓ Approved ${edited.id}: `));
    expect(await actionNow(edited.id)).toMatchObject({ state: 'approved', draft: { subject: 'Edited in the dashboard' } });

    // Answer a question; Enter alone sends nothing.
    await dash.select(question.id);
    dash.keys('t');
    await dash.waitFor('the answer prompt', (t) => /Answer( \(1–\d+ picks an option, or type your own\))?:/.test(t));
    dash.keys('Enter');
    await dash.waitFor('the refusal', (t) => t.includes('Enter alone sends nothing'));
    dash.type('Hold off until Friday');
    dash.keys('Enter');
    await confirm(
      dash,
      `Answer ${question.id} (${question.summary}) with "Hold off until Friday"?`,
      `✓ Answered ${question.id}: ${question.summary} (answer: Hold off until Friday)`,
    );
    expect(await actionNow(question.id)).toMatchObject({ state: 'answered', resolution: { answer: 'Hold off until Friday' } });

    // Done, with a note.
    await dash.select(human.id);
    await promptThenConfirm(
      dash,
      'd',
      'Note (what was done; Enter for none):',
      'Called them; all set',
      `Mark ${human.id} (${human.summary}) done with the note "Called them; all set"?`,
      `✓ Done ${human.id}: ${human.summary} (note: Called them; all set)`,
    );
    expect(await actionNow(human.id)).toMatchObject({ state: 'completed', resolution: { note: 'Called them; all set' } });

    dash.keys('q');
    expect(await dash.exit()).toEqual({ code: 0, sttyRestored: true, alternate: '0', cursor: '1' });
  });

  it('shows a failure in the status line with the refused text, keeps the screen, and opens the prompt empty', {
    timeout: 120_000,
  }, async () => {
    const action = addPendingAction(sandbox, 'task_s021', 'action', { to: 'lena@example.com', subject: 'Refund', body: 'Hi' });
    const dash = startDash([]);
    await loaded(dash);
    await dash.select(action.id);
    // Someone else decides it meanwhile.
    await sandbox.api.ok('POST', `/pending-actions/${action.id}/approve`, { body: {} });
    await promptThenConfirm(dash, 'r', 'Reason (', 'Not this week', `Reject ${action.id}`, '✗ conflict: ');
    // Still the dashboard; the refused reason is quoted in the error line, not put back into the prompt.
    await dash.waitFor('the refused reason quoted', (t) => t.includes('(you typed: "Not this week")'));
    dash.keys('r');
    await dash.waitFor('an empty prompt', (t) => t.includes('Reason (for the agent and the history; Enter for none): _'));
    dash.keys('Escape');
    await dash.waitFor('the cancel', (t) => t.includes('Cancelled; nothing was sent.'));
    expect((await actionNow(action.id)).state).toBe('approved');
    dash.keys('q');
    expect((await dash.exit()).code).toBe(0);
  });

  it('adds a note, messages the agent, completes and moves tasks on the board, and pauses a schedule', { timeout: 240_000 }, async () => {
    const tasks = (
      (await sandbox.api.ok('GET', '/workspaces/ws_support/tasks', { query: { limit: 50 } })) as {
        items: { id: string; title: string; status: string }[];
      }
    ).items.filter((t) => t.status !== 'done');
    const [noted, completed, moved] = [
      tasks[0]!,
      tasks[1]!,
      tasks.find((t) => t.status !== 'in_progress' && t !== tasks[0] && t !== tasks[1])!,
    ];
    const schedules = (
      (await sandbox.api.ok('GET', '/scheduled-tasks')) as { items: { id: string; title: string; state: string; workspaceId: string }[] }
    ).items;
    const schedule = schedules.find((s) => s.state === 'active' && s.workspaceId === 'ws_support')!;
    const dash = startDash(['--workspace', 'ws_support']);
    await loaded(dash);

    dash.keys('3');
    await dash.waitFor('the board', (t) => /\[3 Board ws_support \(\d+\)\]/.test(t));
    await dash.select(noted.id);
    await promptThenConfirm(
      dash,
      'n',
      'Note: _',
      'Checked with finance',
      `Add the note "Checked with finance" to ${noted.id}?`,
      `✓ Added a note to ${noted.id}`,
    );
    expect((await taskNow(noted.id)).notes.map((n) => n.content)).toContain('Checked with finance');
    // The pane shows the note after the refresh.
    await dash.waitFor('the note in the pane', (t) => t.includes('Checked with finance') && /│ Notes:/.test(t));

    await promptThenConfirm(
      dash,
      'm',
      'Message to the agent: _',
      'Please draft the reply',
      `Send "Please draft the reply" to the agent on ${noted.id}?`,
      `✓ Sent to the agent on ${noted.id}`,
    );
    const messages = (await sandbox.api.ok('GET', `/tasks/${noted.id}/messages`, { query: { limit: 50 } })) as {
      items: { content: string }[];
    };
    expect(messages.items.map((m) => m.content)).toContain('Please draft the reply');

    await dash.select(completed.id);
    dash.keys('c');
    await confirm(dash, `Complete ${completed.id} (`, `✓ Completed ${completed.id} (`);
    expect((await taskNow(completed.id)).status).toBe('done');

    // Move: the prompt names the columns (issue 39); a near miss is answered with "did you mean" and the
    // text stays to be fixed.
    await dash.select(moved.id);
    dash.keys('v');
    await dash.waitFor('the column prompt', (t) => t.includes('Move to column (todo, in_progress, waiting, done): _'));
    dash.type('in progres');
    dash.keys('Enter');
    await dash.waitFor(
      'the suggestion',
      (t) =>
        t.includes('did you mean in_progress (In progress)?') &&
        t.includes('Move to column (todo, in_progress, waiting, done): in progres_'),
    );
    // The whole error reads at 80 columns: wrapped above the typed line, its list of columns not cut.
    const above = dash
      .screen()
      .replace(/\n$/, '')
      .split('\n')
      .slice(-5, -2)
      .map((l) => l.trim())
      .join(' ');
    expect(above).toContain('The columns: todo (To do), in_progress (In progress), waiting (Waiting), done (Done)');
    dash.keys('C-u');
    dash.type('In progress');
    dash.keys('Enter');
    await confirm(
      dash,
      `Move ${moved.id} (${moved.title}) to In progress (in_progress)?`,
      `✓ Moved ${moved.id} (${moved.title}) to in_progress`,
    );
    expect((await taskNow(moved.id)).status).toBe('in_progress');

    dash.keys('4');
    await dash.waitFor('the schedules', (t) => /\[4 Schedules \(\d+\)\]/.test(t));
    await dash.select(schedule.id);
    dash.keys('p');
    await confirm(dash, `Pause ${schedule.id} (${schedule.title})?`, `✓ Paused ${schedule.id} (${schedule.title})`);
    expect(((await sandbox.api.ok('GET', `/scheduled-tasks/${schedule.id}`)) as { state: string }).state).toBe('paused');
    await dash.waitFor('the schedule shown paused', (t) => /│ State:\s+paused/.test(t));

    dash.keys('q');
    expect(await dash.exit()).toEqual({ code: 0, sttyRestored: true, alternate: '0', cursor: '1' });
  });

  it('brings in a new pending action on R and on the dash.refresh timer, the selection staying on the same item', {
    timeout: 180_000,
  }, async () => {
    const configDir = join(term.scratch, 'refresh-config');
    const set = await runWts(['config', 'set', 'dash.refresh', '1'], { env: { ...sandbox.env, WTS_CONFIG_DIR: configDir } });
    expect(set.code, set.stderr).toBe(0);
    // The first human task: a new action (the newest of its kind) lands in the group above it.
    const chosen = waitingOf('human_task')[0]!;
    const count = () => ['action', 'human_task', 'question'].flatMap((k) => waitingOf(k as PendingKind)).length;
    /** Moves the selection down with j to `id`, one key at a time, each seen on screen. */
    const walkTo = async (dash: Dash, id: string) => {
      const order = (['action', 'human_task', 'question'] as const).flatMap((k) => waitingOf(k)).map((a) => a.id);
      for (let i = 1; i <= order.indexOf(id); i++) {
        dash.keys('j');
        await dash.waitFor(`${order[i]} selected`, (t) => t.includes(`› ${order[i]} `));
      }
    };

    // R, with the default of a minute between refreshes.
    const manual = startDash([]);
    await loaded(manual);
    await walkTo(manual, chosen.id);
    const first = addPendingAction(sandbox, 'task_s021', 'action', { to: 'a@example.com', subject: 'New one', body: 'Hi' });
    manual.keys('R');
    await manual.waitFor('the new action after R', (t) => t.includes(` ${first.id} `) && t.includes(`[1 Inbox (${count()})]`));
    expect(manual.screen()).toContain(`› ${chosen.id} `);
    expect(manual.screen()).toMatch(new RegExp(`│ ID:\\s+${chosen.id}`));
    manual.keys('q');
    expect((await manual.exit()).code).toBe(0);

    // dash.refresh = 1: a new action shows by itself.
    const timed = startDash([], { configDir });
    await loaded(timed);
    await walkTo(timed, chosen.id);
    const second = addPendingAction(sandbox, 'task_s021', 'action', { to: 'b@example.com', subject: 'Another', body: 'Hi' });
    await timed.waitFor('the new action on the timer', (t) => t.includes(` ${second.id} `) && t.includes(`[1 Inbox (${count()})]`));
    expect(timed.screen()).toContain(`› ${chosen.id} `);
    timed.keys('q');
    expect((await timed.exit()).code).toBe(0);
  });
});

// Hostile records, as in test/e2e/hostile-output.test.ts: every text field holds terminal control
// sequences. The dashboard runs under `script`, so the raw bytes it wrote are kept.
describe.skipIf(!TMUX || !SCRIPT)('wts dash with hostile records (tmux, script)', () => {
  const term = useTerminal('wts-dash-hostile-');

  // The agent's run on the hostile task would finish (seconds later) with a proposal of its own: a
  // second inbox item whenever the dashboard's first load comes after it. Stopped, the inbox is the one.
  beforeAll(() => sandbox.ctx.agent.stop());
  afterAll(() => sandbox.ctx.agent.start());

  it('cannot change the window title or forge the detail pane: every text is shown escaped', { timeout: 180_000 }, async () => {
    const { ws, action } = await seedHostileWorkspace(sandbox);
    const pane = term.run(['wts', 'dash', '--workspace', ws], {
      env: sandbox.env,
      cols: 200,
      rows: 60,
      title: 'wts-dash-hostile-test',
      raw: true,
      hold: true,
      visible: true,
    });

    const inbox = await pane.waitFor('the hostile action', (t) => t.includes('[1 Inbox (1)]') && /│ draft\.body:/.test(t));
    expect(inbox).toContain(SHOWN);
    expect(inbox).toMatch(/│ draft\.channel:\s+#all-customers/);
    // The forged lines are part of the body, indented under it: no field line reads #support.
    expect(inbox).not.toMatch(/│ draft\.channel:\s+#support/);
    expect(inbox).toContain('Dear all,\\x1b[2J\\x1b[H');
    // A CR in a multi-line field is a line break, indented under the field like every other line.
    expect(inbox).toContain('FORGED \\u202eevil\\u202c\\x9b31m\\x85end');
    expect(inbox).not.toMatch(/│ FORGED/);
    pane.keys('3');
    const board = await pane.waitFor(
      'the hostile task',
      (t) => t.includes(`[3 Board ${ws} (1)]`) && /│ Chat:/.test(t) && /│ Notes:/.test(t),
    );
    expect(board.split('\n').filter((l) => l.includes(SHOWN)).length).toBeGreaterThan(3);
    pane.keys('4');
    await pane.waitFor('the hostile schedule', (t) => /\[4 Schedules \(1\)\]/.test(t) && /│ Prompt:\s+\\x1b\]0;PWNED/.test(t));
    pane.keys('q');
    const end = await pane.done();

    expect(end.code).toBe(0);
    expect(end.title).toBe('wts-dash-hostile-test');
    const bytes = end.raw;
    // No OSC at all (title, hyperlink, clipboard), no raw C1 or bidi control.
    expect(bytes).not.toContain(`${ESC}]`);
    expect(bytes).not.toMatch(/[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    // wts's own colors reach the terminal (no NO_COLOR here).
    expect(bytes).toMatch(/\x1b\[[0-9;]*m/);
    expect((await actionNow(action.id)).state).toBe('pending');
  });
});

// `wts dash --notify`: a refresh that brings a new item into the inbox rings the bell once (counted in the
// raw bytes under `script`), runs notify-send (a stand-in on PATH that writes its arguments to a file)
// and marks the item with + until it is selected.
describe.skipIf(!TMUX || !SCRIPT)('wts dash --notify (tmux, script)', () => {
  const term = useTerminal('wts-dash-notify-');

  it('rings the bell, notifies and marks a new item on refresh; none for what was there at the start', { timeout: 180_000 }, async () => {
    // The only item to arrive is the test's: the agent's runs that earlier tests started (a message
    // answered, a task given) could otherwise propose one of their own during the test.
    sandbox.ctx.agent.stop();
    onTestFinished(() => sandbox.ctx.agent.start());
    const configDir = join(term.scratch, 'notify-config');
    const set = await runWts(['config', 'set', 'dash.refresh', '1'], { env: { ...sandbox.env, WTS_CONFIG_DIR: configDir } });
    expect(set.code, set.stderr).toBe(0);
    const bin = join(term.scratch, 'notify-bin');
    const argvFile = join(term.scratch, 'notify-argv.txt');
    mkdirSync(bin);
    writeFileSync(join(bin, 'notify-send'), `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done >> ${argvFile}\n`, { mode: 0o755 });
    const pane = term.run(['wts', 'dash', '--notify'], {
      env: { ...sandbox.env, NO_COLOR: '1', WTS_CONFIG_DIR: configDir, PATH: `${bin}:${process.env.PATH}` },
      cols: 100,
      rows: 30,
      raw: true,
      hold: true,
      visible: true,
    });
    const count = () => ['action', 'human_task', 'question'].flatMap((k) => waitingOf(k as PendingKind)).length;
    await pane.waitFor('the loaded dashboard', (t) => t.includes(`[1 Inbox (${count()})]`) && t.includes('refreshed'));
    expect(existsSync(argvFile)).toBe(false);

    const fresh = addPendingAction(sandbox, 'task_s021', 'action', { to: 'c@example.com', subject: 'Ring', body: 'Hi' });
    const marked = await pane.waitFor('the new action, marked', (t) => t.includes(`+ ${fresh.id} `));
    expect(marked).toContain(`[1 Inbox (${count()}, 1 new)]`);
    expect(marked).toContain('1 new item in the inbox (marked +)');
    // notify-send runs beside the redraw, as its own process: its file may come a moment after the mark.
    for (let i = 0; i < 200 && !existsSync(argvFile); i++) await new Promise((r) => setTimeout(r, 100));
    expect(readFileSync(argvFile, 'utf8')).toBe(
      `--app-name=wts\n--\nwts: 1 item waiting for you\naction: action for task_s021 (task_s021)\n`,
    );

    // Selected once, it is seen: the mark and the count go.
    pane.keys('/');
    await pane.waitFor('the filter line', (t) => /^\/_?$/m.test(t));
    pane.type(fresh.id);
    pane.keys('Enter');
    await pane.waitFor('the item selected, its mark gone', (t) => t.includes(`› ${fresh.id} `) && !t.includes(' new)]'));
    pane.keys('q');
    const end = await pane.done();
    expect(end.code).toBe(0);
    // One bell: for the item that arrived, none for the first load or the refreshes that brought nothing.
    expect(end.raw.split('\x07').length - 1).toBe(1);
  });
});
