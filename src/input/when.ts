// Dates and times from people: ISO 8601 as is, or friendly forms ("tomorrow 9:00", "in 2h", "fri 17:00")
// read by chrono-node relative to now, in the local zone. Always sent as ISO 8601 UTC.
import { CliError, ExitCode } from '../errors.js';

const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const SHORT_RELATIVE = /^in\s+(\d+)\s*(m|min|mins|h|hr|hrs|d)$/i;

/** Reads `text` as a moment; `flag` names it in the error ("--due"). Returns an ISO 8601 UTC string. */
export async function parseWhen(text: string, flag: string, nowMs: number): Promise<string> {
  const trimmed = text.trim();
  if (ISO.test(trimmed)) {
    // A date alone means that day at 00:00 local; a time without a zone is local time.
    const at = new Date(/T/i.test(trimmed) || trimmed.length > 10 ? trimmed : `${trimmed}T00:00`);
    if (!Number.isNaN(at.getTime())) return at.toISOString();
  }
  const short = SHORT_RELATIVE.exec(trimmed);
  if (short) {
    const unit = short[2]!.toLowerCase()[0] as 'm' | 'h' | 'd';
    const seconds = Number(short[1]) * { m: 60, h: 3600, d: 86400 }[unit];
    return new Date(nowMs + seconds * 1000).toISOString();
  }
  const chrono = await import('chrono-node');
  const parsed = chrono.parseDate(trimmed, new Date(nowMs), { forwardDate: true });
  if (!parsed) {
    throw new CliError(`${flag}: cannot read "${text}" as a time; use ISO 8601 (2026-11-23T09:00) or e.g. "tomorrow 9:00", "in 2h", "fri 17:00"`, ExitCode.usage);
  }
  return parsed.toISOString();
}
