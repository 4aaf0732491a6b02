// The bridge from commander to a verb: build the context from the global flags, run the verb with its
// arguments, close what it opened. Every verb is a small function of (ctx, args, opts).
import type { ChalkInstance } from 'chalk';
import { Command, type OptionValues } from 'commander';
import type { CallOptions } from '../api/client.js';
import type { ApiClient } from '../api/client.js';
import type { Act, Staged } from '../bulk/run.js';
import type { OperationField } from '../contract/operations.js';
import { RECORDED_BY, type IdKind, type RecordedListing } from '../completion/ids.js';
import { chalkFor, createContext, type CommandContext, type GlobalOptions } from '../context.js';
import { BulkFailure, CliError, ExitCode, InputError } from '../errors.js';
import { isRecord } from '../type-guards.js';
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

/** What withContext needs of a verb's spec besides its run. */
type Framing<O> = Pick<VerbSpec<O, readonly ArgDecl[]>, 'fields' | 'pages' | 'lists'>;

/**
 * The bridge from commander to a verb, in steps: the global options read, the output filter of --jq and
 * --json FIELDS, the pager, the context (with the ids a listing shows kept), the verb run with its
 * arguments, an InputError renamed as typed, and what was opened closed.
 */
function withContext<O, A extends readonly ArgDecl[]>(deps: CliDeps, fn: (call: VerbCall<O, A>) => Promise<void>, framing: Framing<O>) {
  return async (...received: unknown[]): Promise<void> => {
    const command = received.at(-1);
    if (!(command instanceof Command)) throw new Error('commander did not pass the command to its action');
    FIELD_NAMES.set(command, framing.fields ?? {});
    const globals = command.optsWithGlobals<GlobalOptions & O>();
    const normalized = normalizeGlobals(globals);
    const terminal = deps.io ? deps.io(normalized) : processIO(deps.env, !normalized.color);
    const chalk = await chalkFor(terminal);
    const filter = await outputFilter(normalized, globals.json);
    const pages = typeof framing.pages === 'function' ? framing.pages(globals) : Boolean(framing.pages);
    const paging = pages ? await startPager(deps, terminal, normalized, chalk) : undefined;
    const shown = paging?.io ?? terminal;
    const ctx = createContext(filter ? filter.keep(shown) : shown, deps.env, normalized, deps.now, chalk);
    if (framing.lists) recordShownIds(ctx, RECORDED_BY[framing.lists]);
    try {
      const args = received.slice(0, -2) as ArgValues<A>;
      await runFiltered(filter, () => fn({ ctx, args, opts: command.opts<O & OptionValues>(), command }));
    } catch (err) {
      throw namedAsTyped(err, command);
    } finally {
      await close(paging, ctx);
    }
  };
}

/** The global options as the context reads them: --jq implies --json, --json FIELDS is --json. */
function normalizeGlobals(globals: GlobalOptions & { json?: unknown }): GlobalOptions {
  return {
    profile: globals.profile,
    origin: globals.origin,
    json: Boolean(globals.json) || globals.jq !== undefined,
    ...(globals.jq !== undefined && { jq: globals.jq }),
    color: globals.color !== false,
    debug: Boolean(globals.debug),
    pager: globals.pager !== false,
    accessible: Boolean(globals.accessible),
    verbose: Boolean(globals.verbose),
    quiet: Boolean(globals.quiet),
  };
}

/** What --jq and --json FIELDS do to the JSON a verb prints: keep it, then print it cut down and filtered. */
interface OutputFilter {
  /** `target` with its standard output kept instead of written. */
  keep(target: IO): IO;
  /** Prints what was kept, cut to the fields and through the jq expression, on the target's standard output. */
  finish(): Promise<void>;
}

/**
 * The filter of --jq and --json FIELDS, or undefined without them. With --jq the command's JSON is kept and
 * filtered once it has finished (the whole of a list, as gh does); a bad expression is refused here,
 * before anything is sent. --json FIELDS cuts it down to those fields before --jq or the terminal sees it.
 */
async function outputFilter(globals: GlobalOptions, jsonOption: unknown): Promise<OutputFilter | undefined> {
  const jq = globals.jq !== undefined ? { expression: globals.jq, ...(await import('../output/jq.js')) } : undefined;
  if (jq) await jq.checkJq(jq.expression);
  const selected = typeof jsonOption === 'string' ? await import('../output/json-fields.js') : undefined;
  const fields = selected?.jsonFieldsOf(jsonOption);
  if (!jq && !fields) return undefined;
  const kept: string[] = [];
  let target: IO | undefined;
  return {
    keep(io) {
      target = io;
      return withStdout(io, {
        write: (chunk: string | Uint8Array) => kept.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')),
      });
    },
    async finish() {
      if (!target) return;
      const out = kept.join('');
      const json = selected && fields ? selected.selectFields(out, fields) : out;
      if (jq) await jq.printJq(target.stdout, target.isStdoutTTY, jq.expression, json);
      else target.stdout.write(json);
    },
  };
}

