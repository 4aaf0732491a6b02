// Commands the user names in a setting or the environment (EDITOR, BROWSER, PAGER, `wts config set
// pager`), run without a shell where the text allows: split into words as a shell would, so "less -R" or
// "'/opt/my pager' --raw" start that program with those arguments. On Windows a backslash is a path's
// separator, not an escape (`C:\Program Files\…` in quotes stays whole), and the program is started as
// src/windows-command.ts says (a .cmd editor through cmd.exe, escaped).
import type { Env } from './io.js';
import { findWindowsProgram, type Launch, launchFor } from './windows-command.js';

type Quote = '"' | "'" | undefined;

/**
 * Whether the backslash at `i` escapes the character after it: on POSIX any character outside quotes,
 * and " \ $ ` inside double quotes (none inside single quotes); on Windows only a double quote, anywhere.
 */
function escapes(command: string, i: number, quote: Quote, platform: NodeJS.Platform): boolean {
  if (command.charAt(i) !== '\\' || i + 1 >= command.length) return false;
  const next = command.charAt(i + 1);
  if (platform === 'win32') return next === '"';
  return quote === undefined || (quote === '"' && '"\\$`'.includes(next));
}

/**
 * Splits a command line into words: whitespace separates, quotes group; a backslash escapes the next
 * character on POSIX, and only a double quote on Windows.
 */
export function splitCommandLine(command: string, platform: NodeJS.Platform = process.platform): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: Quote;
  for (let i = 0; i < command.length; i++) {
    const c = command.charAt(i);
    if (escapes(command, i, quote, platform)) {
      word += command[++i];
      inWord = true;
    } else if (quote) {
      if (c === quote) quote = undefined;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/**
 * Whether `command` uses what only a shell does (pipes, redirections, variables, command substitution,
 * lists, globs): such a command is run with `sh -c` instead of split.
 */
export function needsShell(command: string, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'win32') return /[|&<>^%]/.test(command);
  return /[|&;<>()$`*?[\]{}~#]/.test(command) || /^\s*\w+=/.test(command);
}

/**
 * How to start the user's `command` with `extra` arguments after its own words (the editor's file, the
 * browser's URL); undefined when it names no program, or (on Windows) one found nowhere. On Windows a command that is one existing file
 * (`C:\Program Files\Sublime Text\subl.exe`, unquoted) is taken whole, as gh does.
 */
export function commandLaunch(
  command: string,
  extra: string[],
  env: Env,
  platform: NodeJS.Platform = process.platform,
  exists?: (path: string) => boolean,
): Launch | undefined {
  const trimmed = command.trim();
  const whole = platform === 'win32' && /\s/.test(trimmed) && findWindowsProgram(trimmed, { PATH: '' }, exists) !== undefined;
  const [program, ...args] = whole ? [trimmed] : splitCommandLine(trimmed, platform);
  return program ? launchFor(program, [...args, ...extra], env, platform, exists) : undefined;
}
