// `wts inbox` against the real sandbox: what waits across tasks, grouped by kind, oldest first, with its
// task — on a terminal, piped, and as JSON; over several pages of tasks, checked while they are listed.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { pendingActionView } from '../../src/sandbox/api/views.js';
import { expectNotFound, runWts } from '../helpers/cli.js';
import { signIn } from '../helpers/auth.js';
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

/** The second field of each piped line: the item's id. */
const idsOf = (stdout: string): (string | undefined)[] =>
  stdout
    .trimEnd()
    .split('\n')
    .map((l) => l.split('\t')[1]);

/** What waits in ada's acme workspaces (or one of them), read from the sandbox's state, in the order the inbox promises. */
function expected(workspaceId?: string): Expected[] {
  const { tasks, workspaces, pendingActions } = sandbox.ctx.store.state.data;
  const shown = new Set(
    workspaces.filter((w) => w.orgId === 'org_acme' && (workspaceId === undefined || w.id === workspaceId)).map((w) => w.id),
  );
  return pendingActions
    .filter((a) => a.state === 'pending')
    .map((a) => ({ a, t: tasks.find((t) => t.id === a.taskId)! }))
    .filter(({ t }) => shown.has(t.workspaceId))
    .map(({ a, t }) => ({
      kind: a.kind,
      id: a.id,
      taskId: t.id,
      createdAt: a.createdAt,
      summary: a.summary,
      title: t.title,
      workspaceId: t.workspaceId,
      dueDate: t.dueDate,
      status: t.status,
    }))
    .sort((x, y) => KINDS.indexOf(x.kind) - KINDS.indexOf(y.kind) || x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id));
}

