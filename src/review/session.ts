// wts approval review: one waiting item after another on a terminal — the whole draft, then a decision —
// with a running count. The items are gathered once, as `wts inbox` does; each decision is sent at once,
// through the same functions as the `wts approval` verbs (src/approvals/decisions.ts).
//
// Nothing is sent by default: each decision is a letter typed, then Enter (as in `git add -p`), so the
// letter shows before it counts and Backspace takes it back; Enter alone sends nothing and shows the
// choices. Editing a draft shows the draft as the service now holds it and asks before approving (No by
// default). Ctrl-C at any question ends the review: the count so far, exit 130.
//
// In accessible mode (docs/accessibility.md) the same questions are plain lines read line by line
// (src/input/plain-prompt.ts): the choices numbered, a number or the word typed, nothing redrawn.
import {
  answerQuestion,
  approveAction,
  completeHumanTask,
  editDraft,
  rejectAction,
  unknownToDecide,
  type Decided,
} from '../approvals/decisions.js';
import type { CommandContext } from '../context.js';
import { CliError, describeFailure, ExitCode } from '../errors.js';
import { gatherWaiting, type PendingKind, type WaitingItem } from '../inbox/gather.js';
import { InputClosed, plainPrompter } from '../input/plain-prompt.js';
import { pendingActionRows } from '../output/pending-action.js';
import { printDone, printObject } from '../output/print.js';
import { terminalLine } from '../output/sanitize.js';
import { lazy } from '../lazy.js';

type Outcome = 'approved' | 'rejected' | 'done' | 'answered' | 'skipped' | 'settled elsewhere';
export type Choice = 'approve' | 'reject' | 'edit' | 'done' | 'answer' | 'skip' | 'quit' | 'help';

const TITLES: Record<PendingKind, string> = {
  action: 'Action to approve',
  human_task: 'Task for a person',
  question: 'Question from the agent',
};

export interface KeyChoice {
  key: string;
  value: Exclude<Choice, 'help'>;
  name: string;
  /** What it does, for the help. */
  help: string;
}

const SKIP: KeyChoice = { key: 's', value: 'skip', name: 'skip', help: 'leave it waiting and go to the next item (also n)' };
const QUIT: KeyChoice = { key: 'q', value: 'quit', name: 'quit', help: 'stop here; what is left keeps waiting' };
const REJECT: KeyChoice = { key: 'r', value: 'reject', name: 'reject', help: 'reject it, with a reason you are asked for' };

/** The decisions offered for each kind, each on its own key; "?" (or Enter alone) shows them. */
export const CHOICES: Record<PendingKind, KeyChoice[]> = {
  action: [
    { key: 'a', value: 'approve', name: 'approve', help: 'approve the draft as shown: the agent carries it out' },
    REJECT,
    {
      key: 'e',
      value: 'edit',
      name: 'edit',
      help: 'edit the draft in $EDITOR; the new draft is shown and you are asked before it is approved',
    },
    SKIP,
    QUIT,
  ],
  human_task: [{ key: 'd', value: 'done', name: 'done', help: 'mark it done, with a note you are asked for' }, REJECT, SKIP, QUIT],
  question: [
    { key: 't', value: 'answer', name: 'answer', help: 'type an answer (or pick one of the options offered)' },
    REJECT,
    SKIP,
    QUIT,
  ],
};

/** The choice a typed text names: its key, its name, "n" for skip, "?" for help; undefined when none. */
export function choiceFor(choices: KeyChoice[], typed: string): Choice | undefined {
  const text = typed.trim().toLowerCase();
  if (text === '?' || text === 'h' || text === 'help') return 'help';
  if (text === 'n' && choices.includes(SKIP)) return 'skip';
  return choices.find((c) => c.key === text || c.name === text)?.value;
}

const OUTCOME_ORDER: Outcome[] = ['approved', 'rejected', 'done', 'answered', 'skipped', 'settled elsewhere'];

/** "2 approved, 1 skipped": the outcomes so far, in a fixed order, zeros left out. */
export function tallyText(tally: Map<Outcome, number>): string {
  return OUTCOME_ORDER.filter((o) => (tally.get(o) ?? 0) > 0)
    .map((o) => `${tally.get(o)} ${o}`)
    .join(', ');
}

/** Raised by the prompt library when the person presses Ctrl-C or closes the input, or by the plain questions when it ends. */
const isPromptExit = (err: unknown) => err instanceof InputClosed || (err instanceof Error && err.name === 'ExitPromptError');

/** The review's questions, asked with the prompt library or, in accessible mode, as plain lines. */
interface Asker {
  decide(choices: KeyChoice[]): Promise<Exclude<Choice, 'help'>>;
  /** A line of text; `validate` returns why it is refused, or true. */
  text(message: string, validate?: (line: string) => string | true): Promise<string>;
  /** Yes or no, No by default. */
  confirm(message: string): Promise<boolean>;
  /** Whether a question waits for its answer now (else a decision may be on its way). */
  readonly asking: boolean;
  close(): void;
}

