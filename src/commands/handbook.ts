// wts instructions list AGENT | view SECTION | edit SECTION [--title --body-file F] | reorder AGENT ID...
// wts handbook list | view SECTION | edit SECTION [--title --body-file F] | reorder ID...
// An agent's instructions and the company handbook are the same kind of document; only the operations differ.
import type { Command } from 'commander';
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { editText, reportUnchanged, sendKeepingText } from '../input/editor.js';
import { optionalText, readTextFile } from '../input/text.js';
import { wrapText } from '../output/format.js';
import { printDone, printJson } from '../output/print.js';
import { printItems } from '../output/list.js';
import { terminalText, terminalView } from '../output/text.js';
import type { Column } from '../output/table.js';
import { examples, verb, type CliDeps, options } from '../framework/verb.js';

type Entry = Resource<'HandbookEntry'>;

interface Handbook {
  read: 'read_agent_instruction_section' | 'read_company_handbook_section';
  update: 'update_agent_instruction_section' | 'update_company_handbook_section';
  /** How commands and examples name it: "wts instructions", "wts handbook". */
  command: string;
  section: string; // an example section id
}

const SECTION = ['<SECTION>', 'entry id (from `list`)'] as const;
const FIELDS = { sectionId: 'SECTION', agentId: 'AGENT', sectionIds: 'ID', body: '--body-file' };

function entryColumns(): Column<Entry>[] {
  return [
    { header: 'ID', value: (e) => e.id, role: 'id' },
    { header: 'Title', value: (e) => e.title, flex: true, role: 'title' },
  ];
}

async function printWhole(ctx: CommandContext, handbook: Handbook, sectionId: string): Promise<void> {
  const api = await ctx.api();
  const entry = await api.readWhole(handbook.read, { path: { sectionId } });
  const { stdout } = ctx.io;
  if (ctx.json) printJson(ctx, entry);
  // Piped: the body alone, as stored but for control characters other than newline and tab, which are
  // made visible (--json has it exact); so `view > f` then `edit --body-file f` changes nothing.
  else if (!ctx.io.isStdoutTTY) stdout.write(terminalView(entry.body));
  else {
    const body = wrapText(terminalView(entry.body), ctx.io.columns);
    const title = wrapText(terminalText(entry.title), ctx.io.columns)
      .split('\n')
      .map((line) => ctx.chalk.bold(line))
      .join('\n');
    stdout.write(`${title}\n\n${body}${body.endsWith('\n') ? '' : '\n'}`);
  }
}

function addView(group: Command, deps: CliDeps, handbook: Handbook): void {
  verb(group, deps, {
    name: 'view',
    pages: true,
    description: 'print the whole text of an entry (piped: the body alone; --json for the exact text)',
    args: [SECTION],
    fields: FIELDS,
    examples: [`${handbook.command} view ${handbook.section}`, `${handbook.command} view ${handbook.section} > entry.md`],
    async run({ ctx, args }) {
      await printWhole(ctx, handbook, args[0]);
    },
  });
}

function addEdit(group: Command, deps: CliDeps, handbook: Handbook): void {
  verb(group, deps, {
    name: 'edit',
    description: "change an entry's title or text (on a terminal with neither flag: the text in $VISUAL/$EDITOR)",
    args: [SECTION],
    options: options<{ title?: string; bodyFile?: string }>((c) =>
      c.option('--title <text>', 'the new title').option('--body-file <file>', 'the new text from this file (- for standard input)'),
    ),
    fields: FIELDS,
    examples: [
      `${handbook.command} edit ${handbook.section}   # on a terminal: the text in your editor`,
      `${handbook.command} edit ${handbook.section} --body-file entry.md`,
      `${handbook.command} edit ${handbook.section} --title "Tone and voice"`,
    ],
    async run({ ctx, args, opts }) {
      const sectionId = args[0];
      const title = optionalText(opts.title, '--title');
      const body = opts.bodyFile === undefined ? undefined : await readTextFile(ctx, opts.bodyFile, '--body-file');
      const api = await ctx.api();
      if (title !== undefined || body !== undefined) {
        const change = { ...(title !== undefined && { title }), ...(body !== undefined && { body }) };
        const entry = await api.call(handbook.update, { path: { sectionId }, body: change });
        printDone(ctx, entry, `Updated ${entry.id} (${entry.title})`);
        return;
      }
      if (!ctx.io.canPrompt) {
        throw new CliError(
          'nothing to change: pass --title TEXT or --body-file F (- for standard input); the editor opens only on a terminal',
          ExitCode.usage,
        );
      }
      const current = await api.readWhole(handbook.read, { path: { sectionId } });
      // An emptied entry is taken as "abort", as git does; to clear one on purpose: --body-file /dev/null.
      let edited = await editText(ctx, current.body, {
        postfix: '.md',
        what: 'the entry',
        emptyHint: 'to clear it, pass --body-file /dev/null',
      });
      // Editors end the file with a newline; one the text did not have is not a change.
      if (!current.body.endsWith('\n') && edited.endsWith('\n')) edited = edited.slice(0, -1);
      if (edited === current.body) {
        reportUnchanged(ctx, current);
        return;
      }
      const entry = await sendKeepingText(ctx, edited, () => api.call(handbook.update, { path: { sectionId }, body: { body: edited } }));
      printDone(ctx, entry, `Updated ${entry.id} (${entry.title})`);
    },
  });
}