/** The pager, for a verb that pages on a terminal (not with --no-pager, nor under the tests' IO); undefined when none. */
async function startPager(deps: CliDeps, terminal: IO, globals: GlobalOptions, chalk: ChalkInstance): Promise<Paging | undefined> {
  if (deps.io || !terminal.isStdoutTTY || !globals.pager) return undefined;
  // Settings are read only here, for verbs that page: see src/output/pager.ts.
  const probe = createContext(terminal, deps.env, globals, deps.now, chalk);
  const { pagerCommand, pageOutput } = await import('../output/pager.js');
  const pager = pagerCommand(deps.env, probe.setting('pager'));
  return pager ? pageOutput(terminal, pager, deps.env, process.stdout.rows || 24) : undefined;
}

/** A listing's printed ids kept for shell completion, as `kind`. */
function recordShownIds(ctx: CommandContext, kind: IdKind): void {
  ctx.shown = (shown) => ctx.remember(kind, shown.id, shown.label);
}

/** Runs the verb, then prints its output through the filter; a bulk verb whose items did not all succeed has printed all it has (its --json array): filtered all the same. */
async function runFiltered(filter: OutputFilter | undefined, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (filter && err instanceof BulkFailure) await filter.finish();
    throw err;
  }
  await filter?.finish();
}

/** Waits for the pager, then closes what the context opened, however the verb ended. */
async function close(paging: Paging | undefined, ctx: CommandContext): Promise<void> {
  try {
    await paging?.finish();
  } finally {
    await ctx.close();
  }
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
  /** The catalog listing whose items it prints: their ids are kept for shell completion (src/completion/ids.ts). */
  lists?: RecordedListing;
  /** What the verb does (a bulk verb: see `bulk`). */
  run?: (call: VerbCall<O, A>) => Promise<void>;
  /** The verb changes one thing by id, and takes one or more ids, or - for standard input: see BulkVerb. */
  bulk?: BulkVerb<O, A>;
}

/**
 * A verb that changes one thing by id, given one or more (`<ID...>`, or - to read them from standard
 * input, one a line, the first tab-separated field). The framework checks every id with the catalog
 * before anything is sent (exit 2); with more than one id it then reads every one (`find`, or the
 * verb's own `check`) before it changes any, so a missing id or a value that does not fit one changes
 * nothing; then it asks once when destructive ("Delete 37 tasks?"), acts once per id through the
 * adaptive pool, prints a line per item (or one --json array) and picks the exit code (src/bulk/). With
 * one id given as an argument, the verb prints as it always has.
 */
export type BulkVerb<O, A extends readonly ArgDecl[]> = OperationField & BulkWork<O, A>;

/** What a bulk verb does with its ids (see BulkVerb). */
interface BulkWork<O, A extends readonly ArgDecl[]> {
  /** What the ids are, one and many: ['task', 'tasks']. */
  noun: readonly [string, string];
  /** For the progress line: "completing". */
  doing: string;
  /** The words that are ids (default: those of the first argument, declared `<ID...>`). */
  ids?: (call: VerbCall<O, A>) => string[];
  /** A destructive verb: the question for these ids ("Delete 37 tasks?"); asked on a terminal, --yes otherwise. */
  confirm?: (ids: readonly string[]) => string;
  /**
   * Reads one id (its not being there is its failure): every id is read so before any is changed. Left
   * out only where the service has no read of one (a reminder: `reminder cancel` is not checked first).
   */
  find?: (api: ApiClient, id: string, options: CallOptions) => Promise<unknown>;
  /**
   * Checks the options once (bad input: exit 2, nothing sent) and returns what to do with each id: the
   * act (each id found with `find` first), or the check and the change apart when checking an id takes
   * more than finding it (the values given fit it: a column of its workspace, a person of it).
   */
  prepare: (call: VerbCall<O, A>) => Promise<Act | Staged>;
  /** One id given as an argument, when that is not the act and printDone (the editor, --wait). */
  single?: (call: VerbCall<O, A>, id: string) => Promise<void>;
  /**
   * The ids it makes go away (a delete), as the kind shell completion keeps them as: each one done is no
   * longer offered (src/completion/ids.ts). Approvals leave it where every decision is sent (settling).
   */
  forgets?: IdKind;
}

