// The checks behind `wts schedule check`, as pure functions of a scheduled task and the time: lateness
// from the cron in the schedule's timezone (also across changes of the clocks), state, last run, cron.
import { describe, expect, it } from 'vitest';
import { checkSchedule, checksFor, cronCheck, lastRunCheck, lateCheck, latestFinished, stateCheck } from '../../src/schedules/check.js';
import { formatDuration, parseDuration } from '../../src/schedules/duration.js';
import { type ScheduledTask, scheduledTask as schedule } from '../helpers/scheduled-task.js';

const ran = (startedAt: string, state: 'running' | 'succeeded' | 'failed' = 'succeeded') => ({ id: 'run_1', state, startedAt });
const at = (text: string) => Date.parse(text);
const MIN = 60_000;

describe('durations', () => {
  it('reads what CI configuration says', () => {
    expect(parseDuration('15m')).toBe(15 * MIN);
    expect(parseDuration('2h')).toBe(120 * MIN);
    expect(parseDuration('1d')).toBe(24 * 60 * MIN);
    expect(parseDuration('1w')).toBe(7 * 24 * 60 * MIN);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('1h30m')).toBe(90 * MIN);
    expect(parseDuration(' 2H ')).toBe(120 * MIN);
  });

  it('refuses anything else', () => {
    for (const text of ['', '15', 'm', '1.5h', '15 m', '-5m', '0m', '2 hours', 'PT15M']) expect(parseDuration(text), text).toBeUndefined();
  });

  it('writes the two largest units', () => {
    expect(formatDuration(16 * MIN)).toBe('16m');
    expect(formatDuration(26 * 60 * MIN + 5 * MIN)).toBe('1d 2h');
    expect(formatDuration(45_000)).toBe('45s');
    expect(formatDuration(0)).toBe('0s');
  });
});

describe('lateCheck: daily 06:30 Europe/Berlin (05:30Z in winter), 15 minutes allowed', () => {
  const late = (now: string, fields: Partial<ScheduledTask>) => lateCheck(schedule(fields), 15 * MIN, at(now));

  it("passes when today's run started", () => {
    expect(late('2026-11-20T09:00:00Z', { lastRun: ran('2026-11-20T05:30:00.000Z') })).toMatchObject({
      result: 'pass',
      lateSeconds: 0,
      dueAt: '2026-11-20T05:30:00.000Z',
    });
  });

  it("passes while today's run is less late than allowed", () => {
    expect(late('2026-11-20T05:40:00Z', { lastRun: ran('2026-11-19T05:30:00.000Z') })).toMatchObject({
      result: 'pass',
      dueAt: '2026-11-19T05:30:00.000Z',
    });
  });

  it('fails once the run is later than allowed, saying since when', () => {
    const result = late('2026-11-20T05:46:00Z', { lastRun: ran('2026-11-19T05:30:00.000Z'), nextRunAt: '2026-11-20T05:30:00.000Z' });
    expect(result).toMatchObject({
      result: 'fail',
      dueAt: '2026-11-20T05:30:00.000Z',
      lateSeconds: 16 * 60,
      maxLateSeconds: 900,
      lastRunStartedAt: '2026-11-19T05:30:00.000Z',
    });
    expect(result.detail).toBe('no run since 2026-11-20 06:30 Europe/Berlin, 16m ago (allowed: 15m)');
  });

  it('fails for missed days, measured from the latest missed occurrence', () => {
    expect(late('2026-11-22T12:00:00Z', { lastRun: ran('2026-11-19T05:30:00.000Z') })).toMatchObject({
      result: 'fail',
      dueAt: '2026-11-22T05:30:00.000Z',
      lateSeconds: 6.5 * 3600,
    });
  });

  it('counts a run started by hand (schedule run) after the occurrence', () => {
    expect(late('2026-11-20T08:00:00Z', { lastRun: ran('2026-11-20T07:59:00.000Z', 'running') })).toMatchObject({ result: 'pass' });
  });

  it('skips a paused scheduled task: it is not expected to run', () => {
    expect(late('2026-11-22T12:00:00Z', { state: 'paused', lastRun: ran('2026-11-01T05:30:00.000Z') })).toMatchObject({
      result: 'skip',
      detail: 'paused: not expected to run',
    });
  });

  it('judges a task that never ran by the first run the service plans', () => {
    // Created after this morning's 06:30: its first run is tomorrow, so it is not late.
    expect(late('2026-11-20T12:00:00Z', { nextRunAt: '2026-11-21T05:30:00.000Z' })).toMatchObject({
      result: 'pass',
      detail: 'first run in 17 hours',
    });
    // The planned first run came and went.
    expect(late('2026-11-20T12:00:00Z', { nextRunAt: '2026-11-19T05:30:00.000Z' })).toMatchObject({
      result: 'fail',
      dueAt: '2026-11-20T05:30:00.000Z',
    });
    expect(late('2026-11-20T12:00:00Z', { nextRunAt: null })).toMatchObject({ result: 'fail' });
  });

  it('skips what it cannot compute: an unsupported cron, an unknown zone', () => {
    expect(late('2026-11-20T12:00:00Z', { cron: '*/5 * * * *' })).toMatchObject({ result: 'skip' });
    expect(late('2026-11-20T12:00:00Z', { timezone: 'Mars/Olympus_Mons' })).toMatchObject({
      result: 'skip',
      detail: 'unknown timezone "Mars/Olympus_Mons"',
    });
  });
});

