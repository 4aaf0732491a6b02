// How `wts inbox --watch` tells its events: with --json one object a line ({event, item, at}, the item as
// `wts inbox --json` has it); piped, tab-separated fields a line; on a terminal, a line a person reads,
// the event said in words (never by color alone).
import type { CommandContext } from '../context.js';
import { localTime } from '../output/format.js';
import { jsonText, pipeField } from '../output/sanitize.js';
import { styled, terminalText } from '../output/text.js';
import type { WatchEvent } from './watch.js';

/** `--json`: the exact data, one event a line. */
export function eventJson(e: WatchEvent): string {
  return jsonText({ event: e.event, item: { ...e.item.action, task: e.item.task }, at: e.at });
}

/** Piped: event, kind, item id, task id, state, when seen, summary, task title, workspace. */
export function eventFields(e: WatchEvent): string {
  const { action, task } = e.item;
  return [e.event, action.kind, action.id, task.id, action.state, e.at, action.summary, task.title, task.workspaceId]
    .map(pipeField)
    .join('\t');
}

/** The word of a decided item's state ("approved", …), or that it is gone. */
const outcome = (e: WatchEvent) => (e.item.action.state === 'pending' ? 'gone' : e.item.action.state);

/** On a terminal: "09:31 waiting  action  act_s001  Post an update · task_s001 · ws_support · Title". */
export function eventLine(ctx: CommandContext, e: WatchEvent): string {
  const { chalk } = ctx;
  const { action, task } = e.item;
  const time = localTime(e.at).slice(11);
  const word = e.event === 'appeared' ? 'waiting ' : `${outcome(e)}`.padEnd(8);
  const text = terminalText(
    [
      `${time} `,
      styled(word, (t) => (e.event === 'appeared' ? chalk.bold(t) : chalk.dim(t))),
      ` ${action.kind.padEnd(10)} ${action.id}  `,
      action.summary,
      styled(` · ${task.id} · ${task.workspaceId} · ${task.title}`, (t) => chalk.dim(t)),
    ],
    ctx.io.columns,
  );
  return text;
}

/** Writes a check's events as the output wants them. */
export function printEvents(ctx: CommandContext, events: WatchEvent[]): void {
  const { io } = ctx;
  for (const e of events) {
    if (ctx.json) io.stdout.write(`${eventJson(e)}\n`);
    else if (io.isStdoutTTY) io.stdout.write(`${eventLine(ctx, e)}\n`);
    else io.stdout.write(`${eventFields(e)}\n`);
  }
}
