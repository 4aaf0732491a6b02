// wts knowledge list | view ID | add URL --name N [--note] | edit ID [--name --note --url] | remove ID...
import type { Command } from 'commander';
import type { Resource } from '../contract/resources.js';
import { CliError, ExitCode } from '../errors.js';
import { optionalText, requiredText } from '../input/text.js';
import { printDone, printObject } from '../output/print.js';
import { printItems } from '../output/list.js';
import type { Column } from '../output/table.js';
import { examples, verb, type CliDeps, options } from '../framework/verb.js';

type Source = Resource<'KnowledgeSource'>;

const ID = ['<ID>', 'knowledge source id (from `wts knowledge list`)'] as const;
const IDS = ['<ID...>', 'knowledge source ids (from `wts knowledge list`); - reads them from standard input, one a line'] as const;
const FIELDS = { sourceId: 'ID', url: 'URL' };

/** Where a source points: its address, or the file it was uploaded as. */
const where = (s: Source) => s.url ?? s.fileName ?? '';

function knowledgeList(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'list',
    lists: 'list_knowledge_sources',
    pages: true,
    description: 'list the knowledge sources',
    fields: FIELDS,
    examples: ['wts knowledge list', 'wts knowledge list --json'],
    async run({ ctx }) {
      const api = await ctx.api();
      const columns: Column<Source>[] = [
        { header: 'ID', value: (s) => s.id, role: 'id' },
        { header: 'Name', value: (s) => s.name, flex: true, role: 'title', min: 12 },
        { header: 'Source', value: where, flex: true, min: 12, priority: 2 },
        { header: 'Note', value: (s) => s.note, flex: true, priority: 1 },
      ];
      await printItems(ctx, api.items('list_knowledge_sources', { path: {} }), columns, { empty: 'No knowledge sources.' });
    },
  });
}

function knowledgeView(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'view',
    pages: true,
    description: 'show one knowledge source',
    args: [ID],
    fields: FIELDS,
    examples: ['wts knowledge view ks_s003'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const source = await api.call('read_knowledge_source', { path: { sourceId: args[0] } });
      printObject(ctx, source, [
        ['ID', () => source.id],
        ['Name', () => source.name],
        source.url !== null ? ['URL', () => source.url ?? ''] : ['File', () => source.fileName ?? ''],
        ['Note', () => source.note],
      ]);
    },
  });
}

function knowledgeAdd(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'add',
    description: 'add a web page as a knowledge source',
    args: [['<URL>', 'http or https address of the page']],
    options: options<{ name?: string; note?: string }>((c) =>
      c.option('--name <name>', 'how agents and people see it (required)').option('--note <text>', 'when to use it'),
    ),
    fields: FIELDS,
    examples: [
      'wts knowledge add https://acme.example/legal/dpa --name "Data processing agreement"',
      'wts knowledge add https://status.example --name Status --note "Check before answering outage tickets"',
    ],
    async run({ ctx, args, opts }) {
      const api = await ctx.api();
      const body = { url: args[0], name: optionalText(opts.name, '--name') as string, ...(opts.note !== undefined && { note: opts.note }) };
      const source = await api.call('add_knowledge_link', { path: {}, body });
      printDone(ctx, source, `Added ${source.name} (${source.id})`);
    },
  });
}

function knowledgeEdit(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'edit',
    description: "change a knowledge source's name, note or address",
    args: [ID],
    options: options<{ name?: string; note?: string; url?: string }>((c) =>
      c
        .option('--name <name>', 'the new name')
        .option('--note <text>', 'the new note ("" to clear it)')
        .option('--url <url>', 'the new address (links only)'),
    ),
    fields: FIELDS,
    examples: [
      'wts knowledge edit ks_s003 --note "Refunds over 500 EUR need a manager"',
      'wts knowledge edit ks_s002 --url https://status.acme.example/history',
    ],
    async run({ ctx, args, opts }) {
      const body = {
        ...(opts.name !== undefined && { name: requiredText(opts.name, '--name') }),
        ...(opts.note !== undefined && { note: opts.note }),
        ...(opts.url !== undefined && { url: opts.url }),
      };
      if (Object.keys(body).length === 0) throw new CliError('nothing to change: pass --name, --note and/or --url', ExitCode.usage);
      const api = await ctx.api();
      const source = await api.call('update_knowledge_source', { path: { sourceId: args[0] }, body });
      printDone(ctx, source, `Updated ${source.name} (${source.id})`);
    },
  });
}

function knowledgeRemove(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'remove',
    description: 'remove knowledge sources; agents stop consulting them',
    args: [IDS],
    options: options<{ yes?: boolean }>((c) => c.option('-y, --yes', 'do not ask for confirmation')),
    fields: FIELDS,
    examples: [
      'wts knowledge remove ks_s005',
      'wts knowledge remove ks_s005 --yes   # in scripts',
      'wts knowledge remove ks_s005 ks_s006 --yes',
    ],
    bulk: {
      operation: 'remove_knowledge_source',
      field: 'sourceId',
      noun: ['knowledge source', 'knowledge sources'],
      find: (api, sourceId, options) => api.call('read_knowledge_source', { path: { sourceId } }, options),
      doing: 'removing',
      forgets: 'knowledge',
      confirm: (ids) =>
        ids.length === 1
          ? `Remove knowledge source ${ids[0]}? Agents will no longer consult it.`
          : `Remove ${ids.length} knowledge sources? Agents will no longer consult them.`,
      async prepare({ ctx }) {
        const api = await ctx.api();
        return async (sourceId, options) => ({
          result: await api.call('remove_knowledge_source', { path: { sourceId } }, options),
          message: `Removed knowledge source ${sourceId}`,
        });
      },
    },
  });
}

export function registerKnowledge(program: Command, deps: CliDeps): void {
  const group = program.command('knowledge').description("links and files your organization's agents can consult");
  examples(group, ['wts knowledge list', 'wts knowledge add https://acme.example/legal/dpa --name "Data processing agreement"']);
  knowledgeList(group, deps);
  knowledgeView(group, deps);
  knowledgeAdd(group, deps);
  knowledgeEdit(group, deps);
  knowledgeRemove(group, deps);
}
