// The bridge from commander to a verb: build the context from the global flags, run the verb with its
// arguments, close what it opened. Every verb is a small function of (ctx, args, opts).
import { Command, type OptionValues } from 'commander';
import type { Act } from '../bulk/run.js';
import { BulkFailure } from '../bulk/outcome.js';
import type { OperationId } from '../contract/operations.js';
import { RECORDED_BY } from '../completion/ids.js';
import { chalkFor, createContext, type CommandContext, type GlobalOptions } from '../context.js';
import { CliError, ExitCode, InputError } from '../errors.js';
import type { Env, IO } from '../io.js';
import { processIO } from '../io.js';
import type { Paging } from '../output/pager.js';

export interface CliDeps {
  io?: (globals: GlobalOptions) => IO;
  env: Env;
  now?: () => number;
}

/** A positional argument as commander spells it, with its description: ['<WS>', 'workspace id']. */
export type ArgDecl = readonly [spec: string, description: string];

/** What commander passes for an argument: `<X>` a string, `[X]` maybe one, `<X...>` a list, `[X...]` maybe one. */
type ArgValue<S> = S extends `<${string}...>`
  ? string[]
  : S extends `[${string}...]`
    ? string[] | undefined
    : S extends `<${string}>`
      ? string
      : string | undefined;

/** The values of declared arguments, in order, typed from their declaration. */
export type ArgValues<A extends readonly ArgDecl[]> = {
  -readonly [I in keyof A]: A[I] extends readonly [infer S, string] ? ArgValue<S> : never;
};

/**
 * A verb's options: what adds them to the command, and (as a type) what commander parses them into.
 * Declared with `options<{ yes?: boolean }>((c) => c.option('-y, --yes', …))`.
 */
export interface OptionsDecl<O> {
  add: (command: Command) => Command;
  /** Never set: carries the parsed options' type to the verb. */
  readonly parsed?: O;
}

export function options<O>(add: (command: Command) => Command): OptionsDecl<O> {
  return { add };
}

export interface VerbCall<O, A extends readonly ArgDecl[] = readonly ArgDecl[]> {
  ctx: CommandContext;
  /** Positional arguments in order, typed from the verb's declaration; a variadic one is an array. */
  args: ArgValues<A>;
  opts: O;
  command: Command;
}

/** Names to show for catalog fields in error messages, e.g. { workspaceId: 'WS' }. Options are named by their flag automatically. */
export type FieldNames = Record<string, string>;

const FIELD_NAMES = new WeakMap<Command, FieldNames>();

/** The flag or argument name a user typed for a catalog field, for error messages. */
export function displayNameFor(command: Command | undefined, field: string): string | undefined {
  if (!command) return undefined;
  const option = command.options.find((o) => o.attributeName() === field);
  if (option?.long) return option.long;
  const names = FIELD_NAMES.get(command);
  if (names?.[field]) return names[field];
  // An item of a list given as a variadic argument: `tags[1]` with { tags: 'TAG' } reads "TAG #2".
  const [, name = '', index = ''] = /^(\w+)\[(\d+)\]$/.exec(field) ?? [];
  const list = names?.[name];
  return list ? `${list} #${Number(index) + 1}` : undefined;
}

/**
 * Whether a verb's human output may be long enough for the pager (a list, a view, a board): true, or a
 * function of its options (false for the streams of --follow and --wait). Interactive verbs (prompts,
 * editors, the review) never page.
 */
export type Pages<O> = boolean | ((opts: O) => boolean);

/** Commands whose output may go through the pager (see Pages), for tests that go over all of them. */
export const PAGED = new WeakSet<Command>();

/** A refused field named as the user typed it (`--limit`, not `limit`) where the command knows the name. */
function namedAsTyped(err: unknown, command: Command): unknown {
  return err instanceof InputError && !err.shownAs ? err.named(displayNameFor(command, err.field)) : err;
}

