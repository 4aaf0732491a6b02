// `wts task list` filters given more than once, and filters that contradict each other. The service takes
// one tag and one assignee: several mean tasks with every one (as gh's --label does), the first filtered
// by the service and the others here. What this costs is asserted as the requests sent, never as a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../src/contract/resources.js';
import { faultProxy, type FaultProxy, runMeasured } from '../helpers/fault-proxy.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

type Task = Resource<'Task'>;

const sandbox = useSandbox();
const lines = (text: string) => text.split('\n').filter(Boolean);
const ids = (text: string) => lines(text).map((l) => l.split('\t')[0]);

/** The ids of ws_support's tasks that `keep` keeps, in the order `task list --status all` shows them. */
async function expected(keep: (t: Task) => boolean): Promise<string[]> {
  const workspaceId = 'ws_support';
  const statuses = (
    (await sandbox.client.call('list_workspace_statuses', { path: { workspaceId } })) as { items: { key: string; position: number }[] }
  ).items.sort((a, b) => a.position - b.position);
  const tasks: Task[] = [];
  for await (const t of sandbox.client.items('list_tasks', { path: { workspaceId }, query: { limit: 50 } })) tasks.push(t as Task);
  const column = (t: Task) => statuses.findIndex((s) => s.key === t.status);
  return tasks
    .filter(keep)
    .sort((a, b) => column(a) - column(b))
    .map((t) => t.id);
}

/** A fresh task in ws_support, changed by `then` (each a wts command run on its id). */
async function newTask(title: string, ...then: string[][]): Promise<string> {
  const r = await runWts(['task', 'create', '--agent', 'agt_support', title, '--json'], { env: sandbox.env });
  expect(r.code, r.stderr).toBe(0);
  const { id } = JSON.parse(r.stdout) as Task;
  for (const args of then) {
    const changed = await runWts([...args.slice(0, 2), id, ...args.slice(2)], { env: sandbox.env });
    expect(changed.code, changed.stderr).toBe(0);
  }
  return id;
}

/** Runs the CLI and asserts that it failed with `code`, sending nothing to the service. */
async function refusedLocally(args: string[], code: number) {
  const before = await sandbox.requests();
  const r = await runWts(args, { env: sandbox.env });
  expect(r.code, r.stderr).toBe(code);
  expect(r.stdout).toBe('');
  expect(await sandbox.requests()).toBe(before);
  return r;
}

const tagged =
  (...tags: string[]) =>
  (t: Task) =>
    tags.every((tag) => t.tags.includes(tag));
const assigned =
  (...people: string[]) =>
  (t: Task) =>
    people.every((id) => t.assignees.some((a) => a.id === id));

