// The five cron shapes the service accepts, every field at its bounds, the crons it refuses with the
// reason, and the nearest supported cron a refusal suggests.
import { describe, expect, it } from 'vitest';
import {
  canonicalCron,
  checkCron,
  cronProblem,
  CRON_SHAPES,
  nearestCron,
  normalizeCron,
  suggestionText,
  type CronFields,
} from '../../src/contract/cron.js';

const fieldsOf = (cron: string): CronFields => {
  const check = checkCron(cron);
  if (!check.ok) throw new Error(`${cron}: ${check.reason}`);
  return check.fields;
};
const reasonOf = (cron: string): string => {
  const check = checkCron(cron);
  if (check.ok) throw new Error(`${cron} was accepted as ${check.fields.shape}`);
  return check.reason;
};

describe('checkCron: the five supported shapes', () => {
  it.each([
    ['15 * * * *', { shape: 'hourly', minute: 15, hour: null, dayOfMonth: null, dayOfWeek: null }],
    ['0 * * * *', { shape: 'hourly', minute: 0, hour: null, dayOfMonth: null, dayOfWeek: null }],
    ['59 * * * *', { shape: 'hourly', minute: 59, hour: null, dayOfMonth: null, dayOfWeek: null }],
    ['30 6 * * *', { shape: 'daily', minute: 30, hour: 6, dayOfMonth: null, dayOfWeek: null }],
    ['0 0 * * *', { shape: 'daily', minute: 0, hour: 0, dayOfMonth: null, dayOfWeek: null }],
    ['59 23 * * *', { shape: 'daily', minute: 59, hour: 23, dayOfMonth: null, dayOfWeek: null }],
    ['0 9 * * 1-5', { shape: 'weekdays', minute: 0, hour: 9, dayOfMonth: null, dayOfWeek: null }],
    ['0 8 * * 1', { shape: 'weekly', minute: 0, hour: 8, dayOfMonth: null, dayOfWeek: 1 }],
    ['0 8 * * 0', { shape: 'weekly', minute: 0, hour: 8, dayOfMonth: null, dayOfWeek: 0 }],
    ['0 8 * * 6', { shape: 'weekly', minute: 0, hour: 8, dayOfMonth: null, dayOfWeek: 6 }],
    ['0 9 15 * *', { shape: 'monthly', minute: 0, hour: 9, dayOfMonth: 15, dayOfWeek: null }],
    ['0 9 1 * *', { shape: 'monthly', minute: 0, hour: 9, dayOfMonth: 1, dayOfWeek: null }],
    ['0 9 31 * *', { shape: 'monthly', minute: 0, hour: 9, dayOfMonth: 31, dayOfWeek: null }],
  ])('%s', (cron, fields) => {
    expect(checkCron(cron)).toEqual({ ok: true, fields });
  });

  it('accepts every example the shapes table gives, each as its own shape', () => {
    for (const { shape, example } of CRON_SHAPES) expect(fieldsOf(example).shape).toBe(shape);
  });

  it('reads leading zeros and extra spaces, and writes the canonical form', () => {
    expect(fieldsOf('  00   09 * *   1-5 ')).toMatchObject({ shape: 'weekdays', minute: 0, hour: 9 });
    expect(canonicalCron(fieldsOf('00 09 * * 1-5'))).toBe('0 9 * * 1-5');
    expect(canonicalCron(fieldsOf('05 * * * *'))).toBe('5 * * * *');
    expect(normalizeCron('30  6 * * *')).toBe('30 6 * * *');
    expect(normalizeCron(' 0 9 *  * MON ')).toBe('0 9 * * MON'); // unsupported: only the spaces change
    for (const { example } of CRON_SHAPES) expect(canonicalCron(fieldsOf(example))).toBe(example);
  });
});

