// Pending actions over /api/v1: listing, reading, and settling each kind. The actions are fixtures
// recorded the way the agent records them, so these tests do not wait for runs.
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, Event, PendingAction, Task, Workspace } from '../../src/contract/resources.js';
import type { PendingKind } from '../../src/sandbox/model.js';
import { signIn } from '../helpers/auth.js';
import { addPendingAction, apiAs, expectProblem, pageOf } from '../helpers/api.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();
let agentId: string;

const View = PendingAction.strict();

async function taskWith(kind: PendingKind, draft: Record<string, unknown> = {}) {
  const task = Task.parse(await sandbox.api.ok('POST', `/agents/${agentId}/tasks`, { body: { title: `Needs a ${kind}` } }));
  return { task, action: addPendingAction(sandbox, task.id, kind, draft) };
}

async function eventKinds(taskId: string): Promise<string[]> {
  return pageOf(Event.strict(), 'cursor')
    .parse(await sandbox.api.ok('GET', `/tasks/${taskId}/events`, { query: { limit: 50 } }))
    .items.map((e) => e.kind);
}

beforeAll(async () => {
  const ws = Workspace.parse(await sandbox.api.ok('POST', '/workspaces', { body: { name: 'Approvals under test' } }));
  agentId = pageOf(Agent.strict())
    .parse(await sandbox.api.ok('GET', '/agents'))
    .items.find((a) => a.workspaceId === ws.id)!.id;
});

