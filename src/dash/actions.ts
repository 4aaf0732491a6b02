// What can be done to the selected item of `wts dash`, each on one key: the decisions on a pending action
// go through src/approvals/decisions.ts (the same calls and messages as `wts approval …` and `approval
// review`), the rest through the operations catalog as `wts task …` and `wts schedule …` send them. Each
// asks for its text first when it needs one, then for a confirmation; only then is anything sent.
import type { Resource } from '../contract/resources.js';
import { answerQuestion, approveAction, completeHumanTask, rejectAction, unknownToDecide } from '../approvals/decisions.js';
import { collectItems } from '../framework/listing.js';
import type { CommandContext } from '../context.js';
import { requiredText } from '../input/text.js';
import { DONE, statusKey } from '../input/statuses.js';
import { ExitCode } from '../errors.js';
import type { Item } from './model.js';

type Status = Resource<'Status'>;

export type ActionName = 'approve' | 'reject' | 'edit' | 'answer' | 'done' | 'note' | 'message' | 'complete' | 'move' | 'pause';

export interface DashAction {
  key: string;
  name: ActionName;
  /** For the help and the key line. */
  label: string;
  help: string;
  /** Whether it applies to the item (and so is offered for it). */
  applies: (item: Item) => boolean;
  /** The question for its text, when it needs one; `optional`: Enter alone means none. */
  ask?: (item: Item) => { prompt: string; optional?: boolean };
}

/** The task an item is about: the task itself, or the task of a pending action. */
export function taskOf(item: Item): { id: string; title: string; workspaceId: string; status: string } | undefined {
  if (item.kind === 'task') return item.task;
  if (item.kind === 'pending') return item.waiting.task;
  return undefined;
}

/** A pending action of one of `kinds`, in a state wts knows: an unknown one is shown, never decided (nothing applies). */
const pendingOf = (item: Item, ...kinds: string[]) =>
  item.kind === 'pending' && kinds.includes(item.waiting.action.kind) && unknownToDecide(item.waiting.action) === undefined;
const options = (item: Item): string[] => {
  const o: unknown = item.kind === 'pending' ? item.waiting.action.draft.options : undefined;
  return Array.isArray(o) && o.every((v): v is string => typeof v === 'string') ? o : [];
};
/** The id of the task an item is about (a schedule's own id, which no task action uses). */
const taskIdOf = (item: Item) => taskOf(item)?.id ?? item.id;

export const ACTIONS: readonly DashAction[] = [
  {
    key: 'a',
    name: 'approve',
    label: 'approve',
    help: 'approve the proposed action as drafted: the agent carries it out',
    applies: (i) => pendingOf(i, 'action'),
  },
  {
    key: 'r',
    name: 'reject',
    label: 'reject',
    help: 'reject the action, task for a person or question, with a reason',
    applies: (i) => pendingOf(i, 'action', 'human_task', 'question'),
    ask: () => ({ prompt: 'Reason (for the agent and the history; Enter for none):', optional: true }),
  },
  {
    key: 'e',
    name: 'edit',
    label: 'edit',
    help: 'edit the draft in $EDITOR; then asks before approving it',
    applies: (i) => pendingOf(i, 'action'),
  },
  {
    key: 't',
    name: 'answer',
    label: 'answer',
    help: "answer the agent's question (a number picks one of its options)",
    applies: (i) => pendingOf(i, 'question'),
    ask: (i) => {
      const n = options(i).length;
      return { prompt: n ? `Answer (1–${n} picks an option, or type your own):` : 'Answer:' };
    },
  },
  {
    key: 'd',
    name: 'done',
    label: 'done',
    help: "mark the person's task done, with a note",
    applies: (i) => pendingOf(i, 'human_task'),
    ask: () => ({ prompt: 'Note (what was done; Enter for none):', optional: true }),
  },
  {
    key: 'n',
    name: 'note',
    label: 'note',
    help: 'add a note to the task (the team and the agent see it)',
    applies: (i) => taskOf(i) !== undefined,
    ask: () => ({ prompt: 'Note:' }),
  },
  {
    key: 'm',
    name: 'message',
    label: 'message',
    help: 'send the agent a message on the task',
    applies: (i) => taskOf(i) !== undefined,
    ask: () => ({ prompt: 'Message to the agent:' }),
  },
  {
    key: 'c',
    name: 'complete',
    label: 'complete',
    help: 'complete the task (it moves to done)',
    applies: (i) => i.kind === 'task' && i.task.status !== DONE,
  },
  {
    key: 'v',
    name: 'move',
    label: 'move',
    help: 'move the task to another column of its board',
    applies: (i) => i.kind === 'task',
    ask: () => ({ prompt: 'Move to column (key or name):' }),
  },
  {
    key: 'p',
    name: 'pause',
    label: 'pause/resume',
    help: 'pause an active schedule, or resume a paused one',
    applies: (i) => i.kind === 'schedule',
  },
];

export const actionForKey = (key: string) => ACTIONS.find((a) => a.key === key);

/** Failures that say nothing about the typed value: it is offered again, since sending it again may work. */
const TRANSIENT: readonly number[] = [ExitCode.failure, ExitCode.signIn, ExitCode.rateLimited];

