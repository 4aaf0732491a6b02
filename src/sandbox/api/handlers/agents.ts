import type { TaskRec } from '../../model.js';
import { ServiceError } from '../../problem.js';
import { personAuthor, recordEvent, recordMessage } from '../../records.js';
import { currentUser, dataOf, isListed, requireActiveWorkspace, requireAgent, requireRun, requireTask } from '../access.js';
import type { HandlerGroup } from '../handlers.js';
import { CREATION_ORDER, cursorPage, insertInOrder } from '../paging.js';
import { agentView, listPage, messageView, runView, taskView, utcTime } from '../views.js';

type AgentOps = 'list_agents' | 'submit_task' | 'send_task_message' | 'list_task_runs' | 'get_run';

export const agentHandlers: HandlerGroup<AgentOps> = {
  list_agents: (call) => {
    const data = dataOf(call);
    const listed = new Set(data.workspaces.filter((ws) => isListed(call, ws)).map((ws) => ws.id));
    return listPage(data.agents.filter((a) => listed.has(a.workspaceId)).map(agentView));
  },

  submit_task: (call, { path, body }) => {
    const { ctx } = call;
    const { agent, ws } = requireAgent(call, path.agentId);
    requireActiveWorkspace(ws, `its agent ${agent.id} takes no new tasks`);
    if (agent.paused) throw new ServiceError('conflict', `agent ${agent.id} is paused and takes no new tasks`);
    const user = currentUser(call);
    const now = ctx.clock.iso();
    const task: TaskRec = {
      id: ctx.store.nextId('task'),
      workspaceId: ws.id,
      agentId: agent.id,
      title: body.title,
      description: body.description ?? '',
      status: 'todo',
      assigneeIds: [],
      tags: [],
      dueDate: body.dueDate ? utcTime('dueDate', body.dueDate) : null,
      notes: [],
      conversationKey: null,
      createdAt: now,
      updatedAt: now,
    };
    insertInOrder(dataOf(call).tasks, task, CREATION_ORDER);
    recordEvent(ctx, task.id, 'task.created', `${user.name} gave ${agent.name} the task "${task.title}"`, personAuthor(user));
    ctx.agent.startRun(task.id);
    return taskView(ctx, task);
  },

  send_task_message: (call, { path, body }) => {
    const { ctx } = call;
    const { task } = requireTask(call, path.taskId);
    const user = currentUser(call);
    const author = personAuthor(user);
    const message = recordMessage(ctx, task.id, author, body.content);
    recordEvent(ctx, task.id, 'message.sent', `${user.name} wrote to the agent`, author);
    ctx.agent.onMessage(message);
    return messageView(message);
  },

  list_task_runs: (call, { path, query }) => {
    const { task } = requireTask(call, path.taskId);
    const runs = dataOf(call).runs.filter((r) => r.taskId === task.id);
    return cursorPage(
      runs,
      { name: 'list_task_runs', filters: { taskId: task.id }, key: (r) => [r.startedAt, r.id], order: 'newest first' },
      query,
      runView,
    );
  },

  get_run: (call, { path }) => runView(requireRun(call, path.runId)),
};
