// `wts schedule explain`: offline (no origin, no credentials: any request would exit 4), on a terminal,
// piped and with --json, across a change of the clocks; and every cron, zone or count it refuses.
import { describe, expect, it } from 'vitest';
import { localTimeZone } from '../../src/schedules/zones.js';
import { runWts } from '../helpers/cli.js';

/** Friday 26 March 2027, noon UTC: the clocks in Berlin go forward on Sunday. */
const NOW = Date.parse('2027-03-26T12:00:00Z');
const run = (args: string[], tty = false) =>
  runWts(['schedule', 'explain', ...args], { env: { NO_COLOR: '1' }, tty, now: () => NOW, columns: 160 });

describe('wts schedule explain', () => {
  it('prints the shape, the sentence and the next runs with --json, signed in or not', async () => {
    const r = await run(['30 2 * * *', '--tz', 'Europe/Berlin', '--count', '3', '--json']);
    expect(r.code).toBe(0);
    const local = localTimeZone();
    const localTime = (iso: string) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: local, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
    expect(JSON.parse(r.stdout)).toEqual({
      cron: '30 2 * * *',
      shape: 'daily',
      pattern: 'M H * * *',
      schedule: 'daily at 02:30',
      sentence: 'daily at 02:30, Europe/Berlin',
      timezone: 'Europe/Berlin',
      localTimezone: local,
      nextRuns: [
        { at: '2027-03-27T01:30:00.000Z', inZone: '2027-03-27 02:30', local: localTime('2027-03-27T01:30:00.000Z') },
        {
          at: '2027-03-28T01:30:00.000Z',
          inZone: '2027-03-28 03:30',
          local: localTime('2027-03-28T01:30:00.000Z'),
          note: '02:30 does not exist that day (the clocks go forward): runs at 03:30',
        },
        { at: '2027-03-29T00:30:00.000Z', inZone: '2027-03-29 02:30', local: localTime('2027-03-29T00:30:00.000Z') },
      ],
    });
  });

  it('shows a table of the next runs on a terminal, noting the change of the clocks', async () => {
    const r = await run(['30 2 * * *', '--tz', 'europe/berlin'], true);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^Cron: +30 2 \* \* \*\nShape: +daily \(M H \* \* \*\)\nSchedule: +daily at 02:30, Europe\/Berlin\n\nNext 5 runs:\n/,
    );
    const table = r.stdout.split('Next 5 runs:\n')[1]!.trimEnd().split('\n');
    expect(table[0]).toMatch(/^EUROPE\/BERLIN( \(LOCAL\))?\s+(LOCAL \(.+\)\s+)?WHEN\s+NOTE$/); // one time column where Berlin is local
    expect(table).toHaveLength(6);
    expect(table[1]).toMatch(/^2027-03-27 02:30\s.*\bin \d+ hours\s*$/);
    expect(table[2]).toMatch(/^2027-03-28 03:30\s.*02:30 does not exist that day \(the clocks go forward\): runs at 03:30$/);
    expect(table[5]).toMatch(/^2027-03-31 02:30\s/);
  });

  it('prints tab-separated lines when piped', async () => {
    const r = await run(['0 9 * * 1-5', '--tz', 'America/New_York', '--count', '2']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Cron\t0 9 * * 1-5',
      'Shape\tweekdays (M H * * 1-5)',
      'Schedule\tweekdays at 09:00, America/New_York',
    ]);
    // Noon UTC is 08:00 in New York, whose clocks went forward on 14 March: 09:00 EDT is 13:00Z. Then Monday.
    expect(lines[3]).toMatch(/^Next run\t2027-03-26T13:00:00\.000Z\t2027-03-26 09:00\t\d{4}-\d{2}-\d{2} \d{2}:\d{2}\t$/);
    expect(lines[4]).toMatch(/^Next run\t2027-03-29T13:00:00\.000Z\t2027-03-29 09:00\t/);
    expect(lines).toHaveLength(5);
  });

  it('reads the cron in the local zone without --tz', async () => {
    const r = await run(['0 8 * * 1', '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ timezone: localTimeZone(), sentence: `weekly on Monday at 08:00, ${localTimeZone()}` });
  });

  it('exits 2 for a cron that is none of the shapes, naming the nearest', async () => {
    expect(await run(['0 9 * * 1-6'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(
        /^wts: CRON: day of week must be 1-5 \(weekdays\) or one day from 0 to 6 \(0 = Sunday\), not "1-6"; nearest supported: weekdays "0 9 \* \* 1-5" \(Monday to Friday: drops Saturday\); supported shapes: hourly "M \* \* \* \*", .*\n$/,
      ),
    });
    expect((await run(['*/15 * * * *'])).stderr).toMatch(
      /nearest supported: hourly "0 \* \* \* \*" \(at most once an hour: one schedule per minute \(0, 15, 30, 45\)\)/,
    );
    expect((await run(['0 9 * * MON'])).stderr).toMatch(/nearest supported: weekly "0 9 \* \* 1";/);
    expect(await run(['60 9 * * *'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^wts: CRON: minute must be from 0 to 59, not 60; supported shapes: /),
    });
  });

  it('exits 2 for an unknown zone, naming the nearest, and for a count out of range', async () => {
    expect(await run(['0 9 * * *', '--tz', 'Europe/Berln'])).toMatchObject({
      code: 2,
      stderr: 'wts: --tz: unknown time zone "Europe/Berln"; did you mean Europe/Berlin?\n',
    });
    expect(await run(['0 9 * * *', '--tz', 'Mars/Olympus_Mons'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^wts: --tz: unknown time zone "Mars\/Olympus_Mons"; use an IANA name/),
    });
    for (const count of ['0', '101', 'five', '2.5']) {
      expect(await run(['0 9 * * *', '--count', count]), count).toMatchObject({
        code: 2,
        stderr: `wts: --count: must be a whole number from 1 to 100, not "${count}"\n`,
      });
    }
  });
});
