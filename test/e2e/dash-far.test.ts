// `wts dash`'s first screen against a far, large service: the sandbox with 10,000 more tasks (ws_bulk)
// and every answer 20 ms late, the dashboard on a real terminal (tmux) through the fault proxy, which
// holds some requests until the test lets them go. What the first screen costs is asserted as the
// requests it sent, never as a time: the board and the schedules show while the inbox's
// listing of every task has not been answered at all, and the inbox fills in, with its progress, while
// one last check is held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitingIn } from '../helpers/api.js';
import { changeStoredCredentials, expectLoggedIn, workdir } from '../helpers/credentials.js';
import { faultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { TMUX, useTerminal } from '../helpers/tmux.js';

if (!TMUX) console.warn('dash-far.test: tmux is not installed, so the dashboard on a terminal is skipped (CI installs it: .ci/run)');

const sandbox = useSandbox({ seedTasks: 10_000, faults: { latencyMs: 20 } });

/** A gate a held request waits at until it is opened. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.skipIf(!TMUX)('wts dash over 10,000 tasks, far away (tmux)', () => {
  const term = useTerminal('wts-dash-far-');
  let proxy: FaultProxy;
  beforeAll(async () => {
    proxy = await faultProxy(sandbox.origin);
  });
  afterAll(async () => {
    await proxy.close();
  });

  it('shows the board and the schedules before the inbox has listed a task, in a few requests, then fills in the inbox with its progress', {
    timeout: 480_000,
  }, async () => {
    const { workspaces } = sandbox.ctx.store.state.data;
    const inAcme = new Set(workspaces.filter((w) => w.orgId === 'org_acme' && !w.archived).map((w) => w.id));
    const acme = inAcme.size;
    const tasks = sandbox.ctx.store.state.data.tasks.filter((t) => inAcme.has(t.workspaceId)).length;
    // The inbox's order: by kind, oldest first.
    const kinds = ['action', 'human_task', 'question'];
    const order = waitingIn(sandbox, 'org_acme')
      .sort((x, y) => kinds.indexOf(x.kind) - kinds.indexOf(y.kind) || x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id))
      .map((a) => a.id);
    // The inbox's listing (nobody's and somebody's tasks of each workspace) waits at the first gate; the
    // check of the last bulk task at the second (opened once the partial inbox is seen: well within the
    // client's 30 s for an answer, as the seeded workspaces' tasks are listed and checked first).
    const listing = gate();
    const lastCheck = gate();
    const isWalk = (path: string) => /\/workspaces\/[^/]+\/tasks\?/.test(path) && path.includes('unassigned=');
    proxy.setRule(async (ex) => {
      if (isWalk(ex.path)) await listing.opened;
      if (ex.path.startsWith('/api/v1/tasks/task_bulk_10000/pending-actions')) await lastCheck.opened;
    });
    const api = (match: (path: string) => boolean) => proxy.count((e) => e.path.startsWith('/api/v1/') && match(e.path));

    const dash = term.run(['wts', 'dash'], {
      env: { ...sandbox.env, WTS_ORIGIN: proxy.origin, WTS_WORKSPACE: 'ws_bulk', NO_COLOR: '1' },
      cols: 100,
      rows: 24,
      visible: true,
    });
    // The first screen: the board and the schedules have rows, the inbox says it is loading. (With a
    // token, who you are is not known: "My tasks" says so at once.) The listing's requests are held, and
    // the client waits 30 s for an answer: this screen comes well before.
    await dash.waitFor(
      'the board and the schedules, the inbox loading',
      (t) =>
        /\[1 Inbox \(0…\)\]/.test(t) && /2 My tasks \(0\)/.test(t) && /3 Board \S+ \(50…\)/.test(t) && /4 Schedules \([1-9]\d*\)/.test(t),
      25_000,
    );
    // What it cost, at most: the workspaces, the schedules, the board's columns and the first page of each,
    // and the listing's first page of each half of each workspace (held, so nothing follows them). No
    // check of a task yet, and nothing per task.
    const firstScreen = 1 + 1 + 1 + 4 + 2 * acme;
    expect(api(() => true)).toBeLessThanOrEqual(firstScreen);
    await expect.poll(() => api(isWalk), { timeout: 25_000 }).toBe(2 * acme);
    expect(api((p) => p === '/api/v1/workspaces')).toBe(1);
    expect(api((p) => p.startsWith('/api/v1/scheduled-tasks'))).toBe(1);
    expect(api((p) => p.startsWith('/api/v1/workspaces/ws_bulk/statuses'))).toBe(1);
    expect(api((p) => /\/tasks\?.*status=/.test(p))).toBe(4);
    // My tasks' first page in each workspace is asked for when who you are is known (not with a token).
    expect(api((p) => /\/tasks\?.*assignee=/.test(p))).toBe(0);
    expect(api((p) => p.includes('/pending-actions'))).toBe(0);
    expect(api(() => true)).toBe(firstScreen);

    dash.keys('3');
    const board = await dash.waitFor(
      'the first page of each column',
      (t) => /\[3 Board \S+ \(50…\)\]/.test(t) && t.includes('› task_bulk_1 '),
    );
    expect(board).toContain('the first 50 tasks of each column so far…');
    expect(board).toMatch(/To do \(50\)/);
    // The listing goes on; the inbox fills in as tasks are checked, and says how far it is.
    listing.open();
    dash.keys('1');
    const partial = await dash.waitFor(
      'the inbox partly checked',
      (t) => t.includes(`[1 Inbox (${order.length}…)]`) && /checked [\d,]+ of [\d,]+ (listed so far|tasks)/.test(t),
      120_000,
    );
    // Every seeded item is there, the first in the inbox's order selected; the last bulk task is not
    // checked yet (its check is held, or not sent), so the inbox is not complete.
    expect(partial).toContain(`› ${order[0]} `);
    expect(partial).not.toContain('refreshed');
    dash.keys('j');
    await dash.waitFor('the second item selected', `› ${order[1]} `);

    // The last check answers: the inbox is complete, the selection where it was.
    lastCheck.open();
    // Every task checked (watched from the proxy's log: reading the screen meanwhile would slow the
    // sandbox, which runs in this process), then the screen.
    await expect.poll(() => api((p) => p.includes('/pending-actions')), { timeout: 300_000, interval: 500 }).toBeGreaterThanOrEqual(tasks);
    const done = await dash.waitFor(
      'the inbox complete',
      (t) => t.includes(`[1 Inbox (${order.length})]`) && t.includes('refreshed'),
      120_000,
    );
    expect(done).toContain(`› ${order[1]} `);
    expect(done).not.toContain('checked ');
    dash.keys('q');
    expect((await dash.done()).code).toBe(0);
  });

  it('signed in, shows the first page of my tasks in each workspace at once, then all of them once listed', {
    timeout: 240_000,
  }, async () => {
    // Who you are comes from a stored sign-in (with a token it is not known). Signed in to the sandbox,
    // the stored record then names the proxy, which the dashboard is pointed at.
    const w = workdir();
    await expectLoggedIn(sandbox.origin, w);
    changeStoredCredentials(w.credentialsFile, 'default', (c) => {
      c.origin = proxy.origin;
    });
    const { workspaces, tasks } = sandbox.ctx.store.state.data;
    const inAcme = workspaces.filter((ws) => ws.orgId === 'org_acme' && !ws.archived).map((ws) => ws.id);
    const mineIn = (id: string) => tasks.filter((t) => t.workspaceId === id && t.assigneeIds.includes('usr_ada') && t.status !== 'done');
    // The first page (50) of each workspace's tasks assigned to me: all of mine but in ws_bulk, of which
    // every one is open.
    for (const id of inAcme)
      if (id !== 'ws_bulk') expect(tasks.filter((t) => t.workspaceId === id && t.assigneeIds.includes('usr_ada')).length).toBeLessThan(50);
    const firstPages = inAcme.reduce((n, id) => n + (id === 'ws_bulk' ? 50 : mineIn(id).length), 0);
    const all = inAcme.reduce((n, id) => n + mineIn(id).length, 0);
    expect(all).toBeGreaterThan(firstPages);

    // The inbox's listing waits at a gate, so My tasks can only come from its first pages; the inbox's
    // checks wait at another, opened at the end, so the listing is all the sandbox answers once let go.
    const listing = gate();
    const checks = gate();
    const isWalk = (path: string) => /\/workspaces\/[^/]+\/tasks\?/.test(path) && path.includes('unassigned=');
    proxy.setRule(async (ex) => {
      if (isWalk(ex.path)) await listing.opened;
      if (ex.path.includes('/pending-actions')) await checks.opened;
    });
    // Requests from here on: the proxy has counted the other test's too.
    const since = (match: (path: string) => boolean) => {
      const base = proxy.count((e) => match(e.path));
      return () => proxy.count((e) => match(e.path)) - base;
    };
    const mine = since((p) => /\/tasks\?.*assignee=/.test(p));
    const mineBeyondOnePage = since((p) => /\/tasks\?.*assignee=/.test(p) && !p.includes('limit=50'));
    // All but the selected task's detail (the task, its messages, its pending actions).
    const sections = since((p) => p.startsWith('/api/v1/') && !p.startsWith('/api/v1/tasks/'));
    const dash = term.run(['wts', 'dash'], {
      env: {
        WTS_CONFIG_DIR: w.configDir,
        WTS_CREDENTIALS_FILE: w.credentialsFile,
        WTS_ORIGIN: proxy.origin,
        WTS_WORKSPACE: 'ws_bulk',
        NO_COLOR: '1',
      },
      cols: 100,
      rows: 24,
      visible: true,
    });
    dash.keys('2');
    const first = await dash.waitFor(
      'the first page of my tasks in each workspace',
      (t) => t.includes(`[2 My tasks (${firstPages}…)]`),
      25_000,
    );
    expect(first).toContain('the first 50 of each workspace so far…');
    // One page of each workspace, asked for once, beside the first screen's other requests: the
    // workspaces, the schedules, the board's columns and the first page of each, and the listing's first
    // page of each half of each workspace (held).
    expect([mine(), mineBeyondOnePage()]).toEqual([inAcme.length, 0]);
    expect(sections()).toBeLessThanOrEqual(1 + 1 + 1 + 4 + 2 * inAcme.length + inAcme.length);

    try {
      listing.open();
      // Well within the client's 30 s for a held check's answer.
      await dash.waitFor('all my open tasks, listed', (t) => t.includes(`[2 My tasks (${all})]`), 25_000);
      // From the listing, not a second walk of my own.
      expect(mine()).toBe(inAcme.length);
      dash.keys('q');
      expect((await dash.done()).code).toBe(0);
    } finally {
      checks.open();
    }
  });
});
