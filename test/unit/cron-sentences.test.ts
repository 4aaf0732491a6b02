// What a cron says, in words: the sentence `schedule explain`, `list` and `view` show.
import { describe, expect, it } from 'vitest';
import { checkCron, cronSentence, describeCronFields } from '../../src/contract/cron.js';

const describe_ = (cron: string) => {
  const check = checkCron(cron);
  if (!check.ok) throw new Error(check.reason);
  return describeCronFields(check.fields);
};

describe('describeCronFields', () => {
  it.each([
    ['15 * * * *', 'hourly at :15'],
    ['5 * * * *', 'hourly at :05'],
    ['30 6 * * *', 'daily at 06:30'],
    ['0 0 * * *', 'daily at 00:00'],
    ['59 23 * * *', 'daily at 23:59'],
    ['0 9 * * 1-5', 'weekdays at 09:00'],
    ['0 8 * * 1', 'weekly on Monday at 08:00'],
    ['0 8 * * 0', 'weekly on Sunday at 08:00'],
    ['45 17 * * 6', 'weekly on Saturday at 17:45'],
    ['0 9 1 * *', 'monthly on the 1st at 09:00'],
    ['0 9 2 * *', 'monthly on the 2nd at 09:00'],
    ['0 9 3 * *', 'monthly on the 3rd at 09:00'],
    ['0 9 11 * *', 'monthly on the 11th at 09:00'],
    ['0 9 12 * *', 'monthly on the 12th at 09:00'],
    ['0 9 13 * *', 'monthly on the 13th at 09:00'],
    ['0 9 15 * *', 'monthly on the 15th at 09:00'],
    ['0 9 21 * *', 'monthly on the 21st at 09:00'],
    ['0 9 22 * *', 'monthly on the 22nd at 09:00'],
    ['0 9 23 * *', 'monthly on the 23rd at 09:00'],
    ['0 9 28 * *', 'monthly on the 28th at 09:00'],
  ])('%s: %s', (cron, sentence) => {
    expect(describe_(cron)).toBe(sentence);
  });

  it('says when a monthly day is not in every month (cron skips those months)', () => {
    expect(describe_('0 9 29 * *')).toBe('monthly on the 29th at 09:00 (in February only in leap years)');
    expect(describe_('0 9 30 * *')).toBe('monthly on the 30th at 09:00 (not in February)');
    expect(describe_('0 9 31 * *')).toBe('monthly on the 31st at 09:00 (only in months with 31 days)');
  });
});

describe('cronSentence', () => {
  it('names the timezone the cron is read in', () => {
    expect(cronSentence('0 9 * * 1-5', 'Europe/Berlin')).toBe('weekdays at 09:00, Europe/Berlin');
    expect(cronSentence('15 * * * *', 'Asia/Kolkata')).toBe('hourly at :15, Asia/Kolkata');
    expect(cronSentence('0 8 * * 1')).toBe('weekly on Monday at 08:00');
  });

  it('says so for a cron that is none of the five shapes, rather than guessing', () => {
    expect(cronSentence(' */5 * * * * ', 'Europe/Berlin')).toBe('unsupported cron "*/5 * * * *", Europe/Berlin');
  });
});
