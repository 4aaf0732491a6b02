// Text a command sends (notes, handbook bodies, prompts): from an argument, a file, standard input, or an editor.
// node:fs, not node:fs/promises: every command loads this module, and node:fs/promises costs ~5 ms to load.
import { readFile } from 'node:fs';
import type { CommandContext } from '../context.js';
import { CliError, errnoOf, ExitCode, messageOf } from '../errors.js';

export async function readStdin(ctx: CommandContext): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads `--file F` ("-" for standard input); `flag` names it in errors. */
export async function readTextFile(ctx: CommandContext, path: string, flag: string): Promise<string> {
  if (path === '-') return readStdin(ctx);
  try {
    return await new Promise<string>((resolve, reject) => readFile(path, 'utf8', (err, text) => (err ? reject(err) : resolve(text))));
  } catch (err) {
    throw new CliError(`${flag}: cannot read ${path}: ${errnoOf(err) ?? messageOf(err)}`, ExitCode.usage);
  }
}

/**
 * Text a person typed for a title, name, note, message, answer, reason or prompt: trimmed, and refused
 * (exit 2, before anything is sent) when nothing is left. `name` is how the user typed it ("TITLE", "--reason").
 */
export function requiredText(text: string, name: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw new CliError(`${name}: must not be ${text === '' ? 'empty' : 'blank'}`, ExitCode.usage);
  return trimmed;
}

/** requiredText for an optional flag: not given stays not given. */
export function optionalText(text: string | undefined, name: string): string | undefined {
  return text === undefined ? undefined : requiredText(text, name);
}
