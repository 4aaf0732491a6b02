import { describe, expect, it } from 'vitest';
import { describeWhen, parseWhen, requireFuture } from '../../src/input/when.js';

// A fixed "now": Sunday 2026-11-22 10:30 UTC. Friendly forms are read in the local zone (TZ pinned below).
const NOW = Date.parse('2026-11-22T10:30:00Z');

describe('parseWhen', () => {
  it('keeps ISO 8601 instants and reads zoneless times as local', async () => {
    expect(await parseWhen('2026-11-23T09:00:00Z', '--due', NOW)).toBe('2026-11-23T09:00:00.000Z');
    expect(await parseWhen('2026-11-23T09:00+01:00', '--due', NOW)).toBe('2026-11-23T08:00:00.000Z');
    expect(await parseWhen('2026-11-23T09:00', '--due', NOW)).toBe(new Date(2026, 10, 23, 9, 0).toISOString());
    expect(await parseWhen('2026-11-23', '--due', NOW)).toBe(new Date(2026, 10, 23, 0, 0).toISOString());
  });

  it('reads short relative forms', async () => {
    expect(await parseWhen('in 2h', '--at', NOW)).toBe('2026-11-22T12:30:00.000Z');
    expect(await parseWhen('in 90m', '--at', NOW)).toBe('2026-11-22T12:00:00.000Z');
    expect(await parseWhen('in 3d', '--at', NOW)).toBe('2026-11-25T10:30:00.000Z');
  });

  it('reads friendly forms forward from now', async () => {
    expect(await parseWhen('tomorrow 9:00', '--at', NOW)).toBe(new Date(2026, 10, 23, 9, 0).toISOString());
    expect(await parseWhen('fri 17:00', '--at', NOW)).toBe(new Date(2026, 10, 27, 17, 0).toISOString());
  });

  it('names the flag when it cannot read the text', async () => {
    await expect(parseWhen('whenever', '--due', NOW)).rejects.toThrow('--due: cannot read "whenever" as a time');
  });

  it('reads ISO 8601 strictly: a date or time that does not exist is refused, not rolled over', async () => {
    for (const text of [
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-11-31',
      '2026-11-23T24:00',
      '2026-11-23T09:60',
      '2026-11-23T09:00:61Z',
      '2026-11-23T09:00+25:00',
      '2025-02-29',
    ]) {
      await expect(parseWhen(text, '--due', NOW), text).rejects.toMatchObject({
        exitCode: 2,
        message: expect.stringMatching(new RegExp(`^--due: "${text.replace(/[+]/g, '\\+')}" is not a real date and time`)),
      });
    }
    expect(await parseWhen('2028-02-29', '--due', NOW)).toBe(new Date(2028, 1, 29).toISOString());
    expect(await parseWhen('2026-11-23 09:00', '--due', NOW)).toBe(new Date(2026, 10, 23, 9, 0).toISOString());
    expect(await parseWhen('2026-11-23T09:00:00+0100', '--due', NOW)).toBe('2026-11-23T08:00:00.000Z');
  });

  it('refuses numeric dates other than ISO, with a hint to write ISO', async () => {
    for (const text of ['01/12/2026', '12/1', '12.1.2026', '2026-1-5', '1-12-2026', 'fri 01/12']) {
      await expect(parseWhen(text, '--due', NOW), text).rejects.toMatchObject({
        exitCode: 2,
        message: expect.stringContaining('write the date as ISO 8601, year-month-day'),
      });
    }
  });

  it('gives friendly forms their plain meaning: "last monday" is past, "monday" the next one (now: Sunday 22 Nov)', async () => {
    expect(new Date(NOW).getDay()).toBe(0);
    expect(await parseWhen('last monday', '--due', NOW)).toBe(new Date(2026, 10, 16, 12, 0).toISOString());
    expect(await parseWhen('monday', '--due', NOW)).toBe(new Date(2026, 10, 23, 12, 0).toISOString());
    expect(await parseWhen('monday 9:00', '--due', NOW)).toBe(new Date(2026, 10, 23, 9, 0).toISOString());
    expect(await parseWhen('yesterday', '--due', NOW)).toBe(new Date(NOW - 86400_000).toISOString());
    expect(await parseWhen('2 days ago', '--due', NOW)).toBe(new Date(NOW - 2 * 86400_000).toISOString());
  });

  it('refuses text only partly read, and blank text', async () => {
    for (const text of ['fri 17:00 or so', 'previous friday', '   ', 'soon']) {
      await expect(parseWhen(text, '--at', NOW), JSON.stringify(text)).rejects.toMatchObject({ exitCode: 2 });
    }
  });

  it('reads a moment back as "Fri 27 Nov 17:00 (in 5 days)", with the year when it is another', () => {
    const friday = new Date(2026, 10, 27, 17, 0).toISOString();
    expect(describeWhen(friday, new Date(2026, 10, 22, 10, 30).getTime())).toBe('Fri 27 Nov 17:00 (in 5 days)');
    expect(describeWhen(new Date(2027, 0, 4, 9, 5).toISOString(), new Date(2026, 10, 22, 10, 30).getTime())).toBe(
      'Mon 4 Jan 2027 09:05 (next month)',
    );
  });

  it('refuses a moment that is not in the future where one is needed', () => {
    expect(() => requireFuture(new Date(NOW - 60_000).toISOString(), '--at', NOW, 'a reminder')).toThrow(
      /^--at: .* \(1 minute ago\) is in the past; a reminder must be in the future$/,
    );
    expect(() => requireFuture(new Date(NOW + 60_000).toISOString(), '--at', NOW, 'a reminder')).not.toThrow();
  });
});
