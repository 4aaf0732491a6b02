// When a five-field cron fires, read in a timezone: the one computation the sandbox (nextRunAt, the
// ticker, the seed) and the client (`schedule explain`, `schedule check --max-late`) share. DST is
// cron-parser's: a time skipped by a spring-forward runs an hour later, a repeated time runs once.
import { CronExpressionParser } from 'cron-parser';

/** The first occurrence of a five-field cron strictly after `afterMs`, read in `timezone`, as ISO 8601 UTC. */
export function nextCronOccurrence(cron: string, timezone: string, afterMs: number): string {
  const next = CronExpressionParser.parse(cron, { tz: timezone, currentDate: new Date(afterMs) }).next();
  return new Date(next.getTime()).toISOString();
}

/** The next `count` occurrences strictly after `afterMs`, in ms. */
export function nextCronOccurrences(cron: string, timezone: string, afterMs: number, count: number): number[] {
  const expression = CronExpressionParser.parse(cron, { tz: timezone, currentDate: new Date(afterMs) });
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(expression.next().getTime());
  return out;
}

/**
 * The last occurrence of a five-field cron strictly before `beforeMs`, in `timezone` (ms): one of the
 * instants nextCronOccurrence yields. Walked forward from two occurrences back, because cron-parser's
 * prev() misses the occurrence that a spring-forward moved (02:30 → 03:30) while next() runs it.
 */
export function previousCronOccurrence(cron: string, timezone: string, beforeMs: number): number {
  const back = CronExpressionParser.parse(cron, { tz: timezone, currentDate: new Date(beforeMs) });
  back.prev();
  let last = back.prev().getTime();
  const forward = CronExpressionParser.parse(cron, { tz: timezone, currentDate: new Date(last) });
  for (;;) {
    const at = forward.next().getTime();
    if (at >= beforeMs) return last;
    last = at;
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in a timezone. */
export function dateInZone(ms: number, timezone: string): string {
  let format = dateFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timezone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
