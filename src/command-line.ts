// Commands the user names in a setting or the environment (BROWSER, PAGER, `wts config set pager`), run
// without a shell where the text allows: split into words as a shell would, so "less -R" or
// "'/opt/my pager' --raw" start that program with those arguments.

/** Splits a command line into words: whitespace separates, quotes and backslashes group. */
export function splitCommandLine(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command.charAt(i);
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < command.length && '"\\$`'.includes(command.charAt(i + 1))) word += command[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < command.length) {
      word += command[++i];
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
export function needsShell(command: string): boolean {
  return /[|&;<>()$`*?[\]{}~#]/.test(command) || /^\s*\w+=/.test(command);
}