/**
 * The workspace of a verb that reads in one (a list, a board, a search): a positional WS, or
 * -w/--workspace, else the default (see withWorkspace). A verb whose target is the workspace itself
 * (`workspace rename`, `archive`, `members`, `statuses`) declares WS_TARGET instead: always typed.
 */
export const WS_ARG = [
  '<WS>',
  'workspace id (from `wts workspace list`), or -w WS; default: WTS_WORKSPACE, else `wts config get workspace`',
] as const;

/** The workspace a verb acts on: a required argument, never filled in from a default. */
export const WS_TARGET = ['<WS>', 'workspace id (from `wts workspace list`); always typed, never the default'] as const;

/** The form of a workspace id: the first word of `task search ws_support refund` is its workspace. */
const WORKSPACE_ID = /^ws_[A-Za-z0-9_-]+$/;

/** The rule of withWorkspace, in the help of a verb that takes WS and further words. */
const WS_RULE = `
Workspace: -w WS names it, and then every word is a word of the command. Without -w, a first word of
the form of a workspace id (ws_…) is the workspace; any other first word is a word of the command, in
WTS_WORKSPACE's workspace, else \`wts config get workspace\`'s. To use a word that starts with ws_, name
the workspace with -w.`;

/** Declares one verb of a group: arguments, options, help with examples, and what it runs. */
export function verb<const A extends readonly ArgDecl[] = [], O = Record<string, never>>(
  group: Command,
  deps: CliDeps,
  spec: VerbSpec<O, A>,
): Command {
  let command = group.command(spec.name).description(spec.description);
  const args: readonly ArgDecl[] = spec.args ?? [];
  const takesWorkspace = args.includes(WS_ARG);
  if (takesWorkspace && args[0] !== WS_ARG) throw new Error(`verb ${spec.name}: WS comes first`);
  // With a workspace argument every argument is declared optional: which ones were given is decided
  // when the verb runs, from -w and the form of the first word.
  for (const [argSpec, description] of args)
    command = command.argument(takesWorkspace ? argSpec.replace(/^<(.*)>$/, '[$1]') : argSpec, description);
  if (takesWorkspace) {
    command = command.option('-w, --workspace <ws>', 'the workspace (default: WTS_WORKSPACE, else `wts config get workspace`)');
    if (args.length > 1) command = command.addHelpText('after', WS_RULE);
  }
  if (spec.options) command = spec.options.add(command);
  if (spec.bulk)
    command = command.option(
      '--skip-missing',
      'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)',
    );
  examples(command, spec.examples);
  const own = spec.bulk ? bulkVerb(spec.bulk, args[0]?.[0] ?? 'ID') : spec.run;
  if (!own) throw new Error(`verb ${spec.name}: declare run or bulk`);
  const run = takesWorkspace ? withWorkspace(args, own) : own;
  if (spec.pages) PAGED.add(command);
  return command.action(withContext(deps, run, spec));
}

/**
 * Runs a verb whose first argument is WS_ARG with the workspace filled in, never guessed from how many
 * words were typed: -w/--workspace, else a positional WS (the only argument, or a first word of the form
 * of a workspace id when more arguments follow), else WTS_WORKSPACE, else the profile's `workspace`.
 */
