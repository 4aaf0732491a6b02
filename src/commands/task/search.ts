// wts task search: find tasks whose title or description holds all the words
import type { Command } from 'commander';
import { requiredText } from '../../input/text.js';
import { options, verb, WS_ARG, type CliDeps } from '../../framework/verb.js';
import { pageOptions, printListing, type PageOptions } from '../../framework/listing.js';
import { printTasks } from './shared.js';

export function registerSearch(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'search',
    lists: 'search_tasks',
    pages: true,
    description: 'find tasks whose title or description holds all the words',
    args: [WS_ARG, ['<WORDS...>', 'words to look for']],
    options: options<PageOptions>(pageOptions),
    fields: { workspaceId: 'WS', q: 'WORDS' },
    examples: [
      'wts task search ws_support refund',
      'wts task search ws_support duplicate charge --all',
      'wts task search invoice                # in the default workspace',
      'wts task search -w ws_support ws_ops   # every word is a word to look for',
    ],
    async run({ ctx, args, opts }) {
      await ctx.api(); // signed in first, as before the listing is read
      const q = requiredText(args[1].join(' '), 'WORDS');
      await printListing(ctx, 'search_tasks', { path: { workspaceId: args[0] }, query: { q } }, opts, printTasks(ctx));
    },
  });
}
