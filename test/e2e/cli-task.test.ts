// `wts task …` against the real sandbox over HTTP, as a person at a terminal and as a script.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../src/contract/resources.js';
import { signIn } from '../helpers/auth.js';
import { runWts, tempConfigDir } from '../helpers/cli.js';
import { fakeEditor } from '../helpers/editor.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

type Task = Resource<'Task'>;
type Message = Resource<'Message'>;

const sandbox = useSandbox();
let scratch: string;
const lines = (text: string) => text.split('\n').filter(Boolean);
const getTask = async (taskId: string) => (await sandbox.client.call('get_task', { path: { taskId } })) as Task;

/**
 * Every task of ws_support as `task list` orders them: by column in board order, then in the service's
 * order, or by due date (undated last) as `--sort due` does.
 */
async function boardOrder(workspaceId = 'ws_support', sort?: 'due'): Promise<Task[]> {
  const statuses = (
    (await sandbox.client.call('list_workspace_statuses', { path: { workspaceId } })) as { items: { key: string; position: number }[] }
  ).items.sort((a, b) => a.position - b.position);
  const tasks: Task[] = [];
  for await (const t of sandbox.client.items('list_tasks', { path: { workspaceId }, query: { limit: 50 } })) tasks.push(t as Task);
  const due = (t: Task) => (t.dueDate === null ? Infinity : Date.parse(t.dueDate));
  const column = (t: Task) => statuses.findIndex((s) => s.key === t.status);
  // Array.prototype.sort is stable: without a sort, a column keeps the service's order.
  return tasks.sort((a, b) => column(a) - column(b) || (sort === 'due' ? due(a) - due(b) : 0));
}

/** Runs the CLI and asserts that it failed with `code`, sending nothing to the service. */
async function refusedLocally(args: string[], code: number, options: Parameters<typeof runWts>[1] = { env: sandbox.env }) {
  const before = await sandbox.requests();
  const r = await runWts(args, options);
  expect(r.code, r.stderr).toBe(code);
  expect(r.stdout).toBe('');
  expect(await sandbox.requests()).toBe(before);
  return r;
}

/** A fresh task for a test that changes it, so tests do not depend on each other. */
async function newTask(title: string): Promise<Task> {
  const r = await runWts(['task', 'create', '--agent', 'agt_support', title, '--json'], { env: sandbox.env });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Task;
}

