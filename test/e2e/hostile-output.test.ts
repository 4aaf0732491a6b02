// Hostile data: records whose every text field holds terminal control sequences (OSC 0 window title,
// OSC 8 hyperlink, OSC 52 clipboard, CSI clear and cursor moves, CR, bidi overrides, C1 bytes), and every
// command that prints a record, run three ways:
// - on a real pseudo-terminal (the built CLI inside tmux, under `script` so the raw bytes it wrote are
//   kept): the window title is unchanged, the screen shows the escaped text, and no raw escape but wts's
//   own colors (and the progress line's erase) reaches the terminal, nor any raw C1 or bidi character;
// - piped (in-process): no raw control byte on any line but the field tabs, one record per line;
// - with --json: the exact strings once parsed, no raw control character as written.
// Adding a command is adding a row to COMMANDS. Needs `npm run build` first and tmux and script (CI
// installs them: .ci/run).
import { beforeAll, describe, expect, it } from 'vitest';
import { addConversation, addKnowledgeFile, addPendingAction, addSection, orgIdOf } from '../helpers/api.js';
import { runWts } from '../helpers/cli.js';
import { ESC, HOSTILE, HOSTILE_BLOCK, SHOWN, seedHostileWorkspace } from '../helpers/hostile.js';
import { SCRIPT, TMUX, useTerminal, type Pane, type TerminalEnd } from '../helpers/tmux.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const KNOWN_TITLE = 'wts-hostile-test';

if (!TMUX || !SCRIPT)
  console.warn('hostile-output.test: tmux or script is not installed, so the terminal half is skipped (CI installs both: .ci/run)');

const sandbox = useSandbox();
/** Ids of the hostile records, named as the command rows use them. */
const ids: Record<string, string> = {};

/** Puts hostile text in every field of every kind of record: through the API where it can, else as the agent or the seed would. */
async function seedHostile(): Promise<void> {
  const data = sandbox.ctx.store.state.data;
  const orgId = orgIdOf(sandbox, 'acme');
  const { ws, agent, task, schedule, action } = await seedHostileWorkspace(sandbox);
  Object.assign(ids, { ws, agent: agent.id, task, schedule, action: action.id });
  ids.task2 = ((await sandbox.api.ok('POST', `/agents/${agent.id}/tasks`, { body: { title: HOSTILE } })) as { id: string }).id;
  const remindAt = new Date(sandbox.ctx.clock.now() + 3 * 86_400_000).toISOString();
  ids.reminder = (
    (await sandbox.api.ok('POST', `/tasks/${task}/reminders`, { body: { message: HOSTILE, remindAt } })) as { id: string }
  ).id;
  ids.knowledge = (
    (await sandbox.api.ok('POST', '/knowledge-sources', { body: { url: 'https://evil.example/page', name: HOSTILE, note: HOSTILE } })) as {
      id: string;
    }
  ).id;
  const company = (await sandbox.api.ok('GET', '/company-handbook')) as { items: { id: string }[] };
  ids.handbook = company.items[0]!.id;
  await sandbox.api.ok('PATCH', `/company-handbook/${ids.handbook}`, { body: { title: HOSTILE, body: HOSTILE_BLOCK } });
  ids.instructions = addSection(sandbox, { orgId, agentId: agent.id, title: HOSTILE, body: HOSTILE_BLOCK }).id;
  await sandbox.api.ok('POST', `/scheduled-tasks/${schedule}/run`, { body: {} });

  // What only the agent, the mail gateway or the seed writes.
  const question = addPendingAction(sandbox, task, 'question', { question: HOSTILE_BLOCK, options: [HOSTILE, 'Plain answer'] });
  question.summary = HOSTILE;
  const key = addConversation(sandbox, task, orgId, [HOSTILE_BLOCK, HOSTILE]);
  for (const m of data.conversations.find((c) => c.key === key)!.messages) m.author.name = HOSTILE;
  data.users.push({ id: 'usr_hostile', login: 'hostile', name: HOSTILE, email: `hostile${ESC}[2J@evil.example` });
  const workspace = data.workspaces.find((w) => w.id === ws)!;
  workspace.memberIds.push('usr_hostile');
  workspace.statuses[0]!.name = HOSTILE;
  agent.name = HOSTILE;
  data.tasks.find((t) => t.id === task)!.assigneeIds = ['usr_hostile'];
  for (const e of data.events.filter((ev) => ev.taskId === task)) {
    e.summary = HOSTILE;
    e.actor = { ...e.actor, name: HOSTILE };
  }
  for (const m of data.messages.filter((msg) => msg.taskId === task)) m.author = { ...m.author, name: HOSTILE };
  const run = data.runs.find((r) => r.taskId === task)!;
  run.output = HOSTILE_BLOCK;
  ids.run = run.id;
  ids.file = addKnowledgeFile(sandbox, orgId, `${HOSTILE}\nsecond line.pdf`).id;
}

