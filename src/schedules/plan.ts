// From a schedules file and the scheduled tasks on the service to the steps that make the service match:
// create, update (field by field), pause, resume, and the tasks the file does not list (extra; deleted
// with --prune). Pure: `schedule diff` prints a plan, `schedule apply` prints and carries it out.
//
// Scope: only the workspaces the file names. Scheduled tasks in other workspaces are not the file's
// business: they are never reported, and --prune never deletes them — one team's file cannot delete
// another team's schedules.
import type { ChalkInstance } from 'chalk';
import { wrapText } from '../output/format.js';
import { terminalLine } from '../output/sanitize.js';
import { cronSentence, normalizeCron } from '../contract/cron.js';
import type { Resource } from '../contract/resources.js';
import type { ScheduleSpec } from './file.js';

type Schedule = Resource<'ScheduledTask'>;

export type ChangedField = 'prompt' | 'cron' | 'agentId';

export interface FieldChange {
  field: ChangedField;
  from: string;
  to: string;
}

export type PlanStep =
  | { action: 'create'; spec: ScheduleSpec }
  | { action: 'update'; spec: ScheduleSpec; current: Schedule; changes: FieldChange[] }
  /** `current` is null when the task is created by an earlier step of the same plan. */
  | { action: 'pause' | 'resume'; spec: ScheduleSpec; current: Schedule | null }
  | { action: 'delete' | 'extra'; current: Schedule };

export interface SchedulePlan {
  /** The workspaces the file names: the plan's scope. */
  workspaces: string[];
  steps: PlanStep[];
  unchanged: { spec: ScheduleSpec; current: Schedule }[];
}

/** The prompt as compared: trailing whitespace does not count (files and editors add newlines). */
const promptOf = (text: string) => text.trimEnd();

function changesBetween(spec: ScheduleSpec, current: Schedule): FieldChange[] {
  const changes: FieldChange[] = [];
  if (normalizeCron(current.cron) !== spec.cron) changes.push({ field: 'cron', from: current.cron, to: spec.cron });
  if (current.agentId !== spec.agentId) changes.push({ field: 'agentId', from: current.agentId, to: spec.agentId });
  if (promptOf(current.prompt) !== spec.prompt) changes.push({ field: 'prompt', from: current.prompt, to: spec.prompt });
  return changes;
}

/**
 * The steps that make `actual` match `specs` within the workspaces the file names. An entry matches the
 * scheduled task with its workspace and title (of two such, the one that already matches, else the
 * first); the others in scope are extra, to delete when `prune`.
 */
export function planSchedules(specs: readonly ScheduleSpec[], actual: readonly Schedule[], options: { prune: boolean }): SchedulePlan {
  const workspaces = [...new Set(specs.map((s) => s.workspaceId))];
  const inScope = actual.filter((s) => workspaces.includes(s.workspaceId));
  const claimed = new Set<string>();
  const steps: PlanStep[] = [];
  const unchanged: SchedulePlan['unchanged'] = [];
  for (const spec of specs) {
    const candidates = inScope.filter((s) => !claimed.has(s.id) && s.workspaceId === spec.workspaceId && s.title === spec.title);
    const current = candidates.find((s) => changesBetween(spec, s).length === 0 && s.state === spec.state) ?? candidates[0];
    if (!current) {
      steps.push({ action: 'create', spec });
      if (spec.state === 'paused') steps.push({ action: 'pause', spec, current: null });
      continue;
    }
    claimed.add(current.id);
    const changes = changesBetween(spec, current);
    if (changes.length > 0) steps.push({ action: 'update', spec, current, changes });
    if (current.state !== spec.state) steps.push({ action: spec.state === 'paused' ? 'pause' : 'resume', spec, current });
    if (changes.length === 0 && current.state === spec.state) unchanged.push({ spec, current });
  }
  // Deletions last, so that a failure part-way has never removed anything the file still lists.
  for (const s of inScope) if (!claimed.has(s.id)) steps.push({ action: options.prune ? 'delete' : 'extra', current: s });
  return { workspaces, steps, unchanged };
}

/** The steps that change the service (extra ones are only reported). */
export function changingSteps(plan: SchedulePlan): PlanStep[] {
  return plan.steps.filter((s) => s.action !== 'extra');
}

/** The file and the service differ: something to create, update, pause, resume, delete, or an extra task. */
export function hasDrift(plan: SchedulePlan): boolean {
  return plan.steps.length > 0;
}

// ---- For people -----------------------------------------------------------------------------------

const FIELD_LABELS: Record<ChangedField, string> = { cron: 'cron', agentId: 'agent', prompt: 'prompt' };

/** "+3 -1" style counts: "2 to create, 1 to update, 1 extra". */
export function planSummary(plan: SchedulePlan): string {
  const count = (action: PlanStep['action']) => plan.steps.filter((s) => s.action === action).length;
  const parts: string[] = [];
  const creates = count('create');
  if (creates) parts.push(`${creates} to create`);
  for (const [action, label] of [
    ['update', 'to update'],
    ['pause', 'to pause'],
    ['resume', 'to resume'],
    ['delete', 'to delete'],
    ['extra', 'not in the file'],
  ] as const) {
    // A task created paused counts once, as a creation.
    const n = plan.steps.filter((s) => s.action === action && !('current' in s && s.current === null)).length;
    if (n) parts.push(`${n} ${label}`);
  }
  parts.push(`${plan.unchanged.length} unchanged`);
  return parts.join(', ');
}

