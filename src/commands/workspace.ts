// wts workspace list | members WS | statuses WS | create NAME [--folder ID] | rename WS NAME | archive WS
import type { Command } from 'commander';
import type { Resource } from '../api/resources.js';
import { colorState } from '../output/format.js';
import { printDone, printItems, type Column } from '../output/print.js';
import { confirmDestructive } from './confirm.js';
import { examples, withContext, type CliDeps } from './action.js';

type Workspace = Resource<'Workspace'>;
type Member = Resource<'Member'>;
type Status = Resource<'Status'>;
type Page<T> = { items: T[] };

export function registerWorkspace(program: Command, deps: CliDeps): void {
  const group = program.command('workspace').alias('workspaces').description('workspaces, their people and their board columns');

  examples(
    group
      .command('list')
      .description('list the workspaces this connection can open')
      .action(
        withContext(deps, async ({ ctx }) => {
          const api = await ctx.api();
          const columns: Column<Workspace>[] = [
            { header: 'ID', value: (w) => w.id },
            { header: 'Name', value: (w) => w.name, flex: true },
            { header: 'Folder', value: (w) => w.folderId ?? '' },
          ];
          await printItems(ctx, api.items('list_workspaces', { path: {} }) as AsyncIterable<Workspace>, columns, { empty: 'No workspaces.' });
        }),
      ),
    ['wts workspace list', 'wts workspace list --json'],
  );

  examples(
    group
      .command('members')
      .argument('<WS>', 'workspace id')
      .description('list the people in a workspace')
      .action(
        withContext(
          deps,
          async ({ ctx, args }) => {
            const api = await ctx.api();
            const columns: Column<Member>[] = [
              { header: 'ID', value: (m) => m.id },
              { header: 'Name', value: (m) => m.name, flex: true },
              { header: 'Email', value: (m) => m.email },
            ];
            await printItems(ctx, api.items('list_workspace_members', { path: { workspaceId: args[0] as string } }) as AsyncIterable<Member>, columns);
          },
          { workspaceId: 'WS' },
        ),
      ),
    ['wts workspace members ws_support'],
  );

  examples(
    group
      .command('statuses')
      .argument('<WS>', 'workspace id')
      .description("list the columns of a workspace's task board")
      .action(
        withContext(
          deps,
          async ({ ctx, args }) => {
            const api = await ctx.api();
            const columns: Column<Status>[] = [
              { header: 'Key', value: (s, mode) => (mode === 'human' ? colorState(ctx.chalk, s.key) : s.key) },
              { header: 'Name', value: (s) => s.name, flex: true },
              { header: 'Position', value: (s) => String(s.position) },
            ];
            await printItems(ctx, api.items('list_workspace_statuses', { path: { workspaceId: args[0] as string } }) as AsyncIterable<Status>, columns);
          },
          { workspaceId: 'WS' },
        ),
      ),
    ['wts workspace statuses ws_support'],
  );

  examples(
    group
      .command('create')
      .argument('<NAME>', 'name of the new workspace')
      .option('--folder <id>', 'put it in this folder')
      .description('create a workspace, with its own agent')
      .action(
        withContext<{ folder?: string }>(
          deps,
          async ({ ctx, args, opts }) => {
            const api = await ctx.api();
            const body = { name: args[0] as string, ...(opts.folder !== undefined && { folderId: opts.folder }) };
            const workspace = (await api.call('create_workspace', { path: {}, body })) as Workspace;
            printDone(ctx, workspace, `Created workspace ${workspace.name} (${workspace.id})`);
          },
          { name: 'NAME', folderId: '--folder' },
        ),
      ),
    ['wts workspace create "Customer Success"', 'wts workspace create Research --folder fld_internal'],
  );

  examples(
    group
      .command('rename')
      .argument('<WS>', 'workspace id')
      .argument('<NAME>', 'the new name')
      .description("change a workspace's name")
      .action(
        withContext(
          deps,
          async ({ ctx, args }) => {
            const api = await ctx.api();
            const workspace = (await api.call('rename_workspace', { path: { workspaceId: args[0] as string }, body: { name: args[1] as string } })) as Workspace;
            printDone(ctx, workspace, `Renamed ${workspace.id} to ${workspace.name}`);
          },
          { workspaceId: 'WS', name: 'NAME' },
        ),
      ),
    ['wts workspace rename ws_sales "Sales EMEA"'],
  );

  examples(
    group
      .command('archive')
      .argument('<WS>', 'workspace id')
      .option('-y, --yes', 'do not ask for confirmation')
      .description('hide a workspace and pause its agents and automations')
      .action(
        withContext<{ yes?: boolean }>(
          deps,
          async ({ ctx, args, opts }) => {
            const workspaceId = args[0] as string;
            await confirmDestructive(ctx, `Archive workspace ${workspaceId}? Its agents and scheduled tasks will be paused.`, opts.yes);
            const api = await ctx.api();
            const workspace = (await api.call('archive_workspace', { path: { workspaceId }, body: {} })) as Workspace;
            printDone(ctx, workspace, `Archived ${workspace.name} (${workspace.id})`);
          },
          { workspaceId: 'WS' },
        ),
      ),
    ['wts workspace archive ws_old', 'wts workspace archive ws_old --yes   # in scripts'],
  );
}