function withContext<O, A extends readonly ArgDecl[]>(
  deps: CliDeps,
  fn: (call: VerbCall<O, A>) => Promise<void>,
  fields: FieldNames = {},
  pages: Pages<O> = false,
) {
  return async (...received: unknown[]): Promise<void> => {
    const command = received.at(-1);
    if (!(command instanceof Command)) throw new Error('commander did not pass the command to its action');
    FIELD_NAMES.set(command, fields);
    const globals = command.optsWithGlobals<GlobalOptions & O>();
    const normalized: GlobalOptions = {
      profile: globals.profile,
      origin: globals.origin,
      json: Boolean(globals.json) || globals.jq !== undefined,
      ...(globals.jq !== undefined && { jq: globals.jq }),
      color: globals.color !== false,
      debug: Boolean(globals.debug),
      pager: globals.pager !== false,
      accessible: Boolean(globals.accessible),
    };
    let realIO = deps.io ? deps.io(normalized) : processIO(deps.env, !normalized.color);
    const chalk = await chalkFor(realIO);
    // With --jq the command's JSON is kept and filtered once it has finished (the whole of a list, as gh
    // does); a bad expression is refused before anything is sent.
    const jq = normalized.jq !== undefined ? { expression: normalized.jq, ...(await import('../output/jq.js')) } : undefined;
    if (jq) await jq.checkJq(jq.expression);
    let paging: Paging | undefined;
    if (!deps.io && realIO.isStdoutTTY && normalized.pager && (typeof pages === 'function' ? pages(globals) : pages)) {
      // Settings are read only here, for verbs that page: see src/output/pager.ts.
      const probe = createContext(realIO, deps.env, normalized, deps.now, chalk);
      const { pagerCommand, pageOutput } = await import('../output/pager.js');
      const pager = pagerCommand(deps.env, probe.setting('pager'));
      if (pager) {
        paging = pageOutput(realIO, pager, deps.env, process.stdout.rows || 24);
        realIO = paging.io;
      }
    }
    const kept: string[] = [];
    const io = jq
      ? withStdout(realIO, {
          write: (chunk: string | Uint8Array) => kept.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')),
        })
      : realIO;
    const ctx = createContext(io, deps.env, normalized, deps.now, chalk);
    // Lists that print ids keep them for shell completion.
    const kind = RECORDED_BY[`${command.parent?.name() ?? ''} ${command.name()}`];
    if (kind) {
      ctx.shown = (shown) => ctx.remember(kind, shown.id, shown.label);
    }
    try {
      try {
        await fn({ ctx, args: received.slice(0, -2) as ArgValues<A>, opts: command.opts<O & OptionValues>(), command });
      } catch (err) {
        // A bulk verb whose items did not all succeed has printed all it has (its --json array): filtered all the same.
        if (jq && err instanceof BulkFailure) await jq.printJq(realIO.stdout, realIO.isStdoutTTY, jq.expression, kept.join(''));
        throw err;
      }
      if (jq) await jq.printJq(realIO.stdout, realIO.isStdoutTTY, jq.expression, kept.join(''));
    } catch (err) {
      throw namedAsTyped(err, command);
    } finally {
      try {
        await paging?.finish();
      } finally {
        await ctx.close();
      }
    }
  };
}

/** `io` with another stdout (its other members, getters included, read from `io` itself). */
function withStdout(io: IO, stdout: { write(chunk: string | Uint8Array): unknown }): IO {
  return Object.create(io, { stdout: { value: stdout } }) as IO;
}

/** Adds an "Examples:" block to a command's help. */
export function examples(command: Command, lines: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}

export interface VerbSpec<O, A extends readonly ArgDecl[]> {
  /** The verb, e.g. "list". */
  name: string;
  description: string;
  /** Positional arguments as commander spells them, with a description: [['<WS>', 'workspace id']]. */
  args?: A;
  /** Adds the verb's options, and says what they parse into (see `options`). */
  options?: OptionsDecl<O>;
  /** At least one; shown under "Examples:" in the verb's help. */
  examples: string[];
  /** How catalog fields are named to the user, when not by an option of the same name. */
  fields?: FieldNames;
  /** Its human output may be long: on a terminal it goes through the pager (see Pages). */
  pages?: Pages<O>;
  /** What the verb does (a bulk verb: see `bulk`). */
  run?: (call: VerbCall<O, A>) => Promise<void>;
  /** The verb changes one thing by id, and takes one or more ids, or - for standard input: see BulkVerb. */
  bulk?: BulkVerb<O, A>;
}

