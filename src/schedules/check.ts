// The checks of `wts schedule check`, as pure functions of a scheduled task, its latest finished run and
// the time: what CI asks of a schedule (its cron is one the service runs, it is active, it is not late,
// its last run succeeded). Fetching is run-checks.ts; printing is the command's.
import { checkCron, cronSentence } from '../contract/cron.js';
import type { Resource } from '../contract/resources.js';
import { localTime, relativeTime } from '../output/format.js';
import { formatDuration } from './duration.js';
import { previousCronOccurrence } from './occurrences.js';
import { resolveTimeZone } from './zones.js';

type Schedule = Resource<'ScheduledTask'>;
type RunSummary = NonNullable<Schedule['lastRun']>;

export type CheckName = 'cron' | 'state' | 'late' | 'lastRun';
export type CheckOutcome = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  result: CheckOutcome;
  /** One line for people: what was found. */
  detail: string;
  [fact: string]: unknown;
}

export interface CheckOptions {
  /** --require: the state every scheduled task must be in. */
  require?: 'active' | 'paused';
  /** --max-late: how long after an occurrence a run may still not have started. */
  maxLateMs?: number;
  /** --last-run: the outcome the latest finished run must have. */
  lastRun?: 'succeeded';
  /** How a detail says when: relative ("ran 2 hours ago", for a person), or ISO 8601 (piped output, MCP). */
  times?: 'relative' | 'iso';
}

/** A time in a detail, as the options ask. */
function whenText(iso: string, nowMs: number, times: CheckOptions['times']): string {
  return times === 'iso' ? `at ${new Date(iso).toISOString()}` : relativeTime(iso, nowMs);
}

export interface ScheduleReport {
  id: string;
  title: string;
  workspaceId: string;
  state: Schedule['state'];
  cron: string;
  timezone: string;
  /** Every check passed or was skipped. */
  ok: boolean;
  /** Only the checks asked for, and `cron` always. */
  checks: Partial<Record<CheckName, CheckResult>>;
}

/** The checks asked for, in the order they are shown. */
export function checksFor(options: CheckOptions): CheckName[] {
  return [
    'cron',
    ...(options.require ? (['state'] as const) : []),
    ...(options.maxLateMs !== undefined ? (['late'] as const) : []),
    ...(options.lastRun ? (['lastRun'] as const) : []),
  ];
}

const pass = (detail: string, facts: Record<string, unknown> = {}): CheckResult => ({ result: 'pass', detail, ...facts });
const fail = (detail: string, facts: Record<string, unknown> = {}): CheckResult => ({ result: 'fail', detail, ...facts });
const skip = (detail: string, facts: Record<string, unknown> = {}): CheckResult => ({ result: 'skip', detail, ...facts });

export function cronCheck(s: Schedule): CheckResult {
  const check = checkCron(s.cron);
  return check.ok ? pass(cronSentence(s.cron), { shape: check.fields.shape }) : fail(`unsupported cron "${s.cron}": ${check.reason}`);
}

export function stateCheck(s: Schedule, required: 'active' | 'paused'): CheckResult {
  const facts = { expected: required, actual: s.state };
  return s.state === required ? pass(s.state, facts) : fail(`${s.state}, not ${required}`, facts);
}

/** How long after an occurrence of its cron a run may start and still be that occurrence's. */
const START_SLACK_MS = 5 * 60_000;

/** Whether a run started at `startedMs` is one of `cron`'s occurrences (started within START_SLACK_MS of one). */
function atOccurrence(cron: string, timezone: string, startedMs: number): boolean {
  return startedMs - previousCronOccurrence(cron, timezone, startedMs + 1) < START_SLACK_MS;
}

/**
 * Late: the most recent occurrence at least `maxLateMs` ago (from the cron, in the schedule's
 * timezone) has had no run started since. The latest run tells, whether the schedule or a person
 * (`schedule run`) started it. A task that never ran is judged by the first run the service plans, so
 * one created after an occurrence is not late for it.
 *
 * A cron changed since the last run: the service carries no change time, so the change is told from
 * what it does carry. When the last run was not at an occurrence of the current cron (it ran at the
 * old times) and the service plans its next run after the occurrence (a scheduler that misses a run
 * keeps it as its next run), the occurrence came before the change and is not held against it: it is
 * judged from its first run under the new cron, `nextRunAt`, as a new schedule is.
 */
