// When a cron runs in a timezone, asserted as exact UTC instants: `schedule explain`'s next runs (in the
// zone and locally) across the changes of the clocks, the last occurrence `schedule check --max-late`
// measures from, and the zone names people type.
import { describe, expect, it } from 'vitest';
import { explainCron } from '../../src/schedules/explain.js';
import { nextCronOccurrence, previousCronOccurrence } from '../../src/schedules/occurrences.js';
import { nearestTimeZone, resolveTimeZone, runTimeForPeople, unknownTimeZoneMessage, zoneCity } from '../../src/schedules/zones.js';

const explain = (cron: string, timezone: string, after: string, count: number, localTimezone = 'UTC') =>
  explainCron(cron, timezone, { nowMs: Date.parse(after), count, localTimezone });
const iso = (ms: number) => new Date(ms).toISOString();

describe('explainCron', () => {
  it('gives the shape, the sentence and the next runs where the schedule runs and locally', () => {
    const e = explain('0 9 * * 1-5', 'Europe/Berlin', '2027-01-15T12:00:00Z', 3); // a Friday afternoon
    expect(e).toMatchObject({
      cron: '0 9 * * 1-5',
      shape: 'weekdays',
      pattern: 'M H * * 1-5',
      schedule: 'weekdays at 09:00',
      sentence: 'weekdays at 09:00, Europe/Berlin',
      timezone: 'Europe/Berlin',
      localTimezone: 'UTC',
    });
    expect(e.nextRuns).toEqual([
      { at: '2027-01-18T08:00:00.000Z', inZone: '2027-01-18 09:00', local: '2027-01-18 08:00' },
      { at: '2027-01-19T08:00:00.000Z', inZone: '2027-01-19 09:00', local: '2027-01-19 08:00' },
      { at: '2027-01-20T08:00:00.000Z', inZone: '2027-01-20 09:00', local: '2027-01-20 08:00' },
    ]);
  });

  it('daily 02:30 Europe/Berlin across the last Sunday of March 2027: the skipped 02:30 runs at 03:30, once', () => {
    const e = explain('30 2 * * *', 'Europe/Berlin', '2027-03-26T12:00:00Z', 4);
    expect(e.nextRuns).toEqual([
      { at: '2027-03-27T01:30:00.000Z', inZone: '2027-03-27 02:30', local: '2027-03-27 01:30' }, // CET, UTC+1
      {
        at: '2027-03-28T01:30:00.000Z',
        inZone: '2027-03-28 03:30',
        local: '2027-03-28 01:30',
        note: '02:30 does not exist that day (the clocks go forward): runs at 03:30',
      },
      { at: '2027-03-29T00:30:00.000Z', inZone: '2027-03-29 02:30', local: '2027-03-29 00:30' }, // CEST, UTC+2
      { at: '2027-03-30T00:30:00.000Z', inZone: '2027-03-30 02:30', local: '2027-03-30 00:30' },
    ]);
  });

  it('daily 02:30 Europe/Berlin on the last Sunday of October 2027: the repeated 02:30 runs once', () => {
    const e = explain('30 2 * * *', 'Europe/Berlin', '2027-10-30T12:00:00Z', 2);
    expect(e.nextRuns).toEqual([
      {
        at: '2027-10-31T00:30:00.000Z',
        inZone: '2027-10-31 02:30',
        local: '2027-10-31 00:30',
        note: '02:30 happens twice that day (the clocks go back): runs once',
      },
      { at: '2027-11-01T01:30:00.000Z', inZone: '2027-11-01 02:30', local: '2027-11-01 01:30' },
    ]);
  });

  it('09:00 America/New_York across the first Sunday of November 2027: 13:00Z before, 14:00Z after, and the local time moves', () => {
    // Read from Berlin, already on winter time since 31 October: 14:00 before, 15:00 after.
    const e = explain('0 9 * * *', 'America/New_York', '2027-11-05T00:00:00Z', 4, 'Europe/Berlin');
    expect(e.nextRuns).toEqual([
      { at: '2027-11-05T13:00:00.000Z', inZone: '2027-11-05 09:00', local: '2027-11-05 14:00' },
      { at: '2027-11-06T13:00:00.000Z', inZone: '2027-11-06 09:00', local: '2027-11-06 14:00' },
      { at: '2027-11-07T14:00:00.000Z', inZone: '2027-11-07 09:00', local: '2027-11-07 15:00' },
      { at: '2027-11-08T14:00:00.000Z', inZone: '2027-11-08 09:00', local: '2027-11-08 15:00' },
    ]);
    expect(e.sentence).toBe('daily at 09:00, America/New_York');
  });

  it('weekly, monthly and hourly, with the local date when it differs', () => {
    expect(explain('0 8 * * 1', 'Europe/Berlin', '2027-03-26T00:00:00Z', 2).nextRuns.map((r) => r.at)).toEqual([
      '2027-03-29T06:00:00.000Z',
      '2027-04-05T06:00:00.000Z',
    ]);
    expect(explain('0 9 31 * *', 'America/New_York', '2027-04-01T00:00:00Z', 2).nextRuns.map((r) => r.inZone)).toEqual([
      '2027-05-31 09:00',
      '2027-07-31 09:00',
    ]);
    const hourly = explain('15 * * * *', 'Asia/Kolkata', '2027-01-01T00:00:00Z', 2);
    expect(hourly.nextRuns.map((r) => [r.at, r.inZone])).toEqual([
      ['2027-01-01T00:45:00.000Z', '2027-01-01 06:15'], // UTC+5:30: the zone matters even hourly
      ['2027-01-01T01:45:00.000Z', '2027-01-01 07:15'],
    ]);
    const lateEvening = explain('30 23 * * *', 'America/New_York', '2027-01-01T12:00:00Z', 1, 'Europe/Berlin');
    expect(lateEvening.nextRuns[0]).toMatchObject({ inZone: '2027-01-01 23:30', local: '2027-01-02 05:30' });
  });

  it('refuses a cron that is none of the shapes (the command checks first)', () => {
    expect(() => explain('*/5 * * * *', 'UTC', '2027-01-01T00:00:00Z', 1)).toThrow(/minute must be/);
  });
});

