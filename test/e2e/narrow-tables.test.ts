// Every list a person reads as a table, on a 40-column terminal: each row still shows the start of its
// title (a task's title, a name, a message, a summary, a run's output), every line fits the terminal, and
// the title is what stays: the optional columns go, then the id is cut, before the title is (issue 39).
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const COLUMNS = 40;
/** The least of a title each row shows: its first 9 columns (a title cut to 10 keeps 9 and its …). */
const PREFIX = 9;

const sandbox = useSandbox({ columns: COLUMNS });

/** The start of `text` a row must show: up to PREFIX columns of its first line. */
function prefixOf(text: string): string {
  let prefix = '';
  for (const ch of (text.split('\n')[0] ?? '').trim()) {
    if (displayWidth(prefix + ch) > PREFIX) break;
    prefix += ch;
  }
  return prefix.trimEnd();
}

/** A task of the sandbox that has at least one of what `has` picks from its state. */
function taskWith(has: 'reminders' | 'pendingActions' | 'runs' | 'events'): string {
  const data = sandbox.ctx.store.state.data;
  const taskId = data[has].find((x) => data.tasks.some((t) => t.id === x.taskId))?.taskId;
  expect(taskId, `a seeded task with ${has}`).toBeDefined();
  return taskId ?? '';
}

/** Each list: the command, and the field of each of its --json items that the table's title column shows. */
const LISTS: { name: string; args: () => string[]; title: string }[] = [
  { name: 'task list ws_support', args: () => ['task', 'list', 'ws_support'], title: 'title' },
  { name: 'task list ws_support --sort due', args: () => ['task', 'list', 'ws_support', '--sort', 'due'], title: 'title' },
  { name: 'task list --all-workspaces', args: () => ['task', 'list', '--all-workspaces'], title: 'title' },
  { name: 'task search refund -w ws_support', args: () => ['task', 'search', 'refund', '-w', 'ws_support'], title: 'title' },
  { name: 'task runs TASK', args: () => ['task', 'runs', taskWith('runs')], title: 'output' },
  { name: 'task events TASK', args: () => ['task', 'events', taskWith('events')], title: 'summary' },
  { name: 'reminder list TASK', args: () => ['reminder', 'list', taskWith('reminders')], title: 'message' },
  { name: 'approval list TASK', args: () => ['approval', 'list', taskWith('pendingActions')], title: 'summary' },
  { name: 'schedule list', args: () => ['schedule', 'list'], title: 'title' },
  { name: 'schedule check', args: () => ['schedule', 'check'], title: 'title' },
  { name: 'schedule runs sched_support_weekly', args: () => ['schedule', 'runs', 'sched_support_weekly'], title: 'output' },
  { name: 'workspace list', args: () => ['workspace', 'list'], title: 'name' },
  { name: 'workspace members ws_support', args: () => ['workspace', 'members', 'ws_support'], title: 'name' },
  { name: 'workspace statuses ws_support', args: () => ['workspace', 'statuses', 'ws_support'], title: 'name' },
  { name: 'agent list', args: () => ['agent', 'list'], title: 'name' },
  { name: 'knowledge list', args: () => ['knowledge', 'list'], title: 'name' },
  { name: 'handbook list', args: () => ['handbook', 'list'], title: 'title' },
  { name: 'instructions list agt_support', args: () => ['instructions', 'list', 'agt_support'], title: 'title' },
];

describe(`tables at ${COLUMNS} columns`, () => {
  it.each(LISTS)('$name: every row shows the start of its title', async (list) => {
    const args = list.args();
    const json = await runWts([...args, '--json'], sandbox.piped());
    expect(json.code, json.stderr).toBe(0);
    const items: Record<string, unknown>[] = JSON.parse(json.stdout);
    expect(items.length, 'a list with rows to check').toBeGreaterThan(0);

    const table = await runWts(args, sandbox.tty());
    expect(table.code, table.stderr).toBe(0);
    const [header = '', ...rows] = table.stdout.trimEnd().split('\n');
    expect(rows.length).toBe(items.length);
    for (const line of [header, ...rows]) expect(displayWidth(line), line).toBeLessThanOrEqual(COLUMNS);
    items.forEach((item, i) => {
      const title = prefixOf(String(item[list.title] ?? ''));
      expect(rows[i], `row ${i} of ${args.join(' ')}: ${String(item.id)}`).toContain(title);
    });
  });

  it('wts inbox: every action shows the start of its summary', async () => {
    const json = await runWts(['inbox', '--json'], sandbox.piped());
    const actions: { id: string; summary: string }[] = JSON.parse(json.stdout);
    expect(actions.length).toBeGreaterThan(0);
    const r = await runWts(['inbox'], sandbox.tty());
    const lines = r.stdout.trimEnd().split('\n');
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(COLUMNS);
    for (const action of actions) expect(lines.find((l) => l.trim().startsWith(`${action.id} `))).toContain(prefixOf(action.summary));
  });

  it('wts task board: every card shows the start of its title', async () => {
    const json = await runWts(['task', 'board', 'ws_support', '--json'], sandbox.piped());
    const board: { columns: { tasks: { id: string; title: string }[] }[] } = JSON.parse(json.stdout);
    const titles = new Map(board.columns.flatMap((c) => c.tasks.map((t) => [t.id, t.title])));
    const r = await runWts(['task', 'board', 'ws_support', '--rows', '3'], sandbox.tty());
    const lines = r.stdout.trimEnd().split('\n');
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(COLUMNS);
    const cards = lines.filter((l) => /^task_\S+ /.test(l));
    expect(cards.length).toBeGreaterThanOrEqual(board.columns.length);
    for (const card of cards) {
      const title = titles.get(card.split(' ')[0] ?? '');
      expect(title, card).toBeDefined();
      expect(card).toContain(prefixOf(title ?? ''));
    }
  });
});