describe('list_pending_actions and get_pending_action', () => {
  it('lists only pending actions, oldest first; get reads any state', async () => {
    const { task, action: first } = await taskWith('action', { to: 'x@example.com', subject: 'Hi', body: 'Hello' });
    const second = addPendingAction(sandbox, task.id, 'question', { question: 'Which one?' });
    const settled = addPendingAction(sandbox, task.id, 'human_task', { instructions: 'Call them' });
    await sandbox.api.ok('POST', `/pending-actions/${settled.id}/reject`, { body: {} });

    const page = pageOf(View).parse(await sandbox.api.ok('GET', `/tasks/${task.id}/pending-actions`));
    const ids = page.items.map((a) => a.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(settled.id);
    expect(page.items.every((a) => a.state === 'pending' && a.taskId === task.id)).toBe(true);

    const read = View.parse(await sandbox.api.ok('GET', `/pending-actions/${first.id}`));
    expect(read).toEqual({
      id: first.id,
      taskId: task.id,
      kind: 'action',
      state: 'pending',
      summary: first.summary,
      draft: { to: 'x@example.com', subject: 'Hi', body: 'Hello' },
      createdAt: first.createdAt,
    });
    expect(View.parse(await sandbox.api.ok('GET', `/pending-actions/${settled.id}`)).state).toBe('rejected');
  });

  it('answers 404 for unknown ids and 400 for bad ones', async () => {
    await expectProblem(sandbox.api.call('GET', '/tasks/t_nope/pending-actions'), 404, 'not_found', /no task t_nope/);
    await expectProblem(sandbox.api.call('GET', '/pending-actions/act_nope'), 404, 'not_found', /^no pending action act_nope here$/);
    await expectProblem(sandbox.api.call('GET', `/pending-actions/${'a'.repeat(65)}`), 400, 'invalid_request', /^actionId:/);
    await expectProblem(
      sandbox.api.call('GET', '/tasks/t_nope/pending-actions', { query: { state: 'all' } }),
      400,
      'invalid_request',
      /unknown field state/,
    );
  });
});

describe('approve_pending_action', () => {
  it('approves a proposed action once', async () => {
    const { task, action } = await taskWith('action', { channel: '#ops', text: 'Deploying' });
    const approved = View.parse(await sandbox.api.ok('POST', `/pending-actions/${action.id}/approve`, { body: {} }));
    expect(approved).toMatchObject({ id: action.id, state: 'approved' });
    const rec = sandbox.ctx.store.state.data.pendingActions.find((a) => a.id === action.id)!;
    expect(rec).toMatchObject({ resolvedBy: 'usr_ada', resolvedAt: expect.any(String) });
    expect(await eventKinds(task.id)).toContain('action.approved');
    await expectProblem(
      sandbox.api.call('POST', `/pending-actions/${action.id}/approve`, { body: {} }),
      409,
      'conflict',
      /already approved/,
    );
    await expectProblem(
      sandbox.api.call('POST', `/pending-actions/${action.id}/reject`, { body: {} }),
      409,
      'conflict',
      /already approved/,
    );
  });

  it('sends tasks for a person and questions to their own verbs', async () => {
    const { action: human } = await taskWith('human_task');
    const { action: question } = await taskWith('question');
    await expectProblem(
      sandbox.api.call('POST', `/pending-actions/${human.id}/approve`, { body: {} }),
      409,
      'conflict',
      /use `complete_human_task`/,
    );
    await expectProblem(
      sandbox.api.call('POST', `/pending-actions/${question.id}/approve`, { body: {} }),
      409,
      'conflict',
      /use `answer_agent_question`/,
    );
    expect(View.parse(await sandbox.api.ok('GET', `/pending-actions/${human.id}`)).state).toBe('pending');
  });

  it('needs approvals:write and an empty body', async () => {
    const { action } = await taskWith('action', { to: 'a@b.c' });
    const reader = apiAs(sandbox.origin, (await signIn(sandbox.origin, { scopes: ['workspace:read', 'workspace:write'] })).access_token);
    await expectProblem(
      reader.call('POST', `/pending-actions/${action.id}/approve`, { body: {} }),
      403,
      'insufficient_scope',
      /approvals:write/,
    );
    await expectProblem(
      sandbox.api.call('POST', `/pending-actions/${action.id}/approve`, { body: { force: true } }),
      400,
      'invalid_request',
      /unknown field force/,
    );
    await expectProblem(sandbox.api.call('POST', '/pending-actions/act_nope/approve', { body: {} }), 404, 'not_found');
  });
});

describe('reject_pending_action', () => {
  it('rejects any kind while pending, with an optional reason', async () => {
    for (const kind of ['action', 'human_task', 'question'] as const) {
      const { task, action } = await taskWith(kind);
      const rejected = View.parse(
        await sandbox.api.ok('POST', `/pending-actions/${action.id}/reject`, { body: kind === 'action' ? { reason: 'Not now' } : {} }),
      );
      expect(rejected.state).toBe('rejected');
      expect(await eventKinds(task.id)).toContain('action.rejected');
      await expectProblem(
        sandbox.api.call('POST', `/pending-actions/${action.id}/reject`, { body: {} }),
        409,
        'conflict',
        /already rejected/,
      );
    }
    const rec = sandbox.ctx.store.state.data.pendingActions.find((a) => a.resolution?.reason === 'Not now');
    expect(rec?.state).toBe('rejected');
  });

  it('checks the reason', async () => {
    const { action } = await taskWith('action');
    await expectProblem(
      sandbox.api.call('POST', `/pending-actions/${action.id}/reject`, { body: { reason: '' } }),
      400,
      'invalid_request',
      /^reason: must not be empty/,
    );
    await expectProblem(
      sandbox.api.call('POST', `/pending-actions/${action.id}/reject`, { body: { reason: 'x'.repeat(2001) } }),
      400,
      'invalid_request',
      /^reason: must be at most 2000/,
    );
    await expectProblem(sandbox.api.call('POST', '/pending-actions/act_nope/reject', { body: {} }), 404, 'not_found');
  });
});

describe('update_pending_action', () => {
  it('edits the draft’s own fields and keeps the rest', async () => {
    const { task, action } = await taskWith('action', { to: 'old@example.com', subject: 'Hello', body: 'Text', cc: null });
    const edited = View.parse(
      await sandbox.api.ok('PATCH', `/pending-actions/${action.id}`, { body: { draft: { subject: 'Hello again', cc: ['a@b.c'] } } }),
    );
    expect(edited.draft).toEqual({ to: 'old@example.com', subject: 'Hello again', body: 'Text', cc: ['a@b.c'] });
    expect(edited.state).toBe('pending');
    expect(View.parse(await sandbox.api.ok('GET', `/pending-actions/${action.id}`)).draft.subject).toBe('Hello again');
    expect(await eventKinds(task.id)).toContain('action.edited');
  });

  it('refuses fields the draft does not have, values of another type, and settled actions', async () => {
    const { action } = await taskWith('action', { to: 'x@example.com', subject: 'S' });
    await expectProblem(
      sandbox.api.call('PATCH', `/pending-actions/${action.id}`, { body: { draft: { bcc: 'y@example.com' } } }),
      400,
      'invalid_request',
      /^draft\.bcc: not an editable field; editable: to, subject$/,
    );
    await expectProblem(
      sandbox.api.call('PATCH', `/pending-actions/${action.id}`, { body: { draft: { subject: 42 } } }),
      400,
      'invalid_request',
      /^draft\.subject: must be a string/,
    );
    await expectProblem(
      sandbox.api.call('PATCH', `/pending-actions/${action.id}`, { body: {} }),
      400,
      'invalid_request',
      /^draft: is required/,
    );
    await expectProblem(
      sandbox.api.call('PATCH', `/pending-actions/${action.id}`, { body: { draft: 'text' } }),
      400,
      'invalid_request',
      /^draft: must be a JSON object/,
    );
    expect(View.parse(await sandbox.api.ok('GET', `/pending-actions/${action.id}`)).draft).toEqual({ to: 'x@example.com', subject: 'S' });
    await sandbox.api.ok('POST', `/pending-actions/${action.id}/approve`, { body: {} });
    await expectProblem(
      sandbox.api.call('PATCH', `/pending-actions/${action.id}`, { body: { draft: { subject: 'Late' } } }),
      409,
      'conflict',
      /already approved/,
    );
    await expectProblem(sandbox.api.call('PATCH', '/pending-actions/act_nope', { body: { draft: {} } }), 404, 'not_found');
  });
});

describe('complete_human_task and answer_agent_question', () => {
  /**
   * A new pending action settled with POST /pending-actions/{id}/{verb} and `body`: the answer has the
   * state expected, the service keeps `body` as the resolution, the task's events name it, and the same
   * call again (with `again`) is a conflict: "already <state>".
   */
  async function settlesOnce(
    pending: { kind: PendingKind; draft: Record<string, unknown> },
    verb: 'complete' | 'answer',
    body: Record<string, string>,
    expected: { state: string; event: string; again: Record<string, string> },
  ): Promise<void> {
    const { task, action } = await taskWith(pending.kind, pending.draft);
    const settled = View.parse(await sandbox.api.ok('POST', `/pending-actions/${action.id}/${verb}`, { body }));
    expect(settled.state).toBe(expected.state);
    expect(sandbox.ctx.store.state.data.pendingActions.find((a) => a.id === action.id)!.resolution).toEqual(body);
    expect(await eventKinds(task.id)).toContain(expected.event);
    const again = sandbox.api.call('POST', `/pending-actions/${action.id}/${verb}`, { body: expected.again });
    await expectProblem(again, 409, 'conflict', new RegExp(`already ${expected.state}`));
  }

  it('completes a task for a person, once', async () => {
    await settlesOnce(
      { kind: 'human_task', draft: { instructions: 'Sign the contract' } },
      'complete',
      { note: 'Signed' },
      { state: 'completed', event: 'human_task.completed', again: {} },
    );
    const { action: question } = await taskWith('question');
    await expectProblem(
      sandbox.api.call('POST', `/pending-actions/${question.id}/complete`, { body: {} }),
      409,
      'conflict',
      /use `answer_agent_question`/,
    );
    await expectProblem(
      sandbox.api.call('POST', `/pending-actions/${question.id}/complete`, { body: { note: '' } }),
      400,
      'invalid_request',
      /^note: must not be empty/,
    );
    await expectProblem(sandbox.api.call('POST', '/pending-actions/act_nope/complete', { body: {} }), 404, 'not_found');
  });

  it('answers a question, once', async () => {
    await settlesOnce(
      { kind: 'question', draft: { question: 'Which supplier?' } },
      'answer',
      { answer: 'The cheaper one' },
      { state: 'answered', event: 'question.answered', again: { answer: 'Again' } },
    );
    const { action: proposal } = await taskWith('action');
    await expectProblem(
      sandbox.api.call('POST', `/pending-actions/${proposal.id}/answer`, { body: { answer: 'x' } }),
      409,
      'conflict',
      /use `approve_pending_action`/,
    );
    await expectProblem(
      sandbox.api.call('POST', `/pending-actions/${proposal.id}/answer`, { body: {} }),
      400,
      'invalid_request',
      /^answer: is required/,
    );
    await expectProblem(
      sandbox.api.call('POST', `/pending-actions/${proposal.id}/answer`, { body: { answer: 'x'.repeat(10_001) } }),
      400,
      'invalid_request',
      /^answer: must be at most 10000/,
    );
    await expectProblem(sandbox.api.call('POST', '/pending-actions/act_nope/answer', { body: { answer: 'x' } }), 404, 'not_found');
  });
});