function reordered(ctx: CommandContext, page: { items: Entry[] }, whose: string): void {
  const entries = page.items;
  printDone(ctx, entries, `New order of ${whose}: ${entries.map((e) => e.id).join(', ')}`);
}

function instructionsList(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'list',
    lists: 'list_agent_instructions',
    pages: true,
    description: "list the entries of an agent's instructions, in order",
    args: [['<AGENT>', 'agent id (from `wts agent list`)']],
    fields: FIELDS,
    examples: ['wts instructions list agt_support', 'wts instructions list agt_support --json'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const items = api.items('list_agent_instructions', { path: { agentId: args[0] } });
      await printItems(ctx, items, entryColumns(), { empty: 'This agent has no instructions yet.' });
    },
  });
}

function instructionsReorder(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'reorder',
    description: "put an agent's entries in a new order (name every entry, in the order wanted)",
    args: [
      ['<AGENT>', 'agent id'],
      ['<ID...>', 'every entry id, in the new order'],
    ],
    fields: FIELDS,
    examples: ['wts instructions reorder agt_sales sec_sales_2 sec_sales_1 sec_sales_3'],
    async run({ ctx, args }) {
      const agentId = args[0];
      const api = await ctx.api();
      const page = await api.call('reorder_agent_instruction_sections', { path: { agentId }, body: { sectionIds: args[1] } });
      reordered(ctx, page, `${agentId}'s instructions`);
    },
  });
}

export function registerInstructions(program: Command, deps: CliDeps): void {
  const handbook: Handbook = {
    read: 'read_agent_instruction_section',
    update: 'update_agent_instruction_section',
    command: 'wts instructions',
    section: 'sec_support_1',
  };
  const group = program.command('instructions').alias('instruction').description("an agent's handbook: the instructions it follows");
  examples(group, ['wts instructions list agt_support', 'wts instructions view sec_support_1']);
  instructionsList(group, deps);
  addView(group, deps, handbook);
  addEdit(group, deps, handbook);
  instructionsReorder(group, deps);
}

function handbookList(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'list',
    lists: 'list_company_handbook_sections',
    pages: true,
    description: 'list the entries of the company handbook, in order',
    fields: FIELDS,
    examples: ['wts handbook list', 'wts handbook list --json'],
    async run({ ctx }) {
      const api = await ctx.api();
      const items = api.items('list_company_handbook_sections', { path: {} });
      await printItems(ctx, items, entryColumns(), { empty: 'The company handbook is empty.' });
    },
  });
}

function handbookReorder(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'reorder',
    description: 'put the company handbook in a new order (name every entry, in the order wanted)',
    args: [['<ID...>', 'every entry id, in the new order']],
    fields: FIELDS,
    examples: ['wts handbook reorder sec_acme_company_2 sec_acme_company_1 sec_acme_company_3'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const page = await api.call('reorder_company_handbook_sections', { path: {}, body: { sectionIds: args[0] } });
      reordered(ctx, page, 'the company handbook');
    },
  });
}

export function registerHandbook(program: Command, deps: CliDeps): void {
  const handbook: Handbook = {
    read: 'read_company_handbook_section',
    update: 'update_company_handbook_section',
    command: 'wts handbook',
    section: 'sec_acme_company_1',
  };
  const group = program.command('handbook').alias('handbooks').description('the company handbook: entries every agent follows');
  examples(group, ['wts handbook list', 'wts handbook view sec_acme_company_1']);
  handbookList(group, deps);
  addView(group, deps, handbook);
  addEdit(group, deps, handbook);
  handbookReorder(group, deps);
}
