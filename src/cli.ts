import { Command, CommanderError, Help, Option } from 'commander';
import { createRequire } from 'node:module';
import type { CliDeps } from './framework/verb.js';
import { describeFailure, ExitCode } from './errors.js';
import { terminalLine } from './output/sanitize.js';
import type { IO } from './io.js';
import { isNearMiss } from './input/suggest.js';
import { packageVersion } from './version.js';

const require = createRequire(import.meta.url);

/**
 * What `wts --version` prints: `wts 0.2.0 (2026-11-22) node v20.20.2`, the date being the build's
 * (dist/build.json, written by scripts/bundle.mjs; left out before a build). bin/wts prints the same line
 * itself when --version is all there is, without loading this module.
 */
export function versionLine(): string {
  const version = packageVersion();
  let date: string | undefined;
  try {
    date = (require('../dist/build.json') as { date?: string }).date;
  } catch {
    // not built
  }
  return `wts ${version}${date ? ` (${date})` : ''} node ${process.version}`;
}

type Register = (program: Command, deps: CliDeps) => void;

interface Group {
  /** The top-level commands the group registers, with their aliases. */
  names: string[];
  load: () => Promise<Register>;
  /** It works on the whole command tree (help for any command, completion scripts). */
  wholeTree?: boolean;
}

// The command groups, in the order `wts --help` lists them. A run loads the module of the group its first
// word names, not all of them; help, completion, no word or a word no group knows load every group.
// test/unit/cli-groups.test.ts checks these names against what the modules register.
const GROUPS: Group[] = [
  { names: ['login', 'logout'], load: async () => (await import('./commands/login.js')).registerLogin },
  { names: ['auth'], load: async () => (await import('./commands/auth.js')).registerAuth },
  { names: ['workspace', 'workspaces'], load: async () => (await import('./commands/workspace.js')).registerWorkspace },
  { names: ['task', 'tasks'], load: async () => (await import('./commands/task/index.js')).registerTask },
  { names: ['agent', 'agents'], load: async () => (await import('./commands/agent.js')).registerAgent },
  { names: ['run', 'runs'], load: async () => (await import('./commands/run.js')).registerRun },
  { names: ['approval', 'approvals'], load: async () => (await import('./commands/approval.js')).registerApproval },
  { names: ['inbox'], load: async () => (await import('./commands/inbox.js')).registerInbox },
  { names: ['dash'], load: async () => (await import('./commands/dash.js')).registerDash },
  { names: ['reminder', 'reminders'], load: async () => (await import('./commands/reminder.js')).registerReminder },
  { names: ['instructions', 'instruction'], load: async () => (await import('./commands/handbook.js')).registerInstructions },
  { names: ['handbook', 'handbooks'], load: async () => (await import('./commands/handbook.js')).registerHandbook },
  { names: ['knowledge'], load: async () => (await import('./commands/knowledge.js')).registerKnowledge },
  { names: ['schedule', 'schedules'], load: async () => (await import('./commands/schedule/index.js')).registerSchedule },
  { names: ['config'], load: async () => (await import('./commands/config.js')).registerConfig },
  { names: ['api'], load: async () => (await import('./commands/api.js')).registerApi },
  { names: ['mcp'], load: async () => (await import('./commands/mcp.js')).registerMcp },
  { names: ['doctor'], load: async () => (await import('./commands/doctor.js')).registerDoctor },
  { names: ['sandbox'], load: async () => (await import('./commands/sandbox.js')).registerSandbox },
  { names: ['completion'], load: async () => (await import('./commands/completion.js')).registerCompletion, wholeTree: true },
  { names: ['help'], load: async () => (await import('./commands/help.js')).registerHelp, wholeTree: true },
];

/**
 * A failure's "run `wts login`" said for the sign-in in force: the profile given (`wts login --profile
 * ro`), or WTS_PROFILE; and with WTS_TOKEN set, that the token is what was refused, not the profile's
 * sign-in (which `wts login` would renew to no effect while WTS_TOKEN is set).
 */