/**
 * After a typed action failed: a value the service refused (bad input, a conflict, a gone item) is not
 * put back into the prompt, where Enter would send it again, but quoted in the error line, so nothing
 * typed is lost and the prompt opens empty; after a failure that says nothing of the value (network,
 * 5xx, sign-in, rate limit) it is offered again.
 */
export function afterFailure(text: string | undefined, exitCode: number): { keep?: string; note: string } {
  if (text === undefined || text === '') return { note: '' };
  if (TRANSIENT.includes(exitCode)) return { keep: text, note: '' };
  return { note: ` (you typed: ${JSON.stringify(text)})` };
}

/** The question asked before sending: what will be done, to what, with what text. */
export function confirmQuestion(name: ActionName, item: Item, text: string | undefined, resolved?: string): string {
  const what =
    item.kind === 'pending'
      ? `${item.id} (${item.waiting.action.summary})`
      : item.kind === 'task'
        ? `${item.id} (${item.task.title})`
        : `${item.id} (${item.schedule.title})`;
  const withText = (label: string) => (text ? ` with the ${label} "${text}"` : '');
  switch (name) {
    case 'approve':
      return `Approve ${what}?`;
    case 'edit':
      // Short, so the line above still says what the edit changed; the pane shows the draft.
      return `Approve the edited draft of ${item.id} now?`;
    case 'reject':
      return `Reject ${what}${withText('reason')}?`;
    case 'answer':
      return `Answer ${what} with "${resolved ?? text}"?`;
    case 'done':
      return `Mark ${what} done${withText('note')}?`;
    case 'note':
      return `Add the note "${text}" to ${taskIdOf(item)}?`;
    case 'message':
      return `Send "${text}" to the agent on ${taskIdOf(item)}?`;
    case 'complete':
      return `Complete ${what}?`;
    case 'move':
      return `Move ${what} to ${resolved}?`;
    case 'pause':
      return `${item.kind === 'schedule' && item.schedule.state === 'paused' ? 'Resume' : 'Pause'} ${what}?`;
  }
}

/** The answer a typed text gives: the option its number picks, else the text. */
export function answerFor(item: Item, typed: string): string {
  const pick = /^\d+$/.test(typed.trim()) ? options(item)[Number(typed.trim()) - 1] : undefined;
  return pick ?? typed;
}

/** The columns of a workspace, fetched once per dashboard. */
export class Columns {
  private readonly cache = new Map<string, Promise<Status[]>>();
  constructor(private readonly ctx: CommandContext) {}
  of(workspaceId: string): Promise<Status[]> {
    let found = this.cache.get(workspaceId);
    if (!found) {
      found = this.ctx.api().then((api) => collectItems<Status>(api.items('list_workspace_statuses', { path: { workspaceId } })));
      found.catch(() => this.cache.delete(workspaceId));
      this.cache.set(workspaceId, found);
    }
    return found;
  }
  /** The column a typed text names (key or name, "did you mean" otherwise), as "Name (key)". */
  async resolve(workspaceId: string, typed: string): Promise<{ key: string; label: string }> {
    const statuses = await this.of(workspaceId);
    const key = statusKey(requiredText(typed, 'the column'), statuses, 'the column');
    const name = statuses.find((s) => s.key === key)?.name ?? key;
    return { key, label: name === key ? key : `${name} (${key})` };
  }
}

/**
 * Sends an action (confirmed already) and says what it did, in the words of the matching wts command.
 * `text` is what was typed for it; `resolved` the column key of a move. Throws what the service or the
 * input checks threw.
 */
export async function sendAction(
  ctx: CommandContext,
  name: Exclude<ActionName, 'edit'>,
  item: Item,
  text: string | undefined,
  resolved?: string,
): Promise<string> {
  const api = await ctx.api();
  switch (name) {
    case 'approve':
      return (await approveAction(ctx, item.id)).message;
    case 'reject':
      return (await rejectAction(ctx, item.id, text?.trim() ? text : undefined, 'the reason')).message;
    case 'answer':
      return (await answerQuestion(ctx, item.id, answerFor(item, text ?? ''), 'the answer')).message;
    case 'done':
      return (await completeHumanTask(ctx, item.id, text?.trim() ? text : undefined, 'the note')).message;
    case 'note': {
      const task = await api.call('add_task_note', {
        path: { taskId: taskIdOf(item) },
        body: { content: requiredText(text ?? '', 'the note') },
      });
      return `Added a note to ${task.id} (${task.title})`;
    }
    case 'message': {
      const taskId = taskIdOf(item);
      await api.call('send_task_message', { path: { taskId }, body: { content: requiredText(text ?? '', 'the message') } });
      return `Sent to the agent on ${taskId}`;
    }
    case 'complete': {
      const task = await api.call('complete_task', { path: { taskId: item.id }, body: {} });
      return `Completed ${task.id} (${task.title})`;
    }
    case 'move': {
      const task = await api.call('update_task', {
        path: { taskId: item.id },
        body: { status: requiredText(resolved ?? '', 'the column') },
      });
      return `Moved ${task.id} (${task.title}) to ${task.status}`;
    }
    case 'pause': {
      const paused = item.kind === 'schedule' && item.schedule.state === 'paused';
      const schedule = await api.call(paused ? 'resume_scheduled_task' : 'pause_scheduled_task', {
        path: { scheduledTaskId: item.id },
        body: {},
      });
      return `${paused ? 'Resumed' : 'Paused'} ${schedule.id} (${schedule.title})`;
    }
  }
}
