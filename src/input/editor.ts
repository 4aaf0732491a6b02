// Editing in $VISUAL / $EDITOR on a terminal. As git does: an editor that fails (exits non-zero, is killed,
// cannot start) or a text left empty aborts with nothing sent; the text is sent only when it changed; and
// text the editor held or the service refused is kept in a file (0600, in a 0700 directory) whose path
// the error names: nothing typed is lost.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLaunch } from '../command-line.js';
import type { CommandContext } from '../context.js';
import { CliError, errnoOf, ExitCode } from '../errors.js';
import { printJson } from '../output/print.js';

/**
 * The editor command: VISUAL, EDITOR, then `wts config get editor`, then `notepad` on Windows (as gh
 * and git have it); undefined elsewhere when none is set.
 */
export function editorCommand(
  ctx: Pick<CommandContext, 'env' | 'setting'>,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  return ctx.env.VISUAL || ctx.env.EDITOR || ctx.setting('editor') || (platform === 'win32' ? 'notepad' : undefined);
}

/** What editing needs of a command's context. */
type EditContext = Pick<CommandContext, 'env' | 'setting' | 'now'> & { config: { dir: string } };

/** A new file path for kept text, in the config directory's drafts/ (created 0700). */
function keptFile(ctx: EditContext, postfix: string): string {
  const dir = join(ctx.config.dir, 'drafts');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date(ctx.now()).toISOString().replace(/[:.]/g, '-');
  return join(dir, `draft-${stamp}-${process.pid}-${Math.random().toString(36).slice(2, 8)}${postfix}`);
}

export interface EditOptions {
  /** The file name's ending, so the editor picks a mode: ".md", ".txt". */
  postfix: string;
  /** What is edited, for messages: "the note", "the draft". */
  what: string;
  /** Whether the saved text counts as empty (default: only whitespace). */
  isEmpty?: (text: string) => boolean;
  /** Added to the message for an emptied text, e.g. how to clear it on purpose. */
  emptyHint?: string;
  /** The system whose rules start the editor (tests pass 'win32'). */
  platform?: NodeJS.Platform;
}

/**
 * Opens `initial` in the user's editor and resolves to the saved text. A failed editor or an emptied text
 * throws (exit 1, "nothing was sent"); a failed editor's text, when it holds anything new, stays in a
 * file whose path the error names. The caller compares the result with `initial` to tell "no changes".
 */
export async function editText(ctx: EditContext, initial: string, options: EditOptions): Promise<string> {
  const platform = options.platform ?? process.platform;
  const command = editorCommand(ctx, platform);
  if (!command)
    throw new CliError('no editor: set VISUAL or EDITOR, or pass the text with --body-file F (or - for standard input)', ExitCode.usage);
  const file = keptFile(ctx, options.postfix);
  writeFileSync(file, initial, { mode: 0o600 });
  // Split as a shell would ("code --wait", "'/opt/my editor/ed' -w"); the file comes last. On Windows a
  // .cmd editor (code.cmd) runs through cmd.exe, escaped (src/windows-command.ts).
  const launch = commandLaunch(command, [file], ctx.env, platform);
  // Loaded here, not with the module: every command loads this module, and node:child_process costs ~5 ms.
  const { spawnSync } = process.getBuiltinModule('node:child_process');
  const run = launch
    ? spawnSync(launch.file, launch.args, { stdio: 'inherit', windowsVerbatimArguments: launch.windowsVerbatimArguments })
    : { error: Object.assign(new Error('not found'), { code: 'ENOENT' }), signal: null, status: null };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '';
  }
  const failure = run.error
    ? `could not start (${errnoOf(run.error) ?? run.error.message})`
    : run.signal
      ? `was stopped by ${run.signal}`
      : run.status !== 0
        ? `exited with status ${run.status}`
        : undefined;
  if (failure) {
    const keep = text !== initial && text.trim() !== '';
    if (!keep) rmSync(file, { force: true });
    throw new CliError(
      `the editor (${command}) ${failure}, so nothing was sent${keep ? `; your text is saved in ${file}` : ''}`,
      ExitCode.failure,
    );
  }
  rmSync(file, { force: true });
  if ((options.isEmpty ?? ((t: string) => t.trim() === ''))(text))
    throw new CliError(
      `aborting: ${options.what} is empty, so nothing was sent${options.emptyHint ? ` (${options.emptyHint})` : ''}`,
      ExitCode.failure,
    );
  return text;
}

/** Says that the editor changed nothing (on stderr; with --json, `current` on stdout). */
export function reportUnchanged(ctx: CommandContext, current: unknown): void {
  if (ctx.json) printJson(ctx, current);
  else ctx.io.stderr.write('No changes; nothing was sent.\n');
}

/** Keeps `text` in a new file of the drafts directory and says where, on stderr. */
export function keepText(ctx: CommandContext, text: string, postfix = '.md'): string {
  const file = keptFile(ctx, postfix);
  writeFileSync(file, text, { mode: 0o600 });
  ctx.io.stderr.write(`wts: your text is saved in ${file}\n`);
  return file;
}

/**
 * Sends edited text with `send`; when that fails (the service refuses it, or it cannot be read), keeps
 * the text in a file and names it, so the user can fix it and pass it back with --body-file.
 */
export async function sendKeepingText<T>(ctx: CommandContext, text: string, send: () => Promise<T>, postfix = '.md'): Promise<T> {
  try {
    return await send();
  } catch (err) {
    keepText(ctx, text, postfix);
    throw err;
  }
}
