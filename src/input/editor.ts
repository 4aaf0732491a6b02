// Editing in $VISUAL / $EDITOR on a terminal. The edited text is sent only when it changed, and if the
// service refuses it, the text is kept in a file whose path the error names: nothing typed is lost.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';

/** The editor command from the context's environment, or undefined when none is set. */
export function editorCommand(ctx: CommandContext): string | undefined {
  return ctx.env.VISUAL || ctx.env.EDITOR || undefined;
}

/** Opens `initial` in the user's editor and resolves to the saved text. */
export async function editText(ctx: CommandContext, initial: string, postfix = '.md'): Promise<string> {
  const command = editorCommand(ctx);
  if (!command) throw new CliError('no editor: set VISUAL or EDITOR, or pass the text with --body-file F (or - for standard input)', ExitCode.usage);
  const { ExternalEditor } = await import('@inquirer/external-editor');
  const editor = new ExternalEditor(initial, { postfix, mode: 0o600 });
  // The library reads process.env; the context's environment is the one that counts.
  const [bin, ...args] = command.split(/\s+/);
  editor.editor = { bin: bin!, args };
  try {
    return editor.run();
  } catch (err) {
    throw new CliError(`the editor (${command}) failed: ${(err as Error).message}`, ExitCode.failure);
  } finally {
    editor.cleanup();
  }
}

/**
 * Sends edited text with `send`; when the service refuses it, writes the text to a file in the config
 * directory and adds its path to the error, so the user can fix it and pass it back with --body-file.
 */
export async function sendKeepingText<T>(ctx: CommandContext, text: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    const dir = join(ctx.config.dir, 'drafts');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, `draft-${new Date(ctx.now()).toISOString().replace(/[:.]/g, '-')}.md`);
    writeFileSync(file, text, { mode: 0o600 });
    ctx.io.stderr.write(`wts: your text is saved in ${file}\n`);
    throw err;
  }
}
