// `wts approval review` on a real pseudo-terminal: the built CLI runs inside tmux, keys are typed with
// `tmux send-keys`, the screen is read back with `tmux capture-pane`, and the sandbox's state afterwards
// says what was decided. Needs `npm run build` first (npm test does it) and tmux (CI installs it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server.js';
import { signIn } from '../helpers/auth.js';
import { runWts } from '../helpers/cli.js';
import { fakeEditor } from '../helpers/editor.js';
import { REPO, TEST_CACHE_DIR, WTS_BIN } from '../helpers/wts-process.js';

const TMUX = (() => {
  const r = spawnSync('sh', ['-c', 'command -v tmux'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
})();
if (!TMUX) console.warn('review-pty.test: tmux is not installed, so the review flow on a terminal is skipped (CI installs it: .ci/run)');

let sandbox: RunningSandbox;
let env: Record<string, string>;
const requests = async () => ((await (await fetch(`${sandbox.origin}/__sandbox/stats`)).json()) as { requests: number }).requests;
const KINDS = ['action', 'human_task', 'question'];
type Seeded = RunningSandbox['ctx']['store']['state']['data']['pendingActions'][number];

/** What waits in ada's acme workspaces, in the order the review shows it (as `wts inbox` does). */
function waiting(): Seeded[] {
  const { tasks, workspaces, pendingActions } = sandbox.ctx.store.state.data;
  const acme = new Set(workspaces.filter((w) => w.orgId === 'org_acme').map((w) => w.id));
  const visible = new Set(tasks.filter((t) => acme.has(t.workspaceId)).map((t) => t.id));
  return pendingActions
    .filter((a) => a.state === 'pending' && visible.has(a.taskId))
    .sort((x, y) => KINDS.indexOf(x.kind) - KINDS.indexOf(y.kind) || x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id));
}
const stateOf = (id: string) => sandbox.ctx.store.state.data.pendingActions.find((a) => a.id === id)!;

beforeAll(async () => {
  sandbox = await startSandbox({ log: () => {} });
  env = { WTS_ORIGIN: sandbox.origin, WTS_TOKEN: (await signIn(sandbox.origin)).access_token };
});
afterAll(async () => {
  await sandbox.close();
});

describe('wts approval review without a terminal', () => {
  it('exits 2, names the verbs for scripts, and sends nothing', async () => {
    const before = await requests();
    const r = await runWts(['approval', 'review'], { env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('needs a terminal');
    expect(r.stderr).toContain('wts inbox --json');
    expect(r.stderr).toContain('wts approval approve|reject|done|answer|edit');
    expect(await requests()).toBe(before);
  });
});

type Decision = 'approve' | 'edit' | 'reject' | 'done' | 'answer' | 'skip' | 'quit';

describe.skipIf(!TMUX)('wts approval review on a terminal (tmux)', () => {
  const session = 'review';
  const scratch = mkdtempSync(join(tmpdir(), 'wts-review-pty-'));
  // A tmux server of our own, on a socket in our scratch directory: the user's tmux is never touched.
  const socket = join(scratch, 'tmux.sock');
  const tmux = (...args: string[]) => {
    const r = spawnSync(TMUX!, ['-S', socket, '-f', join(scratch, 'tmux.conf'), ...args], { encoding: 'utf8', env: { ...process.env, TERM: 'xterm-256color' } });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout;
  };
  /** The whole pane, scrolled-off lines included, wrapped lines joined. */
  const screen = () => tmux('capture-pane', '-p', '-J', '-S', '-', '-t', session);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** Polls until `check` holds for the screen; fails with what the screen shows instead. */
  async function waitFor(what: string, check: (text: string) => boolean, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let text = '';
    while (Date.now() < deadline) {
      text = screen();
      if (check(text)) return text;
      await sleep(50);
    }
    throw new Error(`the screen did not show ${what}; it shows:\n${text}`);
  }
  /** The screen after the last occurrence of `marker` ('' when it is not there). */
  const after = (text: string, marker: string) => (text.includes(marker) ? text.slice(text.lastIndexOf(marker)) : '');
  const keys = (...k: string[]) => tmux('send-keys', '-t', session, ...k);
  const type = (text: string) => tmux('send-keys', '-t', session, '-l', text);

  /** Picks a choice of the select prompt on screen by typing its first letter, once the cursor is on it. */
  async function choose(name: string) {
    type(name[0]!.toLowerCase());
    await waitFor(`the cursor on "${name}"`, (t) => after(t, '? ').includes(`❯ ${name}`));
    keys('Enter');
  }

  afterAll(() => {
    try {
      tmux('kill-server');
    } catch {
      // already gone
    }
    rmSync(scratch, { recursive: true, force: true });
  });

  it('approves, edits then approves, rejects with a reason, marks done, answers, skips and quits, counting as it goes', async () => {
    const items = waiting();
    // One decision per item, by kind and turn, so the test follows the seed; the last item is where it quits.
    const seen: Record<string, number> = {};
    const plan: Decision[] = items.map((item, i) => {
      if (i === items.length - 1) return 'quit';
      const turn = (seen[item.kind] = (seen[item.kind] ?? 0) + 1);
      if (item.kind === 'action') return turn === 1 ? 'approve' : turn === 2 && 'subject' in item.draft ? 'edit' : turn === 3 ? 'reject' : 'skip';
      if (item.kind === 'human_task') return turn === 2 ? 'done' : 'skip';
      return turn === 1 ? 'answer' : 'skip';
    });
    for (const d of ['approve', 'edit', 'reject', 'done', 'answer', 'skip', 'quit'] as const) expect(plan, `the seed offers no item to ${d}`).toContain(d);

    const editor = fakeEditor(`sed -i 's/"subject": ".*"/"subject": "Edited during review"/' "$1"`);
    const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    const launcher = join(scratch, 'review.sh');
    const statusFile = join(scratch, 'exit-status');
    writeFileSync(
      launcher,
      [
        `export WTS_ORIGIN=${q(env.WTS_ORIGIN!)} WTS_TOKEN=${q(env.WTS_TOKEN!)} WTS_CONFIG_DIR=${q(join(scratch, 'config'))} WTS_CACHE_DIR=${q(TEST_CACHE_DIR)}`,
        `export EDITOR=${q(editor)} NO_COLOR=1 LANG=C.UTF-8`,
        `cd ${q(REPO)} && ${q(process.execPath)} ${q(WTS_BIN)} approval review`,
        `echo $? > ${q(statusFile)}.tmp && mv ${q(statusFile)}.tmp ${q(statusFile)}`,
      ].join('\n'),
    );
    // Keep the pane after the process ends, so its last screen can be read.
    writeFileSync(join(scratch, 'tmux.conf'), 'set -g remain-on-exit on\nset -g history-limit 10000\n');
    tmux('new-session', '-d', '-s', session, '-x', '120', '-y', '50', `sh ${q(launcher)}`);

    const tally: Record<string, number> = {};
    const tallyText = () =>
      ['approved', 'rejected', 'done', 'answered', 'skipped']
        .filter((o) => tally[o])
        .map((o) => `${tally[o]} ${o}`)
        .join(', ');
    const count = (outcome: string) => (tally[outcome] = (tally[outcome] ?? 0) + 1);

    for (const [i, item] of items.entries()) {
      // The running count heads each item, and the whole item is on screen before the question.
      const heading = `${i + 1} of ${items.length}${tallyText() ? ` · ${tallyText()}` : ''}`;
      const shown = await waitFor(`item ${heading}`, (t) => after(t, `── ${heading} `).includes('? Decide:'));
      const block = after(shown, `── ${heading} `);
      expect(block).toMatch(new RegExp(`^ID:\\s+${item.id}$`, 'm'));
      for (const [field] of Object.entries(item.draft)) expect(block).toMatch(new RegExp(`^draft\\.${field}:`, 'm'));

      switch (plan[i]!) {
        case 'approve':
          await choose('Approve');
          await waitFor('the approval', (t) => t.includes(`✓ Approved ${item.id}`));
          count('approved');
          break;
        case 'edit':
          await choose('Edit the draft in $EDITOR, then approve');
          await waitFor('the edit and approval', (t) => t.includes(`✓ Updated subject and approved ${item.id}`));
          count('approved');
          break;
        case 'reject':
          await choose('Reject, with a reason');
          await waitFor('the question for a reason', (t) => after(t, '? Reason').length > 0);
          type('Amount does not match the invoice');
          keys('Enter');
          await waitFor('the rejection', (t) => t.includes(`✓ Rejected ${item.id} (Amount does not match the invoice)`));
          count('rejected');
          break;
        case 'done':
          await choose('Mark done');
          await waitFor('the question for a note', (t) => after(t, '? Note').length > 0);
          type('Called them; all set');
          keys('Enter');
          await waitFor('the task marked done', (t) => t.includes(`✓ Done ${item.id}`));
          count('done');
          break;
        case 'answer': {
          await choose('Answer');
          // With options to pick from, go past them (Up wraps to the last choice) to write another answer.
          const prompt = await waitFor('the answer prompt', (t) => after(t, '✔ Decide: Answer').includes('? '));
          if (after(prompt, '✔ Decide: Answer').includes('? Answer:')) {
            keys('Up');
            await waitFor('the cursor on writing another answer', (t) => after(t, '? Answer:').includes('❯ Write another answer…'));
            keys('Enter');
          }
          await waitFor('the text prompt', (t) => after(t, '? Your answer:').length > 0);
          type('Hold off until Friday');
          keys('Enter');
          await waitFor('the answer', (t) => t.includes(`✓ Answered ${item.id}: Hold off until Friday`));
          count('answered');
          break;
        }
        case 'skip':
          await choose('Skip');
          await waitFor('the next item or the end', (t) => after(t, `── ${heading} `).includes('✔ Decide: Skip'));
          count('skipped');
          break;
        case 'quit':
          await choose('Quit');
          break;
      }
    }

    const summary = `Reviewed ${items.length - 1} of ${items.length} · ${tallyText()}.`;
    const last = await waitFor('the summary', (t) => t.includes(summary));
    expect(last).toContain(summary);
    // The launcher writes the exit status (tmux's own record of it is not reliable when the pane ends).
    await waitFor('the process to end', () => existsSync(statusFile) && /^\d+\n$/.test(readFileSync(statusFile, 'utf8')));
    expect(readFileSync(statusFile, 'utf8')).toBe('0\n');

    // What the service holds now.
    for (const [i, item] of items.entries()) {
      const now = stateOf(item.id);
      switch (plan[i]!) {
        case 'approve':
          expect(now.state).toBe('approved');
          break;
        case 'edit':
          expect(now.state).toBe('approved');
          expect(now.draft.subject).toBe('Edited during review');
          break;
        case 'reject':
          expect(now).toMatchObject({ state: 'rejected', resolution: { reason: 'Amount does not match the invoice' } });
          break;
        case 'done':
          expect(now).toMatchObject({ state: 'completed', resolution: { note: 'Called them; all set' } });
          break;
        case 'answer':
          expect(now).toMatchObject({ state: 'answered', resolution: { answer: 'Hold off until Friday' } });
          break;
        case 'skip':
        case 'quit':
          expect(now.state).toBe('pending');
          break;
      }
    }
  });
});