/** An EDITOR that replaces the file it is given with `content`, as a person typing it would. */
function editorWriting(content: string): string {
  const source = join(scratch, `typed-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(source, content);
  return fakeEditor(`cat '${source}' > "$1"`);
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'wts-task-test-'));
});

describe('wts task list', () => {
  it("prints open work on a terminal: every column but done, in board order then the service's order, and says how many more exist", async () => {
    // One clock for the two terminal runs compared below: the seed's due dates lie whole hours and days
    // from the sandbox's start, so "in 12 hours" turns "in 11 hours" half a second after it.
    const at = Date.now();
    const tty = sandbox.tty({ now: () => at });
    const r = await runWts(['task', 'list', 'ws_support'], tty);
    expect(r.code).toBe(0);
    const [header, ...rows] = lines(r.stdout);
    expect(header).toMatch(/^ID\s+TITLE\s+STATUS\s+ASSIGNEES\s+TAGS\s+DUE$/);
    const open = (await boardOrder()).filter((t) => t.status !== 'done');
    expect(open.length).toBeGreaterThan(30);
    expect(rows.map((row) => row.split(/\s+/)[0])).toEqual(open.slice(0, 30).map((t) => t.id));
    expect(r.stderr).toBe(`Showing 30 of ${open.length} tasks; more with --limit ${open.length} or --all\n`);
    // Piped: nothing on stderr (cron mails it: issue 39), unless asked with --verbose; never with --quiet.
    const piped = await runWts(['task', 'list', 'ws_support', '--limit', '3'], { env: sandbox.env });
    expect(lines(piped.stdout).map((l) => l.split('\t')[0])).toEqual(open.slice(0, 3).map((t) => t.id));
    expect(piped.stderr).toBe('');
    expect((await runWts(['task', 'list', 'ws_support', '--json', '-L', '2'], { env: sandbox.env })).stderr).toBe('');
    const verbose = await runWts(['task', 'list', 'ws_support', '--limit', '3', '--verbose'], { env: sandbox.env });
    expect(verbose.stderr).toBe(`Showing 3 of ${open.length} tasks; more with --limit ${open.length} or --all\n`);
    expect(verbose.stdout).toBe(piped.stdout);
    const quiet = await runWts(['task', 'list', 'ws_support', '--quiet'], tty);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toBe(r.stdout);
  });

  it('takes several columns (repeated, comma-separated), by key or name in any case, or all of them', async () => {
    const all = await boardOrder();
    const ids = async (...args: string[]) => {
      const r = await runWts(['task', 'list', 'ws_support', '--all', ...args], { env: sandbox.env });
      expect(r.code, r.stderr).toBe(0);
      return lines(r.stdout).map((l) => l.split('\t')[0]);
    };
    const only = (...keys: string[]) => all.filter((t) => keys.includes(t.status)).map((t) => t.id);
    expect(await ids('--status', 'todo', '--status', 'waiting')).toEqual(only('todo', 'waiting'));
    expect(await ids('--status', 'waiting,todo')).toEqual(only('todo', 'waiting'));
    expect(await ids('--status', 'In progress')).toEqual(only('in_progress'));
    expect(await ids('--status', 'IN_PROGRESS')).toEqual(only('in_progress'));
    expect(await ids('--status', 'all')).toEqual(all.map((t) => t.id));
    const near = await runWts(['task', 'list', 'ws_support', '--status', 'in progres'], { env: sandbox.env });
    expect(near.code).toBe(2);
    expect(near.stderr).toBe(
      'wts: --status: no column "in progres"; did you mean in_progress (In progress)? The columns: todo (To do), in_progress (In progress), waiting (Waiting), done (Done)\n',
    );
  });

  it('shows assignees, tags and the due date relative to now in the rows', async () => {
    const r = await runWts(['task', 'list', 'ws_support', '--status', 'in_progress', '--limit', '50'], sandbox.tty());
    // task_s021 is due a day after the sandbox started.
    expect(lines(r.stdout).find((row) => row.startsWith('task_s021 '))).toMatch(
      /\s+in_progress\s+Ada Lovelace\s+billing, urgent\s+(tomorrow|in 23 hours)$/,
    );
  });

  it('prints tab-separated lines with ISO times, no header, no color and no hint when piped', async () => {
    const r = await runWts(['task', 'list', 'ws_support', '--status', 'in_progress', '--limit', '50'], {
      env: { ...sandbox.env, FORCE_COLOR: '0' },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain('\x1b[');
    const s021 = await getTask('task_s021');
    expect(lines(r.stdout)).toContain(`task_s021\t${s021.title}\tin_progress\tusr_ada\tbilling,urgent\t${s021.dueDate}`);
    for (const line of lines(r.stdout)) expect(line.split('\t')[2]).toBe('in_progress');
  });

  it('colors the status on a terminal, unless --no-color', async () => {
    const colored = await runWts(['task', 'list', 'ws_support', '--status', 'in_progress'], {
      env: { ...sandbox.env, FORCE_COLOR: '1' },
      tty: true,
    });
    expect(colored.stdout).toContain('\x1b[33min_progress\x1b[39m');
    const plain = await runWts(['task', 'list', 'ws_support', '--status', 'in_progress', '--no-color'], {
      env: { ...sandbox.env, FORCE_COLOR: '1' },
      tty: true,
    });
    expect(plain.stdout).toContain('in_progress');
    expect(plain.stdout).not.toContain('\x1b[');
  });

  it('marks an overdue date with ! and red, on a terminal only', async () => {
    expect(Date.parse((await getTask('task_s010')).dueDate!)).toBeLessThan(Date.now());
    const colored = await runWts(['task', 'list', 'ws_support', '--status', 'todo', '--limit', '50'], {
      env: { ...sandbox.env, FORCE_COLOR: '1' },
      tty: true,
    });
    expect(lines(colored.stdout).find((row) => row.startsWith('task_s010 '))).toMatch(/\x1b\[31m! (yesterday|\d+ hours ago)\x1b\[39m$/);
    const view = await runWts(['task', 'view', 'task_s010'], sandbox.tty());
    expect(view.stdout).toMatch(/\nDue:\s+\d{4}-\d\d-\d\d \d\d:\d\d \((yesterday|\d+ hours ago)\) overdue\n/);
  });

  it('prints a JSON array of the service objects with --json', async () => {
    const r = await runWts(['task', 'list', 'ws_support', '--limit', '5', '--json'], { env: sandbox.env, tty: true });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual((await boardOrder()).filter((t) => t.status !== 'done').slice(0, 5));
  });

  it('--sort due orders each column by due date (undated last), after reading every task; a bad key: exit 2, nothing sent', async () => {
    const open = (await boardOrder('ws_support', 'due')).filter((t) => t.status !== 'done');
    const r = await runWts(['task', 'list', 'ws_support', '--sort', 'due', '--limit', '40', '--verbose'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).map((l) => l.split('\t')[0])).toEqual(open.slice(0, 40).map((t) => t.id));
    expect(r.stderr).toBe(`Showing 40 of ${open.length} tasks; more with --limit ${open.length} or --all\n`);
    // Not the service's order, or the test would not tell them apart.
    expect(open.map((t) => t.id)).not.toEqual((await boardOrder()).filter((t) => t.status !== 'done').map((t) => t.id));
    const all = await runWts(['task', 'list', 'ws_support', '--status', 'all', '--sort', 'DUE', '--all', '--json'], { env: sandbox.env });
    expect(JSON.parse(all.stdout)).toEqual(await boardOrder('ws_support', 'due'));
    const titles = await runWts(['task', 'list', 'ws_support', '--status', 'todo', '--sort', 'title', '--all'], { env: sandbox.env });
    const byTitle = lines(titles.stdout).map((l) => l.split('\t')[1] ?? '');
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' })));
    expect((await refusedLocally(['task', 'list', 'ws_support', '--sort', 'colour'], 2)).stderr).toBe(
      'wts: --sort: one of due, title, created, updated, not "colour"\n',
    );
  });

  it('with --status all, a task in a column the workspace no longer lists comes last, read only when rows are left', async () => {
    // A workspace of its own: two tasks in todo and one in a column it does not list.
    const data = sandbox.ctx.store.state.data;
    const support = data.workspaces.find((w) => w.id === 'ws_support')!;
    const template = data.tasks.find((t) => t.workspaceId === 'ws_support')!;
    data.workspaces.push({ ...support, id: 'ws_orphans', name: 'Orphans' });
    const at = (i: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + i * 1000).toISOString();
    for (const [i, status] of ['archived', 'todo', 'todo'].entries())
      data.tasks.push({ ...template, id: `task_orphan_${i}`, workspaceId: 'ws_orphans', status, createdAt: at(i), updatedAt: at(i) });
    const ids = async (...args: string[]) => {
      const r = await runWts(['task', 'list', 'ws_orphans', '--status', 'all', ...args], { env: sandbox.env });
      expect(r.code, r.stderr).toBe(0);
      return lines(r.stdout).map((l) => l.split('\t')[0]);
    };
    const inBoardOrder = ['task_orphan_1', 'task_orphan_2', 'task_orphan_0'];
    expect(await ids()).toEqual(inBoardOrder);
    expect(await ids('--all')).toEqual(inBoardOrder);
    expect(await ids('--sort', 'created')).toEqual(inBoardOrder);
    // Cut within the listed columns: the walk of every task is not made.
    const before = await sandbox.requests();
    expect(await ids('--limit', '1')).toEqual(['task_orphan_1']);
    expect(await sandbox.requests()).toBe(before + 1 + support.statuses.length);
  });

  it('prints every task with --all: each once, nothing missing, and no hint', async () => {
    const expected = (await boardOrder()).map((t) => t.id);
    expect(expected.length).toBeGreaterThanOrEqual(60);
    const r = await runWts(['task', 'list', 'ws_support', '--status', 'all', '--all'], { env: sandbox.env, tty: false });
    expect(r.code).toBe(0);
    const ids = lines(r.stdout).map((line) => line.split('\t')[0]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expected);
    // The service's objects as they came, in board order; the columns and every page of 50, nothing more.
    const before = await sandbox.requests();
    const json = await runWts(['task', 'list', 'ws_support', '--status', 'all', '--all', '--json'], { env: sandbox.env, tty: true });
    expect(await sandbox.requests()).toBe(before + 1 + Math.ceil(expected.length / 50));
    expect(JSON.parse(json.stdout)).toEqual(await boardOrder());
    // On a terminal, only a count of the tasks read, redrawn in place and erased before the output.
    expect(json.stderr).toMatch(/^(\r\x1b\[2K[\d,]+ tasks read…)+\r\x1b\[2K$/);
    // Piped into another command on the same terminal (`| head`): no progress, whose erase would wipe
    // what that command printed.
    const piped = await runWts(['task', 'list', 'ws_support', '--status', 'all', '--all', '--json'], { env: sandbox.env, tty: 'stderr' });
    expect(piped.stdout).toBe(json.stdout);
    expect(piped.stderr).toBe('');
    const table = await runWts(['task', 'list', 'ws_support', '--status', 'all', '--all'], sandbox.tty());
    expect(lines(table.stdout)).toHaveLength(expected.length + 1);
    expect(table.stderr).toMatch(/^(\r\x1b\[2K[\d,]+ tasks read…)+\r\x1b\[2K$/);
  });

  it('filters by assignee, tag and unassigned', async () => {
    const ben = await runWts(['task', 'list', 'ws_support', '--assignee', 'usr_ben', '--all'], { env: sandbox.env });
    expect(lines(ben.stdout).length).toBeGreaterThan(0);
    for (const line of lines(ben.stdout)) expect(line.split('\t')[3]!.split(',')).toContain('usr_ben');
    const bugs = await runWts(['task', 'list', 'ws_support', '--tag', 'bug', '--all'], { env: sandbox.env });
    expect(lines(bugs.stdout).length).toBeGreaterThan(0);
    for (const line of lines(bugs.stdout)) expect(line.split('\t')[4]!.split(',')).toContain('bug');
    // A person by name, first name, email or id: the same tasks.
    for (const who of ['ben', 'Ben Okafor', 'BEN', 'usr_ben'])
      expect((await runWts(['task', 'list', 'ws_support', '--assignee', who, '--all'], { env: sandbox.env })).stdout, who).toBe(ben.stdout);
    const nobodyCalled = await runWts(['task', 'list', 'ws_support', '--assignee', 'zed'], { env: sandbox.env });
    expect(nobodyCalled.code).toBe(2);
    expect(nobodyCalled.stderr).toMatch(/^wts: --assignee: nobody in this workspace is "zed"; the members are .*Ben Okafor \(usr_ben, /);
    const nobody = await runWts(['task', 'list', 'ws_support', '--unassigned', '--all'], { env: sandbox.env });
    expect(lines(nobody.stdout).length).toBeGreaterThan(0);
    for (const line of lines(nobody.stdout)) expect(line.split('\t')[3]).toBe('');
  });

  it('says so on a terminal when nothing matches', async () => {
    const r = await runWts(['task', 'list', 'ws_support', '--tag', 'no-such-tag'], sandbox.tty());
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('No tasks.\n');
  });

  it('exits 2 naming --limit, WS or --tag, sending nothing', async () => {
    expect((await refusedLocally(['task', 'list', 'ws_support', '--limit', '0'], 2)).stderr).toBe(
      'wts: --limit: must be a whole number from 1, not "0"\n',
    );
    expect((await refusedLocally(['task', 'list', 'ws_support', '--limit', 'lots'], 2)).stderr).toBe(
      'wts: --limit: must be a whole number from 1, not "lots"\n',
    );
    expect((await refusedLocally(['task', 'list', 'ws_support', '--limit', '2.5'], 2)).stderr).toBe(
      'wts: --limit: must be a whole number from 1, not "2.5"\n',
    );
    expect((await refusedLocally(['task', 'list', 'w'.repeat(65)], 2)).stderr).toBe('wts: WS: must be at most 64 characters\n');
    expect((await refusedLocally(['task', 'list', 'ws_support', '--tag', ''], 2)).stderr).toBe('wts: --tag: must not be empty\n');
  });

  it('exits 3 for an unknown workspace and 2 for a column it does not have', async () => {
    const missing = await runWts(['task', 'list', 'ws_nope'], { env: sandbox.env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^wts: not found: .+\n$/);
    const column = await runWts(['task', 'list', 'ws_support', '--status', 'blocked'], { env: sandbox.env });
    expect(column.code).toBe(2);
    expect(column.stderr).toBe(
      'wts: --status: no column "blocked". The columns: todo (To do), in_progress (In progress), waiting (Waiting), done (Done)\n',
    );
  });
});

describe('wts task search', () => {
  it('finds tasks holding all the words, as a table or as lines', async () => {
    const r = await runWts(['task', 'search', 'ws_support', 'duplicate', 'charge'], sandbox.tty());
    expect(r.code).toBe(0);
    const [header, ...rows] = lines(r.stdout);
    expect(header).toMatch(/^ID\s+TITLE\s+STATUS/);
    expect(rows.some((row) => row.startsWith('task_s021 '))).toBe(true);
    const piped = await runWts(['tasks', 'search', 'ws_support', 'duplicate charge', '--json'], { env: sandbox.env });
    const found = JSON.parse(piped.stdout) as Task[];
    for (const t of found) expect(`${t.title} ${t.description}`.toLowerCase()).toMatch(/duplicate[\s\S]*charge|charge[\s\S]*duplicate/);
    expect(found.map((t) => t.id)).toContain('task_s021');
  });

  it('exits 2 for words out of bounds, sending nothing', async () => {
    expect((await refusedLocally(['task', 'search', 'ws_support', 'x'.repeat(501)], 2)).stderr).toBe(
      'wts: WORDS: must be at most 500 characters\n',
    );
  });
});

describe('wts task view', () => {
  it('shows everything a person needs on a terminal', async () => {
    const task = await getTask('task_s021');
    const waiting = (await sandbox.client.call('list_pending_actions', { path: { taskId: 'task_s021' } })) as {
      items: Resource<'PendingAction'>[];
    };
    expect(waiting.items.length).toBeGreaterThan(0);
    const r = await runWts(['task', 'view', 'task_s021'], sandbox.tty());
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(new RegExp(`^Title:\\s+${task.title}\n`));
    expect(out).toMatch(/\nID:\s+task_s021\n/);
    expect(out).toMatch(/\nWorkspace:\s+ws_support\n/);
    expect(out).toMatch(/\nStatus:\s+in_progress\n/);
    expect(out).toMatch(/\nAssignees:\s+Ada Lovelace \(usr_ada\)\n/);
    expect(out).toMatch(/\nTags:\s+billing, urgent\n/);
    expect(out).toMatch(/\nDue:\s+\d{4}-\d\d-\d\d \d\d:\d\d \((tomorrow|in 23 hours)\)\n/);
    expect(out).toMatch(new RegExp(`\nConversation:\\s+${task.conversationKey!.replace(/[.]/g, '\\.')}\n`));
    expect(out).toContain('Maria Gonzalez (Brightlane Logistics) was charged twice');
    for (const a of waiting.items) expect(out).toMatch(new RegExp(`${a.id}\\s+${a.kind}\\s+${a.summary}`));
  });

  it('shows notes with author and time, and no conversation line for a task without one', async () => {
    const r = await runWts(['task', 'view', 'task_s022'], sandbox.tty());
    expect(r.stdout).toMatch(/\nNotes:\s+Ben Okafor · .+ ago\n\s+Engineering confirmed/);
    expect(r.stdout).not.toContain('Conversation:');
    expect(r.stdout).toMatch(/\nApprovals:\s+none waiting\n/);
  });

  it('colors the status on a terminal', async () => {
    const r = await runWts(['task', 'view', 'task_s021'], { env: { ...sandbox.env, FORCE_COLOR: '1' }, tty: true });
    expect(r.stdout).toContain('\x1b[33min_progress\x1b[39m');
  });

  it('prints label<TAB>value lines with ISO times when piped', async () => {
    const task = await getTask('task_s021');
    const r = await runWts(['task', 'view', 'task_s021'], { env: sandbox.env });
    const fields = new Map(lines(r.stdout).map((line) => line.split('\t') as [string, string]));
    expect(fields.get('ID')).toBe('task_s021');
    expect(fields.get('Status')).toBe('in_progress');
    expect(fields.get('Due')).toBe(task.dueDate);
    expect(fields.get('Conversation')).toBe(task.conversationKey);
    expect(fields.get('Approvals')).toMatch(/^act_\w+ action /);
    expect(r.stdout).not.toContain('\x1b[');
  });

  it('prints the Task object exactly as the service returned it with --json', async () => {
    const r = await runWts(['task', 'view', 'task_s021', '--json'], { env: sandbox.env, tty: true });
    expect(JSON.parse(r.stdout)).toEqual(await getTask('task_s021'));
  });

  it('exits 3 for an unknown task and 2 for an id out of bounds, sending nothing', async () => {
    const missing = await runWts(['task', 'view', 'task_nope'], { env: sandbox.env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^wts: not found: .+\n$/);
    expect((await refusedLocally(['task', 'view', 't'.repeat(65)], 2)).stderr).toBe('wts: TASK: must be at most 64 characters\n');
  });
});

describe('wts task events, chat, conversation', () => {
  it('shows the activity log as a table or as lines', async () => {
    const tty = await runWts(['task', 'events', 'task_s021', '--all'], sandbox.tty());
    expect(tty.code).toBe(0);
    const [header, ...rows] = lines(tty.stdout);
    expect(header).toMatch(/^TIME\s+ACTOR\s+KIND\s+SUMMARY$/);
    expect(rows[0]).toMatch(/ ago\s+Support Agent\s+task\.created\s+Support Agent created the task/);
    const events: Resource<'Event'>[] = [];
    for await (const e of sandbox.client.items('list_task_events', { path: { taskId: 'task_s021' } })) events.push(e as Resource<'Event'>);
    const piped = await runWts(['task', 'events', 'task_s021', '--all'], { env: sandbox.env });
    expect(lines(piped.stdout)).toEqual(events.map((e) => `${e.createdAt}\t${e.actor.name}\t${e.kind}\t${e.summary}`));
  });

  it('shows the chat as a transcript on a terminal, lines when piped, the messages with --json', async () => {
    const tty = await runWts(['task', 'chat', 'task_s021'], sandbox.tty());
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/^Ada Lovelace \(person\) · .+ ago\n {2}Is this the same payment processor glitch/);
    expect(tty.stdout).toMatch(/\n\nSupport Agent \(agent\) · .+ ago\n {2}It looks like a double submit/);
    const json = await runWts(['task', 'chat', 'task_s021', '--json'], { env: sandbox.env });
    const messages = JSON.parse(json.stdout) as Message[];
    expect(messages[0]).toMatchObject({ author: { kind: 'person', id: 'usr_ada', name: 'Ada Lovelace' } });
    const piped = await runWts(['task', 'chat', 'task_s021'], { env: sandbox.env });
    expect(lines(piped.stdout)[0]).toBe(`${messages[0]!.id}\tperson\tAda Lovelace\t${messages[0]!.createdAt}\t${messages[0]!.content}`);
  });

  it('reads the conversation key from the task by itself', async () => {
    const tty = await runWts(['task', 'conversation', 'task_s021'], sandbox.tty());
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/^Maria Gonzalez \(person\) · .+ ago\n {2}Hello,\n\n {2}our company card was charged twice/);
    const json = await runWts(['task', 'conversation', 'task_s021', '--json'], { env: sandbox.env });
    const messages = JSON.parse(json.stdout) as Message[];
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.every((m) => m.author.name === 'Maria Gonzalez')).toBe(true);
  });

  it('exits 3 with a clear message for a task that has no conversation', async () => {
    expect((await getTask('task_s022')).conversationKey).toBeNull();
    const r = await runWts(['task', 'conversation', 'task_s022'], { env: sandbox.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      'wts: task task_s022 did not come from an email or chat thread, so it has no conversation; its chat with the agent: wts task chat task_s022\n',
    );
  });

  it('cuts the chat at --limit and says more exist, on a terminal and piped with --verbose', async () => {
    const r = await runWts(['task', 'chat', 'task_s021', '--limit', '1'], sandbox.tty());
    expect(r.stdout.match(/^\S.* · /gm)).toHaveLength(1);
    expect(r.stderr).toBe('showing 1 of more — use --limit N or --all for the rest\n');
    const piped = await runWts(['task', 'chat', 'task_s021', '--limit', '1', '--json'], { env: sandbox.env });
    expect(JSON.parse(piped.stdout)).toHaveLength(1);
    expect(piped.stderr).toBe('');
    const verbose = await runWts(['task', 'chat', 'task_s021', '--limit', '1', '--json', '--verbose'], { env: sandbox.env });
    expect(verbose.stderr).toBe('showing 1 of more — use --limit N or --all for the rest\n');
  });

  it('exits 2 for a bad --limit before any request', async () => {
    expect((await refusedLocally(['task', 'conversation', 'task_s021', '--limit', 'x'], 2)).stderr).toBe(
      'wts: --limit: must be a whole number from 1, not "x"\n',
    );
    expect((await refusedLocally(['task', 'events', 'task_s021', '--limit', '0'], 2)).stderr).toBe(
      'wts: --limit: must be a whole number from 1, not "0"\n',
    );
    expect((await refusedLocally(['task', 'chat', '', '--limit', '5'], 2)).stderr).toBe('wts: TASK: must not be empty\n');
  });
});

describe('wts task edit, complete', () => {
  it('changes title, status and due date, and clears the due date with --due none', async () => {
    const task = await newTask('Check the invoice run');
    const tty = await runWts(
      ['task', 'edit', task.id, '--title', 'Check the March invoice run', '--status', 'in_progress', '--due', '2030-01-02T03:04:05Z'],
      sandbox.tty(),
    );
    expect(tty.code, tty.stderr).toBe(0);
    // The due date is read back as set, in local time.
    expect(tty.stdout).toMatch(
      new RegExp(`^✓ Updated ${task.id} \\(Check the March invoice run\\), due Wed 2 Jan 2030 \\d\\d:\\d\\d \\(in \\d+ years\\)\n$`),
    );
    const changed = await getTask(task.id);
    expect(changed).toMatchObject({ title: 'Check the March invoice run', status: 'in_progress' });
    expect(Date.parse(changed.dueDate!)).toBe(Date.parse('2030-01-02T03:04:05Z'));
    const piped = await runWts(['task', 'edit', task.id, '--due', 'none'], { env: sandbox.env });
    expect(piped.stdout).toBe(`Updated ${task.id} (Check the March invoice run), no due date\n`);
    const json = await runWts(['task', 'edit', task.id, '--due', 'in 2d', '--json'], { env: sandbox.env });
    const edited = JSON.parse(json.stdout) as Task;
    expect(edited).toEqual(await getTask(task.id));
    expect(Date.parse(edited.dueDate!) - Date.now()).toBeGreaterThan(47 * 3600_000);
    const cleared = await runWts(['task', 'edit', task.id, '--due', 'none', '--json'], { env: sandbox.env });
    expect((JSON.parse(cleared.stdout) as Task).dueDate).toBeNull();
  });

  it('exits 2 when there is nothing to change or the input is bad, sending nothing', async () => {
    expect((await refusedLocally(['task', 'edit', 'task_s005'], 2)).stderr).toBe(
      'wts: nothing to change: pass --title, --status or --due (on a terminal, with none of them, your editor opens)\n',
    );
    expect((await refusedLocally(['task', 'edit', 'task_s005', '--title', ''], 2)).stderr).toBe('wts: --title: must not be empty\n');
    expect((await refusedLocally(['task', 'edit', 'task_s005', '--title', 'x'.repeat(201)], 2)).stderr).toBe(
      'wts: --title: must be at most 200 characters\n',
    );
    expect((await refusedLocally(['task', 'edit', 'task_s005', '--due', 'whenever'], 2)).stderr).toMatch(
      /^wts: --due: cannot read "whenever" as a time/,
    );
  });

  it('--status takes a column key or name in any case, as task list does; a near miss: exit 2 with "did you mean", nothing changed', async () => {
    const task = await newTask('Move me between columns');
    const byName = await runWts(['task', 'edit', task.id, '--status', 'In Progress'], { env: sandbox.env });
    expect(byName.code, byName.stderr).toBe(0);
    expect((await getTask(task.id)).status).toBe('in_progress');
    expect((await runWts(['task', 'edit', task.id, '--status', 'TO DO'], { env: sandbox.env })).code).toBe(0);
    expect((await getTask(task.id)).status).toBe('todo');
    expect((await runWts(['task', 'edit', task.id, '--status', 'WAITING'], { env: sandbox.env })).code).toBe(0);
    expect((await getTask(task.id)).status).toBe('waiting');

    const updates = () => sandbox.ctx.store.state.data.events.filter((e) => e.taskId === task.id).length;
    const before = updates();
    const near = await runWts(['task', 'edit', task.id, '--status', 'in progres', '--title', 'Not this'], { env: sandbox.env });
    expect(near.code).toBe(2);
    expect(near.stderr).toBe(
      'wts: --status: no column "in progres"; did you mean in_progress (In progress)? The columns: todo (To do), in_progress (In progress), waiting (Waiting), done (Done)\n',
    );
    const column = await runWts(['task', 'edit', task.id, '--status', 'blocked'], { env: sandbox.env });
    expect(column.code).toBe(2);
    expect(column.stderr).toBe(
      'wts: --status: no column "blocked". The columns: todo (To do), in_progress (In progress), waiting (Waiting), done (Done)\n',
    );
    expect(await getTask(task.id)).toMatchObject({ status: 'waiting', title: 'Move me between columns' });
    expect(updates()).toBe(before);
  });

  it('exits 3 for an unknown task', async () => {
    expect((await runWts(['task', 'edit', 'task_nope', '--title', 'x'], { env: sandbox.env })).code).toBe(3);
    expect((await runWts(['task', 'edit', 'task_nope', '--status', 'done'], { env: sandbox.env })).code).toBe(3);
  });

  it('marks a task done', async () => {
    const task = await newTask('Close the duplicate ticket');
    const r = await runWts(['task', 'complete', task.id], sandbox.tty());
    expect(r.stdout).toBe(`✓ Completed ${task.id} (Close the duplicate ticket)\n`);
    expect((await getTask(task.id)).status).toBe('done');
    expect((await runWts(['task', 'complete', 'task_nope'], { env: sandbox.env })).code).toBe(3);
  });
});

describe('wts task assign, tag', () => {
  it('adds people by name, email, id; removes them; never removes by adding; --set and --clear replace all', async () => {
    const task = await newTask('Call Nordwerk about the invoice');
    const r = await runWts(['task', 'assign', task.id, 'ada'], sandbox.tty());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`✓ Assigned ${task.id}: added Ada Lovelace; now Ada Lovelace\n`);
    const more = await runWts(['task', 'assign', task.id, '--add', 'ben@acme.example'], { env: sandbox.env });
    expect(more.stdout).toBe(`Assigned ${task.id}: added Ben Okafor; now Ada Lovelace, Ben Okafor\n`);
    const swap = await runWts(['task', 'assign', task.id, '--remove', 'Ada Lovelace', '--json'], { env: sandbox.env });
    expect((JSON.parse(swap.stdout) as Task).assignees).toEqual([{ id: 'usr_ben', name: 'Ben Okafor' }]);
    const same = await runWts(['task', 'assign', task.id, '--add', 'usr_ben'], { env: sandbox.env });
    expect(same.stdout).toBe(`No change: ${task.id} is assigned to Ben Okafor\n`);
    const set = await runWts(['task', 'assign', task.id, '--set', 'ada,ben'], { env: sandbox.env });
    expect(set.stdout).toBe(`Assigned ${task.id}: added Ada Lovelace; now Ada Lovelace, Ben Okafor\n`);
    const cleared = await runWts(['task', 'assign', task.id, '--clear'], { env: sandbox.env });
    expect(cleared.stdout).toBe(`Assigned ${task.id}: removed Ada Lovelace, Ben Okafor; now nobody\n`);
    expect((await getTask(task.id)).assignees).toEqual([]);
  });

  it('exits 2 for contradictions and people it cannot name, sending no change', async () => {
    expect((await refusedLocally(['task', 'assign', 'task_s005'], 2)).stderr).toBe(
      'wts: nothing to change: name people to add (PERSON or --add), --remove, --set or --clear\n',
    );
    expect((await refusedLocally(['task', 'assign', 'task_s005', '--add', 'usr_ada', '--clear'], 2)).stderr).toBe(
      'wts: --clear replaces all the people: pass it without PERSON, --add or --remove\n',
    );
    expect((await refusedLocally(['task', 'assign', 'task_s005', 'usr_ada', 'u'.repeat(65)], 2)).stderr).toBe(
      'wts: PERSON #2: must be at most 64 characters\n',
    );
    const before = (await getTask('task_s005')).assignees;
    const stranger = await runWts(['task', 'assign', 'task_s005', 'usr_nobody'], { env: sandbox.env });
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toMatch(/^wts: --add: nobody in this workspace is "usr_nobody"; the members are /);
    const me = await runWts(['task', 'assign', 'task_s005', '@me'], { env: sandbox.env });
    expect(me.code).toBe(2);
    expect(me.stderr).toBe('wts: @me: with WTS_TOKEN wts does not know who you are; name yourself by id, name or email\n');
    expect((await getTask('task_s005')).assignees).toEqual(before);
  });

  it('adds and removes tags, never removing by adding; --set and --clear replace all', async () => {
    const task = await newTask('Tidy the tags');
    const r = await runWts(['task', 'tag', task.id, 'billing', 'urgent'], sandbox.tty());
    expect(r.stdout).toBe(`✓ Tagged ${task.id}: added billing, urgent; now billing, urgent\n`);
    const vip = await runWts(['task', 'tag', task.id, 'vip'], { env: sandbox.env });
    expect(vip.stdout).toBe(`Tagged ${task.id}: added vip; now billing, urgent, vip\n`);
    const same = await runWts(['task', 'tag', task.id, 'vip'], { env: sandbox.env });
    expect(same.stdout).toBe(`No change: ${task.id} has the tags billing, urgent, vip\n`);
    const both = await runWts(['task', 'tag', task.id, '--add', 'refund,vat', '--remove', 'urgent', '--remove', 'vip'], {
      env: sandbox.env,
    });
    expect(both.stdout).toBe(`Tagged ${task.id}: added refund, vat; removed urgent, vip; now billing, refund, vat\n`);
    const json = await runWts(['task', 'tag', task.id, '--set', 'billing', '--json'], { env: sandbox.env });
    expect((JSON.parse(json.stdout) as Task).tags).toEqual(['billing']);
    const cleared = await runWts(['task', 'tag', task.id, '--clear'], { env: sandbox.env });
    expect(cleared.stdout).toBe(`Tagged ${task.id}: removed billing; now no tags\n`);
    const none = await runWts(['task', 'tag', task.id, '--remove', 'billing'], { env: sandbox.env });
    expect(none.stdout).toBe(`No change: ${task.id} has no tags\n`);
    expect((await getTask(task.id)).tags).toEqual([]);
  });

  it('exits 2 naming the TAG that is out of bounds, sending nothing', async () => {
    expect((await refusedLocally(['task', 'tag', 'task_s005', 'billing', ''], 2)).stderr).toBe('wts: TAG #2: must not be empty\n');
    expect((await refusedLocally(['task', 'tag', 'task_s005', 'x'.repeat(101)], 2)).stderr).toBe(
      'wts: TAG #1: must be at most 100 characters\n',
    );
    expect((await refusedLocally(['task', 'tag', 'task_s005'], 2)).stderr).toBe(
      'wts: nothing to change: name tags to add (TAG or --add), --remove, --set or --clear\n',
    );
    expect((await refusedLocally(['task', 'tag', 'task_s005', '--add', 'a', '--remove', 'a'], 2)).stderr).toBe(
      'wts: "a" is both added and removed\n',
    );
  });
});

describe('wts task note', () => {
  it('adds a note given as TEXT', async () => {
    const task = await newTask('Note as text');
    const r = await runWts(['task', 'note', task.id, 'Called the customer'], sandbox.tty());
    expect(r.stdout).toBe(`✓ Added a note to ${task.id} (Note as text)\n`);
    const notes = (await getTask(task.id)).notes;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ content: 'Called the customer', author: { id: 'usr_ada', name: 'Ada Lovelace' } });
  });

  it('reads the note from standard input with -, and from a file with --file', async () => {
    const task = await newTask('Note from stdin');
    const piped = await runWts(['task', 'note', task.id, '-', '--json'], { env: sandbox.env, stdin: 'Line one\nLine two\n' });
    expect(piped.code, piped.stderr).toBe(0);
    expect((JSON.parse(piped.stdout) as Task).notes.map((n) => n.content)).toEqual(['Line one\nLine two']);
    const file = join(scratch, 'note.md');
    writeFileSync(file, 'From a file\n');
    const fromFile = await runWts(['task', 'note', task.id, '--file', file], { env: sandbox.env });
    expect(fromFile.stdout).toBe(`Added a note to ${task.id} (Note from stdin)\n`);
    expect((await getTask(task.id)).notes.map((n) => n.content)).toEqual(['Line one\nLine two', 'From a file']);
  });

  it('task edit with no flags on a terminal: title, status and due date in the editor; only what changed is sent', async () => {
    const task = await newTask('Edit me in the editor');
    const editor = fakeEditor(`sed -i -e 's/^title: .*/title: Edited in the editor/' -e 's/^status: .*/status: In progress/' "$1"`);
    const r = await runWts(['task', 'edit', task.id], sandbox.tty({ env: { EDITOR: editor } }));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`✓ Updated title, status of ${task.id} (Edited in the editor)\n`);
    const after = await getTask(task.id);
    expect([after.title, after.status, after.dueDate]).toEqual(['Edited in the editor', 'in_progress', task.dueDate]);
    // Saved as it was: nothing sent.
    const same = await runWts(['task', 'edit', task.id], sandbox.tty({ env: { EDITOR: fakeEditor('true') } }));
    expect(same.code).toBe(0);
    expect(same.stderr).toBe('No changes; nothing was sent.\n');
    // A line it cannot read: exit 2, the text kept, nothing sent.
    const bad = await runWts(['task', 'edit', task.id], sandbox.tty({ env: { EDITOR: fakeEditor(`echo 'colour: red' >> "$1"`) } }));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^wts: your text is saved in .+\nwts: cannot read "colour: red": each line is title:, status: or due: and its value\n$/,
    );
    expect((await getTask(task.id)).updatedAt).toBe(after.updatedAt);
  });

  it('opens $EDITOR on a terminal and sends what was saved', async () => {
    const task = await newTask('Note from the editor');
    const r = await runWts(['task', 'note', task.id], sandbox.tty({ env: { EDITOR: editorWriting('Written in the editor\n') } }));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`✓ Added a note to ${task.id} (Note from the editor)\n`);
    expect((await getTask(task.id)).notes.map((n) => n.content)).toEqual(['Written in the editor']);
  });

  it('sends nothing when the editor leaves the note empty (exit 1, as git aborts)', async () => {
    const r = await refusedLocally(['task', 'note', 'task_s005'], 1, sandbox.tty({ env: { EDITOR: editorWriting('\n  \n') } }));
    expect(r.stderr).toBe('wts: aborting: the note is empty, so nothing was sent\n');
  });

  it('keeps refused text from the editor in a file', async () => {
    const configDir = tempConfigDir();
    const long = 'x'.repeat(10_001);
    const r = await refusedLocally(
      ['task', 'note', 'task_s005'],
      2,
      sandbox.tty({ env: { WTS_CONFIG_DIR: configDir, EDITOR: editorWriting(long) } }),
    );
    const [saved, error] = lines(r.stderr);
    expect(error).toBe('wts: the note: must be at most 10000 characters');
    const file = /saved in (.+)$/.exec(saved!)![1]!;
    expect(readdirSync(join(configDir, 'drafts'))).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toBe(long);
  });

  it('exits 2 naming where the note came from, sending nothing', async () => {
    expect((await refusedLocally(['task', 'note', 'task_s005'], 2)).stderr).toBe(
      'wts: no note: pass it as TEXT, with --file F, or - to read standard input\n',
    );
    expect((await refusedLocally(['task', 'note', 'task_s005', ''], 2)).stderr).toBe('wts: TEXT: must not be empty\n');
    expect((await refusedLocally(['task', 'note', 'task_s005', 'x'.repeat(10_001)], 2)).stderr).toBe(
      'wts: TEXT: must be at most 10000 characters\n',
    );
    expect((await refusedLocally(['task', 'note', 'task_s005', '-'], 2, { env: sandbox.env, stdin: '\n' })).stderr).toBe(
      'wts: standard input: must not be blank\n',
    );
    expect((await refusedLocally(['task', 'note', 'task_s005', '--file', join(scratch, 'missing.md')], 2)).stderr).toMatch(
      /^wts: --file: cannot read .*missing\.md: ENOENT\n$/,
    );
    expect((await refusedLocally(['task', 'note', 'task_s005', 'text', '--file', 'x.md'], 2)).stderr).toMatch(
      /^wts: pass the note as TEXT, with --file F, or as - .*only one of them\n$/,
    );
    expect((await refusedLocally(['task', 'note', 'task_s005'], 2, sandbox.tty())).stderr).toMatch(/^wts: no editor: set VISUAL or EDITOR/);
  });
});

describe('wts task delete', () => {
  it('exits 6 for a task that is not done', async () => {
    const task = await newTask('Not done yet');
    const r = await runWts(['task', 'delete', task.id, '--yes'], { env: sandbox.env });
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^wts: conflict: .*only a done task can be deleted/);
  });

  it('needs --yes when not on a terminal, sending nothing; deletes a done task', async () => {
    const task = await newTask('Finished and forgotten');
    await runWts(['task', 'complete', task.id], { env: sandbox.env });
    const refused = await refusedLocally(['task', 'delete', task.id], 2);
    expect(refused.stderr).toContain('pass --yes');
    const done = await runWts(['task', 'delete', task.id, '--yes', '--json'], { env: sandbox.env });
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual({ id: task.id, deleted: true });
    expect((await runWts(['task', 'view', task.id], { env: sandbox.env })).code).toBe(3);
    expect((await runWts(['task', 'delete', task.id, '--yes'], { env: sandbox.env })).code).toBe(3);
  });

  it('prints a confirmation on a terminal', async () => {
    const task = await newTask('Delete me');
    await runWts(['task', 'complete', task.id], { env: sandbox.env });
    const r = await runWts(['task', 'delete', task.id, '--yes'], sandbox.tty());
    expect(r.stdout).toBe(`✓ Deleted ${task.id}\n`);
  });

  it('checks the id before asking', async () => {
    expect((await refusedLocally(['task', 'delete', 'x'.repeat(65), '--yes'], 2)).stderr).toBe(
      'wts: TASK: must be at most 64 characters\n',
    );
  });
});

describe('wts task create, message', () => {
  it('creates a task for an agent, in its workspace', async () => {
    const r = await runWts(
      [
        'task',
        'create',
        '--agent',
        'agt_support',
        'Reply to Lena',
        '--description',
        'About the login',
        '--due',
        '2030-05-06T07:08:00Z',
        '--json',
      ],
      { env: sandbox.env },
    );
    expect(r.code, r.stderr).toBe(0);
    const task = JSON.parse(r.stdout) as Task;
    expect(task).toMatchObject({ workspaceId: 'ws_support', title: 'Reply to Lena', description: 'About the login', status: 'todo' });
    expect(Date.parse(task.dueDate!)).toBe(Date.parse('2030-05-06T07:08:00Z'));
    expect(task).toEqual(await getTask(task.id));
    const tty = await runWts(['task', 'create', '--agent', 'agt_ops', 'Check backups'], sandbox.tty());
    expect(tty.stdout).toMatch(/^✓ Created task_\w+ in ws_ops for agt_ops: Check backups\n$/);
  });

  it('exits 2 without --agent or with bad input, sending nothing; 3 for an unknown agent', async () => {
    const noAgent = await refusedLocally(['task', 'create', 'Orphan'], 2);
    expect(noAgent.stderr).toContain("required option '--agent <id>' not specified");
    expect((await refusedLocally(['task', 'create', '--agent', 'agt_support', ''], 2)).stderr).toBe('wts: TITLE: must not be empty\n');
    expect((await refusedLocally(['task', 'create', '--agent', '', 'Title'], 2)).stderr).toBe('wts: --agent: must not be empty\n');
    expect(
      (await refusedLocally(['task', 'create', '--agent', 'agt_support', 'Title', '--description', 'd'.repeat(20_001)], 2)).stderr,
    ).toBe('wts: --description: must be at most 20000 characters\n');
    expect((await refusedLocally(['task', 'create', '--agent', 'agt_support', 'Title', '--due', 'someday'], 2)).stderr).toMatch(
      /^wts: --due: cannot read/,
    );
    expect((await runWts(['task', 'create', '--agent', 'agt_nope', 'Title'], { env: sandbox.env })).code).toBe(3);
  });

  it('sends the agent a message that then shows in the chat', async () => {
    const task = await newTask('Talk to the agent');
    const r = await runWts(['task', 'message', task.id, 'Please also check March', '--json'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    const message = JSON.parse(r.stdout) as Message;
    expect(message).toMatchObject({ content: 'Please also check March', author: { kind: 'person', id: 'usr_ada' } });
    const tty = await runWts(['task', 'message', task.id, 'And April'], sandbox.tty());
    expect(tty.stdout).toBe(`✓ Sent to the agent on ${task.id}\n`);
    const chat = await runWts(['task', 'chat', task.id], { env: sandbox.env });
    expect(lines(chat.stdout).map((l) => l.split('\t')[4])).toEqual(expect.arrayContaining(['Please also check March', 'And April']));
    expect((await refusedLocally(['task', 'message', task.id, ''], 2)).stderr).toBe('wts: TEXT: must not be empty\n');
    expect((await runWts(['task', 'message', 'task_nope', 'hi'], { env: sandbox.env })).code).toBe(3);
  });
});

describe('wts task runs', () => {
  it('lists runs with a colored state, relative start and the first line of output', async () => {
    const r = await runWts(['task', 'runs', 'task_s021'], sandbox.tty());
    expect(r.code).toBe(0);
    const [header, ...rows] = lines(r.stdout);
    expect(header).toMatch(/^ID\s+STATE\s+AGENT\s+STARTED\s+OUTPUT$/);
    expect(rows[0]).toMatch(/^run_s001\s+succeeded\s+agt_support\s+.+ ago\s+Read the email thread "Charged twice for April"/);
    expect(rows[0]).not.toContain('Found two card payments');
    const colored = await runWts(['task', 'runs', 'task_s021'], { env: { ...sandbox.env, FORCE_COLOR: '1' }, tty: true });
    expect(colored.stdout).toContain('\x1b[32msucceeded\x1b[39m');
  });

  it('prints lines with ISO times when piped and the Run objects with --json', async () => {
    const run = (await sandbox.client.call('get_run', { path: { runId: 'run_s001' } })) as Resource<'Run'>;
    const piped = await runWts(['task', 'runs', 'task_s021'], { env: sandbox.env });
    expect(lines(piped.stdout)).toContain(`run_s001\tsucceeded\tagt_support\t${run.startedAt}\t${run.output.split('\n')[0]}`);
    const json = await runWts(['task', 'runs', 'task_s021', '--json'], { env: sandbox.env });
    expect(JSON.parse(json.stdout)).toContainEqual(run);
  });

  it('takes a --limit above the page bound (25 runs a page): a total, not a page size', async () => {
    const r = await runWts(['task', 'runs', 'task_s021', '--limit', '26', '--json'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('credentials and scopes', () => {
  it('exits 4 with what to do when there is no token, or it is refused', async () => {
    const none = await runWts(['task', 'list', 'ws_support'], { env: { WTS_ORIGIN: sandbox.origin } });
    expect(none.code).toBe(4);
    expect(none.stderr).toBe(`wts: not signed in to ${sandbox.origin} — run \`wts login\`\n`);
    const refused = await runWts(['task', 'view', 'task_s021'], { env: { ...sandbox.env, WTS_TOKEN: 'not-a-token' } });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/^wts: sign-in needed: .* — run `wts login`\n$/);
  });

  it('exits 5 when the connection lacks the scope, and reads with the scope it has', async () => {
    const readOnly = { ...sandbox.env, WTS_TOKEN: (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token };
    expect((await runWts(['task', 'view', 'task_s021'], { env: readOnly })).code).toBe(0);
    const edit = await runWts(['task', 'edit', 'task_s005', '--title', 'Nope'], { env: readOnly });
    expect(edit.code).toBe(5);
    expect(edit.stderr).toMatch(/^wts: forbidden: .* — run `wts login` to grant it\n$/);
    expect((await runWts(['task', 'runs', 'task_s021'], { env: readOnly })).code).toBe(5);
    expect((await runWts(['task', 'create', '--agent', 'agt_support', 'Nope'], { env: readOnly })).code).toBe(5);
    expect((await getTask('task_s005')).title).not.toBe('Nope');
  });
});

describe('help', () => {
  it('has an example for every task command, and the plural alias works', async () => {
    const group = await runWts(['tasks', '--help'], { env: sandbox.env });
    expect(group.code).toBe(0);
    const verbs = [...group.stdout.matchAll(/^ {2}(\w+) /gm)].map((m) => m[1]!).filter((v) => v !== 'help');
    expect(verbs).toEqual([
      'list',
      'board',
      'search',
      'view',
      'events',
      'chat',
      'conversation',
      'edit',
      'complete',
      'assign',
      'tag',
      'note',
      'delete',
      'create',
      'message',
      'runs',
    ]);
    for (const v of verbs) {
      const r = await runWts(['task', v, '--help'], { env: sandbox.env });
      expect(r.stdout, v).toMatch(/\nExamples:\n {2}\$ wts task /);
    }
  });
});
