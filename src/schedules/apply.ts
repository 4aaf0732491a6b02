// Carries out a schedules plan against the service, step by step in the plan's order (deletions last),
// reporting each step as it is done. A failure stops the run: what was done stays done, and the caller
// is told how far it got.
import type { ApiClient } from '../api/client.js';
import type { Resource } from '../contract/resources.js';
import { changingSteps, type PlanStep, type SchedulePlan } from './plan.js';

type Schedule = Resource<'ScheduledTask'>;

export interface AppliedStep {
  action: Exclude<PlanStep['action'], 'extra'>;
  id: string;
  title: string;
  workspaceId: string;
  entry: number | null;
}

export class ApplyStopped extends Error {
  constructor(
    readonly done: AppliedStep[],
    readonly total: number,
    override readonly cause: unknown,
  ) {
    super(`stopped after ${done.length} of ${total} changes`);
    this.name = 'ApplyStopped';
  }
}

/** Runs the plan's changing steps; `onStep` hears of each one done. Throws ApplyStopped on the first failure. */
export async function applyPlan(
  api: ApiClient,
  plan: SchedulePlan,
  onStep: (step: AppliedStep) => void = () => {},
): Promise<AppliedStep[]> {
  const steps = changingSteps(plan);
  const created = new Map<number, Schedule>();
  const done: AppliedStep[] = [];
  const record = (action: AppliedStep['action'], s: Schedule, entry: number | null) => {
    const step = { action, id: s.id, title: s.title, workspaceId: s.workspaceId, entry };
    done.push(step);
    onStep(step);
  };
  for (const step of steps) {
    try {
      switch (step.action) {
        case 'create': {
          const { spec } = step;
          const body = { title: spec.title, prompt: spec.prompt, cron: spec.cron, workspaceId: spec.workspaceId, agentId: spec.agentId };
          const schedule = await api.call('create_scheduled_task', { path: {}, body });
          created.set(spec.index, schedule);
          record('create', schedule, spec.index);
          break;
        }
        case 'update': {
          const body: Record<string, string> = {};
          for (const change of step.changes) body[change.field] = change.to;
          const schedule = await api.call('update_scheduled_task', { path: { scheduledTaskId: step.current.id }, body });
          record('update', schedule, step.spec.index);
          break;
        }
        case 'pause':
        case 'resume': {
          const target = step.current ?? created.get(step.spec.index);
          if (!target) throw new Error(`no scheduled task to ${step.action} for schedules[${step.spec.index}]`);
          const op = step.action === 'pause' ? 'pause_scheduled_task' : 'resume_scheduled_task';
          const schedule = await api.call(op, { path: { scheduledTaskId: target.id }, body: {} });
          record(step.action, schedule, step.spec.index);
          break;
        }
        case 'delete':
          await api.call('delete_scheduled_task', { path: { scheduledTaskId: step.current.id } });
          record('delete', step.current, null);
          break;
        case 'extra':
          break;
      }
    } catch (err) {
      throw new ApplyStopped(done, steps.length, err);
    }
  }
  return done;
}
