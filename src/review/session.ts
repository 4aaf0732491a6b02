// wts approval review: one waiting item after another on a terminal — the whole draft, then a decision —
// with a running count. The items are gathered once, as `wts inbox` does; each decision is sent at once.
import type { Resource } from '../api/resources.js';
import type { CommandContext } from '../context.js';
import { ExitCode } from '../errors.js';
import { editText, sendKeepingText } from '../input/editor.js';
import { changedFields, parseDraft } from '../input/draft.js';
import { gatherWaiting, type PendingKind, type WaitingItem } from '../inbox/gather.js';
import { pendingActionRows } from '../output/pending-action.js';
import { printObject } from '../output/print.js';
import { terminalLine } from '../output/sanitize.js';

type PendingAction = Resource<'PendingAction'>;
type Outcome = 'approved' | 'rejected' | 'done' | 'answered' | 'skipped' | 'settled elsewhere';
type Choice = 'approve' | 'reject' | 'edit' | 'done' | 'answer' | 'skip' | 'quit';

const TITLES: Record<PendingKind, string> = {
  action: 'Action to approve',
  human_task: 'Task for a person',
  question: 'Question from the agent',
};

/** The decisions offered for each kind; their first letters differ, so typing one selects it. */
const CHOICES: Record<PendingKind, { value: Choice; name: string }[]> = {
  action: [
    { value: 'approve', name: 'Approve' },
    { value: 'reject', name: 'Reject, with a reason' },
    { value: 'edit', name: 'Edit the draft in $EDITOR, then approve' },
    { value: 'skip', name: 'Skip' },
    { value: 'quit', name: 'Quit' },
  ],
  human_task: [
    { value: 'done', name: 'Mark done' },
    { value: 'reject', name: 'Reject, with a reason' },
    { value: 'skip', name: 'Skip' },
    { value: 'quit', name: 'Quit' },
  ],
  question: [
    { value: 'answer', name: 'Answer' },
    { value: 'reject', name: 'Reject, with a reason' },
    { value: 'skip', name: 'Skip' },
    { value: 'quit', name: 'Quit' },
  ],
};

const OUTCOME_ORDER: Outcome[] = ['approved', 'rejected', 'done', 'answered', 'skipped', 'settled elsewhere'];

/** "2 approved, 1 skipped": the outcomes so far, in a fixed order, zeros left out. */
export function tallyText(tally: Map<Outcome, number>): string {
  return OUTCOME_ORDER.filter((o) => (tally.get(o) ?? 0) > 0)
    .map((o) => `${tally.get(o)} ${o}`)
    .join(', ');
}

/** Raised by the prompt library when the person presses Ctrl-C or closes the input. */
const isPromptExit = (err: unknown) => (err as Error)?.name === 'ExitPromptError';

