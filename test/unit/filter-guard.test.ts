// The filter guard (src/api/filters.ts) and the blame of a refused name (src/api/blame.ts): a service that
// ignores a filter or refuses a name wts built is never a wrong list with exit 0, nor the user's fault.
import { describe, expect, it } from 'vitest';
import { blameOf } from '../../src/api/blame.js';
import { checkFilters } from '../../src/api/filters.js';
import type { RawRequest } from '../../src/api/request.js';
import { ApiError, DisagreementError, describeFailure, ExitCode, type Problem } from '../../src/errors.js';

const ada = { id: 'usr_ada', name: 'Ada' };
const bob = { id: 'usr_bob', name: 'Bob' };
const task = (over: Record<string, unknown>) => ({ id: 'task_1', status: 'todo', assignees: [ada], tags: ['bug'], ...over });
const page = (...items: unknown[]) => ({ items, nextCursor: null });

const ignored = (name: string) => `the service ignored --${name} (it may call it something else): run \`wts doctor\``;

function guardLine(query: Record<string, unknown>, answer: unknown): string | undefined {
  try {
    checkFilters('list_tasks', query, answer);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(DisagreementError);
    return err instanceof Error ? err.message : String(err);
  }
}

describe('checkFilters', () => {
  it('passes a list whose every row matches every filter asked for', () => {
    const rows = page(task({}), task({ id: 'task_2', tags: ['bug', 'login'], assignees: [ada, bob] }));
    expect(guardLine({ status: 'todo', assignee: 'usr_ada', tag: 'bug', unassigned: false, limit: 50 }, rows)).toBeUndefined();
    expect(guardLine({ unassigned: true }, page(task({ assignees: [] })))).toBeUndefined();
    expect(guardLine({ status: 'todo' }, page())).toBeUndefined();
  });

  it('names the filter a row does not match', () => {
    expect(guardLine({ status: 'todo' }, page(task({}), task({ id: 'task_2', status: 'done' })))).toBe(ignored('status'));
    expect(guardLine({ assignee: 'usr_ada' }, page(task({ assignees: [bob] })))).toBe(ignored('assignee'));
    expect(guardLine({ tag: 'bug' }, page(task({ tags: ['login'] })))).toBe(ignored('tag'));
    expect(guardLine({ unassigned: true }, page(task({})))).toBe(ignored('unassigned'));
    expect(guardLine({ unassigned: false }, page(task({ assignees: [] })))).toBe(ignored('unassigned'));
  });

  it('looks only at filters that were sent, and only at operations that have them', () => {
    const everyone = page(task({ status: 'done', assignees: [] }), task({ id: 'task_2' }));
    expect(guardLine({ limit: 50, cursor: 'c1' }, everyone)).toBeUndefined();
    expect(guardLine({ assignee: undefined }, everyone)).toBeUndefined();
    expect(() => checkFilters('search_tasks', { q: 'login' }, everyone)).not.toThrow();
    expect(() => checkFilters(undefined, { status: 'todo' }, everyone)).not.toThrow();
  });

  it('ends the command with exit 1 and the one line', async () => {
    const err = new DisagreementError(ignored('assignee'));
    expect(await describeFailure(err)).toEqual({ message: ignored('assignee'), exitCode: ExitCode.failure });
  });
});

const listTasks = (query: Record<string, unknown>): RawRequest => ({
  method: 'GET',
  path: '/workspaces/ws_support/tasks',
  query,
  idempotent: true,
  operation: 'list_tasks',
});
const createReminder: RawRequest = {
  method: 'POST',
  path: '/tasks/task_1/reminders',
  body: { message: 'Check', remindAt: '2026-11-30T09:00:00Z' },
  idempotent: false,
  operation: 'create_reminder',
};
const refusal = (detail: string, extra: Record<string, unknown> = {}, status = 400): ApiError => {
  const problem: Problem = { title: 'Bad Request', status, detail, code: 'invalid_request', ...extra };
  return new ApiError(status, 'invalid_request', detail, problem);
};
const refusedLine = (name: string, op: string) =>
  `the service does not accept \`${name}\` on ${op} (wts and the service disagree on its name): run \`wts doctor\``;

describe('blameOf', () => {
  const query = { assignee: 'usr_ada', status: 'todo', limit: 50 };

  it.each([
    'unknown query parameter: assignee',
    'assignee: unknown field',
    'unknown field assignee',
    'unrecognized key(s) in object: "assignee"',
    '"assignee" is not allowed',
    'property assignee should not exist',
    'Additional properties not allowed: assignee',
  ])('blames the disagreement for "%s"', (detail) => {
    expect(blameOf(listTasks(query), refusal(detail))?.message).toBe(refusedLine('assignee', 'list_tasks'));
  });

  it('reads a problem’s list of invalid parameters', () => {
    const err = refusal('the request is not valid', { 'invalid-params': [{ name: 'tag', reason: 'unknown parameter' }] });
    expect(blameOf(listTasks({ tag: 'bug' }), err)?.message).toBe(refusedLine('tag', 'list_tasks'));
    const errors = refusal('Validation failed', { errors: [{ field: 'unassigned', message: 'is not allowed' }] }, 422);
    expect(blameOf(listTasks({ unassigned: true }), errors)?.message).toBe(refusedLine('unassigned', 'list_tasks'));
  });

  it('blames a field wts sent that the service says is missing, and one it wants that wts has not got', () => {
    expect(blameOf(createReminder, refusal('remindAt: is required'))?.message).toBe(refusedLine('remindAt', 'create_reminder'));
    expect(blameOf(createReminder, refusal('at: is required'))?.message).toBe(
      'the service wants `at` on create_reminder, a name wts does not send (wts and the service disagree on a name): run `wts doctor`',
    );
    expect(blameOf(createReminder, refusal('missing required field: "at"'))?.message).toContain('`at`');
  });

  it('leaves a refused value to the user (exit 2 stays)', async () => {
    for (const detail of [
      'status: unknown column Doing in ws_support',
      'status: no column named Doing',
      'assignee: usr_nobody is not a member of ws_support',
      'limit: must be at most 50',
      'the value done is not allowed here',
    ]) {
      expect(blameOf(listTasks(query), refusal(detail)), detail).toBeUndefined();
    }
    expect((await describeFailure(refusal('limit: must be at most 50'))).exitCode).toBe(ExitCode.usage);
  });

  it('blames only a catalog request refused with 400 or 422', () => {
    const raw: RawRequest = { method: 'GET', path: '/workspaces/ws_support/tasks', query, idempotent: true };
    expect(blameOf(raw, refusal('unknown query parameter: assignee'))).toBeUndefined();
    expect(blameOf(listTasks(query), refusal('unknown query parameter: assignee', {}, 409))).toBeUndefined();
  });
});
