// `wts approval review` on a real pseudo-terminal: the built CLI runs inside tmux, keys are typed with
// `tmux send-keys`, the screen is read back with `tmux capture-pane`, and the sandbox's state afterwards
// says what was decided. Needs `npm run build` first (npm test does it) and tmux (CI installs it).
// In the lines tier: keys and lines read from a terminal, Ctrl-C and the terminal's settings under each
// Node; the rest of the decisions on a terminal are in review-flow.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addPendingAction } from '../helpers/api.js';
import { runWts, tempConfigDir } from '../helpers/cli.js';
import { fakeEditor } from '../helpers/editor.js';
import { SCRIPT, TMUX, useTerminal } from '../helpers/tmux.js';
import type { PendingActionRec } from '../../src/sandbox/model.js';
import { after, reviewOrder, startReview } from '../helpers/review.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

if (!TMUX) console.warn('review-pty.test: tmux is not installed, so the review flow on a terminal is skipped (CI installs it: .ci/run)');

const sandbox = useSandbox();
type Seeded = PendingActionRec;

const waiting = () => reviewOrder(sandbox);
const stateOf = (id: string) => sandbox.ctx.store.state.data.pendingActions.find((a) => a.id === id)!;

describe('wts approval review without a terminal', () => {
  it('exits 2, names the verbs for scripts, and sends nothing', async () => {
    const before = await sandbox.requests();
    const r = await runWts(['approval', 'review'], { env: sandbox.env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('needs a terminal');
    expect(r.stderr).toContain('wts inbox --json');
    expect(r.stderr).toContain('wts approval approve|reject|done|answer|edit');
    expect(await sandbox.requests()).toBe(before);
  });
});

describe.skipIf(!TMUX)('wts approval review on a terminal (tmux)', () => {
  const term = useTerminal('wts-review-pty-');
  it('sends nothing on Enter alone, an unknown key or a failing editor; Ctrl-C ends it with the count and exit 130, the terminal as it was', async () => {
    const items = waiting();
    expect(items[0]!.kind).toBe('action');
    // An editor that writes something, then fails (as vim's :cq does).
    const failing = fakeEditor(`echo 'half-written' >> "$1"\nexit 1`);
    const review = startReview(term, sandbox, failing);
    await review.waitFor('the first item', (t) => after(t, `── 1 of ${items.length} `).includes('? Decide:'));
    const before = await sandbox.requests();

    review.line('');
    await review.waitFor('the notice for Enter alone', (t) => t.includes('Enter alone sends nothing'));
    expect(review.screen()).toContain('  a  approve  approve the draft as shown');
    review.line('x');
    await review.waitFor('the notice for an unknown key', (t) => t.includes('"x" is not a choice; nothing was sent'));
    review.line('?');
    review.line('e');
    await review.waitFor('the editor failing', (t) =>
      /wts: the editor \(\S+\) exited with status 1, so nothing was sent; your text is saved in \S+/.test(t),
    );
    // Still on the same item, and nothing was sent (the editor's text is kept).
    await review.waitFor('the question again', (t) => after(t, 'exited with status 1').includes('? Decide:'));
    expect(await sandbox.requests()).toBe(before);
    expect(stateOf(items[0]!.id).state).toBe('pending');
    const saved = /your text is saved in (\S+)/.exec(review.screen())![1]!;
    expect(readFileSync(saved, 'utf8')).toContain('half-written');

    review.line('a');
    await review.waitFor('the approval', (t) => t.includes(`✓ Approved ${items[0]!.id}: `));
    await review.waitFor('the second item', (t) => after(t, `── 2 of ${items.length} · 1 approved `).includes('? Decide:'));
    review.keys('C-c');
    const last = await review.waitFor('the count', (t) => t.includes('wts: interrupted: 1 item decided; the rest still wait'));
    expect(last).toContain(`Reviewed 1 of ${items.length} · 1 approved.`);
    // The terminal's settings as before, however the review ended.
    expect(await review.done()).toMatchObject({ code: 130, sttyRestored: true });
    expect(stateOf(items[0]!.id).state).toBe('approved');
    expect(stateOf(items[1]!.id).state).toBe('pending');
  });
});

// Accessible mode (docs/accessibility.md): the same review as plain lines read line by line. Run under
// `script`, so every byte wts wrote to the terminal is kept and checked for what moves the cursor or redraws.
describe.skipIf(!TMUX || !SCRIPT)('wts approval review in accessible mode (tmux, script)', () => {
  const term = useTerminal('wts-review-a11y-');
  /** The text after the last occurrence of `marker` ('' when it is not there). */
  const after = (text: string, marker: string) => (text.includes(marker) ? text.slice(text.lastIndexOf(marker)) : '');
  /** An action as the API returns it, with the resolution the sandbox keeps (the API does not return it). */
  const actionNow = async (id: string) => ({
    api: await sandbox.api.ok('GET', `/pending-actions/${id}`),
    resolution: stateOf(id).resolution,
  });

  it('asks in numbered lines, reads numbers and words, sends each decision, and never moves the cursor', async () => {
    const ws = 'ws_ops';
    const task = sandbox.ctx.store.state.data.tasks.find((t) => t.workspaceId === ws)?.id ?? '';
    const approve = addPendingAction(sandbox, task, 'action', { to: 'ops@example.com', subject: 'Restart', body: 'Now' });
    const reject = addPendingAction(sandbox, task, 'action', { to: 'ops@example.com', subject: 'Wipe', body: 'All' });
    const person = addPendingAction(sandbox, task, 'human_task', { instructions: 'Call the vendor' });
    const question = addPendingAction(sandbox, task, 'question', { question: 'When?', options: ['Monday', 'Friday'] });
    const mine = new Set([approve.id, reject.id, person.id, question.id]);
    const items = reviewOrder(sandbox).filter((a) => sandbox.ctx.store.state.data.tasks.find((t) => t.id === a.taskId)?.workspaceId === ws);

    // Colors stay on (no NO_COLOR): they may reach the terminal, cursor movement may not.
    const review = term.run(['wts', '--accessible', 'approval', 'review', '--workspace', ws], { env: sandbox.env, raw: true });
    const choices: Record<Seeded['kind'], string[]> = {
      action: ['approve', 'reject', 'edit', 'skip', 'quit'],
      human_task: ['done', 'reject', 'skip', 'quit'],
      question: ['answer', 'reject', 'skip', 'quit'],
    };
    for (const [i, item] of items.entries()) {
      const heading = `Item ${i + 1} of ${items.length}`;
      const names = choices[item.kind] ?? [];
      const shown = await review.waitFor(heading, (t) => new RegExp(`^${names.length}\\. quit: `, 'm').test(after(t, heading)));
      const block = after(shown, heading);
      expect(block).toMatch(new RegExp(`^ID:\\s+${item.id}$`, 'm'));
      // The question, then every choice on a numbered line of its own, in order.
      expect(block).toContain(`Decide: (type a number from 1 to ${names.length} or the word, then Enter)`);
      const numbered = block.split('\n').filter((l) => /^\d+\. /.test(l));
      expect(numbered.map((l) => l.replace(/:.*$/, ''))).toEqual(names.map((n, k) => `${k + 1}. ${n}`));
      if (!mine.has(item.id)) {
        review.line(String(names.indexOf('skip') + 1));
        await review.waitFor('the skip', (t) => after(t, heading).includes('Chosen: skip.'));
      } else if (item.id === approve.id) {
        review.line('1');
        await review.waitFor('the approval', (t) => t.includes(`✓ Approved ${approve.id}: `));
      } else if (item.id === reject.id) {
        // Not a choice: said in words, the choices again, nothing sent.
        review.line('9');
        await review.waitFor('the refusal', (t) => after(t, heading).includes('"9" is not one of the choices; nothing was sent.'));
        review.line('reject');
        await review.waitFor('the question for a reason', (t) => after(t, heading).includes('Reason (for the agent'));
        review.line('Too risky');
        await review.waitFor('the rejection', (t) => t.includes(`✓ Rejected ${reject.id}: `));
      } else if (item.id === person.id) {
        review.line('d');
        await review.waitFor('the question for a note', (t) => after(t, heading).includes('Note (what was done'));
        review.line('Called them');
        await review.waitFor('the done', (t) => t.includes(`✓ Done ${person.id}: `));
      } else {
        review.line('answer');
        await review.waitFor(
          'the options',
          (t) => /^ {2}2\) Friday$/m.test(after(t, heading)) && after(t, heading).includes('Answer (1–2'),
        );
        review.line('2');
        await review.waitFor('the answer', (t) => t.includes(`✓ Answered ${question.id}: `));
      }
    }
    await review.waitFor('the summary', (t) => /Reviewed \d+ of \d+ · 1 approved, 1 rejected, 1 done, 1 answered/.test(t));
    const end = await review.done();
    expect(end).toMatchObject({ code: 0, sttyRestored: true });

    // What reached the terminal: no cursor movement, erase, scroll or mode change (CSI … A–H, J, K, S, T, f,
    // any CSI ?…), no alternate screen, no saved cursor, no carriage return but the terminal's own before
    // a line feed. Only SGR (colors) may be there.
    expect(end.raw).toContain(`Decide: (type a number from 1 to 5 or the word, then Enter)\r\n1. approve: `);
    const csi = [...end.raw.matchAll(/\x1b\[([0-9;?]*)([@-~])/g)].map((m) => m[0]);
    expect(csi.filter((c) => !c.endsWith('m'))).toEqual([]);
    expect(end.raw).not.toMatch(/\x1b[78]|\x1b\[\?/);
    expect(end.raw).not.toMatch(/\r(?!\n)/);
    // The progress of gathering what waits: a line of its own, not redrawn.
    expect(end.raw).toContain(`listing the tasks of ${ws}…\r\n`);

    // What the service holds now, through its API.
    expect(await actionNow(approve.id)).toMatchObject({ api: { state: 'approved' } });
    expect(await actionNow(reject.id)).toMatchObject({ api: { state: 'rejected' }, resolution: { reason: 'Too risky' } });
    expect(await actionNow(person.id)).toMatchObject({ api: { state: 'completed' }, resolution: { note: 'Called them' } });
    expect(await actionNow(question.id)).toMatchObject({ api: { state: 'answered' }, resolution: { answer: 'Friday' } });
  });
});

describe('accessible mode from WTS_ACCESSIBLE and the configuration', () => {
  /** The review of ws_ops asked on a (simulated) terminal, where "quit" is typed at the first question. */
  const reviewQuitting = (env: Record<string, string>) =>
    runWts(['approval', 'review', '--workspace', 'ws_ops'], { tty: true, stdin: 'quit\n', env: { ...sandbox.env, ...env } });

  it('WTS_ACCESSIBLE=1 or `config set accessible true` asks in numbered lines; another value is refused', async () => {
    addPendingAction(sandbox, sandbox.ctx.store.state.data.tasks.find((t) => t.workspaceId === 'ws_ops')?.id ?? '', 'action', {
      body: 'x',
    });
    const r = await reviewQuitting({ WTS_ACCESSIBLE: '1' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Item 1 of \d+$/m);
    expect(r.stdout).toMatch(/^Decide: \(type a number from 1 to \d or the word, then Enter\)\n1\. /m);
    expect(r.stdout).toContain('Chosen: quit.');
    expect(r.stdout).toMatch(/Reviewed 0 of \d+\./);

    const dir = tempConfigDir();
    expect((await runWts(['config', 'set', 'accessible', 'true'], { env: { ...sandbox.env, WTS_CONFIG_DIR: dir } })).code).toBe(0);
    const configured = await reviewQuitting({ WTS_CONFIG_DIR: dir });
    expect(configured.code, configured.stderr).toBe(0);
    expect(configured.stdout).toContain('Chosen: quit.');
    const bad = await reviewQuitting({ WTS_ACCESSIBLE: 'maybe' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('wts: WTS_ACCESSIBLE must be 1 or 0 (true or false), not "maybe"\n');
  });
});
