import { Command, CommanderError } from 'commander';
import { createRequire } from 'node:module';
import { registerSandbox } from './commands/sandbox.js';
import { CliError, ExitCode } from './errors.js';

const require = createRequire(import.meta.url);
const { version } = require('../package.json') as { version: string };

export function buildProgram(): Command {
  const program = new Command('wts')
    .description('Workspace Task Service from the terminal')
    .version(version, '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerSandbox(program);
  return program;
}

/** Runs the CLI and resolves to the exit code; never throws. */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    if (err instanceof CliError) {
      process.stderr.write(`wts: ${err.message}\n`);
      return err.exitCode;
    }
    process.stderr.write(`wts: unexpected error: ${(err as Error).message}\n`);
    return ExitCode.failure;
  }
}
