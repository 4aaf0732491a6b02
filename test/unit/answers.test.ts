// The checks on what the service answers, as pure functions: Retry-After read and clamped, an answer's
// media type, JSON and shape, and the cap on an error line.
import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../src/api/answer.js';
import { parseRetryAfter } from '../../src/api/client.js';
import { resources } from '../../src/contract/resources.js';
import { FORMATS, RESULT_SHAPES } from '../../src/contract/result-shapes.js';
import { compileShape, describeMiss, type Shape } from '../../src/contract/shape.js';
import { isRecord } from '../../src/type-guards.js';
import { ApiError, describeFailure, InvalidAnswerError, isUnknownOutcome, NetworkError } from '../../src/errors.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-26T05:00:00Z');

  it('reads whole seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 120 ', now)).toBe(120);
    expect(parseRetryAfter(['7', '9'], now)).toBe(7);
  });

  it('reads an HTTP date in each of its three forms, from now, rounded up', () => {
    expect(parseRetryAfter('Thu, 26 Nov 2026 05:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('Thursday, 26-Nov-26 05:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Thu Nov 26 05:00:10 2026', now)).toBe(10);
    expect(parseRetryAfter('Thu, 26 Nov 2026 05:00:00 GMT', now + 1)).toBeUndefined();
  });

  it('reads a negative number, garbage or a past date as absent', () => {
    for (const value of ['-3600', '-1', '1.5', '+5', 'soon', '3600-01-01', 'Wed, 25 Nov 2026 05:00:00 GMT', '', undefined])
      expect(parseRetryAfter(value, now), String(value)).toBeUndefined();
  });

  it('clamps a wait to a day, however long the service asks for (never past the longest timer Node keeps)', () => {
    expect(parseRetryAfter(String(30 * 24 * 3600), now)).toBe(86_400);
    expect(parseRetryAfter('99999999999999999999999', now)).toBe(86_400);
    expect(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', now)).toBe(86_400);
  });
});

describe('checkAnswer', () => {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const workspace = { id: 'ws_1', name: 'Support', folderId: null, archived: false };

  it('takes JSON of a JSON media type and the operation’s shape, keeping fields it does not know', () => {
    const page = { items: [{ ...workspace, color: 'blue' }] };
    expect(checkAnswer('list_workspaces', 200, 'application/json; charset=utf-8', json(page))).toEqual({ value: page });
    expect(checkAnswer('list_workspaces', 200, 'application/vnd.wts+json', json(page))).toEqual({ value: page });
  });

  it('names what is wrong with the shape, down to the field', () => {
    expect(checkAnswer('list_workspaces', 200, 'application/json', json({ items: [workspace, { ...workspace, id: 7 }] }))).toEqual({
      problem: 'did not match what list_workspaces returns: items[1].id: must be a string',
    });
    expect(checkAnswer('list_workspaces', 200, 'application/json', json([workspace]))).toEqual({
      problem: 'did not match what list_workspaces returns: the answer must be a JSON object',
    });
  });

  it('refuses a problem document, another media type, no body, or JSON that is cut off or invalid', () => {
    const problem = json({ title: 'Internal error', status: 500, code: 'internal' });
    expect(checkAnswer('add_task_note', 200, 'application/problem+json', problem)).toEqual({
      problem: 'was an error document (application/problem+json) with status 200: Internal error',
    });
    expect(checkAnswer('get_task', 200, 'text/html', Buffer.from('<html>'))).toEqual({ problem: 'was text/html, not JSON' });
    expect(checkAnswer('get_task', 200, undefined, json({}))).toEqual({ problem: 'had no media type (not application/json)' });
    expect(checkAnswer('get_task', 204, undefined, Buffer.alloc(0))).toEqual({ problem: 'was empty (204 No Content)' });
    expect(checkAnswer('get_task', 200, 'application/json', Buffer.alloc(0))).toEqual({ problem: 'was empty (200 with no body)' });
    expect(checkAnswer('get_task', 200, 'application/json', Buffer.from('{"id":"task_1","ti'))).toEqual({
      problem: 'was not valid JSON (cut off after 18 bytes)',
    });
    expect(checkAnswer('get_task', 200, 'application/json', Buffer.from('{"id": nope}'))).toEqual({ problem: 'was not valid JSON' });
    expect(checkAnswer('get_task', 200, 'application/json', Buffer.from('{"a":1} x'))).toEqual({
      problem: 'was not valid JSON (at character 8 of 9)',
    });
  });

  it('checks a raw request (no operation) for the media type and JSON only; empty is {}', () => {
    expect(checkAnswer(undefined, 200, 'application/json', json([1, 2]))).toEqual({ value: [1, 2] });
    expect(checkAnswer(undefined, 204, undefined, Buffer.alloc(0))).toEqual({ value: {} });
    expect(checkAnswer(undefined, 200, 'text/plain', Buffer.from('hi'))).toEqual({ problem: 'was text/plain, not JSON' });
  });
});

const checkOf = (shape: Shape) => compileShape(shape, FORMATS);

describe('compileShape', () => {
  it("passes every resource's catalog example, with fields the catalog does not list", () => {
    let checked = 0;
    for (const name of Object.keys(resources) as (keyof typeof resources)[]) {
      const examples = resources[name].meta()?.examples;
      if (!Array.isArray(examples)) continue;
      checked += examples.length;
      for (const example of examples)
        expect(describeMiss(checkOf(RESULT_SHAPES[name]), { ...example, extra: [1] }, 'the answer'), name).toBeUndefined();
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('names the first field that breaks the schema, as the input checks do', () => {
    const examples: unknown = resources.Task.meta()?.examples;
    const task = Array.isArray(examples) && isRecord(examples[0]) ? examples[0] : {};
    const check = checkOf(RESULT_SHAPES.Task);
    const wrong = (change: Record<string, unknown>) => describeMiss(check, { ...task, ...change }, 'the answer');
    expect(wrong({ dueDate: 'tomorrow' })).toBe('dueDate: must be an ISO 8601 date-time with a time zone, e.g. 2026-11-22T09:00:00Z');
    expect(wrong({ dueDate: null })).toBeUndefined();
    expect(wrong({ id: '' })).toBe('id: must not be empty');
    expect(wrong({ id: 'x'.repeat(65) })).toBe('id: must be at most 64 characters');
    expect(wrong({ title: undefined })).toBe('title: is required');
    expect(wrong({ notes: [{ id: 'n', content: 'c', author: { id: 'u' }, createdAt: '2026-11-20T09:30:00Z' }] })).toBe(
      'notes[0].author.name: is required',
    );
    expect(wrong({ tags: 'bug' })).toBe('tags: must be an array');
    expect(describeMiss(checkOf(RESULT_SHAPES.Status), { key: 'todo', name: 'To do', position: 1.5 }, 'the answer')).toBe(
      'position: must be a whole number',
    );
    expect(describeMiss(checkOf(RESULT_SHAPES.Run), 'run', 'the answer')).toBe('the answer must be a JSON object');
  });
});

describe('failures of a write whose outcome is unknown', () => {
  const sentence = 'the change may or may not have been made; check before trying again';

  it('are marked the one way, whatever the failure', () => {
    expect(isUnknownOutcome(new NetworkError('cannot reach x', undefined, sentence))).toBe(true);
    expect(isUnknownOutcome(new InvalidAnswerError('the answer was cut', 200, sentence))).toBe(true);
    expect(isUnknownOutcome(new ApiError(503, 'down', 'down', undefined, undefined, sentence))).toBe(true);
    expect(isUnknownOutcome(new InvalidAnswerError('the answer was cut', 200))).toBe(false);
    expect(isUnknownOutcome(new NetworkError('cannot reach x: the change may or may not have been made'))).toBe(false);
  });

  it('say so after a line capped at 1,000 characters of the service’s text', async () => {
    const { message, exitCode } = await describeFailure(
      new ApiError(503, 'down', `down ${'x'.repeat(1_000_000)}`, undefined, undefined, sentence),
    );
    expect(exitCode).toBe(1);
    expect(message).toMatch(
      /^the service failed \(503\): down x+… \(\d+ more characters\) — the change may or may not have been made; check before trying again$/,
    );
    expect(message.length).toBeLessThan(1100);
    const short = await describeFailure(new InvalidAnswerError("the service's answer to get_task was empty (204 No Content)", 204));
    expect(short).toEqual({ message: "the service's answer to get_task was empty (204 No Content)", exitCode: 1 });
  });
});
