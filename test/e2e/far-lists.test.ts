// Lists against a far, large service: the sandbox with 10,000 more tasks (the workspace ws_bulk, every
// one in todo, oldest first) and every answer 20 ms late. What a list costs is asserted as the requests
// it sends, never as a time: a change that reads a page more per column, or a round trip per item, fails
// a count here on any machine.
import { describe, expect, it } from 'vitest';
import { runWts } from '../helpers/cli.js';
import { faultProxy } from '../helpers/fault-proxy.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const BULK = 10_000;
const sandbox = useSandbox({ seedTasks: BULK, faults: { latencyMs: 20 } });
const lines = (text: string) => text.split('\n').filter(Boolean);
const ids = (text: string) => lines(text).map((l) => l.split('\t')[0]);
/** The first `n` tasks of ws_bulk in the service's order. */
const firstBulk = (n: number) => Array.from({ length: n }, (_, i) => `task_bulk_${i + 1}`);

describe('task list over 10,000 tasks, far away', () => {
  it('by default reads the columns and the first page of todo, at once: 2 requests for 30 rows', async () => {
    const r = await sandbox.counted(['task', 'list', 'ws_bulk', '--verbose']);
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r.stdout)).toEqual(firstBulk(30));
    expect(r.stderr).toBe('showing 30 of more — use --limit N or --all for the rest\n');
    // todo fills the rows and has pages left: the other open columns would add no row and no count.
    expect(r.requests).toBe(2);
  });

  it('in a workspace whose first column does not fill the rows: the columns and one page of each open column', async () => {
    const r = await sandbox.counted(['task', 'list', 'ws_support', '--verbose']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^Showing 30 of \d+ tasks; more with --limit \d+ or --all\n$/);
    expect(r.requests).toBe(4);
  });

  it('--limit 100 reads only the pages those rows need: the columns, the first pages, and one more of todo', async () => {
    // todo's first page (50) does not fill the rows: every open column's first page, and todo's second.
    const r = await sandbox.counted(['task', 'list', 'ws_bulk', '--limit', '100']);
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r.stdout)).toEqual(firstBulk(100));
    expect(r.requests).toBe(5);
  });

  it('--limit 5 costs what the default costs, on a terminal too', async () => {
    const r = await sandbox.counted(['task', 'list', 'ws_bulk', '--limit', '5'], sandbox.tty());
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toHaveLength(6); // the header and 5 rows
    expect(r.requests).toBe(2);
  });

  it('--status all with a limit reads each listed column at once, not every task', async () => {
    const r = await sandbox.counted(['task', 'list', 'ws_bulk', '--status', 'all', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { id: string }[]).map((t) => t.id)).toEqual(firstBulk(30));
    expect(r.requests).toBe(5); // the columns, then todo, in_progress, waiting and done
  });

  it('two tags read only the pages the rows need, and a rare tag first costs less', async () => {
    // Every task is tagged bulk, every fifth also sample (task_bulk_1, 6, 11, …): the 30 shown with both.
    const both = Array.from({ length: 30 }, (_, i) => `task_bulk_${i * 5 + 1}`);
    const common = await sandbox.counted(['task', 'list', 'ws_bulk', '--tag', 'bulk', '--tag', 'sample', '--verbose']);
    expect(common.code, common.stderr).toBe(0);
    expect(ids(common.stdout)).toEqual(both);
    expect(common.stderr).toBe('showing 30 of more — use --limit N or --all for the rest\n');
    // The service filters by bulk (every task): the columns, todo's first page and the other open
    // columns', then todo's second and third (tasks 51 to 150, holding the 11th to 30th sample): not 200.
    expect(common.requests).toBe(6);
    // The service filters by sample: todo's first page fills the rows, as with one tag.
    const rare = await sandbox.counted(['task', 'list', 'ws_bulk', '--tag', 'sample', '--tag', 'bulk']);
    expect(ids(rare.stdout)).toEqual(both);
    expect(rare.requests).toBe(2);
  });

  it('--sort due reads every task of the open columns (and says so on a terminal, counting), then shows the first', async () => {
    const r = await sandbox.counted(['task', 'list', 'ws_bulk', '--sort', 'due', '--limit', '3'], sandbox.tty());
    expect(r.code, r.stderr).toBe(0);
    // The note stays; under it a count redrawn in place as pages come, erased before the rows.
    const [note, progress] = r.stderr.split('\n', 2);
    expect(note).toBe('Reading every task to sort by due…');
    const counts = [...(progress ?? '').matchAll(/\r\x1b\[2K([\d,]+) tasks read…/g)].map((m) => Number(m[1]?.replaceAll(',', '')));
    // Each page of todo's adds 50 (an empty page of another column may redraw a count unchanged).
    expect([...new Set(counts)]).toEqual(Array.from({ length: BULK / 50 }, (_, i) => (i + 1) * 50));
    expect(r.stderr.endsWith(`10,000 tasks read…\r\x1b[2KShowing 3 of ${BULK} tasks; more with --limit ${BULK} or --all\n`)).toBe(true);
    // Undated, so in the service's order.
    expect(
      lines(r.stdout)
        .slice(1)
        .map((l) => l.split(/\s+/)[0]),
    ).toEqual(firstBulk(3));
    // The columns, 200 pages of todo, one of in_progress and one of waiting.
    expect(r.requests).toBe(1 + BULK / 50 + 2);
  });

  it('task board on a terminal reads the first page of each column: the columns and 4 pages', async () => {
    const r = await sandbox.counted(['task', 'board', 'ws_bulk'], sandbox.tty());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^To do \(50\+\)/);
    expect(r.stdout).toContain('+40+ more');
    expect(r.stdout).toContain('task_bulk_10 ');
    expect(r.stdout).not.toContain('task_bulk_11 ');
    expect(r.requests).toBe(5);
  });
});