async function inquirerAsker(ctx: CommandContext): Promise<Asker> {
  const [{ input, confirm }, decide] = await Promise.all([lazy['@inquirer/prompts'](), decisionPrompt()]);
  const context = { input: ctx.io.stdin, output: ctx.io.stdout };
  return {
    decide: (choices) => decide({ message: 'Decide:', choices }, context),
    text: (message, validate) => input({ message, ...(validate && { validate }) }, context),
    confirm: (message) => confirm({ message, default: false }, context),
    asking: false,
    close() {},
  };
}

function plainAsker(ctx: CommandContext): Asker {
  const prompter = plainPrompter(ctx.io.stdin, ctx.io.stdout);
  return {
    async decide(choices) {
      const offered = choices.map((c) => ({ ...c, aliases: c === SKIP ? [c.key, 'n'] : [c.key] }));
      return (await prompter.choose('Decide:', offered)).value;
    },
    text: (message, validate) => prompter.text(message, validate),
    confirm: (message) => prompter.confirm(message),
    get asking() {
      return prompter.waiting;
    },
    close: () => prompter.close(),
  };
}

/** The review's decision prompt: a key, then Enter. Enter alone, or a key that is not a choice, sends nothing. */
async function decisionPrompt() {
  const { createPrompt, useState, useKeypress, usePrefix, makeTheme, isEnterKey } = await lazy['@inquirer/core']();
  return createPrompt<Exclude<Choice, 'help'>, { message: string; choices: KeyChoice[] }>((config, done) => {
    const theme = makeTheme({});
    const [status, setStatus] = useState<'idle' | 'done'>('idle');
    const [typed, setTyped] = useState('');
    const [answer, setAnswer] = useState('');
    const [showHelp, setShowHelp] = useState(false);
    const [notice, setNotice] = useState<string | undefined>(undefined);
    const prefix = usePrefix({ status, theme });
    useKeypress((key, rl) => {
      if (!isEnterKey(key)) {
        setTyped(rl.line);
        setNotice(undefined);
        return;
      }
      const choice = choiceFor(config.choices, typed);
      setTyped('');
      if (choice === undefined) {
        setShowHelp(true);
        setNotice(
          typed.trim()
            ? `"${terminalLine(typed.trim())}" is not a choice; nothing was sent`
            : 'Enter alone sends nothing: type a letter, then Enter',
        );
      } else if (choice === 'help') {
        setShowHelp(true);
        setNotice(undefined);
      } else {
        setAnswer(config.choices.find((c) => c.value === choice)?.name ?? choice);
        setStatus('done');
        done(choice);
      }
    });
    const keys = config.choices.map((c) => `${c.key} ${c.name}`).join(' · ');
    const message = theme.style.message(config.message, status);
    if (status === 'done') return `${prefix} ${message} ${theme.style.answer(answer)}`;
    const help = showHelp
      ? config.choices.map((c) => `  ${c.key}  ${c.name.padEnd(9)}${c.help}`).concat(`  ?  ${'help'.padEnd(9)}show this list`)
      : [];
    return [`${prefix} ${message} (${keys} · ? help) ${typed}`, [...help, ...(notice ? [theme.style.error(notice)] : [])].join('\n')];
  });
}

