// From a schedules file and the service's scheduled tasks to the steps that make them match: what
// `schedule diff` reports and `schedule apply` carries out.
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { ScheduleSpec } from '../../src/schedules/file.js';
import { changingSteps, hasDrift, planJson, planSchedules, planSummary, renderPlan } from '../../src/schedules/plan.js';
import { type ScheduledTask, scheduledTask } from '../helpers/scheduled-task.js';

const service = (id: string, fields: Partial<ScheduledTask> = {}): ScheduledTask =>
  scheduledTask({ id, nextRunAt: '2026-11-23T05:30:00.000Z', ...fields });
const spec = (index: number, fields: Partial<ScheduleSpec> = {}): ScheduleSpec => ({
  index,
  title: 'Daily backup check',
  prompt: 'Check the backups.',
  cron: '30 6 * * *',
  workspaceId: 'ws_ops',
  agentId: 'agt_ops',
  state: 'active',
  ...fields,
});
const plain = new Chalk({ level: 0 });
const actions = (plan: ReturnType<typeof planSchedules>) =>
  plan.steps.map((s) => `${s.action} ${'current' in s && s.current ? s.current.id : 'spec' in s ? s.spec.title : ''}`);

describe('planSchedules', () => {
  it("finds no drift when every entry matches, whatever the spacing of the cron or the prompt's trailing newline", () => {
    const plan = planSchedules([spec(0)], [service('sched_1', { cron: '30  06 * * *', prompt: 'Check the backups.\n' })], { prune: false });
    expect(plan.steps).toEqual([]);
    expect(hasDrift(plan)).toBe(false);
    expect(plan.unchanged.map((u) => u.current.id)).toEqual(['sched_1']);
    expect(planSummary(plan)).toBe('1 unchanged');
    expect(renderPlan(plan, plain)).toBe('');
  });

  it('creates what the service lacks, and pauses it after when the file says paused', () => {
    const plan = planSchedules([spec(0), spec(1, { title: 'Nightly check', state: 'paused' })], [service('sched_1')], { prune: false });
    expect(actions(plan)).toEqual(['create Nightly check', 'pause Nightly check']);
    expect(plan.steps[1]).toMatchObject({ action: 'pause', current: null });
    expect(planSummary(plan)).toBe('1 to create, 1 unchanged');
  });

  it('updates field by field: cron, agent, prompt', () => {
    const plan = planSchedules(
      [spec(0, { cron: '0 6 * * *', agentId: 'agt_ops2', prompt: 'Check the backups.\nReport in #ops.' })],
      [service('sched_1')],
      { prune: false },
    );
    expect(plan.steps).toEqual([
      {
        action: 'update',
        spec: expect.objectContaining({ index: 0 }),
        current: expect.objectContaining({ id: 'sched_1' }),
        changes: [
          { field: 'cron', from: '30 6 * * *', to: '0 6 * * *' },
          { field: 'agentId', from: 'agt_ops', to: 'agt_ops2' },
          { field: 'prompt', from: 'Check the backups.', to: 'Check the backups.\nReport in #ops.' },
        ],
      },
    ]);
  });

  it('pauses and resumes to the state the file says', () => {
    const plan = planSchedules(
      [spec(0, { state: 'paused' }), spec(1, { title: 'Access review' })],
      [service('sched_1'), service('sched_2', { title: 'Access review', state: 'paused' })],
      { prune: false },
    );
    expect(actions(plan)).toEqual(['pause sched_1', 'resume sched_2']);
  });

  it('reports the tasks the file does not list in its workspaces, and deletes them (last) only with prune', () => {
    const actual = [
      service('sched_extra', { title: 'Old report' }),
      service('sched_1'),
      service('sched_sales', { title: 'Pipeline digest', workspaceId: 'ws_sales', agentId: 'agt_sales' }),
    ];
    const kept = planSchedules([spec(0, { cron: '0 6 * * *' })], actual, { prune: false });
    expect(actions(kept)).toEqual(['update sched_1', 'extra sched_extra']); // ws_sales is not the file's business
    expect(changingSteps(kept).map((s) => s.action)).toEqual(['update']);
    expect(hasDrift(kept)).toBe(true);
    expect(planSummary(kept)).toBe('1 to update, 1 not in the file, 0 unchanged');
    const pruned = planSchedules([spec(0, { cron: '0 6 * * *' })], actual, { prune: true });
    expect(actions(pruned)).toEqual(['update sched_1', 'delete sched_extra']);
  });

  it('matches by workspace and title; of two with the same, the one already matching, the other is extra', () => {
    const actual = [
      service('sched_a', { cron: '0 1 * * *' }),
      service('sched_b'),
      service('sched_other_ws', { workspaceId: 'ws_support', agentId: 'agt_support' }),
    ];
    const plan = planSchedules([spec(0), spec(1, { workspaceId: 'ws_support', agentId: 'agt_support' })], actual, { prune: true });
    expect(plan.unchanged.map((u) => u.current.id)).toEqual(['sched_b', 'sched_other_ws']);
    expect(actions(plan)).toEqual(['delete sched_a']);
  });

  it('a file listing nothing has no workspaces, so it never deletes anything', () => {
    const plan = planSchedules([], [service('sched_1')], { prune: true });
    expect(plan).toEqual({ workspaces: [], steps: [], unchanged: [] });
  });
});

