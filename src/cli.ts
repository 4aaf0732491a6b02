import { Command, CommanderError, Option } from 'commander';
import { createRequire } from 'node:module';
import { registerSandbox } from './commands/sandbox.js';
import { registerLogin } from './commands/login.js';
import { registerAuth } from './commands/auth.js';
import { registerWorkspace } from './commands/workspace.js';
import { registerTask } from './commands/task.js';
import { registerAgent } from './commands/agent.js';
import { registerRun } from './commands/run.js';
import { registerApproval } from './commands/approval.js';
import { registerReminder } from './commands/reminder.js';
import { registerInstructions, registerHandbook } from './commands/handbook.js';
import { registerKnowledge } from './commands/knowledge.js';
import { registerSchedule } from './commands/schedule.js';
import { registerApi } from './commands/api.js';
import { registerHelp } from './commands/help.js';
import { activeCommand, displayNameFor, type CliDeps } from './commands/action.js';
import { CliError, ExitCode, exitCodeForStatus, type ExitCodeValue } from './errors.js';
import type { IO } from './io.js';

const require = createRequire(import.meta.url);
const { version } = require('../package.json') as { version: string };

export function buildProgram(deps: CliDeps): Command {
  const program = new Command('wts')
    .description('The Workspace Task Service from your terminal: tasks, approvals, agents and schedules.')
    .version(version, '-V, --version', 'print the version')
    .addOption(new Option('--profile <name>', 'use this profile (default: WTS_PROFILE, else "default")'))
    .addOption(new Option('--origin <url>', 'the service origin (default: WTS_ORIGIN, else the profile\'s)'))
    .option('--json', 'print JSON: the object for one result, an array for a list')
    .option('--no-color', 'no colors (also: NO_COLOR)')
    .option('--debug', 'trace HTTP requests and responses on stderr (tokens redacted)')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerLogin(program, deps);
  registerAuth(program, deps);
  registerWorkspace(program, deps);
  registerTask(program, deps);
  registerAgent(program, deps);
  registerRun(program, deps);
  registerApproval(program, deps);
  registerReminder(program, deps);
  registerInstructions(program, deps);
  registerHandbook(program, deps);
  registerKnowledge(program, deps);
  registerSchedule(program, deps);
  registerApi(program, deps);
  registerSandbox(program, deps);
  registerHelp(program, deps);
  return program;
}

/** One line for the user and the exit code, for anything a command can throw. */
export async function describeFailure(err: unknown): Promise<{ message: string; exitCode: ExitCodeValue }> {
  if (err instanceof CliError) return { message: err.message, exitCode: err.exitCode };
  const [{ ApiError, NetworkError }, { InputError }] = await Promise.all([import('./api/client.js'), import('./api/validate.js')]);
  if (err instanceof InputError) {
    const name = displayNameFor(activeCommand, err.field) ?? err.field;
    return { message: name ? `${name}: ${err.problem}` : err.problem, exitCode: ExitCode.usage };
  }
  if (err instanceof ApiError) {
    const exitCode = exitCodeForStatus(err.status);
    const detail = err.detail;
    switch (exitCode) {
      case ExitCode.signIn:
        return { message: `sign-in needed: ${detail} — run \`wts login\``, exitCode };
      case ExitCode.forbidden:
        return {
          message:
            err.code === 'workspace_forbidden'
              ? `forbidden: ${detail} — this connection is limited to chosen workspaces; run \`wts login\` to change that`
              : `forbidden: ${detail} — run \`wts login\` to grant it`,
          exitCode,
        };
      case ExitCode.notFound:
        return { message: `not found: ${detail}`, exitCode };
      case ExitCode.conflict:
        return { message: `conflict: ${detail}`, exitCode };
      case ExitCode.rateLimited:
        return { message: `rate limited: ${detail}${err.retryAfterSeconds !== undefined ? `; try again in ${err.retryAfterSeconds} s` : ''}`, exitCode };
      case ExitCode.usage:
        return { message: `invalid input: ${detail}`, exitCode };
      default:
        return { message: `the service failed (${err.status}): ${detail}`, exitCode };
    }
  }
  if (err instanceof NetworkError) return { message: err.message, exitCode: ExitCode.failure };
  return { message: `unexpected error: ${(err as Error)?.message ?? String(err)}`, exitCode: ExitCode.failure };
}

/** Runs the CLI and resolves to the exit code; never throws. */
export async function main(argv: string[], deps: CliDeps = { env: process.env }): Promise<number> {
  const program = buildProgram(deps);
  const stderr = deps.io ? undefined : process.stderr;
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
    await program.parseAsync(argv);
    return ExitCode.ok;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    const { message, exitCode } = await describeFailure(err);
    const out = deps.io ? deps.io({ json: false, color: false, debug: false }).stderr : stderr!;
    out.write(`wts: ${message}\n`);
    return exitCode;
  }
}
