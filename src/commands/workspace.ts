// wts workspace list | members WS | statuses WS | create NAME [--folder ID] | rename WS NAME | archive WS
import type { Command } from 'commander';
import type { Resource } from '../contract/resources.js';
import { requiredText } from '../input/text.js';
import { stateText } from '../output/format.js';
import { printDone } from '../output/print.js';
import { printItems } from '../output/list.js';
import type { Column } from '../output/table.js';
import { confirmDestructive } from '../framework/confirm.js';
import { options, verb, WS_TARGET, type CliDeps } from '../framework/verb.js';

type Workspace = Resource<'Workspace'>;
type Member = Resource<'Member'>;
type Status = Resource<'Status'>;

function workspaceList(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'list',
    lists: 'list_workspaces',
    pages: true,
    description: 'list the workspaces this connection can open',
    examples: ['wts workspace list', 'wts workspace list --json'],
    async run({ ctx }) {
      const api = await ctx.api();
      const columns: Column<Workspace>[] = [
        { header: 'ID', value: (w) => w.id, role: 'id' },
        { header: 'Name', value: (w) => w.name, flex: true, role: 'title' },
        { header: 'Folder', value: (w) => w.folderId ?? '', priority: 1 },
      ];
      await printItems(ctx, api.items('list_workspaces', { path: {} }), columns, { empty: 'No workspaces.' });
    },
  });
}

function workspaceMembers(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'members',
    lists: 'list_workspace_members',
    pages: true,
    description: 'list the people in a workspace',
    args: [WS_TARGET],
    fields: { workspaceId: 'WS' },
    examples: ['wts workspace members ws_support'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const columns: Column<Member>[] = [
        { header: 'ID', value: (m) => m.id, role: 'id' },
        { header: 'Name', value: (m) => m.name, flex: true, role: 'title' },
        { header: 'Email', value: (m) => m.email, flex: true, min: 12, priority: 1 },
      ];
      await printItems(ctx, api.items('list_workspace_members', { path: { workspaceId: args[0] } }), columns);
    },
  });
}

function workspaceStatuses(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'statuses',
    lists: 'list_workspace_statuses',
    pages: true,
    description: "list the columns of a workspace's task board",
    args: [WS_TARGET],
    fields: { workspaceId: 'WS' },
    examples: ['wts workspace statuses ws_support'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const columns: Column<Status>[] = [
        { header: 'Key', value: (s) => stateText(ctx.chalk, s.key) },
        { header: 'Name', value: (s) => s.name, flex: true, role: 'title' },
        { header: 'Position', value: (s) => String(s.position), priority: 1 },
      ];
      await printItems(ctx, api.items('list_workspace_statuses', { path: { workspaceId: args[0] } }), columns);
    },
  });
}

function workspaceCreate(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'create',
    description: 'create a workspace, with its own agent',
    args: [['<NAME>', 'name of the new workspace']],
    options: options<{ folder?: string }>((c) => c.option('--folder <id>', 'put it in this folder')),
    fields: { name: 'NAME', folderId: '--folder' },
    examples: ['wts workspace create "Customer Success"', 'wts workspace create Research --folder fld_internal'],
    async run({ ctx, args, opts }) {
      const api = await ctx.api();
      const body = { name: requiredText(args[0], 'NAME'), ...(opts.folder !== undefined && { folderId: opts.folder }) };
      const workspace = await api.call('create_workspace', { path: {}, body });
      printDone(ctx, workspace, `Created workspace ${workspace.name} (${workspace.id})`);
    },
  });
}

function workspaceRename(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'rename',
    description: "change a workspace's name",
    args: [WS_TARGET, ['<NAME>', 'the new name']],
    fields: { workspaceId: 'WS', name: 'NAME' },
    examples: ['wts workspace rename ws_sales "Sales EMEA"'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const workspace = await api.call('rename_workspace', {
        path: { workspaceId: args[0] },
        body: { name: requiredText(args[1], 'NAME') },
      });
      printDone(ctx, workspace, `Renamed ${workspace.id} to ${workspace.name}`);
    },
  });
}

function workspaceArchive(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'archive',
    description: 'hide a workspace and pause its agents and automations',
    args: [WS_TARGET],
    options: options<{ yes?: boolean }>((c) => c.option('-y, --yes', 'do not ask for confirmation')),
    fields: { workspaceId: 'WS' },
    examples: ['wts workspace archive ws_old', 'wts workspace archive ws_old --yes   # in scripts'],
    async run({ ctx, args, opts }) {
      const workspaceId = args[0];
      await confirmDestructive(ctx, `Archive workspace ${workspaceId}? Its agents and scheduled tasks will be paused.`, opts.yes, {
        operation: 'archive_workspace',
        path: { workspaceId },
      });
      const api = await ctx.api();
      const workspace = await api.call('archive_workspace', { path: { workspaceId }, body: {} });
      printDone(ctx, workspace, `Archived ${workspace.name} (${workspace.id})`);
    },
  });
}

export function registerWorkspace(program: Command, deps: CliDeps): void {
  const group = program.command('workspace').alias('workspaces').description('workspaces, their people and their board columns');
  workspaceList(group, deps);
  workspaceMembers(group, deps);
  workspaceStatuses(group, deps);
  workspaceCreate(group, deps);
  workspaceRename(group, deps);
  workspaceArchive(group, deps);
}
