// `wts inbox` against the real sandbox: what waits across tasks, grouped by kind, oldest first, with its
// task — on a terminal, piped, and as JSON.
import { describe, expect, it } from 'vitest';
import { pendingActionView } from '../../src/sandbox/api/views.js';
import { expectNotFound, runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();
const KINDS = ['action', 'human_task', 'question'];

interface Expected {
  kind: string;
  id: string;
  taskId: string;
  createdAt: string;
  summary: string;
  title: string;
  workspaceId: string;
  dueDate: string | null;
  status: string;
}

/** What waits in ada's acme workspaces (or one of them), read from the sandbox's state, in the order the inbox promises. */
function expected(workspaceId?: string): Expected[] {
  const { tasks, workspaces, pendingActions } = sandbox.ctx.store.state.data;
  const shown = new Set(workspaces.filter((w) => w.orgId === 'org_acme' && (workspaceId === undefined || w.id === workspaceId)).map((w) => w.id));
  return pendingActions
    .filter((a) => a.state === 'pending')
    .map((a) => ({ a, t: tasks.find((t) => t.id === a.taskId)! }))
    .filter(({ t }) => shown.has(t.workspaceId))
    .map(({ a, t }) => ({ kind: a.kind, id: a.id, taskId: t.id, createdAt: a.createdAt, summary: a.summary, title: t.title, workspaceId: t.workspaceId, dueDate: t.dueDate, status: t.status }))
    .sort((x, y) => KINDS.indexOf(x.kind) - KINDS.indexOf(y.kind) || x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id));
}