function lineDiff(from: string, to: string): { sign: '-' | '+' | ' '; line: string }[] {
  const a = from.split('\n');
  const b = to.split('\n');
  // Longest common subsequence of lines; prompts are short enough for the quadratic table. lcs(i, j) is
  // its length for a[i..] and b[j..], 0 once either side is used up.
  const width = b.length + 1;
  const table = new Array<number>((a.length + 1) * width).fill(0);
  const lcs = (i: number, j: number): number => table[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--)
      table[i * width + j] = a[i] === b[j] ? lcs(i + 1, j + 1) + 1 : Math.max(lcs(i + 1, j), lcs(i, j + 1));
  }
  const out: { sign: '-' | '+' | ' '; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const left = a[i];
    const right = b[j];
    if (left !== undefined && left === right) {
      out.push({ sign: ' ', line: left });
      i++;
      j++;
    } else if (left !== undefined && (right === undefined || lcs(i + 1, j) >= lcs(i, j + 1))) {
      out.push({ sign: '-', line: left });
      i++;
    } else if (right !== undefined) {
      out.push({ sign: '+', line: right });
      j++;
    }
  }
  return out;
}

// Titles, prompts and ids come from the file and from the service: each is sanitized before it is colored.
const quote = (text: string) => terminalLine(JSON.stringify(text));
const safe = terminalLine;

/** The plan as people read it, one block per step, e.g. `~ update  sched_ops_backups "Daily backup check" in ws_ops`. */
export function renderPlan(plan: SchedulePlan, chalk: ChalkInstance, width = Infinity): string {
  const lines: string[] = [];
  const label = (spec: ScheduleSpec) => (spec.key ? `${safe(spec.key)}: ` : '');
  for (const step of plan.steps) {
    switch (step.action) {
      case 'create': {
        const { spec } = step;
        lines.push(`${chalk.green('+ create')}  ${label(spec)}${quote(spec.title)} in ${safe(spec.workspaceId)}`);
        lines.push(`    cron    ${quote(spec.cron)} (${safe(cronSentence(spec.cron))})`);
        lines.push(`    agent   ${safe(spec.agentId)}`);
        lines.push(`    prompt  ${quote(spec.prompt.length > 60 ? `${spec.prompt.slice(0, 59)}…` : spec.prompt)}`);
        break;
      }
      case 'update': {
        lines.push(
          `${chalk.yellow('~ update')}  ${label(step.spec)}${safe(step.current.id)} ${quote(step.current.title)} in ${safe(step.current.workspaceId)}`,
        );
        for (const change of step.changes) {
          const name = FIELD_LABELS[change.field].padEnd(6);
          if (change.field === 'cron')
            lines.push(
              `    ${name}  ${quote(change.from)} (${safe(cronSentence(change.from))}) → ${quote(change.to)} (${safe(cronSentence(change.to))})`,
            );
          else if (change.field === 'agentId') lines.push(`    ${name}  ${safe(change.from)} → ${safe(change.to)}`);
          else {
            lines.push(`    ${name}`);
            for (const { sign, line } of lineDiff(change.from.trimEnd(), change.to)) {
              if (sign === ' ') continue;
              lines.push(`      ${sign === '+' ? chalk.green(`+ ${safe(line)}`) : chalk.red(`- ${safe(line)}`)}`);
            }
          }
        }
        break;
      }
      case 'pause':
      case 'resume': {
        const verb = step.action === 'pause' ? chalk.yellow('~ pause ') : chalk.yellow('~ resume');
        if (step.current === null) lines.push(`${verb}  ${label(step.spec)}${quote(step.spec.title)} once created (the file says paused)`);
        else
          lines.push(
            `${verb}  ${label(step.spec)}${safe(step.current.id)} ${quote(step.current.title)} in ${safe(step.current.workspaceId)} (${safe(step.current.state)} → ${safe(step.spec.state)})`,
          );
        break;
      }
      case 'delete':
        lines.push(
          `${chalk.red('- delete')}  ${safe(step.current.id)} ${quote(step.current.title)} in ${safe(step.current.workspaceId)}: not in the file`,
        );
        break;
      case 'extra':
        lines.push(
          `${chalk.magenta('! extra ')}  ${safe(step.current.id)} ${quote(step.current.title)} in ${safe(step.current.workspaceId)}: not in the file (apply --prune deletes it)`,
        );
        break;
    }
  }
  // On a terminal, a line wider than it wraps at spaces (and long words where they reach the edge).
  const fitted = Number.isFinite(width) ? lines.map((line) => wrapText(line, width)) : lines;
  return fitted.length ? `${fitted.join('\n')}\n` : '';
}

/** The plan for scripts: one entry per step, with the entry's index and the fields that change. */
export function planJson(plan: SchedulePlan): Record<string, unknown> {
  const entry = (spec: ScheduleSpec) => ({
    entry: spec.index,
    ...(spec.key !== undefined && { key: spec.key }),
    title: spec.title,
    workspaceId: spec.workspaceId,
  });
  return {
    drift: hasDrift(plan),
    workspaces: plan.workspaces,
    // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch returns for every action (TypeScript checks it is exhaustive)
    changes: plan.steps.map((step) => {
      switch (step.action) {
        case 'create':
          return {
            action: 'create',
            ...entry(step.spec),
            cron: step.spec.cron,
            agentId: step.spec.agentId,
            prompt: step.spec.prompt,
            state: step.spec.state,
          };
        case 'update':
          return { action: 'update', id: step.current.id, ...entry(step.spec), fields: step.changes };
        case 'pause':
        case 'resume':
          return {
            action: step.action,
            id: step.current?.id ?? null,
            ...entry(step.spec),
            from: step.current?.state ?? null,
            to: step.spec.state,
          };
        case 'delete':
        case 'extra':
          return { action: step.action, id: step.current.id, title: step.current.title, workspaceId: step.current.workspaceId };
      }
    }),
    unchanged: plan.unchanged.map(({ spec, current }) => ({ id: current.id, ...entry(spec) })),
  };
}
