// Text a command sends (notes, handbook bodies, prompts): from an argument, a file, standard input, or an editor.
import { readFile } from 'node:fs/promises';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';

export async function readStdin(ctx: CommandContext): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads `--file F` ("-" for standard input); `flag` names it in errors. */
export async function readTextFile(ctx: CommandContext, path: string, flag: string): Promise<string> {
  if (path === '-') return readStdin(ctx);
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    throw new CliError(`${flag}: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, ExitCode.usage);
  }
}