describe('task list with a filter given more than once', () => {
  let both: string;
  let bothPeople: string;
  beforeAll(async () => {
    // Tasks with one of the two values and with both, so that "only the last" and "every one" differ.
    both = await newTask('Filters: billing and urgent', ['task', 'tag', 'billing', 'urgent']);
    await newTask('Filters: urgent only', ['task', 'tag', 'urgent']);
    await newTask('Filters: billing only', ['task', 'tag', 'billing']);
    bothPeople = await newTask('Filters: Ada and Ben', ['task', 'assign', 'usr_ada', 'usr_ben']);
    await newTask('Filters: Ben only', ['task', 'assign', 'usr_ben']);
  });

  it('--tag billing --tag urgent lists the tasks with both tags, not only the urgent ones', async () => {
    const r = await runWts(['task', 'list', 'ws_support', '--tag', 'billing', '--tag', 'urgent', '--status', 'all', '--all'], {
      env: sandbox.env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r.stdout)).toContain(both);
    expect(ids(r.stdout)).toEqual(await expected(tagged('billing', 'urgent')));
    for (const line of lines(r.stdout)) expect(line.split('\t')[4]?.split(',')).toEqual(expect.arrayContaining(['billing', 'urgent']));
  });

  it('--tag billing,urgent (the comma form --status takes) lists the same tasks', async () => {
    const r = await runWts(['task', 'list', 'ws_support', '--tag', 'billing,urgent', '--status', 'all', '--all'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r.stdout)).toEqual(await expected(tagged('billing', 'urgent')));
  });

  it('--assignee ada --assignee ben lists the tasks assigned to both, not only Ben’s', async () => {
    const r = await runWts(['task', 'list', 'ws_support', '--assignee', 'ada', '--assignee', 'ben', '--status', 'all', '--all'], {
      env: sandbox.env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r.stdout)).toContain(bothPeople);
    expect(ids(r.stdout)).toEqual(await expected(assigned('usr_ada', 'usr_ben')));
    // The comma form and a repeated person: the same.
    const comma = await runWts(['task', 'list', 'ws_support', '--assignee', 'ada,ben,ben', '--status', 'all', '--all'], {
      env: sandbox.env,
    });
    expect(comma.stdout).toBe(r.stdout);
  });

  it('without --all, the open tasks with both, the first tag read by the service and the second checked here', async () => {
    const every = await expected((t) => tagged('billing', 'urgent')(t) && t.status !== 'done');
    expect(every.length).toBeGreaterThan(0);
    const r = await runWts(['task', 'list', 'ws_support', '--tag', 'urgent', '--tag', 'billing', '--json'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Task[]).map((t) => t.id)).toEqual(every);
  });

  it('each tag and each person is checked before any request', async () => {
    expect((await refusedLocally(['task', 'list', 'ws_support', '--tag', 'billing', '--tag', ''], 2)).stderr).toBe(
      'wts: --tag: must not be empty\n',
    );
    expect((await refusedLocally(['task', 'list', 'ws_support', '--tag', 'billing,'], 2)).stderr).toBe('wts: --tag: must not be empty\n');
    expect((await refusedLocally(['task', 'list', 'ws_support', '--assignee', 'ada', '--assignee', ''], 2)).stderr).toBe(
      'wts: --assignee: must not be empty\n',
    );
  });

  it('says what several values mean in the help', async () => {
    const r = await runWts(['task', 'list', '--help'], {});
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('the first is filtered by the service, the others here');
  });
});

describe('task list: what several values cost', () => {
  let proxy: FaultProxy;
  beforeAll(async () => {
    proxy = await faultProxy(sandbox.origin);
  });
  afterAll(async () => {
    await proxy.close();
  });
  const run = async (args: string[]) => {
    proxy.log.length = 0;
    const r = await runMeasured(args, { ...sandbox.env, WTS_ORIGIN: proxy.origin });
    expect(r.code, r.stderr).toBe(0);
    return proxy.log.filter((l) => l.path.includes('/tasks')).map((l) => l.path);
  };

  it('the first tag goes to the service; the second adds no request', async () => {
    const one = await run(['task', 'list', 'ws_support', '--tag', 'billing', '--status', 'all']);
    const two = await run(['task', 'list', 'ws_support', '--tag', 'billing', '--tag', 'urgent', '--status', 'all']);
    expect(two.length).toBeGreaterThan(0);
    for (const path of two) {
      expect(path).toContain('tag=billing');
      expect(path).not.toContain('urgent');
    }
    expect(two).toHaveLength(one.length);
  });

  it('the first person goes to the service; the second adds no request', async () => {
    const one = await run(['task', 'list', 'ws_support', '--assignee', 'usr_ada', '--status', 'all']);
    const two = await run(['task', 'list', 'ws_support', '--assignee', 'usr_ada', '--assignee', 'usr_ben', '--status', 'all']);
    for (const path of two) {
      expect(path).toContain('assignee=usr_ada');
      expect(path).not.toContain('usr_ben');
    }
    expect(two).toHaveLength(one.length);
  });
});

describe('task list: contradictions refused before any request', () => {
  it('--limit 3 --all', async () => {
    expect((await refusedLocally(['task', 'list', 'ws_support', '--limit', '3', '--all'], 2)).stderr).toBe(
      'wts: --limit and --all: give one or the other\n',
    );
  });

  it('--assignee ada --unassigned', async () => {
    expect((await refusedLocally(['task', 'list', 'ws_support', '--assignee', 'ada', '--unassigned'], 2)).stderr).toBe(
      'wts: --assignee and --unassigned: give one or the other\n',
    );
  });
});

describe('help shows what a collected option means, not its empty default', () => {
  it.each([['task', 'list'], ['task', 'tag'], ['task', 'assign'], ['api'], ['approval', 'edit']])('%s %s --help', async (...verb) => {
    const r = await runWts([...verb, '--help'], {});
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('(default: [])');
  });

  it('--status says its default once', async () => {
    const r = await runWts(['task', 'list', '--help'], {});
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('"all" for every column (default: all but done) --assignee');
  });
});