describe('inbox over 10,000 more tasks, far away', () => {
  it("lists ws_bulk in two walks at once, nobody's and somebody's, checks each task once, and prints the promised items in order", async () => {
    const { tasks, workspaces, pendingActions } = sandbox.ctx.store.state.data;
    const acme = new Set(workspaces.filter((w) => w.orgId === 'org_acme').map((w) => w.id));
    const listedTasks = tasks.filter((t) => acme.has(t.workspaceId));
    const bulk = tasks.filter((t) => t.workspaceId === 'ws_bulk');
    const nobodys = bulk.filter((t) => t.assigneeIds.length === 0).length;
    // The inbox's promise, from the service's state: every pending item of the organization, by kind, oldest first.
    const kinds = ['action', 'human_task', 'question'];
    const want = pendingActions
      .filter((a) => a.state === 'pending' && acme.has(tasks.find((t) => t.id === a.taskId)?.workspaceId ?? ''))
      .sort((x, y) => kinds.indexOf(x.kind) - kinds.indexOf(y.kind) || x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id))
      .map((a) => a.id);
    expect(want.length).toBeGreaterThan(0);

    const proxy = await faultProxy(sandbox.origin);
    try {
      const r = await runWts(['inbox'], { env: { ...sandbox.env, WTS_ORIGIN: proxy.origin } });
      expect(r.code, r.stderr).toBe(0);
      expect(lines(r.stdout).map((l) => l.split('\t')[1])).toEqual(want);
      // A request sent again (a kept-alive connection closed under it) repeats its path: counted once.
      const seq = (match: (path: string) => boolean) => {
        const seen = new Set<string>();
        return proxy.log.filter((e) => match(e.path) && !seen.has(e.path) && seen.add(e.path)).map((e) => e.seq);
      };
      const isPage = (p: string) => /^\/api\/v1\/workspaces\/[^/]+\/tasks\?/.test(p);
      const isCheck = (p: string) => /^\/api\/v1\/tasks\/[^/]+\/pending-actions$/.test(p);
      const walk = (unassigned: boolean) =>
        seq((p) => p.startsWith('/api/v1/workspaces/ws_bulk/tasks?') && p.includes(`unassigned=${unassigned}`));
      const [none, some] = [walk(true), walk(false)];
      // Two walks, 50 a page, and no listing of every task in one walk.
      expect(none).toHaveLength(Math.ceil(nobodys / 50));
      expect(some).toHaveLength(Math.ceil((bulk.length - nobodys) / 50));
      expect(seq((p) => isPage(p) && !p.includes('unassigned='))).toHaveLength(0);
      // At once: each walk's first page asked for before the other's second, and the shorter walk
      // ended before the longer one's last page was asked for (one after the other fails either).
      expect(none[0]).toBeLessThan(some[1]!);
      expect(some[0]).toBeLessThan(none[1]!);
      expect(some.at(-1)).toBeLessThan(none.at(-1)!);
      // Each task checked once, and nothing else asked for but the workspaces, the pages and the checks.
      expect(seq(isCheck)).toHaveLength(listedTasks.length);
      expect(proxy.log.filter((e) => !isPage(e.path) && !isCheck(e.path)).map((e) => e.path)).toEqual(['/api/v1/workspaces']);
    } finally {
      await proxy.close();
    }
  }, 180_000);
});