describe('checkCron: refused crons and why', () => {
  it.each([
    ['0 9 * *', /^a cron has five fields .*this has 4$/],
    ['0 0 9 * * *', /this has 6$/],
    ['', /this has 1$/],
    ['0 9 * 1 *', /^the month field must be \*$/],
    ['0 9 * JAN *', /^the month field must be \*$/],
    ['60 9 * * *', /^minute must be from 0 to 59, not 60$/],
    ['-1 9 * * *', /^minute must be a number from 0 to 59, not "-1"$/],
    ['*/15 * * * *', /^minute must be a number from 0 to 59, not "\*\/15"$/],
    ['0,30 * * * *', /^minute must be a number from 0 to 59/],
    ['0 24 * * *', /^hour must be from 0 to 23, not 24$/],
    ['0 */2 * * *', /^hour must be a number from 0 to 23, not "\*\/2"$/],
    ['0 9,17 * * *', /^hour must be a number/],
    ['0 * * * 1', /^an hourly schedule has the shape "M \* \* \* \*"$/],
    ['0 * 1 * *', /^an hourly schedule has the shape/],
    ['0 9 * * 7', /^day of week must be from 0 to 6, not 7$/],
    ['0 9 * * 1-6', /^day of week must be 1-5 \(weekdays\) or one day from 0 to 6 \(0 = Sunday\), not "1-6"$/],
    ['0 9 * * MON', /^day of week must be 1-5 .*not "MON"$/],
    ['0 9 * * 1,3', /^day of week must be 1-5/],
    ['0 9 0 * *', /^day of month must be from 1 to 31, not 0$/],
    ['0 9 32 * *', /^day of month must be from 1 to 31, not 32$/],
    ['0 9 L * *', /^day of month must be a number from 1 to 31, not "L"$/],
    ['0 9 1 * 1', /^a schedule cannot set both the day of month and the day of week$/],
    ['@daily', /this has 1$/],
  ])('%j', (cron, reason) => {
    expect(reasonOf(cron)).toMatch(reason);
  });
});

