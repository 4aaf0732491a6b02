// `wts task board WS` against the real sandbox: the columns side by side on a terminal, fitted to its
// width; status<TAB>id<TAB>title lines when piped; { columns: [...] } with --json (every page).
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../src/contract/resources.js';
import { expectNotFound, runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

type Task = Resource<'Task'>;

const sandbox = useSandbox();
const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

/** The board of ws_support as the sandbox holds it: columns in position order, tasks oldest first. */
function board(workspaceId = 'ws_support') {
  const { workspaces, tasks } = sandbox.ctx.store.state.data;
  const ws = workspaces.find((w) => w.id === workspaceId)!;
  const mine = tasks
    .filter((t) => t.workspaceId === workspaceId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return [...ws.statuses]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ key: s.key, name: s.name, tasks: mine.filter((t) => t.status === s.key) }));
}

describe('wts task board on a terminal', () => {
  it('puts the columns side by side in board order, with their counts, each card\'s id and title cut to fit, and "+N more"', async () => {
    const columns = board();
    expect(columns.length).toBe(4);
    expect(columns.some((c) => c.tasks.length > 10)).toBe(true);
    const r = await runWts(['task', 'board', 'ws_support'], sandbox.tty({ columns: 120 }));
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    // One band: every header on the first line, in order.
    const headers = columns.map((c) => `${c.name} (${c.tasks.length})`);
    expect(lines[0]).toMatch(new RegExp(`^${headers.map((h) => h.replace(/[()]/g, '\\$&')).join('\\s+')}$`));
    expect(lines[1]).toMatch(/^─+(\s+─+){3}$/);
    const width = Math.floor((120 - 2 * 3) / 4);
    const cell = (line: string, i: number) =>
      [...line]
        .slice(i * (width + 2), i * (width + 2) + width)
        .join('')
        .trimEnd();
    for (const [i, column] of columns.entries()) {
      const shown = lines
        .slice(2)
        .map((l) => cell(l, i))
        .filter(Boolean);
      const titles = column.tasks
        .slice(0, 10)
        .map((t) => `${t.id} ${t.dueDate !== null && t.status !== 'done' && Date.parse(t.dueDate) < Date.now() ? '! ' : ''}${t.title}`)
        .map((c) => ([...c].length > width ? `${[...c].slice(0, width - 1).join('')}…` : c));
      expect(shown.slice(0, titles.length)).toEqual(titles);
      if (column.tasks.length > 10) expect(shown[10]).toBe(`+${column.tasks.length - 10} more`);
      else expect(shown).toHaveLength(column.tasks.length);
    }
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(120);
  });

  it('shows --rows tasks per column', async () => {
    const columns = board();
    const r = await runWts(['task', 'board', 'ws_support', '--rows', '2'], sandbox.tty({ columns: 120 }));
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2 + 2 + 1);
    expect(lines[4]!.trim().split(/\s{2,}/)).toEqual(columns.map((c) => `+${c.tasks.length - 2} more`));
  });

  it('continues in a second band when the terminal is too narrow for every column', async () => {
    const columns = board();
    const r = await runWts(['task', 'board', 'ws_support', '--rows', '3'], sandbox.tty({ columns: 60 }));
    const lines = r.stdout.trimEnd().split('\n');
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(60);
    const headerLines = lines.filter((l) => /\(\d+\)/.test(l));
    expect(headerLines).toEqual([
      expect.stringMatching(
        new RegExp(`^${columns[0]!.name} \\(${columns[0]!.tasks.length}\\)\\s+${columns[1]!.name} \\(${columns[1]!.tasks.length}\\)$`),
      ),
      expect.stringMatching(
        new RegExp(`^${columns[2]!.name} \\(${columns[2]!.tasks.length}\\)\\s+${columns[3]!.name} \\(${columns[3]!.tasks.length}\\)$`),
      ),
    ]);
    expect(lines).toContain('');
  });

  it('keeps titles readable at 80 columns: whole ids and at least 14 characters of each title (issue 39)', async () => {
    const columns = board();
    const r = await runWts(['task', 'board', 'ws_support', '--rows', '3'], sandbox.tty({ columns: 80 }));
    expect(r.code, r.stderr).toBe(0);
    const text = r.stdout;
    for (const line of text.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    for (const task of columns.flatMap((c) => c.tasks.slice(0, 3))) {
      const title = [...task.title].slice(0, 14).join('');
      expect(text, task.id).toMatch(new RegExp(`${task.id} (! )?${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
  });

  it('marks overdue tasks with ! (also without colors) and shows them in red when colors are on', async () => {
    const r = await runWts(['task', 'board', 'ws_support', '--rows', '50'], {
      env: { ...sandbox.env, FORCE_COLOR: '1' },
      tty: true,
      columns: 400,
    });
    const overdue = board()
      .flatMap((c) => c.tasks)
      .find((t) => t.dueDate !== null && t.status !== 'done' && Date.parse(t.dueDate) < Date.now())!;
    expect(overdue).toBeDefined();
    expect(r.stdout).toContain(`\x1b[31m! ${overdue.title}\x1b[39m`);
    expect(stripAnsi(r.stdout)).toContain(`${overdue.id} ! ${overdue.title}`);
  });
});

describe('wts task board, piped and --json', () => {
  it('prints status<TAB>id<TAB>title for every task, column by column, when piped', async () => {
    const columns = board();
    const r = await runWts(['tasks', 'board', 'ws_support'], { env: sandbox.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(columns.flatMap((c) => c.tasks.map((t) => `${c.key}\t${t.id}\t${t.title}\n`)).join(''));
    expect(r.stdout.split('\n').length - 1).toBeGreaterThan(50); // more than one page
  });

  it('honors --rows when piped: at most that many tasks of each column (issue 39)', async () => {
    const columns = board();
    const r = await runWts(['task', 'board', 'ws_support', '--rows', '2'], { env: sandbox.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(columns.flatMap((c) => c.tasks.slice(0, 2).map((t) => `${c.key}\t${t.id}\t${t.title}\n`)).join(''));
  });

  it('gives { columns: [{ key, name, count, tasks }] } with every task as the service returns it', async () => {
    const columns = board();
    const r = await runWts(['task', 'board', 'ws_support', '--json'], { env: sandbox.env, tty: true });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as { columns: { key: string; name: string; count: number; tasks: Task[] }[] };
    expect(json.columns.map(({ key, name, count }) => ({ key, name, count }))).toEqual(
      columns.map((c) => ({ key: c.key, name: c.name, count: c.tasks.length })),
    );
    for (const [i, column] of json.columns.entries()) expect(column.tasks.map((t) => t.id)).toEqual(columns[i]!.tasks.map((t) => t.id));
    const one = json.columns[0]!.tasks[0]!;
    expect(Object.keys(one).sort()).toEqual([
      'assignees',
      'conversationKey',
      'createdAt',
      'description',
      'dueDate',
      'id',
      'notes',
      'status',
      'tags',
      'title',
      'updatedAt',
      'workspaceId',
    ]);
  });

  it("shows a column's tasks in the order `task list` does (one order for board, list and the dash)", async () => {
    const shown: { columns: { key: string; tasks: Task[] }[] } = JSON.parse(
      (await runWts(['task', 'board', 'ws_support', '--json'], { env: sandbox.env })).stdout,
    );
    for (const column of shown.columns.filter((c) => c.key !== 'done' && c.tasks.length > 1)) {
      const listed: Task[] = JSON.parse(
        (await runWts(['task', 'list', 'ws_support', '--status', column.key, '--all', '--json'], { env: sandbox.env })).stdout,
      );
      expect(listed.map((t) => t.id)).toEqual(column.tasks.map((t) => t.id));
    }
    // On a terminal too: a column's first cards are the first of `task list`.
    const tty = await runWts(['task', 'board', 'ws_support', '--rows', '3'], sandbox.tty({ columns: 200 }));
    const first: Task[] = JSON.parse(
      (await runWts(['task', 'list', 'ws_support', '--status', 'todo', '--limit', '3', '--json'], { env: sandbox.env })).stdout,
    );
    expect(first.length).toBe(3);
    for (const t of first) expect(stripAnsi(tty.stdout)).toContain(t.id);
  });

  it('shows an empty workspace as its empty columns', async () => {
    const created = JSON.parse((await runWts(['workspace', 'create', 'Empty board', '--json'], { env: sandbox.env })).stdout) as {
      id: string;
    };
    const json = JSON.parse((await runWts(['task', 'board', created.id, '--json'], { env: sandbox.env })).stdout) as {
      columns: { count: number; tasks: unknown[] }[];
    };
    expect(json.columns.length).toBeGreaterThan(0);
    expect(json.columns.every((c) => c.count === 0 && c.tasks.length === 0)).toBe(true);
    const tty = await runWts(['task', 'board', created.id], sandbox.tty());
    expect(tty.stdout).toContain('(none)');
    expect((await runWts(['task', 'board', created.id], { env: sandbox.env })).stdout).toBe('');
  });
});

describe('wts task board errors', () => {
  it('exits 3 for an unknown workspace', async () => {
    await expectNotFound(['task', 'board', 'ws_nope'], { env: sandbox.env });
  });

  it('refuses a bad --rows or an id out of bounds before sending anything', async () => {
    const before = await sandbox.requests();
    expect(await runWts(['task', 'board', 'ws_support', '--rows', '0'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'wts: --rows: must be a whole number from 1 to 1000\n',
    });
    expect(await runWts(['task', 'board', 'ws_support', '--rows', 'many'], { env: sandbox.env })).toMatchObject({ code: 2 });
    expect(await runWts(['task', 'board', 'x'.repeat(65)], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: WS: must be at most 64 characters\n',
    });
    expect(await sandbox.requests()).toBe(before);
  });
});
