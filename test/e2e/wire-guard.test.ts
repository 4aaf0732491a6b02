// Against a service that calls a filter something else and whose description does not tell (the sandbox
// with --wire-names, --wire-document wts and --unknown-names ignore: it drops wts's name unread and
// answers the whole list), a filtered list is never a wrong list with exit 0: each command ends with
// exit 1 and the line that says which filter was ignored, before anything is printed. Against one that
// refuses names it does not know, the refusal is blamed on the disagreement, not on the user (exit 1,
// not 2). And a state or kind wts does not know leaves the inbox listing everything, exit 0. One rename
// at a time, each a sandbox of its own, as the maintainer tried it.
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Resource } from '../../src/contract/resources.js';
import type { WireNames } from '../../src/contract/wire-names.js';
import { runWts } from '../helpers/cli.js';
import { expectLoggedIn, workdir } from '../helpers/credentials.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { childEnv, WTS_BIN } from '../helpers/wts-process.js';

type PendingAction = Resource<'PendingAction'>;

const ignored = (name: string) => `the service ignored --${name} (it may call it something else): run \`wts doctor\``;
/** A sandbox that ignores wts's name of a renamed parameter and describes itself in wts's names. */
const lenient = (names: WireNames) => ({ wire: { names, document: 'wts' as const, unknown: 'ignore' as const } });

/** Runs wts and asserts it ended with exit 1 and the line, printing nothing. */
async function refused(args: string[], env: Record<string, string>, line: string): Promise<void> {
  const r = await runWts(args, { env });
  expect(r.stderr.trim(), args.join(' ')).toBe(`wts: ${line}`);
  expect(r.code, args.join(' ')).toBe(1);
  expect(r.stdout, args.join(' ')).toBe('');
}

