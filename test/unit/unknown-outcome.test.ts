// The check offered for a write whose outcome is unknown: the catalog's read of the same resource.
import { describe, expect, it } from 'vitest';
import { checkCommandFor, unknownOutcome } from '../../src/api/unknown-outcome.js';

describe('checkCommandFor', () => {
  it('names the command that reads the resource a write changed', () => {
    expect(checkCommandFor('POST', '/tasks/task_1/complete')).toBe('wts task view task_1');
    expect(checkCommandFor('DELETE', '/tasks/task_1')).toBe('wts task view task_1');
    expect(checkCommandFor('POST', '/tasks/task_1/notes')).toBe('wts task view task_1');
    expect(checkCommandFor('POST', '/pending-actions/pa_9/approve')).toBe('wts approval view pa_9');
    expect(checkCommandFor('POST', '/scheduled-tasks/sch_2/run')).toBe('wts schedule view sch_2');
    expect(checkCommandFor('POST', '/tasks/task_1/reminders')).toBe('wts reminder list task_1');
    expect(checkCommandFor('POST', '/workspaces')).toBe('wts workspace list');
    expect(checkCommandFor('POST', '/knowledge-sources')).toBe('wts knowledge list');
  });

  it('falls back to `wts api GET` for a read without a command of its own', () => {
    expect(checkCommandFor('POST', '/tasks/task_1/messages')).toBe('wts api GET /tasks/task_1/messages');
    expect(checkCommandFor('PATCH', '/agent-instructions/sec_3')).toBe('wts api GET /agent-instructions/sec_3');
  });

  it('offers nothing where the catalog has no read of that resource, or the id is not a plain one', () => {
    // Submitting a task to an agent creates a task the catalog reads only by its new id.
    expect(checkCommandFor('POST', '/agents/agent_1/tasks')).toBeUndefined();
    expect(checkCommandFor('POST', '/no/such/path')).toBeUndefined();
    expect(checkCommandFor('POST', '/tasks/a%20b%0A/complete')).toBeUndefined();
  });

  it('says what is known in one sentence', () => {
    expect(unknownOutcome('DELETE', '/tasks/task_1')).toBe(
      'the change may or may not have been made; check with `wts task view task_1` before trying again',
    );
    expect(unknownOutcome('POST', '/agents/agent_1/tasks')).toBe('the change may or may not have been made; check before trying again');
  });
});