describe('the plan for people and for scripts', () => {
  const plan = planSchedules(
    [
      spec(0, { key: 'backups', cron: '0 6 * * *', prompt: 'Check the backups.\nReport in #ops.' }),
      spec(1, {
        title: 'Nightly check',
        prompt: 'Check the board.',
        cron: '0 2 * * *',
        workspaceId: 'ws_support',
        agentId: 'agt_support',
        state: 'paused',
      }),
      spec(2, { title: 'Access review', state: 'paused' }),
    ],
    [
      service('sched_1'),
      service('sched_2', { title: 'Access review' }),
      service('sched_old', { title: 'Old report', workspaceId: 'ws_support', agentId: 'agt_support' }),
    ],
    { prune: false },
  );

  it('reads as a diff, field by field', () => {
    expect(renderPlan(plan, plain)).toBe(
      [
        '~ update  backups: sched_1 "Daily backup check" in ws_ops',
        '    cron    "30 6 * * *" (daily at 06:30) → "0 6 * * *" (daily at 06:00)',
        '    prompt',
        '      + Report in #ops.',
        '+ create  "Nightly check" in ws_support',
        '    cron    "0 2 * * *" (daily at 02:00)',
        '    agent   agt_support',
        '    prompt  "Check the board."',
        '~ pause   "Nightly check" once created (the file says paused)',
        '~ pause   sched_2 "Access review" in ws_ops (active → paused)',
        '! extra   sched_old "Old report" in ws_support: not in the file (apply --prune deletes it)',
        '',
      ].join('\n'),
    );
    expect(planSummary(plan)).toBe('1 to create, 1 to update, 1 to pause, 1 not in the file, 0 unchanged');
  });

  it('is one JSON entry per step, naming the file entry', () => {
    expect(planJson(plan)).toEqual({
      drift: true,
      workspaces: ['ws_ops', 'ws_support'],
      changes: [
        {
          action: 'update',
          id: 'sched_1',
          entry: 0,
          key: 'backups',
          title: 'Daily backup check',
          workspaceId: 'ws_ops',
          fields: [
            { field: 'cron', from: '30 6 * * *', to: '0 6 * * *' },
            { field: 'prompt', from: 'Check the backups.', to: 'Check the backups.\nReport in #ops.' },
          ],
        },
        {
          action: 'create',
          entry: 1,
          title: 'Nightly check',
          workspaceId: 'ws_support',
          cron: '0 2 * * *',
          agentId: 'agt_support',
          prompt: 'Check the board.',
          state: 'paused',
        },
        { action: 'pause', id: null, entry: 1, title: 'Nightly check', workspaceId: 'ws_support', from: null, to: 'paused' },
        { action: 'pause', id: 'sched_2', entry: 2, title: 'Access review', workspaceId: 'ws_ops', from: 'active', to: 'paused' },
        { action: 'extra', id: 'sched_old', title: 'Old report', workspaceId: 'ws_support' },
      ],
      unchanged: [],
    });
  });
});
