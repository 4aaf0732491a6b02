// wts inbox [--workspace WS]: every proposed action, task for a person and question waiting across tasks.
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import type { PendingKind, WaitingItem } from '../inbox/gather.js';
import { DONE } from '../input/statuses.js';
import { pipeField } from '../output/sanitize.js';
import { verb, type CliDeps, options } from '../framework/verb.js';

/** Section headings on a terminal, by kind. */
const HEADINGS: Record<PendingKind, string> = {
  action: 'Actions to approve',
  human_task: 'Tasks for people',
  question: 'Questions to answer',
};

async function printInbox(ctx: CommandContext, waiting: WaitingItem[]): Promise<void> {
  const { io, chalk } = ctx;
  if (ctx.json) {
    // The service's pending actions, each with the task it belongs to, in the order shown on a terminal.
    const { printItems } = await import('../output/list.js');
    await printItems(
      ctx,
      waiting.map((w) => ({ ...w.action, task: w.task })),
      [],
    );
    return;
  }
  if (!io.isStdoutTTY) {
    for (const { action, task } of waiting) {
      const fields = [action.kind, action.id, task.id, action.createdAt, action.summary, task.title, task.workspaceId];
      io.stdout.write(`${fields.map(pipeField).join('\t')}\n`);
    }
    return;
  }
  if (waiting.length === 0) {
    io.stderr.write('Nothing is waiting for a decision.\n');
    return;
  }
  const [{ styled, terminalText }, { displayWidth, padToWidth }, { relativeTime }, { KIND_ORDER }] = await Promise.all([
    import('../output/text.js'),
    import('../output/width.js'),
    import('../output/format.js'),
    import('../inbox/gather.js'),
  ]);
  // Two lines an item: what waits, and since when; under it, dimmed, the task it belongs to.
  const since = new Map(waiting.map((w) => [w.action.id, relativeTime(w.action.createdAt, ctx.now())]));
  const idWidth = Math.max(...waiting.map((w) => displayWidth(terminalText(w.action.id))));
  const sinceWidth = Math.max(...[...since.values()].map((s) => s.length));
  const textWidth = Math.max(10, io.columns - 2 - idWidth - 2 - 2 - sinceWidth);
  const indent = ' '.repeat(2 + idWidth + 2);
  const sections: string[] = [];
  for (const kind of KIND_ORDER) {
    const items = waiting.filter((w) => w.action.kind === kind);
    if (items.length === 0) continue;
    const lines = [chalk.bold(`${HEADINGS[kind]} (${items.length})`)];
    for (const { action, task } of items) {
      const id = padToWidth(terminalText(action.id), idWidth);
      lines.push(`  ${id}  ${padToWidth(terminalText(action.summary, textWidth), textWidth)}  ${chalk.dim(since.get(action.id) ?? '')}`);
      // The task, its workspace, and "overdue" as a word (red too), so it shows without colors.
      const overdue = task.dueDate !== null && task.status !== DONE && Date.parse(task.dueDate) < ctx.now();
      const about = [
        styled(`${task.id} · ${task.workspaceId} · `, (t) => chalk.dim(t)),
        ...(overdue ? [styled('overdue', (t) => chalk.red(t)), styled(' · ', (t) => chalk.dim(t))] : []),
        styled(task.title, (t) => chalk.dim(t)),
      ];
      lines.push(`${indent}${terminalText(about, Math.max(1, io.columns - indent.length))}`);
    }
    sections.push(lines.join('\n'));
  }
  io.stdout.write(`${sections.join('\n\n')}\n`);
  if (io.isStderrTTY) io.stderr.write(`${chalk.dim('Decide one by one: wts approval review')}\n`);
}

export function registerInbox(program: Command, deps: CliDeps): void {
  verb(program, deps, {
    name: 'inbox',
    pages: true,
    description: 'what waits for a decision across tasks: actions to approve, tasks for people, questions; oldest first',
    options: options<{ workspace?: string }>((c) =>
      c.option('--workspace <ws>', 'only this workspace (default: every workspace this connection can open)'),
    ),
    fields: { workspaceId: '--workspace' },
    examples: ['wts inbox', 'wts inbox --workspace ws_support', 'wts inbox --json | jq -r \'.[] | select(.kind == "question") | .id\''],
    async run({ ctx, opts }) {
      const { gatherWaiting } = await import('../inbox/gather.js');
      const waiting = await gatherWaiting(ctx, opts.workspace !== undefined ? { workspaceId: opts.workspace } : {});
      for (const { action, task } of waiting) {
        ctx.remember('approval', action.id, action.summary);
        ctx.remember('task', task.id, task.title);
      }
      await printInbox(ctx, waiting);
    },
  });
}
