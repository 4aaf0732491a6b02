// Adding, removing and setting the members of a list (assignees, tags): what `task assign` and `task tag` share.
import type { Command } from 'commander';
import { CliError, ExitCode } from '../../errors.js';
import { requiredText } from '../../input/text.js';
import { pipeText } from '../../output/print.js';
import { collectList } from '../../input/people.js';

/** --add, --remove, --set and --clear of `task assign` and `task tag`. */
export interface ChangeOptions {
  add: string[];
  remove: string[];
  set?: string[];
  clear?: boolean;
}

export function changeOptions(command: Command, one: string, many: string, what: string): Command {
  return command
    .option(`--add <${one}>`, `add ${many} (${what}); repeatable or comma-separated`, collectList, [])
    .option(`--remove <${one}>`, `remove ${many}; repeatable or comma-separated`, collectList, [])
    .option(`--set <${one}>`, `replace all the ${many} with these; repeatable or comma-separated`, collectList)
    .option('--clear', `remove all the ${many}`);
}

/** What to add, remove or set, from the options and the positional words (which add); exit 2 for a contradiction. */
export function planChange(opts: ChangeOptions, words: string[], arg: string, many: string): { add: string[]; remove: string[]; set?: string[] } {
  // Each word trimmed; a blank one is refused by name (TAG #2), as everywhere.
  const add = [...words.map((w, i) => requiredText(w, `${arg} #${i + 1}`)), ...opts.add];
  const set = opts.clear ? [] : opts.set;
  if (opts.clear && opts.set) throw new CliError('pass --set or --clear, not both', ExitCode.usage);
  if (set && (add.length || opts.remove.length)) throw new CliError(`--${opts.clear ? 'clear' : 'set'} replaces all the ${many}: pass it without ${arg}, --add or --remove`, ExitCode.usage);
  if (!set && !add.length && !opts.remove.length) throw new CliError(`nothing to change: name ${many} to add (${arg} or --add), --remove, --set or --clear`, ExitCode.usage);
  const both = add.find((a) => opts.remove.includes(a));
  if (both !== undefined) throw new CliError(`"${pipeText(both)}" is both added and removed`, ExitCode.usage);
  return { add, remove: opts.remove, ...(set && { set }) };
}

/** Whether --add, --remove, --set or --clear was given: then every word is a TASK (`task tag A B --add vip`). */
function changeFlagged(opts: ChangeOptions): boolean {
  return opts.add.length > 0 || opts.remove.length > 0 || opts.set !== undefined || opts.clear === true;
}

/** The tasks `task assign` and `task tag` change: every word with a change flag, else the first (the rest add). */
export function changedTasks({ args, opts }: { args: readonly [string, string[] | undefined]; opts: ChangeOptions }): string[] {
  const words = [args[0], ...(args[1] ?? [])];
  return changeFlagged(opts) ? words : words.slice(0, 1);
}

/** The words that add (PERSON..., TAG...): none when a change flag makes every word a TASK. */
export function changeWords(args: readonly [string, string[] | undefined], opts: ChangeOptions): string[] {
  return changeFlagged(opts) ? [] : (args[1] ?? []);
}

/** The list after the change: `set` when given, else `current` with `add` appended and `remove` taken out. */
export function applyChange<T>(current: readonly T[], set: readonly T[] | undefined, add: readonly T[], remove: readonly T[], key: (item: T) => string): T[] {
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

export function difference<T>(before: readonly T[], after: readonly T[], key: (item: T) => string): { added: T[]; removed: T[] } {
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return { added: after.filter((i) => !had.has(key(i))), removed: before.filter((i) => !has.has(key(i))) };
}

/** "Tagged task_1: added vip; removed urgent; now billing, vip". */
export function changeMessage(id: string, verbed: string, added: string[], removed: string[], now: string[], nothing: string): string {
  const parts = [...(added.length ? [`added ${added.join(', ')}`] : []), ...(removed.length ? [`removed ${removed.join(', ')}`] : []), `now ${now.length ? now.join(', ') : nothing}`];
  return `${verbed.charAt(0).toUpperCase()}${verbed.slice(1)} ${id}: ${parts.join('; ')}`;
}
