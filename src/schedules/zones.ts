// Timezones for schedules: the local one, checking an IANA name (with the nearest real one when it is
// mistyped), and a run time shown both where the schedule runs and where the reader is. Intl only, so
// `schedule list` and `view` can use it without loading cron-parser.
import { localTime, relativeTime } from '../output/format.js';

/** The zone this process runs in (TZ, else the system's). */
export function localTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The IANA name as Intl spells it ("europe/berlin" → "Europe/Berlin"), or undefined for an unknown zone. */
export function resolveTimeZone(name: string): string | undefined {
  if (!name.trim()) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name.trim() }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function distance(a: string, b: string): number {
  // The edit-distance table one row at a time: row[j] is the distance from a's first i characters to b's first j.
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 0; i < a.length; i++) {
    let diagonal = i;
    let left = i + 1;
    const next = [left];
    for (const [j, above] of row.slice(1).entries()) {
      left = Math.min(above + 1, left + 1, diagonal + (a[i] === b[j] ? 0 : 1));
      next.push(left);
      diagonal = above;
    }
    row = next;
  }
  return row.at(-1) ?? b.length;
}

/** The known zone a mistyped name most likely meant ("Europe/Berln", "berlin", "New York"), if any is close. */
export function nearestTimeZone(name: string): string | undefined {
  const wanted = name.trim().toLowerCase().replace(/ /g, '_');
  if (!wanted) return undefined;
  const zones = Intl.supportedValuesOf('timeZone');
  const city = zones.find((z) => z.toLowerCase().split('/').at(-1) === wanted);
  if (city) return city;
  let best: { zone: string; d: number } | undefined;
  for (const zone of zones) {
    const d = distance(wanted, zone.toLowerCase());
    if (!best || d < best.d) best = { zone, d };
  }
  return best && best.d <= Math.max(2, Math.floor(wanted.length / 5)) ? best.zone : undefined;
}

/** The message for an unknown zone, naming the nearest known one when there is one. */
export function unknownTimeZoneMessage(name: string): string {
  const nearest = nearestTimeZone(name);
  return `unknown time zone "${name}"; ${nearest ? `did you mean ${nearest}?` : 'use an IANA name such as Europe/Berlin or America/New_York'}`;
}

/** "Europe/Berlin" → "Berlin", "America/New_York" → "New York": short enough for a table cell. */
export function zoneCity(timezone: string): string {
  return (timezone.split('/').at(-1) ?? timezone).replace(/_/g, ' ');
}

/**
 * A run time for people: local time and how far off, then the time where the schedule runs when that
 * zone is not the local one — "2026-11-23 08:00 (in 2 days) · 09:00 Berlin"; the date is repeated only
 * when it differs there.
 */
export function runTimeForPeople(iso: string, timezone: string, nowMs: number, localZone = localTimeZone()): string {
  const local = localTime(iso, localZone);
  const text = `${local} (${relativeTime(iso, nowMs)})`;
  const zone = resolveTimeZone(timezone);
  if (!zone || zone === resolveTimeZone(localZone)) return text;
  const there = localTime(iso, zone);
  const sameDay = there.slice(0, 10) === local.slice(0, 10);
  return `${text} · ${sameDay ? there.slice(11) : there} ${zoneCity(zone)}`;
}