async function withSignInAdvice(message: string, env: CliDeps['env'], argv: readonly string[]): Promise<string> {
  if (!message.includes('run `wts login`')) return message;
  const { terminalLine } = await import('./output/sanitize.js');
  const at = argv.indexOf('--profile');
  const given = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
  const login = given ? `run \`wts login --profile ${terminalLine(given)}\`` : 'run `wts login`';
  const fromEnv = !given && env.WTS_PROFILE ? ` (profile ${terminalLine(env.WTS_PROFILE)}, from WTS_PROFILE)` : '';
  const advice = env.WTS_TOKEN ? `WTS_TOKEN is in force (it is sent instead of the profile's sign-in): fix or unset it — ${login}` : login;
  return message.replaceAll('run `wts login`', `${advice}${fromEnv}`);
}

/** Global options followed by a value, which is not a command word. */
const VALUED_OPTIONS = new Set(['--profile', '--origin', '--jq', '-q']);

/** The groups a run with these arguments needs. */
function groupsFor(args: string[]): Group[] {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (VALUED_OPTIONS.has(arg)) i++;
    else if (arg === '--help' || arg === '-h') return GROUPS;
    else if (!arg.startsWith('-')) {
      const group = GROUPS.find((g) => g.names.includes(arg));
      return group && !group.wholeTree ? [group] : GROUPS;
    }
  }
  return GROUPS;
}

/**
 * The command tree. With `argv` (as process.argv), only what that run needs: the group its command word
 * names. Without, every group.
 */
export async function buildProgram(deps: CliDeps, argv?: string[]): Promise<Command> {
  const registers = await Promise.all((argv ? groupsFor(argv.slice(2)) : GROUPS).map((g) => g.load()));
  const program = new Command('wts')
    .description('The Workspace Task Service from your terminal: tasks, approvals, agents and schedules.')
    .version(versionLine(), '-V, --version', "print the version, the build's date and the Node version")
    .addOption(
      new Option('--profile <name>', 'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")'),
    )
    .addOption(new Option('--origin <url>', "the service origin (default: WTS_ORIGIN, else the profile's)"))
    .option('--json [fields]', 'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields')
    .option('-q, --jq <expr>', "filter the JSON through a jq expression (jq's own language; strings printed raw, as jq -r); implies --json")
    .option('--no-color', 'no colors (also: NO_COLOR)')
    .option('--debug', 'trace HTTP requests and responses on stderr (tokens redacted)')
    .option('--verbose', 'print hints on stderr ("Showing 30 of 50 tasks; …") also when output is not a terminal')
    .option('--quiet', 'print no hints on stderr, even on a terminal (errors are still printed)')
    .option('--no-pager', 'print long output directly, not through the pager (also: WTS_PAGER=cat)')
    .option(
      '--accessible',
      'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)',
    )
    .exitOverride();
  for (const register of registers) register(program, deps);
  program.commands.forEach(function oneStyle(c: Command) {
    c.configureOutput({ outputError: (text, write) => write(usageLine(text, c)) });
    // Every command's help lists the global flags too (as gh's "INHERITED FLAGS"), after its own.
    c.configureHelp({ ...c.configureHelp(), ...INHERITED_OPTIONS });
    c.commands.forEach(oneStyle);
  });
  program.configureOutput({ outputError: (text, write) => write(usageLine(text, program)) });
  return program;
}

/** Help that lists the global options (but --version) under "Inherited Options:" (commander says "Global Options:"). */
const INHERITED_OPTIONS: Partial<Help> = {
  showGlobalOptions: true,
  // --version answers `wts --version` only.
  visibleGlobalOptions(cmd) {
    return Help.prototype.visibleGlobalOptions.call(this, cmd).filter((o) => o.long !== '--version');
  },
  formatItemList(heading, items, helper) {
    return Help.prototype.formatItemList.call(this, heading === 'Global Options:' ? 'Inherited Options:' : heading, items, helper);
  },
};

