// GitHub Actions annotations for the file errors of `schedule diff|apply|check`: with GITHUB_ACTIONS=true
// each such error is also printed as a workflow command, `::error file=F,line=N::message`, which GitHub
// shows on the file's line in the pull request. Errors name their place as `FILE:LINE: …` or `FILE: …`.
import type { Env } from '../io.js';

const ANNOTATED = ['diff', 'apply', 'check'];

/** Whether this run annotates: in GitHub Actions, a `schedule diff|apply|check` command. */
export function annotates(env: Env, args: readonly string[]): boolean {
  if (env.GITHUB_ACTIONS !== 'true') return false;
  const at = args.indexOf('schedule');
  return at >= 0 && ANNOTATED.includes(args[at + 1] ?? '');
}

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * The annotation for one error line, or undefined when it names no file (`<stdin>` is none). `files`:
 * the names the command read, so that only a line that starts with one of them is taken as a place.
 */
export function annotation(message: string, files: readonly string[]): string | undefined {
  for (const file of files) {
    if (file === '-' || file === '<stdin>' || !message.startsWith(`${file}:`)) continue;
    const rest = message.slice(file.length + 1);
    const line = /^(\d+): /.exec(rest);
    const text = line ? rest.slice(line[0].length) : rest.replace(/^ /, '');
    return `::error file=${escapeProperty(file)}${line ? `,line=${line[1]}` : ''}::${escapeData(text)}\n`;
  }
  return undefined;
}

/** The files a command line names with -f/--file (as given). */
export function fileArguments(args: readonly string[]): string[] {
  const files: string[] = [];
  args.forEach((arg, i) => {
    if ((arg === '-f' || arg === '--file') && args[i + 1] !== undefined) files.push(args[i + 1] ?? '');
    else if (arg.startsWith('--file=')) files.push(arg.slice('--file='.length));
  });
  return files;
}