describe('nearestCron: the supported cron closest to a refused one', () => {
  it.each([
    // [refused, nearest shape, nearest cron, what the notes say (or nothing: the same meaning)]
    ['0 9 * * 1-6', 'weekdays', '0 9 * * 1-5', /Monday to Friday: drops Saturday/],
    ['0 9 * * 0-5', 'weekdays', '0 9 * * 1-5', /drops Sunday/],
    ['0 9 * * MON-FRI', 'weekdays', '0 9 * * 1-5', null],
    ['0 9 * * 1,2,3,4,5', 'weekdays', '0 9 * * 1-5', null],
    ['0 9 * * MON', 'weekly', '0 9 * * 1', null],
    ['0 9 * * monday', 'weekly', '0 9 * * 1', null],
    ['0 9 * * 7', 'weekly', '0 9 * * 0', null], // Sunday written as 7
    ['0 9 * * SUN', 'weekly', '0 9 * * 0', null],
    ['0 9 * * 1,3,5', 'weekly', '0 9 * * 1', /one schedule per day \(Monday, Wednesday, Friday\)/],
    ['0 9 * * 6,0', 'weekly', '0 9 * * 0', /Sunday, Saturday/],
    ['0 9 * * 0-6', 'daily', '0 9 * * *', null],
    ['0 9 * * 1-7', 'daily', '0 9 * * *', null],
    ['*/15 * * * *', 'hourly', '0 * * * *', /at most once an hour: one schedule per minute \(0, 15, 30, 45\)/],
    ['5/20 * * * *', 'hourly', '5 * * * *', /5, 25, 45/],
    ['* * * * *', 'hourly', '0 * * * *', /not every minute/],
    ['0 */2 * * *', 'hourly', '0 * * * *', /every hour, not every 2 hours/],
    ['0 * * * 1-5', 'hourly', '0 * * * *', /on every day/],
    ['0 9,17 * * *', 'daily', '0 9 * * *', /one schedule per hour \(9, 17\)/],
    ['* 9 * * *', 'daily', '0 9 * * *', /not every minute/],
    ['0 9 * 1 *', 'daily', '0 9 * * *', /runs every month/],
    ['0 9 1 JAN *', 'monthly', '0 9 1 * *', /runs every month/],
    ['0 9 1,15 * *', 'monthly', '0 9 1 * *', /one schedule per day \(1, 15\)/],
    ['0 0 9 * * *', 'daily', '0 9 * * *', /no seconds field/],
    ['0 30 6 * * *', 'daily', '30 6 * * *', /no seconds field/],
    ['@daily', 'daily', '0 0 * * *', null],
    ['@hourly', 'hourly', '0 * * * *', null],
    ['@weekly', 'weekly', '0 0 * * 0', null],
    ['@monthly', 'monthly', '0 0 1 * *', null],
    ['@yearly', 'monthly', '0 0 1 * *', /yearly schedules are not supported/],
  ])('%j → %s %j', (refused, shape, cron, notes) => {
    expect(checkCron(refused).ok).toBe(false);
    const nearest = nearestCron(refused)!;
    expect(nearest).toMatchObject({ shape, cron });
    expect(checkCron(nearest.cron).ok).toBe(true);
    if (notes) expect(nearest.notes.join('; ')).toMatch(notes);
    else expect(nearest.notes).toEqual([]);
  });

  it.each([
    ['60 9 * * *'], // out of range: the reason says the range, nothing to guess
    ['0 24 * * *'],
    ['0 9 32 * *'],
    ['0 9 1 * 1'], // day of month or day of week: which one is meant?
    ['0 9 L * *'],
    ['0 9 * *'],
    ['@reboot'],
    ['every day at nine'],
  ])('suggests nothing for %j', (refused) => {
    expect(nearestCron(refused)).toBeUndefined();
  });

  it('suggests nothing for a supported cron written canonically', () => {
    for (const { example } of CRON_SHAPES) expect(nearestCron(example)).toBeUndefined();
  });

  it('reads as shape, cron and notes', () => {
    expect(suggestionText(nearestCron('0 9 * * 1-6')!)).toBe('weekdays "0 9 * * 1-5" (Monday to Friday: drops Saturday)');
    expect(suggestionText(nearestCron('0 9 * * MON')!)).toBe('weekly "0 9 * * 1"');
  });
});

describe('cronProblem: the one-line refusal', () => {
  it('gives the reason, the nearest supported cron and the supported shapes', () => {
    expect(cronProblem('0 9 * * 1-6')).toBe(
      'day of week must be 1-5 (weekdays) or one day from 0 to 6 (0 = Sunday), not "1-6"; nearest supported: weekdays "0 9 * * 1-5" (Monday to Friday: drops Saturday); ' +
        'supported shapes: hourly "M * * * *", daily "M H * * *", weekdays "M H * * 1-5", weekly "M H * * D", monthly "M H DOM * *"',
    );
    expect(cronProblem('*/15 * * * *')).toMatch(
      /; nearest supported: hourly "0 \* \* \* \*" \(at most once an hour: one schedule per minute \(0, 15, 30, 45\)\); supported shapes: /,
    );
    expect(cronProblem('0 9 * * MON')).toMatch(/; nearest supported: weekly "0 9 \* \* 1"; supported shapes: /);
  });

  it('says the range and suggests nothing when a number is out of it', () => {
    expect(cronProblem('60 9 * * *')).toBe(
      'minute must be from 0 to 59, not 60; supported shapes: hourly "M * * * *", daily "M H * * *", weekdays "M H * * 1-5", weekly "M H * * D", monthly "M H DOM * *"',
    );
  });

  it('shortens a long list of minutes', () => {
    expect(cronProblem('*/5 * * * *')).toContain('one schedule per minute (0, 5, 10, 15, … 55)');
  });

  it('is undefined for every supported shape', () => {
    for (const cron of ['15 * * * *', '0 9 * * *', '0 9 * * 1-5', '0 9 * * 0', '0 9 31 * *']) expect(cronProblem(cron)).toBeUndefined();
  });
});