describe('wts inbox, piped', () => {
  it('prints one line per item: kind, id, task, time, summary, task title, workspace; grouped by kind, oldest first', async () => {
    const want = expected();
    expect(new Set(want.map((w) => w.kind))).toEqual(new Set(KINDS)); // the seed has every kind waiting
    expect(new Set(want.map((w) => w.workspaceId)).size).toBeGreaterThan(1); // across workspaces
    const r = await runWts(['inbox'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(want.map((w) => `${[w.kind, w.id, w.taskId, w.createdAt, w.summary, w.title, w.workspaceId].join('\t')}\n`).join(''));
    expect(r.stderr).toBe(''); // no progress line when stderr is not a terminal
  });

  it('keeps what waits on a task that is already done', async () => {
    const item = expected().find((w) => w.kind === 'question')!;
    const done = await runWts(['task', 'complete', item.taskId], { env: sandbox.env });
    expect(done.code, done.stderr).toBe(0);
    const r = await runWts(['inbox'], { env: sandbox.env });
    expect(r.stdout.split('\n').map((l) => l.split('\t')[1])).toContain(item.id);
  });

  it('limits itself to one workspace with --workspace', async () => {
    const want = expected('ws_sales');
    expect(want.length).toBeGreaterThan(0);
    const r = await runWts(['inbox', '--workspace', 'ws_sales'], { env: sandbox.env });
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n').map((l) => l.split('\t')[1])).toEqual(want.map((w) => w.id));
  });
});

describe('wts inbox --json', () => {
  it('prints the pending actions, each with its task, in the same order', async () => {
    const want = expected();
    const r = await runWts(['inbox', '--json'], { env: sandbox.env, tty: true });
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as { id: string; task: unknown }[];
    const byId = new Map(sandbox.ctx.store.state.data.pendingActions.map((a) => [a.id, a]));
    expect(list).toEqual(want.map((w) => ({ ...pendingActionView(byId.get(w.id)!), task: { id: w.taskId, title: w.title, workspaceId: w.workspaceId, dueDate: w.dueDate, status: w.status } })));
  });
});

describe('wts inbox on a terminal', () => {
  it('shows a section per kind with its count, each item with its task, and a progress line that is erased', async () => {
    const want = expected();
    const r = await runWts(['inbox'], sandbox.tty({ columns: 200 }));
    expect(r.code).toBe(0);
    const headings = [...r.stdout.matchAll(/^(Actions to approve|Tasks for people|Questions to answer) \((\d+)\)$/gm)].map((m) => [m[1], Number(m[2])]);
    expect(headings).toEqual([
      ['Actions to approve', want.filter((w) => w.kind === 'action').length],
      ['Tasks for people', want.filter((w) => w.kind === 'human_task').length],
      ['Questions to answer', want.filter((w) => w.kind === 'question').length],
    ]);
    const lines = r.stdout.split('\n');
    for (const w of want) {
      const at = lines.findIndex((l) => l.startsWith(`  ${w.id}`));
      expect(lines[at]).toContain(`  ${w.summary}  `);
      // The task, its workspace, and "overdue" as a word for a task past its due date (no color here).
      const overdue = w.dueDate !== null && w.status !== 'done' && Date.parse(w.dueDate) < Date.now();
      expect(lines[at + 1]).toContain(`${w.taskId} · ${w.workspaceId} · ${overdue ? 'overdue · ' : ''}${w.title}`.slice(0, 40));
    }
    // The order on the screen is the promised one.
    expect(lines.filter((l) => /^ {2}act_/.test(l)).map((l) => l.trim().split(/\s+/)[0])).toEqual(want.map((w) => w.id));
    const taskCount = sandbox.ctx.store.state.data.tasks.filter((t) => ['ws_support', 'ws_sales', 'ws_ops'].includes(t.workspaceId)).length;
    expect(r.stderr).toContain(`checking ${taskCount} tasks… ${taskCount}/${taskCount}, ${want.length} waiting`);
    // Items showed above the progress line as they turned up, then all of it was erased.
    for (const w of want.slice(-1)) expect(r.stderr).toContain(w.id);
    expect(r.stderr).toMatch(/\r\x1b\[2K(\x1b\[1A\x1b\[2K)+Decide one by one: wts approval review\n$/);
  });

  it('gets through a 429 storm (half the requests refused, Retry-After: 1): every item, exit 0', async () => {
    const want = expected();
    const before = await sandbox.requests();
    await sandbox.setFaults({ rate429: 0.5, retryAfterSeconds: 1 });
    try {
      const r = await runWts(['inbox'], { env: sandbox.env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trimEnd().split('\n').map((l) => l.split('\t')[1])).toEqual(want.map((w) => w.id));
      // Refused requests were retried: more requests than tasks.
      const taskCount = sandbox.ctx.store.state.data.tasks.filter((t) => ['ws_support', 'ws_sales', 'ws_ops'].includes(t.workspaceId)).length;
      expect((await sandbox.requests()) - before).toBeGreaterThan(taskCount);
    } finally {
      await sandbox.setFaults({ rate429: 0, retryAfterSeconds: 0 });
    }
  }, 90_000); // each refused request waits its second: the unluckiest, refused seven times, waits seven

  it('gives up with exit 7 once WTS_RATE_LIMIT_WAIT_MS has passed under a storm', async () => {
    await sandbox.setFaults({ rate429: 1, retryAfterSeconds: 1 });
    try {
      const r = await runWts(['inbox'], { env: { ...sandbox.env, WTS_RATE_LIMIT_WAIT_MS: '1500' } });
      expect(r.code).toBe(7);
      expect(r.stderr).toMatch(/^wts: rate limited: .*; try again in 1 s\n$/);
    } finally {
      await sandbox.setFaults({ rate429: 0, retryAfterSeconds: 0 });
    }
  });

  it('fits the width of the terminal', async () => {
    const r = await runWts(['inbox'], sandbox.tty({ columns: 60 }));
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(60);
    expect(r.stdout).toContain('…');
  });

  it('says so when nothing waits', async () => {
    const created = JSON.parse((await runWts(['workspace', 'create', 'Quiet corner', '--json'], { env: sandbox.env })).stdout) as { id: string };
    const tty = await runWts(['inbox', '--workspace', created.id], sandbox.tty());
    expect(tty.code).toBe(0);
    expect(tty.stdout).toBe('');
    expect(tty.stderr).toMatch(/Nothing is waiting for a decision\.\n$/);
    expect(await runWts(['inbox', '--workspace', created.id], { env: sandbox.env })).toMatchObject({ code: 0, stdout: '' });
    expect(JSON.parse((await runWts(['inbox', '--workspace', created.id, '--json'], { env: sandbox.env })).stdout)).toEqual([]);
  });
});

describe('wts inbox errors', () => {
  it('exits 3 for an unknown workspace', async () => {
    await expectNotFound(['inbox', '--workspace', 'ws_nope'], { env: sandbox.env });
  });

  it('names --workspace when its value is out of bounds, sending nothing', async () => {
    const before = await sandbox.requests();
    const r = await runWts(['inbox', '--workspace', 'x'.repeat(65)], { env: sandbox.env });
    expect(r).toMatchObject({ code: 2, stderr: 'wts: --workspace: must be at most 64 characters\n', stdout: '' });
    expect(await sandbox.requests()).toBe(before);
  });

  it('exits 4 without credentials and 4 when the token is refused', async () => {
    expect((await runWts(['inbox'], { env: { WTS_ORIGIN: sandbox.origin } })).code).toBe(4);
    const refused = await runWts(['inbox'], { env: { ...sandbox.env, WTS_TOKEN: 'not-a-token' } });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/^wts: sign-in needed: .* — run `wts login`\n$/);
  });
});
