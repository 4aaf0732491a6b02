// What came of a wait: the run's state and output, the actions it proposed with the command that decides
// each, and the agent's reply. On a terminal a short report; piped, `label<TAB>fields` lines; `--json`
// one object. Every text from the service goes through the sanitizer.
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { relativeTime, stateText, wrapText } from '../output/format.js';
import { printJson } from '../output/print.js';
import { terminalText } from '../output/text.js';
import { pipeField, terminalBlock, terminalLine } from '../output/sanitize.js';
import { formatDuration } from '../schedules/duration.js';

type Task = Resource<'Task'>;
type Run = Resource<'Run'>;
type Message = Resource<'Message'>;
type PendingAction = Resource<'PendingAction'>;

export interface Outcome {
  /** The task `task create --wait` submitted. */
  task?: Task;
  /** The message `task message --wait` sent, and its task. */
  message?: Message;
  taskId?: string;
  /** What the agent wrote in the chat after the message. */
  replies: Message[];
  /** The run followed to its end; null when a message was answered without one. */
  run: Run | null;
  /** What the run proposed, in its order. */
  actions: PendingAction[];
}

/** The commands that decide a pending action, the usual one first. */
export function decideCommands(action: PendingAction): string[] {
  switch (action.kind) {
    case 'human_task':
      return [`wts approval done ${action.id} --note "…"`, `wts approval reject ${action.id} --reason "…"`];
    case 'question':
      return [`wts approval answer ${action.id} "…"`, `wts approval reject ${action.id} --reason "…"`];
    default:
      return [`wts approval approve ${action.id}`, `wts approval reject ${action.id} --reason "…"`];
  }
}

/** The run with its proposed actions: what `--json` prints for a run. */
export const runWithActions = (run: Run, actions: PendingAction[]) => ({ ...run, proposedActions: actions });

export function printOutcome(ctx: CommandContext, outcome: Outcome): void {
  const out = (text: string) => ctx.io.stdout.write(text);
  const { run, actions, replies, message } = outcome;
  if (ctx.json) {
    const runJson = run ? runWithActions(run, actions) : null;
    printJson(ctx, message ? { message, replies, run: runJson } : runJson);
    return;
  }
  if (!ctx.io.isStdoutTTY) {
    const line = (...fields: string[]) => out(`${fields.map(pipeField).join('\t')}\n`);
    if (message) line('message', message.id);
    if (run) {
      line('run', run.id);
      line('state', run.state);
      line('task', run.taskId);
      line('output', run.output);
      for (const a of actions) line('action', a.id, a.kind, a.state, a.summary, a.state === 'pending' ? (decideCommands(a)[0] ?? '') : '');
    }
    for (const m of replies) line('reply', m.id, m.author.name, m.createdAt, m.content);
    return;
  }
  const { chalk } = ctx;
  const width = Math.max(20, ctx.io.columns - 4);
  const indent = (text: string) => wrapText(terminalBlock(text), width).replace(/^/gm, '  ');
  if (message) out(`${chalk.green('✓')} Sent to the agent on ${terminalLine(outcome.taskId ?? outcome.run?.taskId ?? 'the task')}\n`);
  if (run) {
    const ok = run.state === 'succeeded';
    const took = run.finishedAt ? `, took ${formatDuration(Date.parse(run.finishedAt) - Date.parse(run.startedAt))}` : '';
    const title = outcome.task ? ` "${terminalLine(outcome.task.title)}"` : '';
    out(
      `${ok ? chalk.green('✓') : chalk.red('✗')} Run ${terminalLine(run.id)} ${terminalText(stateText(chalk, run.state))} on task ${terminalLine(run.taskId)}${title}${took}\n`,
    );
    out(`${chalk.bold('Output:')}\n${run.output.trim() ? indent(run.output.trimEnd()) : chalk.dim('  none')}\n`);
    const pending = actions.filter((a) => a.state === 'pending');
    if (actions.length > 0) {
      out(`${chalk.bold(pending.length ? `Proposed, waiting for your decision (${pending.length}):` : 'Proposed:')}\n`);
      for (const a of actions) {
        out(
          `  ${terminalLine(a.id)}  ${chalk.yellow(terminalLine(a.kind))}  ${terminalLine(a.summary)}${a.state === 'pending' ? '' : chalk.dim(` (${terminalLine(a.state)})`)}\n`,
        );
        if (a.state !== 'pending') continue;
        for (const command of decideCommands(a)) out(`    ${command}\n`);
        out(`    ${chalk.dim(`wts approval view ${terminalLine(a.id)}   # the whole draft`)}\n`);
      }
    } else if (ok) {
      out(`${chalk.dim('Nothing proposed.')}\n`);
    }
  }
  for (const m of replies) {
    out(
      `${chalk.bold.cyan(terminalLine(m.author.name))} ${chalk.dim(`(${terminalLine(m.author.kind)}) · ${relativeTime(m.createdAt, ctx.now())}`)}\n${indent(m.content.replace(/\n+$/, ''))}\n`,
    );
  }
  if (message && !run && replies.length === 0) out(`${chalk.dim('No reply.')}\n`);
}
