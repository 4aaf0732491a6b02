import { describe, expect, it } from 'vitest';
import { parseWhen } from '../../src/input/when.js';

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
});
