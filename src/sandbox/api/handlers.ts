// The handlers of every operation of the catalog, keyed by operation id, one module per resource group.
// Each receives input already checked and defaulted by the catalog and returns the wire object.
import type { OperationId } from '../../contract/operations.js';
import type { Handler, Handlers } from './dispatch.js';
import { workspaceHandlers } from './handlers/workspaces.js';
import { taskHandlers } from './handlers/tasks.js';
import { agentHandlers } from './handlers/agents.js';
import { approvalHandlers } from './handlers/approvals.js';
import { reminderHandlers } from './handlers/reminders.js';
import { handbookHandlers } from './handlers/handbooks.js';
import { knowledgeHandlers } from './handlers/knowledge.js';
import { scheduleHandlers } from './handlers/schedules.js';

/** The handlers of one resource group: exactly the operations named by `K`. */
export type HandlerGroup<K extends OperationId> = { [P in K]: Handler<P> };

export const handlers: Handlers = {
  ...workspaceHandlers,
  ...taskHandlers,
  ...agentHandlers,
  ...approvalHandlers,
  ...reminderHandlers,
  ...handbookHandlers,
  ...knowledgeHandlers,
  ...scheduleHandlers,
};