function withWorkspace<O, A extends readonly ArgDecl[]>(declared: readonly ArgDecl[], run: (call: VerbCall<O, A>) => Promise<void>) {
  return async (call: VerbCall<O, A>): Promise<void> => {
    const typed = call.command.args.slice();
    const option: unknown = call.command.opts().workspace;
    const flag = typeof option === 'string' ? option : undefined;
    const rest = declared.slice(1);
    const [first] = typed;
    const positional = rest.length === 0 || (flag === undefined && first !== undefined && WORKSPACE_ID.test(first)) ? first : undefined;
    if (positional !== undefined && flag !== undefined && positional !== flag)
      throw new CliError(`WS and --workspace: name the workspace once (${positional}, ${flag})`, ExitCode.usage);
    // A list of every workspace (`task list -A`) takes none: WS is left out, neither typed nor defaulted.
    const everywhere = isRecord(call.opts) && call.opts.allWorkspaces === true;
    if (everywhere && (positional !== undefined || flag !== undefined))
      throw new CliError('WS and --all-workspaces: give one or the other', ExitCode.usage);
    const workspace = everywhere ? undefined : (positional ?? flag ?? call.ctx.defaultWorkspace());
    if (workspace === undefined && !everywhere)
      throw new CliError(
        'WS: name a workspace with -w WS (from `wts workspace list`), or set a default: wts config set workspace WS (or WTS_WORKSPACE)',
        ExitCode.usage,
      );
    const words = positional === undefined ? typed : typed.slice(1);
    const isList = (argSpec: string) => argSpec.endsWith('...>') || argSpec.endsWith('...]');
    const values = rest.map(([argSpec], i) => (isList(argSpec) ? words.slice(i) : words[i]));
    rest.forEach(([argSpec], i) => {
      const value = values[i];
      const missing = Array.isArray(value) ? value.length === 0 : value === undefined;
      if (argSpec.startsWith('<') && missing)
        throw new CliError(`missing required argument '${argSpec.slice(1, -1).replace(/\.\.\.$/, '')}'`, ExitCode.usage);
    });
    if (words.length > rest.length && !rest.some(([argSpec]) => isList(argSpec)))
      throw new CliError(`too many arguments: expected ${declared.length}, got ${typed.length}`, ExitCode.usage);
    // Each argument now holds what its declaration promises: a string, maybe one, or a list (checked above).
    await run({ ...call, args: [workspace, ...values] as ArgValues<A> });
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
    const yes = isRecord(opts) && opts.yes === true;
    const skipMissing = isRecord(opts) && opts.skipMissing === true;
    const { readIds, catalogIdCheck } = await import('../bulk/ids.js');
    const check = await catalogIdCheck(bulk.operation, bulk.field);
    const [only] = words;
    if (words.length === 1 && only !== undefined && only !== '-') {
      // The verb's own way with one id (the editor, --wait) skips a gone id as the act does.
      const single = bulk.single;
      if (single) return skipping(ctx, only, skipMissing, () => single(call, only));
      const problem = check(only);
      if (problem) throw new CliError(`${name}: ${problem}`, ExitCode.usage);
      const staged = await stagedWork(call, bulk);
      if (bulk.confirm) await (await import('./confirm.js')).confirmDestructive(ctx, bulk.confirm(words), yes);
      return skipping(ctx, only, skipMissing, async () => {
        const { result, message } = staged.direct ? await staged.direct(only, {}) : await (await staged.check(only, {}))({});
        if (bulk.forgets) ctx.forget(bulk.forgets, only);
        (await import('../output/print.js')).printDone(ctx, result, message);
      });
    }
    const { readStdin } = await import('../input/text.js');
    const { ids, fromStdin } = await readIds(words, name, () => readStdin(ctx), check);
    const staged = await stagedWork(call, bulk);
    // An item's refused field named as typed, as for one id (`--reason`, not the catalog's `reason`).
    const typed = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (err) {
        throw namedAsTyped(err, call.command);
      }
    };
    const { runBulk, confirmBulk, checkAll } = await import('../bulk/run.js');
    // Asked first (a "no" sends nothing); then every id is read before any is changed: one missing, or
    // a value that does not fit one, changes nothing.
    if (bulk.confirm) await confirmBulk(ctx, bulk.confirm(ids), yes, fromStdin);
    const { changes, skipped } = await checkAll(ctx, ids, (id, options) => typed(() => staged.check(id, options)), {
      ...bulk,
      skipMissing,
    });
    await runBulk(
      ctx,
      ids,
      async (id, options) => {
        const change = changes.get(id);
        if (!change) throw new Error(`bulk: ${id} was not checked`);
        const done = await typed(() => change(options));
        if (bulk.forgets) ctx.forget(bulk.forgets, id);
        return done;
      },
      { ...bulk, skipMissing },
      skipped,
    );
  };
}

/** Does the work on one id; with --skip-missing, an id not found is named and skipped (see skipIfMissing). */
async function skipping(ctx: CommandContext, id: string, skipMissing: boolean, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (!skipMissing) throw err;
    await skipIfMissing(ctx, id, err);
  }
}

/** One id given with --skip-missing that failed: named and skipped when it is not found (else the failure stands). */
async function skipIfMissing(ctx: CommandContext, id: string, err: unknown): Promise<void> {
  const { failedOutcome, isGone, skippedLine } = await import('../bulk/run.js');
  const failure = await failedOutcome(id, err, false);
  if (!isGone(failure)) throw err;
  ctx.io.stderr.write(`${skippedLine(failure)}\n`);
  if (ctx.json) (await import('../output/print.js')).printJson(ctx, (await import('../bulk/report.js')).skippedEntry(failure));
}

/** The verb's work in two steps (see Staged): an act is checked by finding each id first. */
async function stagedWork<O, A extends readonly ArgDecl[]>(call: VerbCall<O, A>, bulk: BulkVerb<O, A>): Promise<Staged> {
  const prepared = await bulk.prepare(call);
  if (typeof prepared !== 'function') return prepared;
  const api = await call.ctx.api();
  const { find } = bulk;
  return {
    check: async (id, options) => {
      await find?.(api, id, options);
      return (later) => prepared(id, later);
    },
    direct: prepared,
  };
}
