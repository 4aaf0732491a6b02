// `wts approval review`'s decisions on a real pseudo-terminal (tmux): an edited draft shown and asked
// about, and every decision in one run, counted as it goes; the sandbox's state afterwards says what
// was decided. The same JavaScript on every Node line once the prompts read keys there
// (review-pty.test.ts, in the lines tier), so not in that tier. Needs `npm run build` first (npm test
// does it) and tmux (CI installs it).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRememberedIds, rememberIds } from '../../src/completion/ids.js';
import { addPendingAction } from '../helpers/api.js';
import { fakeEditor } from '../helpers/editor.js';
import { after, reviewOrder, startReview } from '../helpers/review.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { TMUX, useTerminal } from '../helpers/tmux.js';

if (!TMUX) console.warn('review-flow.test: tmux is not installed, so the review flow on a terminal is skipped (CI installs it: .ci/run)');

const sandbox = useSandbox();
const waiting = () => reviewOrder(sandbox);
const stateOf = (id: string) => sandbox.ctx.store.state.data.pendingActions.find((a) => a.id === id)!;

type Decision = 'approve' | 'edit' | 'reject' | 'done' | 'answer' | 'skip' | 'quit';

describe.skipIf(!TMUX)('wts approval review on a terminal (tmux): the decisions', () => {
  const term = useTerminal('wts-review-flow-');
  it('shows the edited draft and asks before approving it, No by default', async () => {
    const body = 'Hi Lena,\n\nThe refund is on its way.\n';
    const action = addPendingAction(sandbox, 'task_s021', 'action', { to: 'lena@example.com', subject: 'Refund', body });
    const editor = fakeEditor(
      `awk 'done != 1 && prev ~ /^@@ subject @@ / { print "Edited during review"; prev = $0; done = 1; next } { print; prev = $0 }' "$1" > "$1.new" && mv "$1.new" "$1"`,
    );
    const review = startReview(term, sandbox, editor);
    const items = waiting();
    const index = items.findIndex((i) => i.id === action.id);
    for (let i = 0; i < index; i++) {
      await review.waitFor(`item ${i + 1}`, (t) => after(t, `── ${i + 1} of ${items.length}`).includes('? Decide:'));
      review.line('s');
    }
    await review.waitFor('the new action', (t) => after(t, `── ${index + 1} of ${items.length}`).includes('? Decide:'));
    review.line('e');
    // The draft as the service now holds it, whole, then the question.
    const shown = await review.waitFor('the question to approve', (t) =>
      after(t, '· the draft as edited').includes('? Approve this draft now? (y/N)'),
    );
    const block = after(shown, '· the draft as edited');
    expect(block).toMatch(/^draft\.subject: Edited during review$/m);
    expect(block).toMatch(/^draft\.body:\s+Hi Lena,$/m);
    expect(shown).toContain(`✓ Updated subject of ${action.id}: `);
    expect(stateOf(action.id)).toMatchObject({ state: 'pending', draft: { subject: 'Edited during review', body } });

    review.line(''); // Enter: No
    await review.waitFor('the choices again', (t) => after(t, 'Not approved; the edited draft waits').includes('? Decide:'));
    expect(stateOf(action.id).state).toBe('pending');
    review.line('e');
    await review.waitFor('no second change', (t) =>
      after(t, 'Not approved; the edited draft waits').includes('No changes; nothing was sent.'),
    );
    review.line('q');
    await review.waitFor('the summary', (t) => t.includes(`Reviewed ${index} of ${items.length} · ${index} skipped.`));
    // The terminal's settings as before, however the review ended.
    expect(await review.done()).toMatchObject({ code: 0, sttyRestored: true });
    expect(stateOf(action.id).state).toBe('pending');
  });

  it('approves, edits then approves, rejects with a reason, marks done, answers, skips and quits, counting as it goes', async () => {
    const items = waiting();
    // One decision per item, by kind and turn, so the test follows the seed; the last item is where it quits.
    const seen: Record<string, number> = {};
    const plan: Decision[] = items.map((item, i) => {
      if (i === items.length - 1) return 'quit';
      const turn = (seen[item.kind] = (seen[item.kind] ?? 0) + 1);
      if (item.kind === 'action')
        return turn === 1 ? 'approve' : turn === 2 && 'subject' in item.draft ? 'edit' : turn === 3 ? 'reject' : 'skip';
      if (item.kind === 'human_task') return turn === 2 ? 'done' : 'skip';
      return turn === 1 ? 'answer' : 'skip';
    });
    for (const d of ['approve', 'edit', 'reject', 'done', 'answer', 'skip', 'quit'] as const)
      expect(plan, `the seed offers no item to ${d}`).toContain(d);

    const editor = fakeEditor(
      `awk 'done != 1 && prev ~ /^@@ subject @@ / { print "Edited during review"; prev = $0; done = 1; next } { print; prev = $0 }' "$1" > "$1.new" && mv "$1.new" "$1"`,
    );
    const review = startReview(term, sandbox, editor);

    const tally: Record<string, number> = {};
    const tallyText = () =>
      ['approved', 'rejected', 'done', 'answered', 'skipped']
        .filter((o) => tally[o])
        .map((o) => `${tally[o]} ${o}`)
        .join(', ');
    const count = (outcome: string) => (tally[outcome] = (tally[outcome] ?? 0) + 1);
    /**
     * Types `key`; where the choice asks something (`asked` shows on the screen), types its reply; then waits
     * for the outcome's line on the screen and counts it.
     */
    const decide = async (key: string, [outcome, line]: [string, string], asked?: [string, (screen: string) => boolean, string]) => {
      review.line(key);
      if (asked) {
        await review.waitFor(asked[0], asked[1]);
        review.line(asked[2]);
      }
      await review.waitFor(`the item ${outcome}`, line);
      count(outcome);
    };
    const approved = (id: string): [string, string] => ['approved', `✓ Approved ${id}: `];

    for (const [i, item] of items.entries()) {
      // The running count heads each item, and the whole item is on screen before the question.
      const heading = `${i + 1} of ${items.length}${tallyText() ? ` · ${tallyText()}` : ''}`;
      const shown = await review.waitFor(`item ${heading}`, (t) => after(t, `── ${heading} `).includes('? Decide:'));
      const block = after(shown, `── ${heading} `);
      expect(block).toMatch(new RegExp(`^ID:\\s+${item.id}$`, 'm'));
      for (const [field] of Object.entries(item.draft)) expect(block).toMatch(new RegExp(`^draft\\.${field}:`, 'm'));
      const keysShown = {
        action: '(a approve · r reject · e edit · s skip · q quit · ? help)',
        human_task: '(d done · r reject · s skip · q quit · ? help)',
        question: '(t answer · r reject · s skip · q quit · ? help)',
      }[String(item.kind)];
      expect(block).toContain(keysShown);

      switch (plan[i]!) {
        case 'approve':
          await decide('a', approved(item.id));
          break;
        case 'edit':
          await decide('e', approved(item.id), [
            'the question to approve',
            (t) => after(t, '· the draft as edited').includes('? Approve this draft now? (y/N)'),
            'y',
          ]);
          break;
        case 'reject':
          await decide(
            'r',
            ['rejected', `✓ Rejected ${item.id}: ${item.summary} (reason: Amount does not match the invoice)`],
            ['the question for a reason', (t) => after(t, '? Reason').length > 0, '  Amount does not match the invoice  '],
          );
          break;
        case 'done':
          await decide(
            'd',
            ['done', `✓ Done ${item.id}: `],
            ['the question for a note', (t) => after(t, '? Note').length > 0, 'Called them; all set'],
          );
          break;
        case 'answer': {
          review.line('t');
          await review.waitFor('the answer prompt', (t) => after(t, '✔ Decide: answer').includes('? Answer'));
          // Enter alone sends nothing here either.
          review.line('');
          await review.waitFor('the answer refused', (t) =>
            after(t, '✔ Decide: answer').includes('type an answer; Enter alone sends nothing'),
          );
          review.line('Hold off until Friday');
          await review.waitFor('the answer', (t) => t.includes(`✓ Answered ${item.id}: ${item.summary} (answer: Hold off until Friday)`));
          count('answered');
          break;
        }
        case 'skip':
          review.line(i % 2 ? 'n' : 's');
          await review.waitFor('the next item or the end', (t) => after(t, `── ${heading} `).includes('✔ Decide: skip'));
          count('skipped');
          break;
        case 'quit':
          review.line('q');
          break;
      }
    }

    const summary = `Reviewed ${items.length - 1} of ${items.length} · ${tallyText()}.`;
    const last = await review.waitFor('the summary', (t) => t.includes(summary));
    expect(last).toContain(summary);
    // The terminal's settings as before, however the review ended.
    expect(await review.done()).toMatchObject({ code: 0, sttyRestored: true });

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

describe.skipIf(!TMUX)('wts approval review on a terminal (tmux): shell completion (issue 39)', () => {
  const fresh = useSandbox();
  const term = useTerminal('wts-review-ids-');
  it('no longer offers an item it decided; one it did not decide stays', async () => {
    const [first, second] = reviewOrder(fresh);
    if (first?.kind !== 'action' || !second) throw new Error('the seed has no action waiting first');
    const dir = mkdtempSync(join(tmpdir(), 'wts-review-ids-'));
    rememberIds(
      dir,
      [first, second].map((a) => ({ kind: 'approval', id: a.id, label: a.summary })),
    );
    const review = term.run(['wts', 'approval', 'review'], { env: { ...fresh.env, WTS_CONFIG_DIR: dir, NO_COLOR: '1' } });
    await review.waitFor('the first item', (t) => after(t, '── 1 of ').includes('? Decide:'));
    review.line('a');
    await review.waitFor('the second item', (t) => after(t, '── 2 of ').includes('? Decide:'));
    review.line('q');
    expect(await review.done()).toMatchObject({ code: 0 });
    expect(readRememberedIds(dir).map((e) => e.id)).toEqual([second.id]);
  });
});
