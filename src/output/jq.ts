// --jq EXPR: a command's JSON output filtered by jq itself — jq 1.8 compiled to WebAssembly (the jq-wasm
// package), so an expression means exactly what it means to jq. Loaded only by a run that asks for it;
// the "inline" build carries the WebAssembly in its own file, so it works wherever the bundle puts it.
import type { Jq } from 'jq-wasm/inline';
import { CliError, ExitCode } from '../errors.js';
import { jsonText, terminalBlock } from './sanitize.js';
import { lazy } from '../lazy.js';

let handle: Promise<Jq> | undefined;
const jq = () => (handle ??= lazy['jq-wasm/inline']().then((m) => m.loadJq()));

/**
 * jq's complaint as one line: "jq: error: syntax error, … at <top-level>, line 1, column 9:" (then the
 * expression with a caret) or "jq: error (at /dev/stdin:0): Cannot index number with string "a"".
 */
function problemOf(stderr: string): string {
  const first = stderr.split('\n').find((line) => line.trim() !== '') ?? 'jq failed';
  return first
    .replace(/^jq: error(?: \(at [^)]*\))?: /, '')
    .replace(/ at <top-level>, /, ' at ')
    .replace(/:$/, '');
}

/** jq's exit code for an expression that does not compile. */
const COMPILE_ERROR = 3;

/** Compiles `expr` without running it, so a bad one is refused (exit 2) before the command sends anything. */
export async function checkJq(expr: string): Promise<void> {
  const handle = await jq();
  // Wrapped so it is compiled but never evaluated (a `repeat` or a `range` of billions would run); the
  // newlines keep a trailing comment from swallowing the wrapper.
  if (handle.raw('null', `if false then (\n${expr}\n) else empty end`, ['-n']).exitCode === 0) return;
  // jq's own words and place come from the expression alone: it does not compile, so it does not run.
  const bare = handle.raw('null', expr, ['-n']);
  throw new CliError(
    `--jq: ${bare.exitCode === COMPILE_ERROR ? problemOf(bare.stderr) : 'the expression does not compile'}`,
    ExitCode.usage,
  );
}

/**
 * Runs `expr` over `json` (what the command printed with --json: one JSON text, or none) and writes each
 * result on its own line: a string as it is (as `jq -r` does; on a terminal with control characters made
 * visible, since it may be the service's text), anything else as JSON, indented on a terminal.
 */
export async function printJq(out: { write(text: string): unknown }, tty: boolean, expr: string, json: string): Promise<void> {
  if (json.trim() === '') return; // jq over no input prints nothing
  const result = (await jq()).raw(json, expr, ['-c']);
  if (result.exitCode !== 0 && result.stderr !== '') {
    if (result.exitCode === 2 && /parse error|Invalid/.test(result.stderr))
      throw new CliError('--jq: this command does not print JSON', ExitCode.usage);
    throw new CliError(`--jq: ${problemOf(result.stderr)}`, ExitCode.usage);
  }
  for (const line of result.stdout.split('\n')) {
    if (line === '') continue;
    const value: unknown = JSON.parse(line);
    if (typeof value === 'string') out.write(`${tty ? terminalBlock(value) : value}\n`);
    else out.write(`${tty ? jsonText(value, 2) : jsonText(value)}\n`);
  }
}