interface CommandRow {
  args: (id: Record<string, string>) => string[];
  /** A list: piped, one line per item of its --json array. */
  list?: boolean;
  /** Piped, the text of a document (several lines, each sanitized) rather than records. */
  document?: boolean;
  /** The exit code (0 unless said). */
  code?: number;
  /** It changes what it prints (run after the read-only rows, not with --json). */
  writes?: boolean;
}

/** Every command that prints a record, every confirmation that echoes one, and an error that quotes one. */
const COMMANDS: CommandRow[] = [
  { args: (id) => ['task', 'list', id.ws!], list: true },
  { args: (id) => ['task', 'search', id.ws!, 'Hostile'], list: true },
  { args: (id) => ['task', 'board', id.ws!] },
  { args: (id) => ['task', 'view', id.task!] },
  { args: (id) => ['task', 'events', id.task!], list: true },
  { args: (id) => ['task', 'chat', id.task!], list: true },
  { args: (id) => ['task', 'conversation', id.task!], list: true },
  { args: (id) => ['task', 'runs', id.task!], list: true },
  { args: (id) => ['run', 'view', id.run!] },
  { args: (id) => ['inbox', '--workspace', id.ws!], list: true },
  { args: (id) => ['approval', 'list', id.task!], list: true },
  { args: (id) => ['approval', 'view', id.action!] },
  { args: (id) => ['reminder', 'list', id.task!], list: true },
  { args: (id) => ['instructions', 'list', id.agent!], list: true },
  { args: (id) => ['instructions', 'view', id.instructions!], document: true },
  { args: () => ['handbook', 'list'], list: true },
  { args: (id) => ['handbook', 'view', id.handbook!], document: true },
  { args: () => ['knowledge', 'list'], list: true },
  { args: (id) => ['knowledge', 'view', id.knowledge!] },
  { args: () => ['schedule', 'list'], list: true },
  { args: (id) => ['schedule', 'view', id.schedule!] },
  { args: (id) => ['schedule', 'runs', id.schedule!], list: true },
  { args: () => ['workspace', 'list'], list: true },
  { args: (id) => ['workspace', 'members', id.ws!], list: true },
  { args: (id) => ['workspace', 'statuses', id.ws!], list: true },
  { args: () => ['agent', 'list'], list: true },
  // Confirmations that echo what the service sent back.
  { args: (id) => ['reminder', 'edit', id.reminder!, '--at', 'in 4 days'], writes: true },
  { args: (id) => ['knowledge', 'edit', id.knowledge!, '--note', 'plain note'], writes: true },
  { args: (id) => ['task', 'complete', id.task2!], writes: true },
  // An error whose detail quotes a record (a file name with a line break in it).
  { args: (id) => ['knowledge', 'edit', id.file!, '--url', 'https://acme.example/x'], code: 6 },
];
/** The command as a test name: ids by the name of their record (TASK, WS, …). */
const label = (row: CommandRow) => row.args(new Proxy({}, { get: (_, name) => String(name).toUpperCase() })).join(' ');

/** The exact hostile strings somewhere in a JSON value. */
function holdsExactly(value: unknown): boolean {
  if (typeof value === 'string') return value === HOSTILE || value === HOSTILE_BLOCK || value.includes(HOSTILE);
  if (Array.isArray(value)) return value.some(holdsExactly);
  if (value && typeof value === 'object') return Object.values(value).some(holdsExactly);
  return false;
}

/** Escape sequences in raw terminal output that are not wts's own: anything but SGR colors and the progress line's erase. */
function foreignEscapes(raw: string): string[] {
  const sequences = raw.match(/\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[^[\]])/g) ?? [];
  // wts's own: colors, and the progress line's erase (the line, and the lines it drew above it: cursor up).
  return sequences.filter((s) => !/^\x1b\[[0-9;]*m$/.test(s) && s !== '\x1b[2K' && s !== '\x1b[1A');
}
/** Raw C1 controls, bidi controls and CRs that do not end a line or start the progress line's erase. */
const RAW_UNSAFE = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n|\x1b\[2K)/;

beforeAll(async () => {
  await seedHostile();
  // The seed started runs (the schedule's, the chat's reply) that the sandbox's agent finishes a few
  // seconds later, proposing actions: let them finish now, then stop the agent, so that a command's
  // piped run and its --json run (compared item for item) see the same records.
  await sandbox.advanceClock(60);
  sandbox.ctx.agent.stop();
  expect(sandbox.ctx.store.state.data.runs.filter((r) => r.state === 'running')).toEqual([]);
});