describe('lateCheck across changes of the clocks', () => {
  it('daily 02:30 Europe/Berlin on 28 March 2027 is due at 03:30 CEST (01:30Z)', () => {
    const s = { cron: '30 2 * * *', lastRun: ran('2027-03-27T01:30:00.000Z') };
    expect(lateCheck(schedule(s), 15 * MIN, at('2027-03-28T01:40:00Z'))).toMatchObject({
      result: 'pass',
      dueAt: '2027-03-27T01:30:00.000Z',
    });
    expect(lateCheck(schedule(s), 15 * MIN, at('2027-03-28T02:00:00Z'))).toMatchObject({
      result: 'fail',
      dueAt: '2027-03-28T01:30:00.000Z',
      lateSeconds: 30 * 60,
    });
    expect(lateCheck(schedule({ ...s, lastRun: ran('2027-03-28T01:30:00.000Z') }), 15 * MIN, at('2027-03-28T02:00:00Z'))).toMatchObject({
      result: 'pass',
    });
  });

  it('09:00 America/New_York on 7 November 2027 is due at 14:00Z, not 13:00Z', () => {
    const s = { cron: '0 9 * * *', timezone: 'America/New_York', lastRun: ran('2027-11-06T13:00:00.000Z') };
    expect(lateCheck(schedule(s), 15 * MIN, at('2027-11-07T14:10:00Z'))).toMatchObject({
      result: 'pass',
      dueAt: '2027-11-06T13:00:00.000Z',
    });
    expect(lateCheck(schedule(s), 15 * MIN, at('2027-11-07T14:20:00Z'))).toMatchObject({
      result: 'fail',
      dueAt: '2027-11-07T14:00:00.000Z',
      lateSeconds: 20 * 60,
    });
  });

  it('hourly with 2 hours allowed: the occurrence two hours back must have run', () => {
    const s = { cron: '0 * * * *', timezone: 'UTC' };
    expect(lateCheck(schedule({ ...s, lastRun: ran('2026-11-20T09:00:00.000Z') }), 120 * MIN, at('2026-11-20T11:30:00Z'))).toMatchObject({
      result: 'pass',
      dueAt: '2026-11-20T09:00:00.000Z',
    });
    expect(lateCheck(schedule({ ...s, lastRun: ran('2026-11-20T08:00:00.000Z') }), 120 * MIN, at('2026-11-20T11:30:00Z'))).toMatchObject({
      result: 'fail',
      lateSeconds: 150 * 60,
    });
  });
});

describe('the other checks', () => {
  it('state: as required, either way', () => {
    expect(stateCheck(schedule(), 'active')).toEqual({ result: 'pass', detail: 'active', expected: 'active', actual: 'active' });
    expect(stateCheck(schedule({ state: 'paused' }), 'active')).toEqual({
      result: 'fail',
      detail: 'paused, not active',
      expected: 'active',
      actual: 'paused',
    });
    expect(stateCheck(schedule({ state: 'paused' }), 'paused').result).toBe('pass');
  });

  it('cron: one of the five shapes, in words', () => {
    expect(cronCheck(schedule())).toEqual({ result: 'pass', detail: 'daily at 06:30', shape: 'daily' });
    expect(cronCheck(schedule({ cron: '0 9 * * 1-6' }))).toMatchObject({
      result: 'fail',
      detail: expect.stringMatching(/^unsupported cron "0 9 \* \* 1-6": day of week must be/),
    });
  });

  it('last run: the latest finished one must have succeeded; none yet is not a failure', () => {
    const now = at('2026-11-20T12:00:00Z');
    expect(lastRunCheck(schedule(), ran('2026-11-20T05:30:00.000Z'), 'succeeded', now)).toMatchObject({
      result: 'pass',
      detail: 'succeeded 6 hours ago',
      runId: 'run_1',
    });
    expect(lastRunCheck(schedule(), ran('2026-11-20T05:30:00.000Z', 'failed'), 'succeeded', now)).toMatchObject({
      result: 'fail',
      detail: 'failed 6 hours ago (run_1)',
    });
    expect(lastRunCheck(schedule(), undefined, 'succeeded', now)).toMatchObject({ result: 'skip', detail: 'never ran' });
    expect(lastRunCheck(schedule({ lastRun: ran('2026-11-20T11:59:00.000Z', 'running') }), undefined, 'succeeded', now)).toMatchObject({
      result: 'skip',
      detail: 'no run has finished yet',
    });
    expect(
      latestFinished([ran('2026-11-20T11:59:00.000Z', 'running'), { ...ran('2026-11-19T05:30:00.000Z', 'failed'), id: 'run_0' }]),
    ).toEqual({ id: 'run_0', state: 'failed', startedAt: '2026-11-19T05:30:00.000Z' });
    expect(latestFinished([ran('2026-11-20T11:59:00.000Z', 'running')])).toBeUndefined();
  });

  it('runs the checks asked for, the cron always, and fails the task when one fails', () => {
    expect(checksFor({})).toEqual(['cron']);
    expect(checksFor({ require: 'active', maxLateMs: MIN, lastRun: 'succeeded' })).toEqual(['cron', 'state', 'late', 'lastRun']);
    const now = at('2026-11-20T12:00:00Z');
    const okReport = checkSchedule(
      schedule({ lastRun: ran('2026-11-20T05:30:00.000Z') }),
      { require: 'active', maxLateMs: 15 * MIN, lastRun: 'succeeded' },
      now,
      ran('2026-11-20T05:30:00.000Z'),
    );
    expect(okReport).toMatchObject({ id: 'sched_test', ok: true, state: 'active', timezone: 'Europe/Berlin' });
    expect(Object.keys(okReport.checks)).toEqual(['cron', 'state', 'late', 'lastRun']);
    const paused = checkSchedule(schedule({ state: 'paused' }), { require: 'active', maxLateMs: 15 * MIN }, now);
    expect(paused.ok).toBe(false);
    expect(paused.checks.late!.result).toBe('skip');
    expect(checkSchedule(schedule({ state: 'paused' }), {}, now).ok).toBe(true);
  });
});
