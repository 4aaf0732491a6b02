// STUB (interface fixed; bodies being written): the simulated agent that keeps the sandbox alive.
import type { SandboxContext } from './context.js';
import type { MessageRec, PendingActionRec, RunRec, ScheduledTaskRec } from './model.js';

export class AgentSimulator {
  constructor(private readonly ctx: SandboxContext) {}
  /** Starts the ticker (reminders, schedules, runs finishing) and subscribes to clock advances. */
  start(): void {}
  stop(): void {}
  /** Fires everything due at the sandbox clock's now: runs finishing, reminders, scheduled tasks. */
  tick(): void {}
  /** submit_task and reminders: the agent starts working on a task. Returns the new run (state running). */
  startRun(taskId: string, opts: { scheduledTaskId?: string; prompt?: string } = {}): RunRec {
    throw new Error(`not implemented: startRun ${taskId} ${JSON.stringify(opts)}`);
  }
  /** send_task_message: a person wrote; the agent will reply in the task chat. */
  onMessage(message: MessageRec): void {
    void message;
  }
  /** After approve / reject / complete / answer changed the action's state. */
  onResolved(action: PendingActionRec): void {
    void action;
  }
  /** The next time this schedule fires after `afterMs`, in its organization's timezone; null when paused. */
  nextRunAt(scheduled: ScheduledTaskRec, afterMs: number): string | null {
    void scheduled;
    void afterMs;
    return null;
  }
  /** run_scheduled_task_now and the schedule ticker: a task for this run plus the run itself. */
  runScheduled(scheduled: ScheduledTaskRec): RunRec {
    throw new Error(`not implemented: runScheduled ${scheduled.id}`);
  }
}
