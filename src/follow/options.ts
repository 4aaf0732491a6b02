// The flags of the commands that wait (`--wait`, `--timeout`) and follow (`--follow`), shared so each
// reads and checks them the same way. Small on purpose: the command tree loads it, the waiting code
// (wait.ts) loads only when a command waits.
import type { Command } from 'commander';
import { CliError, ExitCode } from '../errors.js';
import { parseDuration } from '../schedules/duration.js';

export const DEFAULT_TIMEOUT = '10m';

export interface WaitFlags {
  wait?: boolean;
  timeout?: string;
}

/** `--timeout D` (and `--wait` unless the command always waits). */
export function waitOptions(command: Command, what: string, options: { always?: boolean } = {}): Command {
  const timeout = `give up waiting after this long and exit 1: 30s, 5m, 1h, 1h30m (default ${DEFAULT_TIMEOUT})`;
  if (options.always) return command.option('--timeout <duration>', timeout);
  return command
    .option('--wait', `wait until ${what}, then print the outcome: exit 0 if the run succeeded, 8 if it failed`)
    .option('--timeout <duration>', `with --wait: ${timeout}`);
}

/** The wait's limit in milliseconds; a usage error for a bad duration or `--timeout` without `--wait`. */
export function waitTimeoutMs(flags: WaitFlags, options: { always?: boolean } = {}): number {
  if (flags.timeout !== undefined && !flags.wait && !options.always) throw new CliError('--timeout: only with --wait', ExitCode.usage);
  const ms = parseDuration(flags.timeout ?? DEFAULT_TIMEOUT);
  if (ms === undefined)
    throw new CliError(`--timeout: "${flags.timeout}" is not a duration; use e.g. 30s, 5m, 1h or 1h30m`, ExitCode.usage);
  return ms;
}

/** `-f, --follow` on a listing. */
export function followOption(command: Command, what: string): Command {
  return command.option('-f, --follow', `after the ${what} so far, print each new entry as it arrives, until Ctrl-C`);
}
