// What shell completion knows, read from the command tree itself: every command's subcommands (with
// their aliases), flags, which flags take a value, and what completes a value — fixed choices, ids
// remembered from recent listings, or file names. The shell scripts are rendered from this.
import type { Argument, Command, Option } from 'commander';
import { idKindFor, type IdKind } from './ids.js';

export type ValueSpec = { type: 'choices'; values: string[] } | { type: 'ids'; kind: IdKind } | { type: 'files' } | { type: 'text' };

export interface FlagSpec {
  /** e.g. ['-y', '--yes']. */
  names: string[];
  description: string;
  /** What the flag's value completes from; undefined for a flag that takes no value. */
  value?: ValueSpec;
}

export interface SubcommandSpec {
  name: string;
  aliases: string[];
  description: string;
}

export interface CommandSpec {
  /** Canonical names from the root: '' for wts itself, 'task list' for `wts task list`. */
  path: string;
  subcommands: SubcommandSpec[];
  /** Own flags, then the global ones, then --help. */
  flags: FlagSpec[];
  /** Positional arguments in order; `repeats` on the last when it is variadic. */
  args: { value: ValueSpec; repeats: boolean }[];
}

// Values are pasted into shell scripts unquoted in places: only plain words are allowed.
const PLAIN_WORD = /^[A-Za-z0-9_.:@+-]+$/;

function choices(values: readonly string[], where: string): ValueSpec {
  for (const v of values) if (!PLAIN_WORD.test(v)) throw new Error(`completion: choice "${v}" of ${where} is not a plain word`);
  return { type: 'choices', values: [...values] };
}

const FILE_VALUES = new Set(['file', 'path']);

/** Values a flag or argument completes from that commander does not check (the verb does, in its own words). */
const COMPLETES = new WeakMap<Option | Argument, readonly string[]>();

/** Marks `target` as completing from `values` (`--require <TAB>`: active paused), without commander's check. */
export function completes<T extends Option | Argument>(target: T, values: readonly string[]): T {
  COMPLETES.set(target, values);
  return target;
}

function optionValue(option: Option, group: string | undefined): ValueSpec | undefined {
  if (!option.required && !option.optional) return undefined;
  if (option.argChoices) return choices(option.argChoices, option.long ?? option.flags);
  const fixed = COMPLETES.get(option);
  if (fixed) return choices(fixed, option.long ?? option.flags);
  const kind = option.long ? idKindFor(group, option.long) : undefined;
  if (kind) return { type: 'ids', kind };
  const valueName = /<([^>.]+)(\.\.\.)?>|\[([^\].]+)(\.\.\.)?\]/.exec(option.flags);
  if (valueName && FILE_VALUES.has((valueName[1] ?? valueName[3] ?? '').toLowerCase())) return { type: 'files' };
  return { type: 'text' };
}

/** The group a command belongs to: `task` for `wts task list` and for `wts task` itself. */
function groupOf(command: Command, root: Command): string | undefined {
  let at = command;
  while (at.parent && at.parent !== root) at = at.parent;
  return at === root ? undefined : at.name();
}

function argumentValue(argument: Argument, command: Command, root: Command): ValueSpec {
  const fixed = argument.argChoices ?? COMPLETES.get(argument);
  if (fixed) return choices(fixed, `${command.name()} ${argument.name()}`);
  // `wts help COMMAND...` completes the names of commands.
  if (command.name() === 'help' && command.parent === root)
    return choices(
      visible(root).map((c) => c.name()),
      'help',
    );
  const kind = idKindFor(groupOf(command, root), argument.name());
  return kind ? { type: 'ids', kind } : { type: 'text' };
}

function visible(command: Command): Command[] {
  // commander keeps `.command(name, { hidden: true })` in a field its types do not show.
  return command.commands.filter((c) => !Reflect.get(c, '_hidden'));
}

function flagOf(option: Option, group: string | undefined): FlagSpec {
  const value = optionValue(option, group);
  return {
    names: [option.short, option.long].filter((n): n is string => Boolean(n)),
    description: option.description,
    ...(value && { value }),
  };
}

const HELP: FlagSpec = { names: ['-h', '--help'], description: 'show help for the command' };

/** Every command of the tree under `root`, root first, depth first, in the order of the help. */
export function completionSpec(root: Command): CommandSpec[] {
  const globals = root.options.filter((o) => !o.hidden);
  // -V/--version belongs to wts itself only; the others are accepted after any command.
  const inherited = globals.filter((o) => o.long !== '--version').map((o) => flagOf(o, undefined));
  const specs: CommandSpec[] = [];
  const visit = (command: Command, path: string) => {
    const own = command.options.filter((o) => !o.hidden).map((o) => flagOf(o, groupOf(command, root)));
    specs.push({
      path,
      subcommands: visible(command).map((c) => ({ name: c.name(), aliases: c.aliases(), description: c.description() })),
      flags: command === root ? [...own, HELP] : [...own, ...inherited, HELP],
      args: command.registeredArguments.map((a, i, list) => ({
        value: argumentValue(a, command, root),
        repeats: a.variadic && i === list.length - 1,
      })),
    });
    for (const sub of visible(command)) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(root, '');
  return specs;
}
