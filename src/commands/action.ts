// The bridge from commander to a verb: build the context from the global flags, run the verb with its
// arguments, close what it opened. Every verb is a small function of (ctx, args, opts).
import type { Command, Option } from 'commander';
import { idOf, RECORDED_BY } from '../completion/ids.js';
import { chalkFor, createContext, type CommandContext, type GlobalOptions } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
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
      json: Boolean(globals.json) || globals.jq !== undefined,
      ...(globals.jq !== undefined && { jq: globals.jq }),
      color: globals.color !== false,
      debug: Boolean(globals.debug),
    };
    const realIO = deps.io ? deps.io(normalized) : processIO(deps.env, !normalized.color);
    // With --jq the command's JSON is kept and filtered once it has finished (the whole of a list, as gh
    // does); a bad expression is refused before anything is sent.
    const jq = normalized.jq !== undefined ? await import('../output/jq.js') : undefined;
    if (jq) await jq.checkJq(normalized.jq!);
    const kept: string[] = [];
    const io = jq ? withStdout(realIO, { write: (text: string) => kept.push(text) }) : realIO;
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
      if (jq) await jq.printJq(realIO.stdout, realIO.isStdoutTTY, normalized.jq!, kept.join(''));
    } finally {
      await ctx.close();
    }
  };
}

/** `io` with another stdout (its other members, getters included, read from `io` itself). */
function withStdout(io: IO, stdout: { write(text: string): unknown }): IO {
  return Object.create(io, { stdout: { value: stdout } }) as IO;
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

/** The workspace argument of a verb: optional once a default workspace is set (see withWorkspace). */
export const WS_ARG: [spec: string, description: string] = ['<WS>', 'workspace id (from `wts workspace list`; default: WTS_WORKSPACE, else `wts config get workspace`)'];

/** Declares one verb of a group: arguments, options, help with examples, and what it runs. */
export function verb<O = Record<string, never>>(group: Command, deps: CliDeps, spec: VerbSpec<O>): Command {
  let command = group.command(spec.name).description(spec.description);
  const args = spec.args ?? [];
  const takesWorkspace = args.some(([argSpec]) => argSpec === WS_ARG[0]);
  // With a workspace argument every argument is declared optional: which ones were given is decided
  // when the verb runs, once the default workspace is known.
  for (const [argSpec, description] of args) command = command.argument(takesWorkspace ? argSpec.replace(/^<(.*)>$/, '[$1]') : argSpec, description);
  if (spec.options) command = spec.options(command);
  examples(command, spec.examples);
  const run = takesWorkspace ? withWorkspace(args, spec.run) : spec.run;
  return command.action(withContext<O>(deps, run, spec.fields));
}

/**
 * Runs a verb whose arguments include WS with the workspace filled in: the one typed, else WTS_WORKSPACE,
 * else the profile's `workspace` setting. The typed words are matched to the arguments by count: with a
 * default workspace, one word fewer than the arguments means WS was left out (`wts workspace rename NAME`),
 * and a verb whose last argument takes many words (`wts task search WORDS...`) reads them all as those
 * words. Without a default, the first word is WS, as declared.
 */
function withWorkspace<O>(declared: [string, string][], run: (call: VerbCall<O>) => Promise<void>) {
  return async (call: VerbCall<O>): Promise<void> => {
    const typed = call.command.args.slice();
    const at = declared.findIndex(([argSpec]) => argSpec === WS_ARG[0]);
    const fallback = call.ctx.defaultWorkspace();
    const required = declared.filter(([argSpec]) => argSpec.startsWith('<')).length;
    const variadic = declared[declared.length - 1]![0].endsWith('...>') || declared[declared.length - 1]![0].endsWith('...]');
    const given = fallback === undefined || (!variadic && typed.length >= required);
    if (given && typed.length <= at) {
      throw new CliError('WS: name a workspace (from `wts workspace list`), or set a default: wts config set workspace WS (or WTS_WORKSPACE)', ExitCode.usage);
    }
    const words = given ? typed : [...typed.slice(0, at), fallback!, ...typed.slice(at)];
    const args = declared.map(([argSpec], i) => (argSpec.endsWith('...>') || argSpec.endsWith('...]') ? words.slice(i) : words[i]));
    declared.forEach(([argSpec], i) => {
      const missing = Array.isArray(args[i]) ? (args[i] as string[]).length === 0 : args[i] === undefined;
      if (argSpec.startsWith('<') && missing) throw new CliError(`missing required argument '${argSpec.slice(1, -1).replace(/\.\.\.$/, '')}'`, ExitCode.usage);
    });
    if (words.length > declared.length && !variadic) throw new CliError(`too many arguments: expected ${declared.length}, got ${words.length}`, ExitCode.usage);
    await run({ ...call, args });
  };
}