export async function reviewWaiting(ctx: CommandContext, options: { workspaceId?: string }): Promise<void> {
  const { io, chalk } = ctx;
  const waiting = await gatherWaiting(ctx, options);
  if (waiting.length === 0) {
    io.stdout.write('Nothing is waiting for a decision.\n');
    return;
  }
  const { select, input } = await import('@inquirer/prompts');
  const context = { input: io.stdin, output: io.stdout };
  const api = await ctx.api();
  const human = { ...ctx, json: false };
  const tally = new Map<Outcome, number>();
  const say = (line: string) => io.stdout.write(`${line}\n`);

  /** Sends the decision; undefined means "ask again" (nothing changed, or the input was refused). */
  async function decide(item: WaitingItem, choice: Exclude<Choice, 'skip' | 'quit'>): Promise<Outcome | undefined> {
    const { action } = item;
    const path = { actionId: action.id };
    switch (choice) {
      case 'approve':
        await api.call('approve_pending_action', { path, body: {} });
        say(`${chalk.green('✓')} Approved ${terminalLine(`${action.id}: ${action.summary}`)}`);
        return 'approved';
      case 'reject': {
        const reason = (await input({ message: 'Reason (for the agent and the history; empty for none):' }, context)).trim();
        await api.call('reject_pending_action', { path, body: reason ? { reason } : {} });
        say(`${chalk.green('✓')} Rejected ${terminalLine(`${action.id}${reason ? ` (${reason})` : ''}`)}`);
        return 'rejected';
      }
      case 'edit': {
        const text = await editText(ctx, `${JSON.stringify(action.draft, null, 2)}\n`, '.json');
        const changes = changedFields(action.draft, parseDraft(text, 'the edited draft'));
        if (Object.keys(changes).length === 0) {
          say(chalk.dim('No changes, so nothing was approved.'));
          return undefined;
        }
        const updated = await sendKeepingText(ctx, text, () => api.call('update_pending_action', { path, body: { draft: changes } }));
        item.action = updated as PendingAction;
        await api.call('approve_pending_action', { path, body: {} });
        say(`${chalk.green('✓')} ${terminalLine(`Updated ${Object.keys(changes).join(', ')} and approved ${action.id}: ${action.summary}`)}`);
        return 'approved';
      }
      case 'done': {
        const note = (await input({ message: 'Note (what was done; empty for none):' }, context)).trim();
        await api.call('complete_human_task', { path, body: note ? { note } : {} });
        say(`${chalk.green('✓')} Done ${terminalLine(`${action.id}: ${action.summary}`)}`);
        return 'done';
      }
      case 'answer': {
        const options = Array.isArray(action.draft.options) && action.draft.options.every((o) => typeof o === 'string') ? (action.draft.options as string[]) : [];
        const OWN = '\u0000own';
        let answer = options.length
          ? await select({ message: 'Answer:', choices: [...options.map((o) => ({ value: o, name: terminalLine(o) })), { value: OWN, name: 'Write another answer…' }] }, context)
          : OWN;
        if (answer === OWN) answer = (await input({ message: 'Your answer:', validate: (t) => (t.trim() ? true : 'an answer cannot be empty') }, context)).trim();
        await api.call('answer_agent_question', { path, body: { answer } });
        say(`${chalk.green('✓')} Answered ${terminalLine(`${action.id}: ${answer}`)}`);
        return 'answered';
      }
    }
  }

  const summary = (reviewed: number) => {
    const counts = tallyText(tally);
    say(`\nReviewed ${reviewed} of ${waiting.length}${counts ? ` · ${counts}` : ''}.`);
  };

  for (let index = 0; index < waiting.length; index++) {
    const item = waiting[index]!;
    const counts = tallyText(tally);
    const heading = `${index + 1} of ${waiting.length}${counts ? ` · ${counts}` : ''}`;
    say(`${index === 0 ? '' : '\n'}${chalk.dim('──')} ${chalk.bold(heading)} ${chalk.dim('─'.repeat(Math.max(2, io.columns - heading.length - 4)))}`);
    say(chalk.bold(`${TITLES[item.action.kind]}: ${terminalLine(item.action.summary)}`));
    // The heading already says the kind and the summary, and everything here is pending.
    const rows = pendingActionRows(ctx, item.action, `${item.task.id} ${item.task.title}`).filter(([label]) => !['Kind', 'State', 'Summary'].includes(label));
    printObject(human, item.action, rows);

    let outcome: Outcome | undefined;
    while (outcome === undefined) {
      let choice: Choice;
      try {
        choice = await select({ message: 'Decide:', choices: CHOICES[item.action.kind] }, context);
      } catch (err) {
        if (!isPromptExit(err)) throw err;
        choice = 'quit';
      }
      if (choice === 'quit') {
        summary(index);
        return;
      }
      if (choice === 'skip') {
        outcome = 'skipped';
        break;
      }
      try {
        outcome = await decide(item, choice);
      } catch (err) {
        if (isPromptExit(err)) continue; // Ctrl-C inside a follow-up question: back to the choices
        const { describeFailure } = await import('../cli.js');
        const { message, exitCode } = await describeFailure(err);
        // Settled by someone else meanwhile: move on. Refused input: ask again. Anything else ends the review.
        const settled = exitCode === ExitCode.conflict || exitCode === ExitCode.notFound;
        if (!settled && exitCode !== ExitCode.usage) throw err;
        io.stderr.write(`wts: ${message}\n`);
        if (settled) outcome = 'settled elsewhere';
      }
    }
    tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
  }
  summary(waiting.length);
}
