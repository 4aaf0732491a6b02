// Destructive verbs (delete, remove, cancel, archive) ask on a terminal and need --yes otherwise.
import type { OperationId } from '../contract/operations.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { terminalLine } from '../output/sanitize.js';
import { lazy } from '../lazy.js';

/**
 * Asks `question` unless `yes`. `request`, when given, is the operation about to be sent: its input is
 * checked first, so a bad id is refused before anyone is asked.
 */
export async function confirmDestructive(
  ctx: CommandContext,
  question: string,
  yes: boolean | undefined,
  request?: { operation: OperationId; path: Record<string, string> },
): Promise<void> {
  if (request) {
    const { parseOperationInput } = await import('../contract/validate.js');
    parseOperationInput(request.operation, { path: request.path, body: {} });
  }
  if (yes) return;
  // The question may quote an id or a title: one sanitized line, like every text shown.
  question = terminalLine(question);
  if (!ctx.io.canPrompt)
    throw new CliError(`${question.replace(/\?.*$/, '?')} Not asked without a terminal: pass --yes to confirm`, ExitCode.usage);
  let ok: boolean;
  if (ctx.accessible()) {
    // Plain numbered lines read line by line (docs/accessibility.md); the input ending is a No.
    const { plainPrompter, InputClosed } = await import('../input/plain-prompt.js');
    const prompter = plainPrompter(ctx.io.stdin, ctx.io.stdout);
    try {
      ok = await prompter.confirm(question);
    } catch (err) {
      if (!(err instanceof InputClosed)) throw err;
      ok = false;
    } finally {
      prompter.close();
    }
  } else {
    const { confirm } = await lazy['@inquirer/prompts']();
    ok = await confirm({ message: question, default: false }, { input: ctx.io.stdin, output: ctx.io.stdout });
  }
  if (!ok) throw new CliError('cancelled; nothing was changed', ExitCode.usage);
}
