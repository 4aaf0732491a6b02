// The bridge from commander to a verb: build the context from the global flags, run the verb with its
// arguments, close what it opened. Every verb is a small function of (ctx, args, opts).
import type { Command, Option } from 'commander';
import { idOf, RECORDED_BY } from '../completion/ids.js';
import { chalkFor, createContext, type CommandContext, type GlobalOptions } from '../context.js';
import type { Env, IO } from '../io.js';
import { processIO } from '../io.js';

export interface CliDeps {
  io?: (globals: GlobalOptions) => IO;
  env: Env;
  now?: () => number;
}

export interface VerbCall<O> {
  ctx: CommandContext;
  /** Positional arguments in order; a variadic one is an array. */
  args: (string | string[] | undefined)[];
  opts: O;
  command: Command;
}

/** Names to show for catalog fields in error messages, e.g. { workspaceId: 'WS' }. Options are named by their flag automatically. */
export type FieldNames = Record<string, string>;

const FIELD_NAMES = new WeakMap<Command, FieldNames>();

/** The flag or argument name a user typed for a catalog field, for error messages. */
export function displayNameFor(command: Command | undefined, field: string): string | undefined {
  if (!command) return undefined;
  const option = (command.options as Option[]).find((o) => o.attributeName() === field);
  if (option?.long) return option.long;
  const names = FIELD_NAMES.get(command);
  if (names?.[field]) return names[field];
  // An item of a list given as a variadic argument: `tags[1]` with { tags: 'TAG' } reads "TAG #2".
  const item = /^(\w+)\[(\d+)\]$/.exec(field);
  const list = item ? names?.[item[1]!] : undefined;
  return list ? `${list} #${Number(item![2]) + 1}` : undefined;
}

export function withContext<O>(deps: CliDeps, fn: (call: VerbCall<O>) => Promise<void>, fields: FieldNames = {}) {
  return async (...received: unknown[]): Promise<void> => {
    const command = received[received.length - 1] as Command;
    FIELD_NAMES.set(command, fields);
    const globals = command.optsWithGlobals() as GlobalOptions & O;
    const normalized: GlobalOptions = {
      profile: globals.profile,
      origin: globals.origin,
      json: Boolean(globals.json),
      color: globals.color !== false,
      debug: Boolean(globals.debug),
    };
    const io = deps.io ? deps.io(normalized) : processIO(deps.env, !normalized.color);
    const ctx = createContext(io, deps.env, normalized, deps.now, await chalkFor(io));
    // Lists that print ids keep them for shell completion.
    const kind = RECORDED_BY[`${command.parent?.name() ?? ''} ${command.name()}`];
    if (kind) {
      ctx.shown = (item) => {
        const shown = idOf(item);
        if (shown) ctx.remember(kind, shown.id, shown.label);
      };
    }
    activeCommand = command;
    try {
      await fn({ ctx, args: received.slice(0, -2) as VerbCall<O>['args'], opts: command.opts() as O, command });
    } finally {
      await ctx.close();
    }
  };
}

/** The command being run, so the error handler can name flags as the user typed them. */
export let activeCommand: Command | undefined;

/** Adds an "Examples:" block to a command's help. */
export function examples(command: Command, lines: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}

export interface VerbSpec<O> {
  /** The verb, e.g. "list". */
  name: string;
  description: string;
  /** Positional arguments as commander spells them, with a description: [['<WS>', 'workspace id']]. */
  args?: [spec: string, description: string][];
  /** Adds the verb's options. */
  options?: (command: Command) => Command;
  /** At least one; shown under "Examples:" in the verb's help. */
  examples: string[];
  /** How catalog fields are named to the user, when not by an option of the same name. */
  fields?: FieldNames;
  run: (call: VerbCall<O>) => Promise<void>;
}

/** Declares one verb of a group: arguments, options, help with examples, and what it runs. */
export function verb<O = Record<string, never>>(group: Command, deps: CliDeps, spec: VerbSpec<O>): Command {
  let command = group.command(spec.name).description(spec.description);
  for (const [argSpec, description] of spec.args ?? []) command = command.argument(argSpec, description);
  if (spec.options) command = spec.options(command);
  examples(command, spec.examples);
  return command.action(withContext<O>(deps, spec.run, spec.fields));
}