/**
 * A verb that changes one thing by id, given one or more (`<ID...>`, or - to read them from standard
 * input, one a line, the first tab-separated field). The framework checks every id with the catalog
 * before anything is sent (exit 2), acts once per id, asks once when destructive ("Delete 37 tasks?"),
 * runs through the adaptive pool, prints a line per item (or one --json array) and picks the exit code
 * (src/bulk/). With one id given as an argument, the verb prints as it always has.
 */
export interface BulkVerb<O, A extends readonly ArgDecl[]> {
  /** The catalog operation and its path field each id goes to: every id is checked against them first. */
  operation: OperationId;
  field: string;
  /** What the ids are, one and many: ['task', 'tasks']. */
  noun: readonly [string, string];
  /** For the progress line: "completing". */
  doing: string;
  /** The words that are ids (default: those of the first argument, declared `<ID...>`). */
  ids?: (call: VerbCall<O, A>) => string[];
  /** A destructive verb: the question for these ids ("Delete 37 tasks?"); asked on a terminal, --yes otherwise. */
  confirm?: (ids: readonly string[]) => string;
  /** Checks the options once (bad input: exit 2, nothing sent) and returns what to do with each id. */
  prepare: (call: VerbCall<O, A>) => Promise<Act>;
  /** One id given as an argument, when that is not the act and printDone (the editor, --wait). */
  single?: (call: VerbCall<O, A>, id: string) => Promise<void>;
}

/** The workspace argument of a verb: optional once a default workspace is set (see withWorkspace). */
export const WS_ARG = [
  '<WS>',
  'workspace id (from `wts workspace list`; default: WTS_WORKSPACE, else `wts config get workspace`)',
] as const;

/** Declares one verb of a group: arguments, options, help with examples, and what it runs. */
export function verb<const A extends readonly ArgDecl[] = [], O = Record<string, never>>(
  group: Command,
  deps: CliDeps,
  spec: VerbSpec<O, A>,
): Command {
  let command = group.command(spec.name).description(spec.description);
  const args: readonly ArgDecl[] = spec.args ?? [];
  const takesWorkspace = args.some(([argSpec]) => argSpec === WS_ARG[0]);
  // With a workspace argument every argument is declared optional: which ones were given is decided
  // when the verb runs, once the default workspace is known.
  for (const [argSpec, description] of args)
    command = command.argument(takesWorkspace ? argSpec.replace(/^<(.*)>$/, '[$1]') : argSpec, description);
  if (spec.options) command = spec.options.add(command);
  examples(command, spec.examples);
  const own = spec.bulk ? bulkVerb(spec.bulk, args[0]?.[0] ?? 'ID') : spec.run;
  if (!own) throw new Error(`verb ${spec.name}: declare run or bulk`);
  const run = takesWorkspace ? withWorkspace(args, own) : own;
  if (spec.pages) PAGED.add(command);
  return command.action(withContext(deps, run, spec.fields, spec.pages));
}

/**
 * Runs a verb whose arguments include WS with the workspace filled in: the one typed, else WTS_WORKSPACE,
 * else the profile's `workspace` setting. The typed words are matched to the arguments by count: with a
 * default workspace, one word fewer than the arguments means WS was left out (`wts workspace rename NAME`),
 * and a verb whose last argument takes many words (`wts task search WORDS...`) reads them all as those
 * words. Without a default, the first word is WS, as declared.
 */
