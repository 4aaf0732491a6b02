// Against a service that names things otherwise (the sandbox with --wire-names), a names file
// (WTS_WIRE_NAMES) makes wts print what it prints against the plain sandbox: the lists with every filter,
// --all, the inbox; a renamed enum value (PendingAction.state) and a renamed task field (Task.dueDate)
// work for the inbox, approve, `task edit --due` and `--sort due` (src/api/wire.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWts } from '../helpers/cli.js';
import { EVERYDAY_LISTS, listedRows as rows } from '../helpers/everyday-lists.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const NAMES = {
  page: 'data',
  query: { limit: 'pageSize', cursor: 'after', assignee: 'assigneeId', status: 'statusKey', tag: 'label', unassigned: 'noAssignee' },
  fields: { 'Task.dueDate': 'dueAt', remindAt: 'fireAt' },
  values: { 'PendingAction.state': { pending: 'open' } },
};

const scratch = mkdtempSync(join(tmpdir(), 'wts-wire-'));
const namesFile = join(scratch, 'names.json');
writeFileSync(namesFile, JSON.stringify(NAMES));

const EVERYDAY: readonly string[][] = [...EVERYDAY_LISTS, ['task', 'list', 'ws_support', '--sort', 'due', '--json']];

describe('a names file against a service that names things otherwise', () => {
  const plain = useSandbox();
  const renamed = useSandbox({ wire: { names: NAMES, document: 'wts', unknown: 'refuse' } });
  const env = () => ({ ...renamed.env, WTS_WIRE_NAMES: namesFile, WTS_CACHE_DIR: join(scratch, 'cache') });

  it('prints the same rows as against the plain sandbox', async () => {
    for (const args of EVERYDAY) {
      const want = await runWts(args, { env: { ...plain.env, WTS_CACHE_DIR: join(scratch, 'cache') } });
      const got = await runWts(args, { env: env() });
      expect({ args, code: got.code, stderr: got.stderr }).toEqual({ args, code: 0, stderr: want.stderr });
      expect(want.code).toBe(0);
      expect(rows(got.stdout), args.join(' ')).toEqual(rows(want.stdout));
      expect(rows(got.stdout).length, args.join(' ')).toBeGreaterThan(0);
    }
  });

  it('without it, the service refuses what wts sends (the test can fail)', async () => {
    const r = await runWts(['task', 'list', 'ws_support', '--assignee', 'usr_ada', '--json'], { env: renamed.env });
    expect(r.code).not.toBe(0);
  });

  it('approves a pending action the service calls open', async () => {
    const action = renamed.ctx.store.state.data.pendingActions.find((a) => a.state === 'pending' && a.kind === 'action');
    expect(action).toBeDefined();
    const r = await runWts(['approval', 'approve', action?.id ?? '', '--json'], { env: env() });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(renamed.ctx.store.state.data.pendingActions.find((a) => a.id === action?.id)?.state).toBe('approved');
  });

  it('sets a due date the service calls dueAt', async () => {
    const r = await runWts(['task', 'edit', 'task_s001', '--due', '2031-01-02T03:04:00Z', '--json'], { env: env() });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(renamed.ctx.store.state.data.tasks.find((t) => t.id === 'task_s001')?.dueDate).toBe('2031-01-02T03:04:00.000Z');
    const view = await runWts(['task', 'view', 'task_s001', '--json'], { env: env() });
    expect(JSON.parse(view.stdout).dueDate).toBe('2031-01-02T03:04:00.000Z');
  });

  it('creates and lists a reminder whose time the service calls fireAt', async () => {
    const made = await runWts(['reminder', 'create', 'task_s001', '--at', '2031-01-02T03:04:00Z', '--message', 'check', '--json'], {
      env: env(),
    });
    expect({ code: made.code, stderr: made.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(made.stdout).remindAt).toBe('2031-01-02T03:04:00.000Z');
    const listed = await runWts(['reminder', 'list', 'task_s001', '--json'], { env: env() });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).map((r: { remindAt: string }) => r.remindAt)).toContain('2031-01-02T03:04:00.000Z');
  });
});
