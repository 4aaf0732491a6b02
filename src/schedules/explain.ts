// What a cron means in a timezone, offline: its shape, a sentence, and its next runs there and locally,
// with a note on the days the clocks change. The data for `wts schedule explain`; printing is the command's.
import { checkCron, CRON_SHAPES, describeCronFields, type CronShape } from '../contract/cron.js';
import { localTime } from '../output/format.js';
import { nextCronOccurrences } from './occurrences.js';

export interface ExplainedRun {
  /** ISO 8601 UTC. */
  at: string;
  /** "2027-03-28 03:30" where the schedule runs. */
  inZone: string;
  /** The same instant in the local zone. */
  local: string;
  /** Set on the days the clocks change, when that moves or merges the run. */
  note?: string;
}

export interface CronExplanation {
  cron: string;
  shape: CronShape;
  pattern: string;
  /** "weekdays at 09:00" */
  schedule: string;
  /** "weekdays at 09:00, Europe/Berlin" */
  sentence: string;
  timezone: string;
  localTimezone: string;
  nextRuns: ExplainedRun[];
}

const HOUR_MS = 3_600_000;

function patternOf(shape: CronShape): string {
  const known = CRON_SHAPES.find((s) => s.shape === shape);
  if (!known) throw new Error(`explainCron: no pattern for the shape ${shape}`);
  return known.pattern;
}

/** Why a run is not at the wall time the cron names, or happens at a time the day has twice. */
function dstNote(atMs: number, timezone: string, minute: number, hour: number | null): string | undefined {
  const wall = localTime(new Date(atMs).toISOString(), timezone).slice(11);
  if (hour === null) return undefined; // hourly runs every real hour; a change of the clocks only renames one
  const wanted = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  if (wall !== wanted) return `${wanted} does not exist that day (the clocks go forward): runs at ${wall}`;
  const twice = [atMs - HOUR_MS, atMs + HOUR_MS].some((other) => localTime(new Date(other).toISOString(), timezone).slice(11) === wanted);
  return twice ? `${wanted} happens twice that day (the clocks go back): runs once` : undefined;
}

/**
 * Explains a supported cron read in `timezone` (both already checked by the caller): the next `count`
 * runs strictly after `nowMs`.
 */
export function explainCron(
  cron: string,
  timezone: string,
  options: { nowMs: number; count: number; localTimezone: string },
): CronExplanation {
  const check = checkCron(cron);
  if (!check.ok) throw new Error(`explainCron: ${check.reason}`);
  const { fields } = check;
  const schedule = describeCronFields(fields);
  const nextRuns = nextCronOccurrences(cron, timezone, options.nowMs, options.count).map((ms): ExplainedRun => {
    const at = new Date(ms).toISOString();
    const note = dstNote(ms, timezone, fields.minute, fields.hour);
    return { at, inZone: localTime(at, timezone), local: localTime(at, options.localTimezone), ...(note && { note }) };
  });
  return {
    cron: cron.trim(),
    shape: fields.shape,
    pattern: patternOf(fields.shape),
    schedule,
    sentence: `${schedule}, ${timezone}`,
    timezone,
    localTimezone: options.localTimezone,
    nextRuns,
  };
}
