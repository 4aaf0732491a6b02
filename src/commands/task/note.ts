// wts task note: add a note for the team and the agent: TEXT, --file F, - for standard input, or your editor on a terminal
import type { Command } from 'commander';
import { CliError, ExitCode, InputError } from '../../errors.js';
import { editorCommand, editText, sendKeepingText } from '../../input/editor.js';
import { readStdin, readTextFile, requiredText } from '../../input/text.js';
import { printDone } from '../../output/print.js';
import { options, verb, type CliDeps } from '../../framework/verb.js';
import type { Task } from './shared.js';
import { TASK } from './shared.js';

/** Names where a note refused by the catalog came from (--file, standard input, the editor); TEXT is named by `fields`. */
async function namingSource<T>(source: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (err instanceof InputError && err.field === 'content') throw err.named(source);
    throw err;
  }
}

export function registerNote(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'note',
    description: 'add a note for the team and the agent: TEXT, --file F, - for standard input, or your editor on a terminal',
    args: [TASK, ['[TEXT]', 'the note; - reads it from standard input']],
    options: options<{ file?: string }>((c) => c.option('--file <path>', 'read the note from a file (- for standard input)')),
    fields: { taskId: 'TASK', content: 'TEXT' },
    examples: [
      'wts task note task_s001 "Called the customer; waiting for logs"',
      'wts task note task_s001 --file summary.md',
      'git log -1 --format=%B | wts task note task_s001 -',
      'wts task note task_s001            # opens $VISUAL or $EDITOR',
    ],
    async run({ ctx, args, opts }) {
      const taskId = args[0];
      const given = args[1];
      if (given !== undefined && opts.file !== undefined)
        throw new CliError('pass the note as TEXT, with --file F, or as - for standard input: only one of them', ExitCode.usage);
      const useEditor = given === undefined && opts.file === undefined;
      if (useEditor && !ctx.io.canPrompt)
        throw new CliError('no note: pass it as TEXT, with --file F, or - to read standard input', ExitCode.usage);
      if (useEditor && !editorCommand(ctx))
        throw new CliError(
          'no editor: set VISUAL or EDITOR, or pass the note as TEXT, with --file F, or - for standard input',
          ExitCode.usage,
        );
      const api = await ctx.api();
      const send = (content: string) => api.call('add_task_note', { path: { taskId }, body: { content } });
      let task: Task;
      if (given === '-')
        task = await namingSource('standard input', async () => send(requiredText(await readStdin(ctx), 'standard input')));
      else if (given !== undefined) task = await send(requiredText(given, 'TEXT'));
      else if (opts.file !== undefined) {
        const file = opts.file;
        task = await namingSource('--file', async () => send(requiredText(await readTextFile(ctx, file, '--file'), '--file')));
      } else {
        api.prepare('add_task_note', { path: { taskId }, body: { content: '-' } }); // a bad TASK fails before the editor opens
        const text = (await editText(ctx, '', { postfix: '.md', what: 'the note' })).trim();
        task = await namingSource('the note', () => sendKeepingText(ctx, text, () => send(text)));
      }
      printDone(ctx, task, `Added a note to ${task.id} (${task.title})`);
    },
  });
}