export async function reviewWaiting(ctx: CommandContext, options: { workspaceId?: string }): Promise<void> {
  const { io, chalk } = ctx;
  const waiting = await gatherWaiting(ctx, options);
  if (waiting.length === 0) {
    io.stdout.write('Nothing is waiting for a decision.\n');
    return;
  }
  const plain = ctx.accessible();
  const ask = plain ? plainAsker(ctx) : await inquirerAsker(ctx);
  const human = { ...ctx, json: false };
  const tally = new Map<Outcome, number>();
  const say = (line: string) => io.stdout.write(`${line}\n`);
  const decided = () => OUTCOME_ORDER.filter((o) => o !== 'skipped').reduce((sum, o) => sum + (tally.get(o) ?? 0), 0);
  const report = ({ action, message }: Decided) => printDone(human, action, terminalLine(message));

  /** The item: a heading with the count so far, the kind and summary, then the whole draft. */
  function show(item: WaitingItem, index: number, edited = false) {
    const counts = tallyText(tally);
    const heading = edited
      ? `${index + 1} of ${waiting.length} · the draft as edited`
      : `${index + 1} of ${waiting.length}${counts ? ` · ${counts}` : ''}`;
    const gap = index === 0 && !edited ? '' : '\n';
    // A rule drawn with box characters is noise read aloud: accessible mode says "Item" instead.
    if (plain) say(`${gap}Item ${heading}`);
    else say(`${gap}${chalk.dim('──')} ${chalk.bold(heading)} ${chalk.dim('─'.repeat(Math.max(2, io.columns - heading.length - 4)))}`);
    say(chalk.bold(`${TITLES[item.action.kind] ?? terminalLine(item.action.kind)}: ${terminalLine(item.action.summary)}`));
    // The heading already says the kind and the summary, and everything here is pending.
    const rows = pendingActionRows(ctx, item.action, `${item.task.id} ${item.task.title}`).filter(
      ([label]) => !['Kind', 'State', 'Summary'].includes(label),
    );
    printObject(human, item.action, rows);
  }

  /** Sends the decision; undefined means "ask again" (nothing was sent, or the input was refused). */
  async function act(item: WaitingItem, choice: Exclude<Choice, 'skip' | 'quit' | 'help'>, index: number): Promise<Outcome | undefined> {
    const { action } = item;
    switch (choice) {
      case 'approve':
        report(await approveAction(ctx, action.id));
        return 'approved';
      case 'reject': {
        const reason = await ask.text('Reason (for the agent and the history; Enter for none):');
        report(await rejectAction(ctx, action.id, reason.trim() ? reason : undefined, 'the reason'));
        return 'rejected';
      }
      case 'done': {
        const note = await ask.text('Note (what was done; Enter for none):');
        report(await completeHumanTask(ctx, action.id, note.trim() ? note : undefined, 'the note'));
        return 'done';
      }
      case 'answer': {
        const options =
          Array.isArray(action.draft.options) && action.draft.options.every((o): o is string => typeof o === 'string')
            ? action.draft.options
            : [];
        for (const [i, o] of options.entries()) say(`  ${i + 1}) ${terminalLine(o)}`);
        const typed = await ask.text(
          options.length ? `Answer (1–${options.length} picks an option above, or type your own):` : 'Answer:',
          (t) => {
            if (!t.trim()) return 'type an answer; Enter alone sends nothing';
            if (options.length && /^\d+$/.test(t.trim()) && !options[Number(t.trim()) - 1])
              return `pick 1–${options.length}, or type your own answer`;
            return true;
          },
        );
        const pick = /^\d+$/.test(typed.trim()) ? options[Number(typed.trim()) - 1] : undefined;
        report(await answerQuestion(ctx, action.id, pick ?? typed, 'the answer'));
        return 'answered';
      }
      case 'edit': {
        const edited = await editDraft(ctx, action);
        if (!edited) {
          say(chalk.dim('No changes; nothing was sent.'));
          return undefined;
        }
        report(edited);
        item.action = edited.action;
        // What would be approved now is what the service holds: show it whole, then ask (No by default).
        show(item, index, true);
        if (!(await ask.confirm('Approve this draft now?'))) {
          say(chalk.dim('Not approved; the edited draft waits. Choose again:'));
          return undefined;
        }
        report(await approveAction(ctx, action.id));
        return 'approved';
      }
    }
  }

  const summary = (reviewed: number) => {
    const counts = tallyText(tally);
    return `Reviewed ${reviewed} of ${waiting.length}${counts ? ` · ${counts}` : ''}.`;
  };

  const interrupted = (n: number) => `interrupted: ${n} item${n === 1 ? '' : 's'} decided; the rest still wait`;
  // Ctrl-C between questions (while a decision is being sent) arrives as a signal, not a key: say the same,
  // and that the decision in flight may or may not have reached the service.
  let current = 0;
  // In accessible mode every Ctrl-C arrives so (the terminal reads lines), also while a question waits.
  const onSignal = () => {
    say(`\n${summary(current)}`);
    const inFlight = ask.asking ? '' : ' (a decision being sent may or may not have reached the service: wts inbox shows what waits)';
    io.stderr.write(`wts: ${interrupted(decided())}${inFlight}\n`);
    process.exit(ExitCode.interrupted);
  };
  process.once('SIGINT', onSignal);
  try {
    await reviewEach();
  } finally {
    process.removeListener('SIGINT', onSignal);
    ask.close();
  }

  async function reviewEach(): Promise<void> {
    for (const [index, item] of waiting.entries()) {
      current = index;
      show(item, index);
      // Of a kind or in a state wts does not know: shown, never decided (only skip or quit are offered).
      const unknown = unknownToDecide(item.action);
      if (unknown !== undefined) say(chalk.dim(terminalLine(unknown)));
      const choices = (unknown === undefined && CHOICES[item.action.kind]) || [SKIP, QUIT];
      let outcome: Outcome | undefined;
      while (outcome === undefined) {
        try {
          const choice = await ask.decide(choices);
          if (choice === 'quit') {
            say(`\n${summary(index)}`);
            return;
          }
          if (choice === 'skip') outcome = 'skipped';
          else outcome = await act(item, choice, index);
        } catch (err) {
          if (isPromptExit(err)) {
            // Ctrl-C (or the input closed): stop at once, say how far it got, exit 130 as shells expect.
            say(`\n${summary(index)}`);
            throw new CliError(interrupted(decided()), ExitCode.interrupted);
          }
          const { message, exitCode } = await describeFailure(err);
          // Settled by someone else meanwhile: move on. Refused input or a failed editor: ask again.
          // Anything else (sign-in, network…) ends the review.
          const settled = exitCode === ExitCode.conflict || exitCode === ExitCode.notFound;
          if (!settled && exitCode !== ExitCode.usage && exitCode !== ExitCode.failure) throw err;
          if (exitCode === ExitCode.failure && !(err instanceof CliError)) throw err;
          io.stderr.write(`wts: ${terminalLine(message)}\n`);
          if (settled) outcome = 'settled elsewhere';
        }
      }
      tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
    }
    say(`\n${summary(waiting.length)}`);
  }
}
