// --jq EXPR (-q) on commands that print JSON, against the real sandbox: jq's own language (jq 1.8 compiled
// to WebAssembly), strings printed raw, the whole of a list, a bad expression refused before anything is
// sent; and once through the built bin/wts, whose bundle loads jq apart.
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../src/contract/resources.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { runWtsProcess } from '../helpers/wts-process.js';

type Task = Resource<'Task'>;

const sandbox = useSandbox();

describe('--jq', () => {
  it('runs over the whole list with --all and prints strings raw, one per line', async () => {
    const all = JSON.parse(
      (await runWts(['task', 'list', 'ws_support', '--status', 'all', '--all', '--json'], { env: sandbox.env })).stdout,
    ) as Task[];
    expect(all.length).toBeGreaterThan(50);
    const ids = await runWts(['task', 'list', 'ws_support', '--status', 'all', '--all', '--jq', '.[].id'], { env: sandbox.env });
    expect(ids.code, ids.stderr).toBe(0);
    expect(ids.stdout).toBe(all.map((t) => `${t.id}\n`).join(''));
    // The whole array, not page by page: one count.
    const count = await runWts(['task', 'list', 'ws_support', '--status', 'all', '--all', '-q', 'length'], { env: sandbox.env });
    expect(count.stdout).toBe(`${all.length}\n`);
  });

  it('prints other values as JSON: one line each when piped, indented on a terminal', async () => {
    const expected = JSON.parse((await runWts(['task', 'view', 'task_s021', '--json'], { env: sandbox.env })).stdout) as Task;
    const piped = await runWts(['task', 'view', 'task_s021', '--jq', '{id, tags}, .assignees[0].name'], { env: sandbox.env });
    expect(piped.stdout).toBe(`${JSON.stringify({ id: expected.id, tags: expected.tags })}\n${expected.assignees[0]!.name}\n`);
    const tty = await runWts(['task', 'view', 'task_s021', '--jq', '{id, tags}'], { env: sandbox.env, tty: true });
    expect(tty.stdout).toBe(`${JSON.stringify({ id: expected.id, tags: expected.tags }, null, 2)}\n`);
  });

  it("has jq's own semantics: select, map, sort_by, string interpolation, @tsv, group_by", async () => {
    const all = JSON.parse(
      (await runWts(['task', 'list', 'ws_support', '--status', 'all', '--all', '--json'], { env: sandbox.env })).stdout,
    ) as Task[];
    const r = await runWts(
      [
        'task',
        'list',
        'ws_support',
        '--status',
        'all',
        '--all',
        '--jq',
        '[.[] | select(.tags | index("bug"))] | sort_by(.id) | .[] | "\\(.id)\\t\\(.status)"',
      ],
      { env: sandbox.env },
    );
    expect(r.stdout).toBe(
      all
        .filter((t) => t.tags.includes('bug'))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((t) => `${t.id}\t${t.status}\n`)
        .join(''),
    );
    const tsv = await runWts(['task', 'view', 'task_s021', '--jq', '[.id, .status] | @tsv'], { env: sandbox.env });
    expect(tsv.stdout).toBe(`task_s021\t${all.find((t) => t.id === 'task_s021')!.status}\n`);
    const groups = await runWts(
      ['task', 'list', 'ws_support', '--status', 'all', '--all', '--jq', 'group_by(.status) | map({(.[0].status): length}) | add'],
      { env: sandbox.env },
    );
    const expected: Record<string, number> = {};
    for (const t of all) expected[t.status] = (expected[t.status] ?? 0) + 1;
    expect(JSON.parse(groups.stdout)).toEqual(expected);
  });

  it('works with wts api, and with nothing to print prints nothing', async () => {
    const r = await runWts(['api', 'GET', '/workspaces', '--jq', '.items | map(.id) | join(",")'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ws_support(,ws_\w+)*\n$|,ws_support/);
    const none = await runWts(['task', 'list', 'ws_support', '--tag', 'no-such-tag', '--jq', '.[]'], { env: sandbox.env });
    expect(none).toMatchObject({ code: 0, stdout: '' });
  });

  it('shows control characters in a raw string on a terminal, and keeps them exact when piped', async () => {
    const created = JSON.parse(
      (await runWts(['task', 'create', '--agent', 'agt_support', 'Evil \x1b]0;owned\x07 title', '--json'], { env: sandbox.env })).stdout,
    ) as Task;
    const tty = await runWts(['task', 'view', created.id, '--jq', '.title'], { env: sandbox.env, tty: true });
    expect(tty.stdout).toBe('Evil \\x1b]0;owned\\x07 title\n');
    const piped = await runWts(['task', 'view', created.id, '--jq', '.title'], { env: sandbox.env });
    expect(piped.stdout).toBe('Evil \x1b]0;owned\x07 title\n');
  });

  it('refuses a bad expression with exit 2 and one line, before sending anything', async () => {
    const before = await sandbox.requests();
    const r = await runWts(['task', 'list', 'ws_support', '--jq', '.[] | {id'], { env: sandbox.env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("wts: --jq: syntax error, unexpected end of file, expecting '}' at line 1, column 8\n");
    const misplaced = await runWts(['task', 'list', 'ws_support', '--jq', '.[] |\n  map(.id) ] '], { env: sandbox.env });
    expect(misplaced.stderr).toBe('wts: --jq: syntax error, unexpected INVALID_CHARACTER, expecting end of file at line 2, column 12\n');
    const unknown = await runWts(['task', 'create', '--agent', 'agt_support', 'Never made', '--jq', 'nosuchfunction(1)'], {
      env: sandbox.env,
    });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('wts: --jq: nosuchfunction/1 is not defined at line 1, column 1\n');
    expect(await sandbox.requests()).toBe(before); // the bad ones sent nothing
    // Endless on null (what a check that ran it would feed it), and ending in a comment: checked, not run.
    const endless = await runWts(['task', 'list', 'ws_support', '--jq', 'if . == null then repeat(1) else length end # how many'], {
      env: sandbox.env,
    });
    expect(endless.code, endless.stderr).toBe(0);
    expect(Number(endless.stdout)).toBeGreaterThan(0);
  });

  it('an expression that fails on the data exits 2 with jq’s reason in one line', async () => {
    const r = await runWts(['task', 'view', 'task_s021', '--jq', '.title | .x'], { env: sandbox.env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('wts: --jq: Cannot index string with string ("x")\n');
  });

  it('runs through the built bin/wts, which loads jq apart from the bundle', async () => {
    const r = await runWtsProcess(['task', 'search', 'ws_support', 'the', '--limit', '3', '-q', '.[].id', '--verbose'], {
      env: sandbox.env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
    expect(r.stderr).toBe('showing 3 of more — use --limit N or --all for the rest\n');
  });
});

describe('--json FIELDS', () => {
  // The whole workspace, sorted by id: lists read twice are compared as sets (the agent moves tasks meanwhile).
  const list = async (...args: string[]) => {
    const r = await runWts(['task', 'list', ...args, '--status', 'all', '--all'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    return (JSON.parse(r.stdout) as Task[]).sort((a, b) => a.id.localeCompare(b.id));
  };

  it('prints only those fields of each item, as gh does (issue 25: it was "too many arguments")', async () => {
    const all = await list('ws_support', '--json');
    expect(await list('ws_support', '--json', 'id,workspaceId')).toEqual(all.map((t) => ({ id: t.id, workspaceId: t.workspaceId })));
    // Before the positional, and one field alone.
    expect(await list('--json', 'id', 'ws_support')).toEqual(all.map((t) => ({ id: t.id })));
    const view = await runWts(['task', 'view', 'task_s021', '--json', 'id,title'], { env: sandbox.env });
    expect(Object.keys(JSON.parse(view.stdout))).toEqual(['id', 'title']);
    const jq = await runWts(['task', 'view', 'task_s021', '--json', 'id,tags', '--jq', 'keys'], { env: sandbox.env });
    expect(JSON.parse(jq.stdout)).toEqual(['id', 'tags']);
  });

  it('leaves plain --json as it was, before a positional too', async () => {
    const before = await list('--json', 'ws_support');
    expect(before.map((t) => t.id)).toEqual((await list('ws_support', '--json')).map((t) => t.id));
    expect(Object.keys(before[0] ?? {})).toEqual(expect.arrayContaining(['id', 'title', 'notes', 'assignees']));
    expect((await runWts(['task', 'view', '--json', 'task_s021'], { env: sandbox.env })).code).toBe(0);
  });

  it('lays out --json and --json FIELDS alike: a list one item a line, an object indented (issue 39)', async () => {
    const layout = (text: string) =>
      text.split('\n').map((line) => (line.startsWith('{') ? '{item}' : line.replace(/"[^"]*"|[\w.:-]+/g, 'x')));
    const whole = await runWts(['task', 'list', 'ws_support', '-L', '3', '--json'], { env: sandbox.env });
    const fields = await runWts(['task', 'list', 'ws_support', '-L', '3', '--json', 'id,title'], { env: sandbox.env });
    expect(whole.stdout.split('\n')).toHaveLength(6); // [, three items, ], and the end
    expect(layout(fields.stdout)).toEqual(layout(whole.stdout));
    expect(fields.stdout.split('\n')[1]).toMatch(/^\{"id":"task_\w+","title":".*"\},$/);
    const view = await runWts(['task', 'view', 'task_s021', '--json'], { env: sandbox.env });
    const viewFields = await runWts(['task', 'view', 'task_s021', '--json', 'id,title'], { env: sandbox.env });
    expect(view.stdout).toMatch(/^\{\n {2}"id": "task_s021",\n/);
    expect(viewFields.stdout).toBe(`{\n  "id": "task_s021",\n  "title": ${JSON.stringify(JSON.parse(view.stdout).title)}\n}\n`);
  });

  it('refuses an unknown field with exit 2, listing the available ones', async () => {
    const r = await runWts(['task', 'list', 'ws_support', '--json', 'id,nope'], { env: sandbox.env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^wts: --json: unknown field "nope"; available: .*\bassignees, .*\bid, .*\btitle\b/m);
    expect((await runWts(['task', 'list', 'ws_support', '--json', 'id,'], { env: sandbox.env })).code).toBe(2);
  });
});