/** `wts task list`: the words that name a command, for the help it points to. */
function commandPath(command: Command): string {
  const words: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/**
 * Commander's own usage errors in the one `wts: …` style, on one line, sanitized (they echo argv, which
 * may hold control characters): "error: unknown command 'taks'\n(Did you mean task?)" becomes
 * "wts: unknown command 'taks'; did you mean task? (see `wts --help`)".
 */
function usageLine(text: string, command: Command): string {
  const [first = '', ...rest] = text
    .replace(/^error: /, '')
    .trimEnd()
    .split('\n');
  const [, names] = /^\(Did you mean (?:one of )?(.*)\?\)$/s.exec(rest.join(' ')) ?? [];
  // A command and its alias (task, tasks) are one suggestion; only a near miss is one (commander also
  // offers `logout` for `bogus`): the rule of every other "did you mean" (src/input/suggest.ts).
  const named = (word: string) => command.commands.find((c) => c.aliases().includes(word))?.name() ?? word;
  const [, typed = ''] = /'([^']*)'/.exec(first) ?? [];
  const near = [...new Set((names ?? '').split(', ').filter(Boolean).map(named))].filter((name) =>
    isNearMiss(typed.replace(/^-+/, ''), name.replace(/^-+/, '')),
  );
  const suggestion = near.length > 0 ? `; did you mean ${near.join(', ')}?` : '';
  return `wts: ${terminalLine(`${first.replace(/\.$/, '')}${suggestion}`)} (see \`${terminalLine(commandPath(command))} --help\`)\n`;
}

/** The global options that take a value: the word after one is its value, not a command. */
const VALUED_GLOBALS = new Set(['--profile', '--origin', '--jq', '-q']);

/** The group that `words` name with no command of it (`wts task`, `wts --profile p schedule`), if so. */
function bareGroup(program: Command, words: string[]): Command | undefined {
  const commandWords: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (VALUED_GLOBALS.has(word)) i++;
    else if (!word.startsWith('-')) commandWords.push(word);
    else if (word === '--help' || word === '-h') return undefined;
  }
  if (commandWords.length !== 1) return undefined;
  const found = program.commands.find((c) => c.name() === commandWords[0] || c.aliases().includes(commandWords[0] ?? ''));
  // `wts help` answers for itself (its words name commands, not its own).
  return found && found.name() !== 'help' && found.commands.length > 0 ? found : undefined;
}

/** Runs the CLI and resolves to the exit code; never throws. */
export async function main(given: string[], deps: CliDeps = { env: process.env }): Promise<number> {
  // `--json` before a positional (`--json ws_support`) is moved out of its way; `--json id,title` stays.
  const argv = given.includes('--json')
    ? [...given.slice(0, 2), ...(await import('./output/json-fields.js')).placeJsonFlag(given.slice(2))]
    : given;
  const program = await buildProgram(deps, argv);
  if (!deps.io) {
    // `wts … | head`: the reader left, so there is no one to tell; stop quietly, as other tools do.
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(ExitCode.ok);
      throw err;
    });
  }
  if (deps.io) {
    // Commander writes help and its own errors here; route them through the injected IO.
    const io: IO = deps.io({ json: false, color: false, debug: false });
    program.configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
    program.commands.forEach(function route(c: Command) {
      c.configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
      c.commands.forEach(route);
    });
  }
  try {
    // `wts` alone: the help, on stdout, as a success (as gh and kubectl do).
    if (argv.length <= 2) {
      program.outputHelp();
      return ExitCode.ok;
    }
    // `wts task` alone: that group's help, on stdout, as a success (gh does the same for `gh issue`).
    const group = bareGroup(program, argv.slice(2));
    if (group) {
      group.outputHelp();
      return ExitCode.ok;
    }
    await program.parseAsync(argv);
    return ExitCode.ok;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    const { message, exitCode } = await describeFailure(err);
    const out = deps.io ? deps.io({ json: false, color: false, debug: false }).stderr : process.stderr;
    out.write(`wts: ${await withSignInAdvice(message, deps.env, argv)}\n`);
    await annotateFailure(deps, argv, message);
    return exitCode;
  }
}

/** In GitHub Actions, a file error of `schedule diff|apply|check` also as an annotation (src/output/annotations.ts). */
async function annotateFailure(deps: CliDeps, argv: readonly string[], message: string): Promise<void> {
  const args = argv.slice(2);
  if (deps.env.GITHUB_ACTIONS !== 'true') return;
  const { annotates, annotation, fileArguments } = await import('./output/annotations.js');
  if (!annotates(deps.env, args)) return;
  const line = annotation(message, fileArguments(args));
  if (line === undefined) return;
  (deps.io ? deps.io({ json: false, color: false, debug: false }).stdout : process.stdout).write(line);
}