describe('hostile records, piped and with --json', () => {
  for (const row of COMMANDS) {
    it(`${label(row)}: piped lines carry no raw control byte${row.list ? ', one record per line' : ''}`, async () => {
      const r = await runWts(row.args(ids), { env: sandbox.env });
      expect(r.code, r.stderr).toBe(row.code ?? 0);
      const controls = row.document
        ? /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/
        : /[\x00-\x08\x0a-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
      for (const line of r.stdout.replace(/\n$/, '').split('\n')) expect(line).not.toMatch(controls);
      for (const line of r.stderr.replace(/\n$/, '').split('\n'))
        expect(line).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
      if (row.code) {
        // One line, whatever the detail holds.
        expect(r.stderr.split('\n')).toHaveLength(2);
        expect(r.stderr).toMatch(/^wts: /);
        expect(r.stderr).toContain(SHOWN);
      } else expect(r.stdout + r.stderr).toContain(row.writes ? '\\x1b]0;PWNED' : SHOWN);
      if (row.writes || row.code) return;
      const json = await runWts([...row.args(ids), '--json'], { env: sandbox.env });
      expect(json.code, json.stderr).toBe(0);
      // Exact once parsed, and nothing a terminal would act on as written (C0 and C1 as \u escapes).
      expect(json.stdout).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
      const parsed = JSON.parse(json.stdout) as unknown;
      expect(holdsExactly(parsed), `--json of ${label(row)} keeps the exact text`).toBe(true);
      if (row.list) expect(r.stdout.replace(/\n$/, '').split('\n')).toHaveLength((parsed as unknown[]).length);
    });
  }
});

describe.skipIf(!TMUX || !SCRIPT)('hostile records on a terminal (tmux)', () => {
  const term = useTerminal('wts-hostile-');

  /**
   * Runs a command on a fresh 200×60 terminal with the known title and colours allowed, under `script` so
   * the raw bytes it wrote are kept; `interact` may type into it. Resolves to the exit code, the raw
   * output, the screen and the pane's title after it ended.
   */
  async function onTerminal(command: string[], interact?: (pane: Pane) => Promise<void>): Promise<TerminalEnd> {
    const pane = term.run(command, { env: sandbox.env, cols: 200, rows: 60, title: KNOWN_TITLE, raw: true });
    if (interact) await interact(pane);
    return pane.done();
  }
  const wts = (args: string[]) => ['wts', ...args];

  it('the harness sees what a raw record would do: a printed OSC 0 retitles the pane and leaves raw escapes', async () => {
    const r = await onTerminal(['printf', '%s', `${HOSTILE}\n`]);
    expect(r.title).toBe('PWNED');
    expect(foreignEscapes(r.raw).length).toBeGreaterThan(0);
    expect(r.raw).toMatch(RAW_UNSAFE);
    expect(r.screen).not.toContain(SHOWN);
  });

  for (const row of COMMANDS) {
    it(`${label(row)}: the title stays, the screen shows the escaped text, only wts's colors reach the terminal`, async () => {
      const r = await onTerminal(wts(row.args(ids)));
      expect(r.code, r.screen).toBe(row.code ?? 0);
      expect(r.title).toBe(KNOWN_TITLE);
      expect(foreignEscapes(r.raw), r.screen).toEqual([]);
      expect(r.raw).not.toMatch(RAW_UNSAFE);
      expect(r.screen).toContain(row.writes ? '\\x1b]0;PWNED' : SHOWN);
      // wts's colors still reach a terminal.
      if (!row.code) expect(r.raw).toMatch(/\x1b\[[0-9;]*m/);
      if (row.code)
        expect(
          r.screen
            .trim()
            .split('\n')
            .filter((l) => l.startsWith('wts: ')),
        ).toHaveLength(1);
    });
  }

  it('approval review shows the forged draft as text: no cleared screen, the real channel, the escapes visible', async () => {
    const r = await onTerminal(wts(['approval', 'review', '--workspace', ids.ws!]), async (pane) => {
      await pane.waitFor('the first decision', 'Decide');
      // Quit: the q key, then Enter.
      pane.line('q');
      await pane.waitFor('the review to end', 'Reviewed ');
    });
    expect(r.title).toBe(KNOWN_TITLE);
    expect(r.raw).not.toMatch(/\x1b\]|\x1b\[2J|\x1b\[H|\x1b\[3J/);
    expect(r.raw).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(r.screen).toContain('Dear all,\\x1b[2J\\x1b[H');
    expect(r.screen).toMatch(/^draft\.channel:\s+#all-customers$/m);
    // The forged line is part of the body, indented under it; no field line reads #support.
    expect(r.screen).not.toMatch(/^draft\.channel:\s+#support/m);
    expect(r.screen).toContain(SHOWN);
    // Nothing was decided.
    expect(sandbox.ctx.store.state.data.pendingActions.find((a) => a.id === ids.action)!.state).toBe('pending');
  });
});
