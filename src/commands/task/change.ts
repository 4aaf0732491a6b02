// Adding, removing and setting the members of a list (assignees, tags): what `task assign` and `task tag` share.
import type { Command } from 'commander';
import type { ApiClient, CallOptions } from '../../api/client.js';
import type { Staged } from '../../bulk/run.js';
import type { CommandContext } from '../../context.js';
import { CliError, ExitCode } from '../../errors.js';
import { requiredText } from '../../input/text.js';
import { pipeText } from '../../output/text.js';
import { collectList } from '../../input/people.js';
import type { Task } from './shared.js';

/** --add, --remove, --set and --clear of `task assign` and `task tag`. */
export interface ChangeOptions {
  add?: string[];
  remove?: string[];
  set?: string[];
  clear?: boolean;
}

export function changeOptions(command: Command, one: string, many: string, what: string): Command {
  return (
    command
      // No [] default: commander would print it in the help as "(default: [])", which says nothing.
      .option(`--add <${one}>`, `add ${many} (${what}); repeatable or comma-separated`, collectList)
      .option(`--remove <${one}>`, `remove ${many}; repeatable or comma-separated`, collectList)
      .option(`--set <${one}>`, `replace all the ${many} with these; repeatable or comma-separated`, collectList)
      .option('--clear', `remove all the ${many}`)
  );
}

/** What to add, remove or set, from the options and the positional words (which add); exit 2 for a contradiction. */
function planChange(opts: ChangeOptions, words: string[], arg: string, many: string): { add: string[]; remove: string[]; set?: string[] } {
  // Each word trimmed; a blank one is refused by name (TAG #2), as everywhere.
  const add = [...words.map((w, i) => requiredText(w, `${arg} #${i + 1}`)), ...(opts.add ?? [])];
  const remove = opts.remove ?? [];
  const set = opts.clear ? [] : opts.set;
  if (opts.clear && opts.set) throw new CliError('pass --set or --clear, not both', ExitCode.usage);
  if (set && (add.length || remove.length))
    throw new CliError(
      `--${opts.clear ? 'clear' : 'set'} replaces all the ${many}: pass it without ${arg}, --add or --remove`,
      ExitCode.usage,
    );
  if (!set && !add.length && !remove.length)
    throw new CliError(`nothing to change: name ${many} to add (${arg} or --add), --remove, --set or --clear`, ExitCode.usage);
  const both = add.find((a) => remove.includes(a));
  if (both !== undefined) throw new CliError(`"${pipeText(both)}" is both added and removed`, ExitCode.usage);
  return { add, remove, ...(set && { set }) };
}

/** Whether --add, --remove, --set or --clear was given: then every word is a TASK (`task tag A B --add vip`). */
function changeFlagged(opts: ChangeOptions): boolean {
  return Boolean(opts.add?.length) || Boolean(opts.remove?.length) || opts.set !== undefined || opts.clear === true;
}

/** The tasks `task assign` and `task tag` change: every word with a change flag, else the first (the rest add). */
export function changedTasks({ args, opts }: { args: readonly [string, string[] | undefined]; opts: ChangeOptions }): string[] {
  const words = [args[0], ...(args[1] ?? [])];
  return changeFlagged(opts) ? words : words.slice(0, 1);
}

/** The words that add (PERSON..., TAG...): none when a change flag makes every word a TASK. */
function changeWords(args: readonly [string, string[] | undefined], opts: ChangeOptions): string[] {
  return changeFlagged(opts) ? [] : (args[1] ?? []);
}

/** The list after the change: `set` when given, else `current` with `add` appended and `remove` taken out. */
function applyChange<T>(
  current: readonly T[],
  set: readonly T[] | undefined,
  add: readonly T[],
  remove: readonly T[],
  key: (item: T) => string,
): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  const gone = new Set(remove.map(key));
  for (const item of set ?? [...current, ...add]) {
    if (seen.has(key(item)) || gone.has(key(item))) continue;
    seen.add(key(item));
    out.push(item);
  }
  return out;
}

function difference<T>(before: readonly T[], after: readonly T[], key: (item: T) => string): { added: T[]; removed: T[] } {
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return { added: after.filter((i) => !had.has(key(i))), removed: before.filter((i) => !has.has(key(i))) };
}

/** "Tagged task_1: added vip; removed urgent; now billing, vip". */
function changeMessage(id: string, verbed: string, added: string[], removed: string[], now: string[], nothing: string): string {
  const parts = [
    ...(added.length ? [`added ${added.join(', ')}`] : []),
    ...(removed.length ? [`removed ${removed.join(', ')}`] : []),
    `now ${now.length ? now.join(', ') : nothing}`,
  ];
  return `${verbed.charAt(0).toUpperCase()}${verbed.slice(1)} ${id}: ${parts.join('; ')}`;
}

/** A list a task keeps (its assignees, its tags): what `task assign` and `task tag` differ in. */
export interface TaskList<T> {
  /** The argument that adds (PERSON, TAG) and what the items are called (people, tags), for errors. */
  arg: string;
  many: string;
  /** Checks every typed value against the catalog once, so a bad one fails before anything is sent. */
  check(api: ApiClient, typed: string[]): void;
  /** The items typed values name on a task (`label` is the flag, for errors); made once for the run. */
  resolver(ctx: CommandContext, api: ApiClient): (task: Task, typed: string[], label: string) => Promise<T[]>;
  /** The task's list as it is, and how an item is told apart and named. */
  current(task: Task): T[];
  key(item: T): string;
  name(item: T): string;
  /** Sends the whole new list. */
  send(api: ApiClient, taskId: string, after: T[], options: CallOptions): Promise<Task>;
  /** The end of "No change: task_1 …" ("is assigned to ada", "has no tags"), from the names of the list. */
  unchanged(names: string[]): string;
  /** The verb of the message ("assigned") and the word for an empty list ("nobody"). */
  verbed: string;
  nothing: string;
}

/**
 * The change of `task assign` and `task tag` for each task: planned once from --add, --remove, --set,
 * --clear and the words that add; then per task read and applied (the check: every task of a run is
 * read, and its values named, before any is changed), and sent only when the list changes.
 */
export async function changeTaskList<T>(
  { ctx, args, opts }: { ctx: CommandContext; args: readonly [string, string[] | undefined]; opts: ChangeOptions },
  list: TaskList<T>,
): Promise<Staged> {
  const change = planChange(opts, changeWords(args, opts), list.arg, list.many);
  const api = await ctx.api();
  list.check(api, [...(change.set ?? []), ...change.add, ...change.remove]);
  const resolve = list.resolver(ctx, api);
  const check: Staged['check'] = async (taskId, options) => {
    const task = await api.call('get_task', { path: { taskId } }, options);
    const [set, add, remove] = await Promise.all([
      change.set && resolve(task, change.set, '--set'),
      resolve(task, change.add, '--add'),
      resolve(task, change.remove, '--remove'),
    ]);
    const before = list.current(task);
    const after = applyChange(before, set || undefined, add, remove, list.key);
    const { added, removed } = difference(before, after, list.key);
    if (!added.length && !removed.length)
      return async () => ({ result: task, message: `No change: ${task.id} ${list.unchanged(before.map(list.name))}` });
    return async (later) => {
      const updated = await list.send(api, taskId, after, later);
      return {
        result: updated,
        message: changeMessage(
          updated.id,
          list.verbed,
          added.map(list.name),
          removed.map(list.name),
          list.current(updated).map(list.name),
          list.nothing,
        ),
      };
    };
  };
  return { check };
}
