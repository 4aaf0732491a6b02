// The names mapping: its shape checked in one line, merged (a names file over learned names), and
// renames of one operation, both ways (src/contract/wire-names.ts).
import { describe, expect, it } from 'vitest';
import { isIdentity, mergeWireNames, operationNames, parseWireNames, renameAnswer, renameObject } from '../../src/contract/wire-names.js';

describe('wire names', () => {
  it('reads the issue shape and refuses others in one line', () => {
    const names = {
      page: 'data',
      query: { assignee: 'assigneeId' },
      fields: { 'Task.dueDate': 'dueAt' },
      values: { 'PendingAction.state': { pending: 'open' } },
    };
    expect(parseWireNames(names, 'n.json')).toEqual(names);
    expect(() => parseWireNames({ pages: 'data' }, 'n.json')).toThrow(
      'n.json: unknown key pages (the keys are page, query, fields, values)',
    );
    expect(() => parseWireNames({ query: { a: 1 } }, 'n.json')).toThrow(/^n\.json: query\.a: must be a string$/);
    expect(() => parseWireNames([], 'n.json')).toThrow('n.json: must be a JSON object');
  });

  it('lets a names file beat the learned names, key by key', () => {
    const merged = mergeWireNames(
      { page: 'data', query: { 'list_tasks.status': 'state' }, values: { s: { a: 'b' } } },
      { query: { 'list_tasks.status': 'statusKey' }, values: { s: { c: 'd' } } },
    );
    expect(merged).toEqual({ page: 'data', query: { 'list_tasks.status': 'statusKey' }, fields: {}, values: { s: { a: 'b', c: 'd' } } });
    expect(isIdentity({ page: 'items', query: { 'list_tasks.status': 'status' } })).toBe(true);
    expect(isIdentity(merged)).toBe(false);
  });

  it('renames an operation both ways; a qualified key beats a bare one', () => {
    const names = operationNames(
      {
        page: 'data',
        query: { status: 'st', 'list_tasks.status': 'statusKey' },
        fields: { dueDate: 'dueAt' },
        values: { 'Task.status': { todo: 'open' } },
      },
      'list_tasks',
      'Task',
    );
    if (!names) throw new Error('expected renames');
    expect(renameObject(names, names.query, { status: 'todo', limit: 5 }, 'out')).toEqual({ statusKey: 'open', limit: 5 });
    const wire = { data: [{ id: 't', dueAt: null, status: 'open' }], nextCursor: null };
    expect(renameAnswer(names, wire, true, 'in')).toEqual({ items: [{ id: 't', dueDate: null, status: 'todo' }], nextCursor: null });
    expect(renameAnswer(names, renameAnswer(names, wire, true, 'in'), true, 'out')).toEqual(wire);
    expect(operationNames({ query: { 'other_op.status': 'x' } }, 'list_tasks', 'Task')).toBeUndefined();
  });
});
