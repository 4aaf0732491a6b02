// `wts task list -A` (--all-workspaces), and `--assignee @me` across workspaces as `gh search issues
// --assignee @me`: workspace by workspace, each in board order, a WORKSPACE column, and only the pages
// the rows need (counted as requests, never timed).
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../src/contract/resources.js';
import { runWts } from '../helpers/cli.js';
import { expectLoggedIn, workdir } from '../helpers/credentials.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

type Task = Resource<'Task'>;
type Status = Resource<'Status'>;

const sandbox = useSandbox();

async function counted(args: string[], options: Parameters<typeof runWts>[1] = { env: sandbox.env }) {
  const before = await sandbox.requests();
  const r = await runWts(args, options);
  return { ...r, requests: (await sandbox.requests()) - before };
}

/** What -A should show, from the API: each workspace's open columns in board order, the service's order in each. */
async function expected(query: Record<string, string> = {}): Promise<Task[]> {
  const { items: workspaces } = (await sandbox.api.ok('GET', '/workspaces')) as { items: { id: string }[] };
  const out: Task[] = [];
  for (const w of workspaces) {
    const { items: statuses } = (await sandbox.api.ok('GET', `/workspaces/${w.id}/statuses`)) as { items: Status[] };
    for (const s of [...statuses].sort((a, b) => a.position - b.position)) {
      if (s.key === 'done') continue;
      const page = (await sandbox.api.ok('GET', `/workspaces/${w.id}/tasks`, { query: { ...query, status: s.key, limit: 50 } })) as {
        items: Task[];
        nextCursor?: string | null;
      };
      expect(page.nextCursor ?? null).toBeNull();
      out.push(...page.items);
    }
  }
  return out;
}

const rowsOf = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t').slice(0, 2).join(' '));

describe('wts task list -A', () => {
  it('--assignee @me lists my open tasks in every workspace, with the workspace first', async () => {
    const mine = await expected({ assignee: 'usr_ada' });
    expect(new Set(mine.map((t) => t.workspaceId)).size).toBeGreaterThan(1);
    // @me is who signed in: a stored sign-in, not the fixture's WTS_TOKEN.
    const w = workdir();
    await expectLoggedIn(sandbox.origin, w);
    const env = { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile };
    const r = await counted(['task', 'list', '-A', '--assignee', '@me', '--all'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(rowsOf(r.stdout)).toEqual(mine.map((t) => `${t.workspaceId} ${t.id}`));
    const table = await runWts(['task', 'list', '--all-workspaces', '--assignee', '@me', '--all'], {
      env: { ...env, NO_COLOR: '1' },
      tty: true,
      columns: 200,
    });
    expect(table.stdout.split('\n')[0]).toMatch(/^WORKSPACE +ID +TITLE +STATUS/);
    // A name is looked up among the members of every workspace: the same tasks.
    const byName = await runWts(['task', 'list', '-A', '--assignee', 'ada', '--all'], { env: sandbox.env });
    expect(rowsOf(byName.stdout)).toEqual(rowsOf(r.stdout));
  });

  it('reads only the pages the rows need: later workspaces are not asked for once the rows are full', async () => {
    const open = await expected();
    const { items: workspaces } = (await sandbox.api.ok('GET', '/workspaces')) as { items: { id: string }[] };
    const [first] = workspaces;
    const inFirst = open.filter((t) => t.workspaceId === first?.id).length;
    expect(inFirst).toBeGreaterThan(3);
    const r = await counted(['task', 'list', '-A', '--limit', '3', '--verbose']);
    expect(r.code, r.stderr).toBe(0);
    expect(rowsOf(r.stdout)).toEqual(open.slice(0, 3).map((t) => `${t.workspaceId} ${t.id}`));
    expect(r.stderr).toBe('showing 3 of more — use --limit N or --all for the rest\n');
    const { items: statuses } = (await sandbox.api.ok('GET', `/workspaces/${first?.id}/statuses`)) as { items: Status[] };
    // The workspaces, every workspace's columns, and the first page of the first workspace's open columns.
    expect(r.requests).toBe(1 + workspaces.length + statuses.filter((s) => s.key !== 'done').length);

    const all = await counted(['task', 'list', '-A', '--limit', String(open.length)]);
    expect(rowsOf(all.stdout)).toEqual(open.map((t) => `${t.workspaceId} ${t.id}`));
  });

  it('--json prints the tasks as they came, --sort orders within each workspace', async () => {
    const open = await expected();
    const json = await runWts(['task', 'list', '-A', '--all', '--json'], { env: sandbox.env });
    expect((JSON.parse(json.stdout) as Task[]).map((t) => t.id)).toEqual(open.map((t) => t.id));
    const sorted = await runWts(['task', 'list', '-A', '--sort', 'title', '--all'], { env: sandbox.env });
    expect(new Set(rowsOf(sorted.stdout))).toEqual(new Set(open.map((t) => `${t.workspaceId} ${t.id}`)));
    const order = rowsOf(sorted.stdout).map((row) => row.split(' ')[0]);
    // Workspace by workspace: each one's rows together.
    expect(order.filter((w, i) => i === 0 || w !== order[i - 1])).toEqual([...new Set(order)]);
  });

  it('refuses a workspace as well, and a column no workspace has (exit 2, nothing sent)', async () => {
    const both = await counted(['task', 'list', 'ws_support', '-A']);
    expect(both).toMatchObject({ code: 2, stderr: 'wts: WS and --all-workspaces: give one or the other\n', requests: 0 });
    const column = await runWts(['task', 'list', '-A', '--status', 'nope'], { env: sandbox.env });
    expect(column.code).toBe(2);
    expect(column.stderr).toMatch(/^wts: --status: no column "nope"/);
  });
});
