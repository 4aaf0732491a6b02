import type { Status, WorkspaceRec } from '../../model.js';
import { ServiceError } from '../../problem.js';
import { currentUser, dataOf, isListed, requireWorkspace } from '../access.js';
import type { HandlerGroup } from '../handlers.js';
import { listPage, memberView, statusView, workspaceView } from '../views.js';

type WorkspaceOps =
  | 'list_workspaces'
  | 'list_workspace_members'
  | 'list_workspace_statuses'
  | 'create_workspace'
  | 'rename_workspace'
  | 'archive_workspace';

/** The board a workspace starts with when its organization has no workspace to copy columns from. */
const DEFAULT_STATUSES: readonly Status[] = [
  { key: 'todo', name: 'To do', position: 0 },
  { key: 'in_progress', name: 'In progress', position: 1 },
  { key: 'waiting', name: 'Waiting', position: 2 },
  { key: 'done', name: 'Done', position: 3 },
];

export const workspaceHandlers: HandlerGroup<WorkspaceOps> = {
  list_workspaces: (call) =>
    listPage(
      dataOf(call)
        .workspaces.filter((ws) => isListed(call, ws))
        .map(workspaceView),
    ),

  list_workspace_members: (call, { path }) => {
    const ws = requireWorkspace(call, path.workspaceId);
    const users = new Map(dataOf(call).users.map((u) => [u.id, u]));
    return listPage(ws.memberIds.flatMap((id) => users.get(id) ?? []).map(memberView));
  },

  list_workspace_statuses: (call, { path }) => {
    const ws = requireWorkspace(call, path.workspaceId);
    return listPage([...ws.statuses].sort((a, b) => a.position - b.position).map(statusView));
  },

  create_workspace: (call, { body }) => {
    if (call.principal.workspaceIds !== null) {
      throw new ServiceError(
        'workspace_forbidden',
        'this connection is limited to chosen workspaces, so it cannot create one; sign in again granting all workspaces',
      );
    }
    const { ctx } = call;
    const data = dataOf(call);
    const user = currentUser(call);
    const template = data.workspaces.find((w) => w.orgId === call.principal.orgId)?.statuses ?? DEFAULT_STATUSES;
    const ws: WorkspaceRec = {
      id: ctx.store.nextId('ws'),
      orgId: call.principal.orgId,
      name: body.name,
      folderId: body.folderId ?? null,
      archived: false,
      memberIds: [user.id],
      statuses: template.map((s) => ({ ...s })),
      createdAt: ctx.clock.iso(),
    };
    data.workspaces.push(ws);
    data.agents.push({ id: ctx.store.nextId('agt'), orgId: ws.orgId, workspaceId: ws.id, name: `${ws.name} Agent`, paused: false });
    return workspaceView(ws);
  },

  rename_workspace: (call, { path, body }) => {
    const ws = requireWorkspace(call, path.workspaceId);
    ws.name = body.name;
    return workspaceView(ws);
  },

  // Archiving hides the workspace and pauses its agents and its active schedules; schedules paused this
  // way are marked so they can be told apart from ones a person paused.
  archive_workspace: (call, { path }) => {
    const ws = requireWorkspace(call, path.workspaceId);
    if (ws.archived) return workspaceView(ws);
    const data = dataOf(call);
    ws.archived = true;
    for (const agent of data.agents) if (agent.workspaceId === ws.id) agent.paused = true;
    for (const rec of data.scheduledTasks) {
      if (rec.workspaceId !== ws.id || rec.state !== 'active') continue;
      rec.state = 'paused';
      rec.pausedByArchive = true;
      rec.nextRunAt = null;
    }
    return workspaceView(ws);
  },
};