describe('a service that ignores `assignee` (it calls it assigneeId) and does not say so', () => {
  const sandbox = useSandbox({ signIn: false, ...lenient({ query: { assignee: 'assigneeId' } }) });
  // Signed in with `wts login`, so @me and my_open_tasks know who this is.
  let env: Record<string, string>;
  beforeAll(async () => {
    const w = workdir();
    await expectLoggedIn(sandbox.origin, w);
    env = { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile };
  });

  it('task list --assignee, with --json, --all, and -A: exit 1 and the line, no rows', async () => {
    for (const args of [
      ['task', 'list', 'ws_support', '--assignee', 'usr_ada'],
      ['task', 'list', 'ws_support', '--assignee', 'usr_ada', '--json'],
      ['task', 'list', 'ws_support', '--assignee', '@me', '--all'],
      ['task', 'list', 'ws_support', '--assignee', 'usr_ada', '--status', 'all', '--all', '--json'],
      ['task', 'list', 'ws_support', '--assignee', 'usr_ada', '--sort', 'due'],
      ['task', 'list', '-A', '--assignee', '@me'],
      ['task', 'list', '-A', '--assignee', '@me', '--all', '--json'],
    ])
      await refused(args, env, ignored('assignee'));
  });

  it('a list without the filter is still whole, exit 0', async () => {
    const r = await runWts(['task', 'list', 'ws_support', '--status', 'all', '--all', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const all: unknown = JSON.parse(r.stdout);
    expect(Array.isArray(all) && all.length).toBeGreaterThan(20);
  });

  it('wts mcp: my_open_tasks answers a tool error with the line, never a wrong list', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [WTS_BIN, 'mcp'],
      env: Object.fromEntries(Object.entries(childEnv(env)).filter((e): e is [string, string] => e[1] !== undefined)),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'wire-guard-e2e', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({ name: 'my_open_tasks', arguments: { limit: 100 } });
      expect(result.isError).toBe(true);
      const [first] = Array.isArray(result.content) ? result.content : [];
      expect(JSON.stringify(first)).toContain(ignored('assignee').replace(/`/g, '\\`').slice(0, 40));
      expect(JSON.stringify(first)).toContain('ignored --assignee');
      expect(result.structuredContent).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});

describe('a service that ignores `status` (statusKey) and does not say so', () => {
  const sandbox = useSandbox(lenient({ query: { status: 'statusKey' } }));

  it('task list (open work is asked for column by column), --status, --all and --json: exit 1 and the line', async () => {
    for (const args of [
      ['task', 'list', 'ws_support'],
      ['task', 'list', 'ws_support', '--status', 'todo'],
      ['task', 'list', 'ws_support', '--all'],
      ['task', 'list', 'ws_support', '--all', '--json'],
      ['task', 'list', 'ws_support', '--status', 'todo,done', '--json'],
      ['task', 'list', '-A'],
    ])
      await refused(args, sandbox.env, ignored('status'));
  });
});

describe('a service that ignores `tag` (label) and does not say so', () => {
  const sandbox = useSandbox(lenient({ query: { tag: 'label' } }));

  it('task list --tag, with --all and --json: exit 1 and the line', async () => {
    for (const args of [
      ['task', 'list', 'ws_support', '--tag', 'bug'],
      ['task', 'list', 'ws_support', '--tag', 'bug', '--status', 'all', '--all', '--json'],
      ['task', 'list', '-A', '--tag', 'bug', '--json'],
    ])
      await refused(args, sandbox.env, ignored('tag'));
  });
});

describe('a service that ignores `unassigned` (noAssignee) and does not say so', () => {
  const sandbox = useSandbox(lenient({ query: { unassigned: 'noAssignee' } }));

  it('task list --unassigned and the inbox (which lists by it): exit 1 and the line', async () => {
    for (const args of [
      ['task', 'list', 'ws_support', '--unassigned'],
      ['task', 'list', 'ws_support', '--unassigned', '--status', 'all', '--all', '--json'],
      ['inbox'],
      ['inbox', '--json'],
    ])
      await refused(args, sandbox.env, ignored('unassigned'));
  });
});

describe('a service that refuses the names it does not know', () => {
  const sandbox = useSandbox({
    wire: { names: { query: { assignee: 'assigneeId' }, fields: { remindAt: 'at' } }, document: 'wts', unknown: 'refuse' },
  });

  it('blames the disagreement, not the user: exit 1, not invalid input / exit 2', async () => {
    await refused(
      ['task', 'list', 'ws_support', '--assignee', 'usr_ada'],
      sandbox.env,
      'the service does not accept `assignee` on list_tasks (wts and the service disagree on its name): run `wts doctor`',
    );
    await refused(
      ['reminder', 'create', 'task_s001', '--at', '2030-01-01T09:00:00Z', '--message', 'Check'],
      sandbox.env,
      'the service does not accept `remindAt` on create_reminder (wts and the service disagree on its name): run `wts doctor`',
    );
  });

  it("still leaves a value the user got wrong to the user (exit 2, the service's words)", async () => {
    const r = await runWts(['task', 'list', 'ws_support', '--status', 'no_such_column', '--all'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).not.toContain('wts doctor');
  });
});

describe('a service with a state and a kind wts does not know', () => {
  // It calls a waiting action "open" and a question a "poll": wts knows neither.
  const sandbox = useSandbox({
    wire: {
      names: { values: { 'PendingAction.state': { pending: 'open' }, 'PendingAction.kind': { question: 'poll' } } },
      document: 'wts',
      unknown: 'ignore',
    },
  });
  const waiting = () => sandbox.ctx.store.state.data.pendingActions.filter((a) => a.state === 'pending');

  it('the inbox lists everything that waits, as it came, exit 0', async () => {
    const r = await runWts(['inbox', '--json'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    const parsed: unknown = JSON.parse(r.stdout);
    const items: PendingAction[] = Array.isArray(parsed) ? parsed : [];
    // Everything that waits where this connection looks (not on an archived workspace): each one listed.
    const ids = new Set(waiting().map((a) => a.id));
    expect(items.length).toBeGreaterThan(5);
    for (const item of items) expect(ids.has(item.id), item.id).toBe(true);
    expect(new Set(items.map((i) => i.state))).toEqual(new Set(['open']));
    expect(items.map((i) => i.kind)).toContain('poll');
    expect(items.map((i) => i.kind)).toContain('action');
    const text = await runWts(['inbox'], { env: sandbox.env });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('poll');
    // Piped: no note (a terminal only).
    expect(text.stderr).toBe('');
  });

  it('on a terminal, says once that a value is unknown', async () => {
    const r = await runWts(['inbox'], sandbox.tty());
    expect(r.code, r.stderr).toBe(0);
    const notes = r.stderr.split('\n').filter((l) => l.includes('a value this version of wts does not know'));
    expect(notes.some((l) => l.includes('"open"'))).toBe(true);
    expect(notes.filter((l) => l.includes('"open"'))).toHaveLength(1);
  });

  it('refuses to decide an action in a state it does not know, sending no decision', async () => {
    const ids = waiting()
      .filter((a) => a.kind === 'action')
      .slice(0, 2)
      .map((a) => a.id);
    expect(ids).toHaveLength(2);
    const r = await runWts(['approval', 'approve', ...ids], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(`${ids[0]} is in a state wts does not know ("open"): wts does not decide it, and sent nothing`);
    for (const id of ids) expect(sandbox.ctx.store.state.data.pendingActions.find((a) => a.id === id)?.state).toBe('pending');
  });
});
