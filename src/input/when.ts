// Dates and times from people: ISO 8601, read strictly, or friendly forms ("tomorrow 9:00", "in 2h",
// "fri 17:00", "last monday") read by chrono-node relative to now, in the local zone. Always sent as ISO
// 8601 UTC. Anything that could be read two ways, or that is not a real date, is refused before sending.
import { CliError, ExitCode } from '../errors.js';
import { relativeTime } from '../output/format.js';
import { lazy } from '../lazy.js';

// Date, then optionally a time (after "T" or a space), then optionally a zone.
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
// 01/12/2026, 12.1.2026, 2026-1-5, 12/1: day and month order differs by country, so these are not guessed.
const NUMERIC_DATE = /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b|\b\d{1,2}\/\d{1,2}\b/;
const SHORT_RELATIVE = /^in\s+(\d+)\s*(m|min|mins|h|hr|hrs|d)$/i;
// Words that put a friendly form in the past; without one, a weekday or a time means the next one.
const PAST = /\b(last|past|ago|yesterday)\b/i;
const EXAMPLES = 'use ISO 8601 (2026-11-23 or 2026-11-23T09:00) or e.g. "tomorrow 9:00", "in 2h", "fri 17:00", "last monday"';

const usage = (message: string) => new CliError(message, ExitCode.usage);

/** Days in `month` (1–12) of `year`. */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** An ISO 8601 text matched by ISO, checked field by field: 2026-02-30 and 2026-13-01 are refused, not rolled over. */
function strictIso(match: RegExpExecArray, text: string, flag: string): string {
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = ''] = match;
  const [year, month, day, hour, minute, second] = [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s)];
  const zoneOk = !zone || /^z$/i.test(zone) || (Number(zone.slice(1, 3)) <= 14 && Number(zone.slice(-2)) < 60);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59 || !zoneOk) {
    throw usage(
      `${flag}: "${text}" is not a real date and time; ISO 8601 is read as written (month 1–12, a day that month has, 00:00–23:59)`,
    );
  }
  const offset = !zone ? '' : /^z$/i.test(zone) ? 'Z' : zone.length === 3 ? `${zone}:00` : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  // No zone: local time (a date alone is that day at 00:00 local).
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${offset}`).toISOString();
}

/** Reads `text` as a moment; `flag` names it in the error ("--due"). Returns an ISO 8601 UTC string. */
export async function parseWhen(text: string, flag: string, nowMs: number): Promise<string> {
  const trimmed = text.trim();
  if (!trimmed) throw usage(`${flag}: must not be blank; ${EXAMPLES}`);
  const iso = ISO.exec(trimmed);
  if (iso) return strictIso(iso, trimmed, flag);
  if (NUMERIC_DATE.test(trimmed)) {
    throw usage(
      `${flag}: "${trimmed}" could be read day-first or month-first; write the date as ISO 8601, year-month-day (e.g. 2026-12-01)`,
    );
  }
  const short = SHORT_RELATIVE.exec(trimmed);
  if (short) {
    const [, count, unit = ''] = short;
    const seconds = Number(count) * (/^d/i.test(unit) ? 86400 : /^h/i.test(unit) ? 3600 : 60); // m, min, mins: minutes
    return new Date(nowMs + seconds * 1000).toISOString();
  }
  // English, the phrases wts documents: the package's index holds every locale, five times the size.
  const chrono = await lazy['chrono-node/en']();
  const results = chrono.parse(trimmed, new Date(nowMs), { forwardDate: !PAST.test(trimmed) });
  // The whole text must be one moment: "fri 17:00 or so" is not read as "fri 17:00".
  const [only] = results;
  if (results.length !== 1 || only === undefined || only.index !== 0 || only.text.length !== trimmed.length) {
    throw usage(`${flag}: cannot read "${trimmed}" as a time; ${EXAMPLES}`);
  }
  return only.start.date().toISOString();
}

/** "Fri 27 Nov 17:00 (in 5 days)": a moment as the person reads it back, in local time (the year when not this one). */
export function describeWhen(iso: string, nowMs: number): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const sameYear = at.getFullYear() === new Date(nowMs).getFullYear();
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date = [get('weekday'), get('day'), get('month'), ...(sameYear ? [] : [get('year')])].join(' ');
  return `${date} ${get('hour')}:${get('minute')} (${relativeTime(iso, nowMs)})`;
}

/** Refuses a moment that is not in the future (a reminder set in the past would never wake anyone). */
export function requireFuture(iso: string, flag: string, nowMs: number, what: string): void {
  if (Date.parse(iso) <= nowMs) throw usage(`${flag}: ${describeWhen(iso, nowMs)} is in the past; ${what} must be in the future`);
}