describe('wts inbox, piped', () => {
  it('prints one line per item: kind, id, task, time, summary, task title, workspace; grouped by kind, oldest first', async () => {
    const want = expected();
    expect(new Set(want.map((w) => w.kind))).toEqual(new Set(KINDS)); // the seed has every kind waiting
    expect(new Set(want.map((w) => w.workspaceId)).size).toBeGreaterThan(1); // across workspaces
    const r = await runWts(['inbox'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      want.map((w) => `${[w.kind, w.id, w.taskId, w.createdAt, w.summary, w.title, w.workspaceId].join('\t')}\n`).join(''),
    );
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
    expect(idsOf(r.stdout)).toEqual(want.map((w) => w.id));
  });
});

describe('wts inbox --json', () => {
  it('prints the pending actions, each with its task, in the same order', async () => {
    const want = expected();
    const r = await runWts(['inbox', '--json'], { env: sandbox.env, tty: true });
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as { id: string; task: unknown }[];
    const byId = new Map(sandbox.ctx.store.state.data.pendingActions.map((a) => [a.id, a]));
    expect(list).toEqual(
      want.map((w) => ({
        ...pendingActionView(byId.get(w.id)!),
        task: { id: w.taskId, title: w.title, workspaceId: w.workspaceId, dueDate: w.dueDate, status: w.status },
      })),
    );
  });
});

describe('wts inbox on a terminal', () => {
  it('shows a section per kind with its count, each item with its task, and a progress line that is erased', async () => {
    const want = expected();
    const r = await runWts(['inbox'], sandbox.tty({ columns: 200 }));
    expect(r.code).toBe(0);
    const headings = [...r.stdout.matchAll(/^(Actions to approve|Tasks for people|Questions to answer) \((\d+)\)$/gm)].map((m) => [
      m[1],
      Number(m[2]),
    ]);
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
    expect(r.stderr).toContain(`checked ${taskCount} of ${taskCount} tasks, ${want.length} waiting`);
    // Items showed above the progress line as they turned up, the first in the inbox's order among them,
    // then all of it was erased.
    expect(r.stderr).toContain(`${want[0]!.kind.padEnd(10)} ${want[0]!.id}  ${want[0]!.summary}`);
    expect(r.stderr).toMatch(/\r\x1b\[2K(\x1b\[1A\x1b\[2K)+Decide one by one: wts approval review\n$/);
  });

  it('gets through a 429 storm (half the requests refused, Retry-After: 1): every item, exit 0', async () => {
    const want = expected();
    const before = await sandbox.requests();
    await sandbox.setFaults({ rate429: 0.5, retryAfterSeconds: 1 });
    try {
      const r = await runWts(['inbox'], { env: sandbox.env });
      expect(r.code, r.stderr).toBe(0);
      expect(idsOf(r.stdout)).toEqual(want.map((w) => w.id));
      // Refused requests were retried: more requests than tasks.
      const taskCount = sandbox.ctx.store.state.data.tasks.filter((t) =>
        ['ws_support', 'ws_sales', 'ws_ops'].includes(t.workspaceId),
      ).length;
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
    const created = JSON.parse((await runWts(['workspace', 'create', 'Quiet corner', '--json'], { env: sandbox.env })).stdout) as {
      id: string;
    };
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

/**
 * A loopback proxy in front of the sandbox that logs every request's path in the order they come, and
 * can hold requests back until something else has arrived (so an order is shown without any timing).
 */
async function loggingProxy(
  target: string,
  hold: {
    until: (path: string) => boolean;
    holds: (path: string) => boolean;
    /** Called as the first request `until` names arrives, before anything held goes on. */
    onFirst?: () => Promise<void>;
    /** The Authorization header to send upstream instead of the client's, for some paths. */
    authorization?: (path: string) => string | undefined;
  },
) {
  const log: string[] = [];
  const held: (() => void)[] = [];
  let arrived = false;
  let releasedByTimer = false;
  // A way out if what releases them never comes (the test then fails instead of hanging): from the first
  // request held, not from the proxy's start, and long, so a slow machine's start-up is not mistaken for it.
  let fallback: NodeJS.Timeout | undefined;
  const holdBack = (go: () => void) => {
    held.push(go);
    fallback ??= setTimeout(() => {
      releasedByTimer = true;
      for (const release of held.splice(0)) release();
    }, 20_000);
  };
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const { host } = new URL(target);
    const authorization = hold.authorization?.(req.url!) ?? req.headers.authorization;
    const upstream = request(`${target}${req.url}`, { method: req.method, headers: { ...req.headers, host, authorization } }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const path = req.url!;
      log.push(path);
      const go = () => forward(req, res, Buffer.concat(chunks));
      if (!arrived && hold.until(path)) {
        arrived = true;
        await hold.onFirst?.();
        for (const release of held.splice(0)) release();
      }
      if (!arrived && hold.holds(path)) holdBack(go);
      else go();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    log,
    releasedByTimer: () => releasedByTimer,
    close: () => {
      clearTimeout(fallback);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('wts inbox over more tasks than a page holds', () => {
  // A workspace "Bulk" of 380 tasks, a third of them assigned: nine pages of list_tasks (50 a page) in two
  // walks, nobody's and somebody's.
  const bulk = useSandbox({ seedTasks: 380 });
  const isCheck = (path: string) => /\/pending-actions(\?|$)/.test(path);
  const isBulkPage = (path: string) => path.startsWith('/api/v1/workspaces/ws_bulk/tasks');

  it('checks tasks while their listing goes on: a page after the first is not answered before a check came', async () => {
    const direct = await runWts(['inbox', '--json'], { env: bulk.env });
    expect(direct.code, direct.stderr).toBe(0);
    const proxy = await loggingProxy(bulk.origin, { until: isCheck, holds: (p) => isBulkPage(p) && p.includes('cursor=') });
    try {
      const r = await runWts(['inbox', '--json'], { env: { ...bulk.env, WTS_ORIGIN: proxy.origin } });
      expect(r.code, r.stderr).toBe(0);
      expect(proxy.releasedByTimer()).toBe(false);
      // The same items as without the proxy, after one check per task.
      expect(r.stdout).toBe(direct.stdout);
      // Two walks at once: 253 tasks nobody is assigned to (6 pages), 127 with someone (3 pages).
      const pages = proxy.log.filter(isBulkPage);
      expect(pages.filter((p) => p.includes('unassigned=true'))).toHaveLength(6);
      expect(pages.filter((p) => p.includes('unassigned=false'))).toHaveLength(3);
      const tasks = bulk.ctx.store.state.data.tasks.filter((t) =>
        bulk.ctx.store.state.data.workspaces.some((w) => w.id === t.workspaceId && w.orgId === 'org_acme'),
      );
      expect(proxy.log.filter(isCheck)).toHaveLength(tasks.length);
      expect(proxy.log.findIndex(isCheck)).toBeLessThan(proxy.log.lastIndexOf(pages.at(-1)!));
    } finally {
      await proxy.close();
    }
  });

  it('stops listing after the first failure of a check (its connection revoked meanwhile): exit 4, the pages left unread', async () => {
    const own = await signIn(bulk.origin);
    const revoke = async () => {
      const res = await fetch(`${bulk.origin}/oauth/revoke`, {
        method: 'POST',
        body: new URLSearchParams({ client_id: own.client.client_id, token: own.refresh_token! }),
      });
      expect(res.status).toBe(200);
    };
    // The connection is revoked as the first check arrives; the listing goes on under another sign-in,
    // so only the checks fail, and walks that went on would read all seven pages after their first.
    const proxy = await loggingProxy(bulk.origin, {
      until: isCheck,
      holds: (p) => isBulkPage(p) && p.includes('cursor='),
      onFirst: revoke,
      authorization: (p) => (isCheck(p) ? undefined : `Bearer ${bulk.token}`),
    });
    try {
      const r = await runWts(['inbox'], { env: { WTS_ORIGIN: proxy.origin, WTS_TOKEN: own.access_token } });

      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/^wts: sign-in needed: .* — run `wts login`\n$/);
      // The page each walk asked for before the refusal came back, perhaps one more: not the rest (the
      // walk of nobody's tasks has five after its first).
      const later = proxy.log.filter((p) => isBulkPage(p) && p.includes('cursor='));
      expect(later.filter((p) => p.includes('unassigned=true')).length).toBeLessThanOrEqual(2);
      expect(later.length).toBeLessThanOrEqual(4);
    } finally {
      await proxy.close();
    }
  });
});