export function lateCheck(s: Schedule, maxLateMs: number, nowMs: number, times?: CheckOptions['times']): CheckResult {
  const facts: Record<string, unknown> = { maxLateSeconds: Math.round(maxLateMs / 1000) };
  if (s.state !== 'active') return skip(`${s.state}: not expected to run`, facts);
  if (!checkCron(s.cron).ok) return skip('unsupported cron: no occurrences to check', facts);
  const timezone = resolveTimeZone(s.timezone);
  if (!timezone) return skip(`unknown timezone "${s.timezone}"`, facts);
  const dueMs = previousCronOccurrence(s.cron, timezone, nowMs - maxLateMs + 1);
  const due = new Date(dueMs).toISOString();
  const { lastRun } = s;
  Object.assign(facts, { dueAt: due, lastRunStartedAt: lastRun?.startedAt ?? null });
  if (lastRun && Date.parse(lastRun.startedAt) >= dueMs)
    return pass(`ran ${whenText(lastRun.startedAt, nowMs, times)}`, { ...facts, lateSeconds: 0 });
  if (!lastRun && s.nextRunAt && Date.parse(s.nextRunAt) > dueMs) {
    return pass(`first run ${whenText(s.nextRunAt, nowMs, times)}`, { ...facts, lateSeconds: 0 });
  }
  if (lastRun && s.nextRunAt && Date.parse(s.nextRunAt) > dueMs && !atOccurrence(s.cron, timezone, Date.parse(lastRun.startedAt))) {
    return pass(`cron changed since the last run; first run ${whenText(s.nextRunAt, nowMs, times)}`, {
      ...facts,
      lateSeconds: 0,
      cronChanged: true,
    });
  }
  const lateMs = nowMs - dueMs;
  return fail(
    `no run since ${localTime(due, timezone)} ${timezone}, ${formatDuration(lateMs)} ago (allowed: ${formatDuration(maxLateMs)})`,
    {
      ...facts,
      lateSeconds: Math.round(lateMs / 1000),
    },
  );
}

/** The latest finished run must have the outcome wanted; `finished` is it (undefined: none yet). */
export function lastRunCheck(
  s: Schedule,
  finished: RunSummary | undefined,
  wanted: 'succeeded',
  nowMs: number,
  times?: CheckOptions['times'],
): CheckResult {
  if (!finished) return skip(s.lastRun ? 'no run has finished yet' : 'never ran', { runId: null });
  const facts = { runId: finished.id, state: finished.state, startedAt: finished.startedAt };
  const when = whenText(finished.startedAt, nowMs, times);
  return finished.state === wanted ? pass(`${finished.state} ${when}`, facts) : fail(`${finished.state} ${when} (${finished.id})`, facts);
}

/** Runs every check asked for on one scheduled task. `finished` is its latest finished run, when --last-run asks. */
export function checkSchedule(s: Schedule, options: CheckOptions, nowMs: number, finished?: RunSummary): ScheduleReport {
  const checks: ScheduleReport['checks'] = { cron: cronCheck(s) };
  if (options.require) checks.state = stateCheck(s, options.require);
  if (options.maxLateMs !== undefined) checks.late = lateCheck(s, options.maxLateMs, nowMs, options.times);
  if (options.lastRun) checks.lastRun = lastRunCheck(s, finished, options.lastRun, nowMs, options.times);
  return {
    id: s.id,
    title: s.title,
    workspaceId: s.workspaceId,
    state: s.state,
    cron: s.cron,
    timezone: s.timezone,
    ok: Object.values(checks).every((c) => c.result !== 'fail'),
    checks,
  };
}

/** The latest run that finished, from a list newest first (what list_scheduled_task_runs answers). */
export function latestFinished(runs: readonly RunSummary[]): RunSummary | undefined {
  const run = runs.find((r) => r.state !== 'running');
  return run ? { id: run.id, state: run.state, startedAt: run.startedAt } : undefined;
}