describe('previousCronOccurrence: what --max-late measures from', () => {
  it('is strictly before the instant, in the zone', () => {
    expect(iso(previousCronOccurrence('0 9 * * *', 'Europe/Berlin', Date.parse('2027-01-15T08:00:00Z')))).toBe('2027-01-14T08:00:00.000Z');
    expect(iso(previousCronOccurrence('0 9 * * *', 'Europe/Berlin', Date.parse('2027-01-15T08:00:00.001Z')))).toBe(
      '2027-01-15T08:00:00.000Z',
    );
    expect(iso(previousCronOccurrence('0 9 * * 1-5', 'Europe/Berlin', Date.parse('2027-01-17T12:00:00Z')))).toBe(
      '2027-01-15T08:00:00.000Z',
    ); // Sunday → Friday
    expect(iso(previousCronOccurrence('0 9 15 * *', 'America/New_York', Date.parse('2027-01-10T00:00:00Z')))).toBe(
      '2026-12-15T14:00:00.000Z',
    );
  });

  it('is one of the runs nextCronOccurrence gives, also on the day a run moves to 03:30', () => {
    const before = Date.parse('2027-03-28T05:00:00Z');
    const previous = previousCronOccurrence('30 2 * * *', 'Europe/Berlin', before);
    expect(iso(previous)).toBe('2027-03-28T01:30:00.000Z');
    // The run the service plans from the day before (cron-parser's own prev() would answer the 27th).
    expect(nextCronOccurrence('30 2 * * *', 'Europe/Berlin', Date.parse('2027-03-27T12:00:00Z'))).toBe(iso(previous));
  });

  it('counts the repeated hour of the November change as two real hours', () => {
    // 7 November 2027 in New York: 01:00 EDT = 05:00Z, then 01:00 EST = 06:00Z.
    expect(iso(previousCronOccurrence('0 * * * *', 'America/New_York', Date.parse('2027-11-07T05:30:00Z')))).toBe(
      '2027-11-07T05:00:00.000Z',
    );
    expect(iso(previousCronOccurrence('0 * * * *', 'America/New_York', Date.parse('2027-11-07T06:30:00Z')))).toBe(
      '2027-11-07T06:00:00.000Z',
    );
  });
});

describe('timezones people type', () => {
  it('resolves IANA names in any case, and nothing else', () => {
    expect(resolveTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('UTC')).toBe('UTC');
    expect(resolveTimeZone('Europe/Berln')).toBeUndefined();
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBeUndefined();
    expect(resolveTimeZone('')).toBeUndefined();
  });

  it('names the zone a mistyped one most likely meant', () => {
    expect(nearestTimeZone('Europe/Berln')).toBe('Europe/Berlin');
    expect(nearestTimeZone('berlin')).toBe('Europe/Berlin');
    expect(nearestTimeZone('New York')).toBe('America/New_York');
    expect(nearestTimeZone('America/Newyork')).toBe('America/New_York');
    expect(nearestTimeZone('Mars/Olympus_Mons')).toBeUndefined();
    expect(unknownTimeZoneMessage('Europe/Berln')).toBe('unknown time zone "Europe/Berln"; did you mean Europe/Berlin?');
    expect(unknownTimeZoneMessage('Mars/Olympus_Mons')).toBe(
      'unknown time zone "Mars/Olympus_Mons"; use an IANA name such as Europe/Berlin or America/New_York',
    );
  });

  it('shows a run locally, how far off, and where the schedule runs when that is elsewhere', () => {
    const now = Date.parse('2026-11-20T08:00:00Z');
    expect(runTimeForPeople('2026-11-23T08:00:00Z', 'Europe/Berlin', now, 'UTC')).toBe('2026-11-23 08:00 (in 3 days) · 09:00 Berlin');
    expect(runTimeForPeople('2026-11-23T23:30:00Z', 'Europe/Berlin', now, 'UTC')).toBe(
      '2026-11-23 23:30 (in 3 days) · 2026-11-24 00:30 Berlin',
    );
    expect(runTimeForPeople('2026-11-23T14:00:00Z', 'America/New_York', now, 'Europe/Berlin')).toBe(
      '2026-11-23 15:00 (in 3 days) · 09:00 New York',
    );
    expect(runTimeForPeople('2026-11-23T08:00:00Z', 'Europe/Berlin', now, 'Europe/Berlin')).toBe('2026-11-23 09:00 (in 3 days)');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });
});
