// When scheduled tasks run: the next occurrence of each supported cron shape in the organization's
// timezone, asserted as exact UTC instants, including across daylight-saving changes.
import { describe, expect, it } from 'vitest';
import { AgentSimulator } from '../../src/sandbox/agent.js';
import { dateInZone } from '../../src/schedules/occurrences.js';
import { DEFAULT_FAULTS, SandboxClock, SandboxStore, type SandboxContext } from '../../src/sandbox/context.js';
import type { ScheduledTaskRec } from '../../src/sandbox/model.js';
import { seedState } from '../../src/sandbox/seed.js';

function simulator(): AgentSimulator {
  const store = new SandboxStore(seedState(Date.parse('2026-01-01T00:00:00Z')), undefined);
  const ctx: SandboxContext = {
    origin: 'http://127.0.0.1:0',
    store,
    clock: new SandboxClock(),
    counters: { refreshes: 0, revocations: 0, requests: 0 },
    faults: { ...DEFAULT_FAULTS },
    autoApprove: null,
    tokens: { verifyAccessToken: () => undefined, connectionStats: () => [] },
    agent: undefined as never,
    log: () => {},
  };
  ctx.agent = new AgentSimulator(ctx);
  return ctx.agent;
}

const agent = simulator();

/** A schedule in acme (Europe/Berlin) or globex (America/New_York). */
function schedule(org: 'acme' | 'globex', cron: string, state: 'active' | 'paused' = 'active'): ScheduledTaskRec {
  const acme = org === 'acme';
  return {
    id: 'sched_test',
    orgId: acme ? 'org_acme' : 'org_globex',
    title: 'Test',
    prompt: 'Test',
    cron,
    workspaceId: acme ? 'ws_ops' : 'ws_research',
    agentId: acme ? 'agt_ops' : 'agt_research',
    state,
    pausedByArchive: false,
    nextRunAt: null,
    lastRunId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const next = (org: 'acme' | 'globex', cron: string, after: string) => agent.nextRunAt(schedule(org, cron), Date.parse(after));

describe('nextRunAt in Europe/Berlin (acme)', () => {
  it('hourly: every real hour, also when the clocks spring forward', () => {
    expect(next('acme', '15 * * * *', '2026-06-10T08:20:00Z')).toBe('2026-06-10T09:15:00.000Z');
    // 29 March 2026, 02:00 CET becomes 03:00 CEST: 01:15 CET is 00:15Z, the next is 03:15 CEST = 01:15Z.
    expect(next('acme', '15 * * * *', '2026-03-29T00:20:00Z')).toBe('2026-03-29T01:15:00.000Z');
  });

  it('daily: 09:00 local is 08:00Z in winter and 07:00Z in summer', () => {
    expect(next('acme', '0 9 * * *', '2026-01-15T12:00:00Z')).toBe('2026-01-16T08:00:00.000Z');
    expect(next('acme', '0 9 * * *', '2026-07-15T12:00:00Z')).toBe('2026-07-16T07:00:00.000Z');
  });

  it('daily 02:30 around the last Sunday of March: the skipped time runs an hour later, once', () => {
    expect(next('acme', '30 2 * * *', '2026-03-27T12:00:00Z')).toBe('2026-03-28T01:30:00.000Z'); // 02:30 CET
    expect(next('acme', '30 2 * * *', '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:30:00.000Z'); // 02:30 does not exist: 03:30 CEST
    expect(next('acme', '30 2 * * *', '2026-03-29T12:00:00Z')).toBe('2026-03-30T00:30:00.000Z'); // 02:30 CEST
  });

  it('daily 02:30 around the last Sunday of October: the repeated time runs once', () => {
    expect(next('acme', '30 2 * * *', '2026-10-24T12:00:00Z')).toBe('2026-10-25T00:30:00.000Z'); // the first 02:30 (CEST)
    expect(next('acme', '30 2 * * *', '2026-10-25T00:30:00Z')).toBe('2026-10-26T01:30:00.000Z'); // not again at 02:30 CET
  });

  it('weekdays: from a Friday afternoon to Monday, across the change to summer time', () => {
    expect(next('acme', '0 9 * * 1-5', '2026-03-27T12:00:00Z')).toBe('2026-03-30T07:00:00.000Z');
    expect(next('acme', '0 9 * * 1-5', '2026-03-26T12:00:00Z')).toBe('2026-03-27T08:00:00.000Z');
  });

  it('weekly: Sunday 09:00 on the day the clocks change', () => {
    expect(next('acme', '0 9 * * 0', '2026-03-27T12:00:00Z')).toBe('2026-03-29T07:00:00.000Z');
    expect(next('acme', '0 9 * * 0', '2026-03-29T07:00:00Z')).toBe('2026-04-05T07:00:00.000Z');
  });

  it('monthly: the 1st at 09:00, in winter and summer', () => {
    expect(next('acme', '0 9 1 * *', '2026-03-15T00:00:00Z')).toBe('2026-04-01T07:00:00.000Z');
    expect(next('acme', '0 9 1 * *', '2026-10-15T00:00:00Z')).toBe('2026-11-01T08:00:00.000Z');
  });
});

describe('nextRunAt in America/New_York (globex)', () => {
  it('hourly: the repeated hour of the November change runs twice, as real hours', () => {
    // 1 November 2026, 02:00 EDT becomes 01:00 EST: 01:00 EDT = 05:00Z, 01:00 EST = 06:00Z.
    expect(next('globex', '0 * * * *', '2026-11-01T04:30:00Z')).toBe('2026-11-01T05:00:00.000Z');
    expect(next('globex', '0 * * * *', '2026-11-01T05:30:00Z')).toBe('2026-11-01T06:00:00.000Z');
  });

  it('daily 09:00 across the US November change: 13:00Z before, 14:00Z after', () => {
    expect(next('globex', '0 9 * * *', '2026-10-30T14:00:00Z')).toBe('2026-10-31T13:00:00.000Z');
    expect(next('globex', '0 9 * * *', '2026-10-31T13:00:00Z')).toBe('2026-11-01T14:00:00.000Z');
    expect(next('globex', '0 9 * * *', '2026-11-01T14:00:00Z')).toBe('2026-11-02T14:00:00.000Z');
  });

  it('weekdays: over the March weekend the clocks spring forward', () => {
    expect(next('globex', '30 8 * * 1-5', '2026-03-06T20:00:00Z')).toBe('2026-03-09T12:30:00.000Z');
    expect(next('globex', '30 8 * * 1-5', '2026-03-05T20:00:00Z')).toBe('2026-03-06T13:30:00.000Z');
  });

  it('weekly: Sunday 09:00 on the day the clocks fall back', () => {
    expect(next('globex', '0 9 * * 0', '2026-10-30T00:00:00Z')).toBe('2026-11-01T14:00:00.000Z');
    expect(next('globex', '0 9 * * 0', '2026-10-24T00:00:00Z')).toBe('2026-10-25T13:00:00.000Z');
  });

  it('monthly: the 31st skips the months that have no 31st', () => {
    expect(next('globex', '0 9 31 * *', '2026-10-15T00:00:00Z')).toBe('2026-10-31T13:00:00.000Z');
    expect(next('globex', '0 9 31 * *', '2026-10-31T13:00:00Z')).toBe('2026-12-31T14:00:00.000Z');
  });
});

describe('nextRunAt', () => {
  it('is strictly after the given instant, to the millisecond', () => {
    expect(next('acme', '0 9 * * *', '2026-01-15T08:00:00.000Z')).toBe('2026-01-16T08:00:00.000Z');
    expect(next('acme', '0 9 * * *', '2026-01-15T07:59:59.999Z')).toBe('2026-01-15T08:00:00.000Z');
    expect(next('acme', '0 9 * * *', '2026-01-15T08:00:00.001Z')).toBe('2026-01-16T08:00:00.000Z');
  });

  it("reads the cron in the schedule organization's timezone, not the machine's", () => {
    const after = '2026-01-15T00:00:00Z';
    expect(next('acme', '0 9 * * *', after)).toBe('2026-01-15T08:00:00.000Z');
    expect(next('globex', '0 9 * * *', after)).toBe('2026-01-15T14:00:00.000Z');
  });

  it('is null for a paused schedule', () => {
    expect(agent.nextRunAt(schedule('acme', '0 9 * * *', 'paused'), Date.parse('2026-01-15T00:00:00Z'))).toBeNull();
  });
});

describe('dateInZone', () => {
  it('names the calendar date where the organization is', () => {
    // 23:30 UTC on the 23rd is already the 24th in Berlin, still the 23rd in New York.
    expect(dateInZone(Date.parse('2026-11-23T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-24');
    expect(dateInZone(Date.parse('2026-11-23T23:30:00Z'), 'America/New_York')).toBe('2026-11-23');
  });
});
