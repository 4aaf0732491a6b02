// wts agent list
import type { Command } from 'commander';
import type { Resource } from '../contract/resources.js';
import { printItems } from '../output/list.js';
import type { Column } from '../output/table.js';
import { verb, type CliDeps } from '../framework/verb.js';

type Agent = Resource<'Agent'>;

export function registerAgent(program: Command, deps: CliDeps): void {
  const group = program.command('agent').alias('agents').description('the agents that work on tasks, one per workspace');

  verb(group, deps, {
    name: 'list',
    lists: 'list_agents',
    pages: true,
    description: 'list the agents of the workspaces this connection can open',
    examples: ['wts agent list', 'wts agent list --json'],
    async run({ ctx }) {
      const api = await ctx.api();
      const columns: Column<Agent>[] = [
        { header: 'ID', value: (a) => a.id, role: 'id' },
        { header: 'Name', value: (a) => a.name, flex: true, role: 'title' },
        { header: 'Workspace', value: (a) => a.workspaceId, priority: 1 },
      ];
      await printItems(ctx, api.items('list_agents', { path: {} }), columns, { empty: 'No agents.' });
    },
  });
}
