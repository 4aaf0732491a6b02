// Values the spec leaves open (states, kinds): one wts does not know is kept and shown, never a failed
// answer, and never decided on.
import { describe, expect, it } from 'vitest';
import { checkAnswer, takeUnknownValues } from '../../src/api/answer.js';
import { unknownToDecide } from '../../src/approvals/decisions.js';
import { PendingAction, Reminder } from '../../src/contract/resources.js';
import { byKindThenAge, type WaitingItem } from '../../src/inbox/gather.js';

const action = (over: Record<string, unknown> = {}) => ({
  id: 'act_1',
  taskId: 'task_1',
  kind: 'action',
  state: 'pending',
  summary: 'Reply to Lena',
  draft: {},
  createdAt: '2026-11-20T09:30:00Z',
  ...over,
});
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('an open field in an answer', () => {
  it('accepts a value wts does not know, and tells it once per answer', () => {
    takeUnknownValues();
    const page = {
      items: [action({ state: 'expired' }), action({ id: 'act_2', state: 'expired' }), action({ id: 'act_3', kind: 'poll' })],
    };
    expect(checkAnswer('list_pending_actions', 200, 'application/json', json(page))).toEqual({ value: page });
    expect(takeUnknownValues().map((u) => u.value)).toEqual(['expired', 'poll']);
    expect(takeUnknownValues()).toEqual([]);
  });

  it('tells nothing of known values, and still refuses what is not a string', () => {
    takeUnknownValues();
    expect(checkAnswer('get_pending_action', 200, 'application/json', json(action()))).toHaveProperty('value');
    expect(takeUnknownValues()).toEqual([]);
    expect(checkAnswer('get_pending_action', 200, 'application/json', json(action({ state: 7 })))).toEqual({
      problem: 'did not match what get_pending_action returns: state: must be a string',
    });
  });

  it('is open in the zod schemas too (the sandbox, the MCP tools), the known values kept', () => {
    expect(PendingAction.safeParse(action({ state: 'expired', kind: 'poll' })).success).toBe(true);
    expect(Reminder.safeParse({ id: 'r', taskId: 't', message: 'm', remindAt: '2026-11-21T09:00:00Z', state: 'snoozed' }).success).toBe(
      true,
    );
    expect(PendingAction.safeParse(action({ state: 3 })).success).toBe(false);
  });
});

describe('deciding', () => {
  it('is refused, with nothing sent, for a kind or state wts does not know', () => {
    expect(unknownToDecide(action())).toBeUndefined();
    expect(unknownToDecide(action({ state: 'expired' }))).toBe(
      'act_1 is in a state wts does not know ("expired"): wts does not decide it, and sent nothing; `wts approval view act_1` shows it',
    );
    expect(unknownToDecide(action({ kind: 'poll' }))).toContain('of a kind wts does not know ("poll")');
  });
});

describe('the inbox order', () => {
  it('puts a kind wts does not know after the known ones', () => {
    const item = (kind: string, id: string): WaitingItem => ({
      action: { ...action({ id, kind }) },
      task: { id: 'task_1', title: 'T', workspaceId: 'ws', dueDate: null, status: 'todo' },
    });
    const sorted = [item('poll', 'a1'), item('question', 'a2'), item('action', 'a3')].sort(byKindThenAge);
    expect(sorted.map((i) => i.action.kind)).toEqual(['action', 'question', 'poll']);
  });
});
