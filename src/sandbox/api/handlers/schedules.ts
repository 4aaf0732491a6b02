import type { ScheduledTaskRec, WorkspaceRec } from '../../model.js';
import { ServiceError } from '../../problem.js';
import { dataOf, isOpen, removeWhere, requireActiveWorkspace, requireScheduledTask, requireWorkspace } from '../access.js';
import type { CallContext } from '../dispatch.js';
import type { HandlerGroup } from '../handlers.js';
import { cursorPage, sortedBy } from '../paging.js';
import { deletedView, listPage, runView, scheduledTaskView } from '../views.js';

type ScheduleOps =
  | 'list_scheduled_tasks'
  | 'get_scheduled_task'
  | 'list_scheduled_task_runs'
  | 'create_scheduled_task'
  | 'update_scheduled_task'
  | 'pause_scheduled_task'
  | 'resume_scheduled_task'
  | 'delete_scheduled_task'
  | 'run_scheduled_task_now';

/** A schedule runs with its workspace's own agent. */
function requireAgentOf(call: CallContext, ws: WorkspaceRec, agentId: string): void {
  const agent = dataOf(call).agents.find((a) => a.id === agentId);
  if (!agent || agent.workspaceId !== ws.id) {
    const own = dataOf(call).agents.find((a) => a.workspaceId === ws.id);
    throw new ServiceError(
      'invalid_request',
      `agentId: ${agentId} is not the agent of workspace ${ws.id}${own ? `; its agent is ${own.id}` : ''}`,
    );
  }
}

function schedule(call: CallContext, rec: ScheduledTaskRec): void {
  rec.nextRunAt = rec.state === 'active' ? call.ctx.agent.nextRunAt(rec, call.ctx.clock.now()) : null;
}

export const scheduleHandlers: HandlerGroup<ScheduleOps> = {
  list_scheduled_tasks: (call) => {
    const data = dataOf(call);
    const open = new Set(data.workspaces.filter((ws) => isOpen(call, ws)).map((ws) => ws.id));
    const visible = data.scheduledTasks.filter((s) => open.has(s.workspaceId));
    return listPage(sortedBy(visible, (s) => [s.createdAt, s.id]).map((s) => scheduledTaskView(call.ctx, s)));
  },

  get_scheduled_task: (call, { path }) => scheduledTaskView(call.ctx, requireScheduledTask(call, path.scheduledTaskId).rec),

  list_scheduled_task_runs: (call, { path, query }) => {
    const { rec } = requireScheduledTask(call, path.scheduledTaskId);
    const runs = dataOf(call).runs.filter((r) => r.scheduledTaskId === rec.id);
    return cursorPage(
      runs,
      { name: 'list_scheduled_task_runs', filters: { scheduledTaskId: rec.id }, key: (r) => [r.startedAt, r.id], order: 'newest first' },
      query,
      runView,
    );
  },

  create_scheduled_task: (call, { body }) => {
    const ws = requireWorkspace(call, body.workspaceId);
    requireActiveWorkspace(ws, 'it takes no new scheduled tasks');
    requireAgentOf(call, ws, body.agentId);
    const rec: ScheduledTaskRec = {
      id: call.ctx.store.nextId('sch'),
      orgId: ws.orgId,
      title: body.title,
      prompt: body.prompt,
      cron: body.cron.trim(),
      workspaceId: ws.id,
      agentId: body.agentId,
      state: 'active',
      pausedByArchive: false,
      nextRunAt: null,
      lastRunId: null,
      createdAt: call.ctx.clock.iso(),
    };
    schedule(call, rec);
    dataOf(call).scheduledTasks.push(rec);
    return scheduledTaskView(call.ctx, rec);
  },

  // Moving to another workspace needs that workspace open and not archived, and the agent to be its own.
  update_scheduled_task: (call, { path, body }) => {
    const { rec } = requireScheduledTask(call, path.scheduledTaskId);
    const workspaceId = body.workspaceId ?? rec.workspaceId;
    const agentId = body.agentId ?? rec.agentId;
    if (workspaceId !== rec.workspaceId || agentId !== rec.agentId) {
      const ws = requireWorkspace(call, workspaceId);
      if (workspaceId !== rec.workspaceId) requireActiveWorkspace(ws, 'no scheduled task can move there');
      requireAgentOf(call, ws, agentId);
    }
    if (body.title !== undefined) rec.title = body.title;
    if (body.prompt !== undefined) rec.prompt = body.prompt;
    if (body.cron !== undefined) rec.cron = body.cron.trim();
    rec.workspaceId = workspaceId;
    rec.agentId = agentId;
    schedule(call, rec);
    return scheduledTaskView(call.ctx, rec);
  },

  pause_scheduled_task: (call, { path }) => {
    const { rec } = requireScheduledTask(call, path.scheduledTaskId);
    rec.state = 'paused';
    rec.pausedByArchive = false;
    rec.nextRunAt = null;
    return scheduledTaskView(call.ctx, rec);
  },

  resume_scheduled_task: (call, { path }) => {
    const { rec, ws } = requireScheduledTask(call, path.scheduledTaskId);
    requireActiveWorkspace(ws, 'its scheduled tasks cannot resume');
    if (rec.state !== 'active') {
      rec.state = 'active';
      rec.pausedByArchive = false;
      schedule(call, rec);
    }
    return scheduledTaskView(call.ctx, rec);
  },

  delete_scheduled_task: (call, { path }) => {
    const { rec } = requireScheduledTask(call, path.scheduledTaskId);
    removeWhere(dataOf(call).scheduledTasks, (s) => s.id === rec.id);
    return deletedView(rec.id);
  },

  run_scheduled_task_now: (call, { path }) => {
    const { rec, ws } = requireScheduledTask(call, path.scheduledTaskId);
    requireActiveWorkspace(ws, 'its scheduled tasks cannot run');
    const run = call.ctx.agent.runScheduled(rec);
    rec.lastRunId = run.id;
    return runView(run);
  },
};