function withWorkspace<O, A extends readonly ArgDecl[]>(declared: readonly ArgDecl[], run: (call: VerbCall<O, A>) => Promise<void>) {
  return async (call: VerbCall<O, A>): Promise<void> => {
    const typed = call.command.args.slice();
    const at = declared.findIndex(([argSpec]) => argSpec === WS_ARG[0]);
    const fallback = call.ctx.defaultWorkspace();
    const required = declared.filter(([argSpec]) => argSpec.startsWith('<')).length;
    const isList = (argSpec: string) => argSpec.endsWith('...>') || argSpec.endsWith('...]');
    const variadic = declared.some(([argSpec]) => isList(argSpec));
    const given = fallback === undefined || (!variadic && typed.length >= required);
    if (given && typed.length <= at) {
      throw new CliError(
        'WS: name a workspace (from `wts workspace list`), or set a default: wts config set workspace WS (or WTS_WORKSPACE)',
        ExitCode.usage,
      );
    }
    const words = given || fallback === undefined ? typed : [...typed.slice(0, at), fallback, ...typed.slice(at)];
    const args = declared.map(([argSpec], i) => (isList(argSpec) ? words.slice(i) : words[i]));
    declared.forEach(([argSpec], i) => {
      const value = args[i];
      const missing = Array.isArray(value) ? value.length === 0 : value === undefined;
      if (argSpec.startsWith('<') && missing)
        throw new CliError(`missing required argument '${argSpec.slice(1, -1).replace(/\.\.\.$/, '')}'`, ExitCode.usage);
    });
    if (words.length > declared.length && !variadic)
      throw new CliError(`too many arguments: expected ${declared.length}, got ${words.length}`, ExitCode.usage);
    // Each argument now holds what its declaration promises: a string, maybe one, or a list (checked above).
    await run({ ...call, args: args as ArgValues<A> });
  };
}

/** The words of the first argument (a list when declared `<ID...>`). */
function firstWords(args: readonly unknown[]): string[] {
  const first = args[0];
  if (typeof first === 'string') return [first];
  return Array.isArray(first) ? first.filter((word): word is string => typeof word === 'string') : [];
}

/** Runs a bulk verb (see BulkVerb): one id given as an argument as always, else the bulk run. */
function bulkVerb<O, A extends readonly ArgDecl[]>(bulk: BulkVerb<O, A>, argSpec: string) {
  const name = argSpec.replace(/^[<[](.*?)(\.\.\.)?[>\]]$/, '$1');
  return async (call: VerbCall<O, A>): Promise<void> => {
    const words = bulk.ids ? bulk.ids(call) : firstWords(call.args);
    const { ctx } = call;
    const opts: unknown = call.opts;
    const yes = typeof opts === 'object' && opts !== null && 'yes' in opts && opts.yes === true;
    const { readIds, catalogIdCheck } = await import('../bulk/ids.js');
    const check = await catalogIdCheck(bulk.operation, bulk.field);
    const [only] = words;
    if (words.length === 1 && only !== undefined && only !== '-') {
      if (bulk.single) return bulk.single(call, only);
      const problem = check(only);
      if (problem) throw new CliError(`${name}: ${problem}`, ExitCode.usage);
      const act = await bulk.prepare(call);
      if (bulk.confirm) await (await import('./confirm.js')).confirmDestructive(ctx, bulk.confirm(words), yes);
      const { result, message } = await act(only, {});
      (await import('../output/print.js')).printDone(ctx, result, message);
      return;
    }
    const { readStdin } = await import('../input/text.js');
    const { ids, fromStdin } = await readIds(words, name, () => readStdin(ctx), check);
    const prepared = await bulk.prepare(call);
    // An item's refused field named as typed, as for one id (`--reason`, not the catalog's `reason`).
    const act: Act = async (id, options) => {
      try {
        return await prepared(id, options);
      } catch (err) {
        throw namedAsTyped(err, call.command);
      }
    };
    const { runBulk, confirmBulk } = await import('../bulk/run.js');
    if (bulk.confirm) await confirmBulk(ctx, bulk.confirm(ids), yes, fromStdin);
    await runBulk(ctx, ids, act, bulk);
  };
}
