// Every list, view and board fits the terminal: each command whose output may be long (the verbs that
// page, taken from the command tree, so a new one is swept as soon as it exists) runs in a real
// pseudo-terminal (the built CLI in tmux) 60, 80 and 120 columns wide, against a sandbox whose records
// are full of wide text (CJK, emoji, combining marks, long words with no space to break at). tmux wraps
// a line wider than the pane, and `capture-pane -J` joins it back: no joined line may be wider than the
// pane, measured with wts's own display width. A deliberately over-wide line proves the measure sees
// one. Piped, the same commands cut nothing and do not fail. Needs `npm run build` first and tmux.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { PAGED } from '../../src/framework/verb.js';
import { displayWidth } from '../../src/output/width.js';
import { addConversation, addKnowledgeFile, addPendingAction, addSection, orgIdOf } from '../helpers/api.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { shellQuote, TMUX, useTerminal } from '../helpers/tmux.js';

if (!TMUX) console.warn('width-sweep.test: tmux is not installed, so the terminal half is skipped (CI installs it: .ci/run)');

const WIDTHS = [60, 80, 120];
// Wide text: no spaces to break at, wide characters, emoji (a ZWJ family, a flag, a keycap), combining marks.
const TITLE = '請求書の再発行をお願いします（株式会社山田商事・経理部）🧾至急対応が必要です👨‍👩‍👧🇯🇵';
const LONG = `${'東京本社の顧客サポート窓口に届いた問い合わせの内容を確認して返信する作業です。'.repeat(4)}Ame\u0301lie 🚀 1️⃣`;
const BLOCK = `${LONG}\n\n${'長い行'.repeat(50)}\n- 箇条書きの項目です：お客様への返信🙇‍♀️`;
const NAME = '山田 花子（やまだ はなこ）🌸 Ame\u0301lie';

const sandbox = useSandbox();
const scratch = mkdtempSync(join(tmpdir(), 'wts-width-sweep-files-'));
const scheduleFile = join(scratch, 'schedules.json');
const ids: Record<string, string> = {};

/** Wide text in every field of every kind of record, in a workspace of its own (plus the seed's). */
async function seedWide(): Promise<void> {
  const data = sandbox.ctx.store.state.data;
  const orgId = orgIdOf(sandbox, 'acme');
  const ws = (await sandbox.api.ok('POST', '/workspaces', {
    body: { name: `東京サポート窓口🚀顧客対応チーム${'（本社）'.repeat(3)}` },
  })) as { id: string };
  ids.WS = ws.id;
  const agent = data.agents.find((a) => a.workspaceId === ws.id)!;
  agent.name = `東京エージェント🤖サポート担当${'の補佐'.repeat(4)}`;
  ids.AGENT = agent.id;
  data.users.push({ id: 'usr_hanako', login: 'hanako', name: NAME, email: 'hanako@acme.example' });
  const workspace = data.workspaces.find((w) => w.id === ws.id)!;
  workspace.memberIds.push('usr_hanako');
  workspace.statuses[0]!.name = '未着手の作業📋（受付済み）';
  workspace.statuses[1]!.name = '対応中の作業🔧（担当者確認中）';
  const tasks: string[] = [];
  for (let i = 0; i < 6; i++) {
    const task = (await sandbox.api.ok('POST', `/agents/${agent.id}/tasks`, { body: { title: `${TITLE}${i}`, description: BLOCK } })) as {
      id: string;
    };
    tasks.push(task.id);
    const record = data.tasks.find((t) => t.id === task.id)!;
    record.assigneeIds = ['usr_hanako', 'usr_ada'];
    record.tags = ['請求書', `至急🔥${i}`, '経理部への確認が必要'];
    record.dueDate = new Date(sandbox.ctx.clock.now() + (i - 2) * 86_400_000).toISOString();
    record.status = workspace.statuses[i % workspace.statuses.length]!.key;
  }
  const task = tasks[0]!;
  ids.TASK = task;
  await sandbox.api.ok('POST', `/tasks/${task}/notes`, { body: { content: BLOCK } });
  await sandbox.api.ok('POST', `/tasks/${task}/messages`, { body: { content: BLOCK } });
  const remindAt = new Date(sandbox.ctx.clock.now() + 3 * 86_400_000).toISOString();
  await sandbox.api.ok('POST', `/tasks/${task}/reminders`, { body: { message: LONG, remindAt } });
  ids['knowledge ID'] = (
    (await sandbox.api.ok('POST', '/knowledge-sources', {
      body: { url: `https://acme.example/${'%E8%AB%8B'.repeat(30)}`, name: TITLE, note: LONG },
    })) as { id: string }
  ).id;
  addKnowledgeFile(sandbox, orgId, `${TITLE}の添付資料（最新版）.pdf`);
  const company = (await sandbox.api.ok('GET', '/company-handbook')) as { items: { id: string }[] };
  ids['handbook SECTION'] = company.items[0]!.id;
  await sandbox.api.ok('PATCH', `/company-handbook/${ids['handbook SECTION']}`, { body: { title: TITLE, body: BLOCK } });
  ids['instructions SECTION'] = addSection(sandbox, { orgId, agentId: agent.id, title: TITLE, body: BLOCK }).id;
  const schedule = (await sandbox.api.ok('POST', '/scheduled-tasks', {
    body: { title: TITLE, prompt: BLOCK, cron: '0 9 * * 1', workspaceId: ws.id, agentId: agent.id },
  })) as { id: string };
  ids['schedule ID'] = schedule.id;
  await sandbox.api.ok('POST', `/scheduled-tasks/${schedule.id}/run`, { body: {} });
  const action = addPendingAction(sandbox, task, 'action', { to: 'keiri@yamada.example', channel: '#経理部', subject: TITLE, body: BLOCK });
  action.summary = LONG;
  ids['approval ID'] = action.id;
  addPendingAction(sandbox, tasks[1]!, 'question', { question: BLOCK, options: [TITLE, '別の選択肢'] }).summary = TITLE;
  addPendingAction(sandbox, tasks[2]!, 'human_task', { instructions: BLOCK }).summary = LONG;
  const key = addConversation(sandbox, task, orgId, [BLOCK, LONG]);
  const conversation = data.conversations.find((c) => c.key === key)!;
  conversation.subject = TITLE;
  for (const m of conversation.messages) m.author.name = NAME;
  for (const e of data.events.filter((ev) => ev.taskId === task)) e.summary = LONG;
  const run = data.runs.find((r) => r.taskId === task)!;
  run.output = BLOCK;
  ids.RUN = run.id;
  ids.CRON = '0 9 * * 1-5';
  ids.WORDS = '請求書';
  // A schedules file that drifts from the service: a wide new title, and the wide one left out.
  writeFileSync(
    scheduleFile,
    JSON.stringify({ schedules: [{ title: `${TITLE}（新規）`, prompt: LONG, cron: '30 8 * * *', workspace: ws.id, agent: agent.id }] }),
  );
}

/** Every command whose output may be long, as `group verb` words, from the command tree. */
async function pagedCommands(): Promise<{ words: string[]; command: Command }[]> {
  const program = await buildProgram({ env: {} });
  const found: { words: string[]; command: Command }[] = [];
  const walk = (command: Command, words: string[]) => {
    for (const sub of command.commands) {
      const path = [...words, sub.name()];
      if (PAGED.has(sub)) found.push({ words: path, command: sub });
      walk(sub, path);
    }
  };
  walk(program, []);
  return found;
}

/** Extra words a command needs (a file to compare), and the exit codes that are its normal answers. */
const EXTRA: Record<string, { args?: string[]; codes?: number[] }> = {
  'schedule diff': { args: ['-f', scheduleFile], codes: [8] },
  'schedule check': { codes: [0, 8] },
};

/** The command line for a paged command: a sample for every argument it requires (and WS), by name. */
function argsFor(words: string[], command: Command): string[] {
  const out = [...words];
  for (const arg of command.registeredArguments) {
    const name = arg.name();
    const sample = ids[`${words[0]} ${name}`] ?? ids[name];
    // An optional argument is left out unless the seed has a value for it (WS is optional once a default
    // can be set, WORDS... only because WS is).
    if (!sample && !arg.required && name !== 'WS') continue;
    if (!sample) throw new Error(`no sample value for ${name} of \`wts ${words.join(' ')}\`: add one to the sweep's seed`);
    out.push(sample);
  }
  return [...out, ...(EXTRA[words.join(' ')]?.args ?? [])];
}

let commands: { args: string[]; codes: number[] }[] = [];

beforeAll(async () => {
  await seedWide();
  commands = (await pagedCommands()).map(({ words, command }) => ({
    args: argsFor(words, command),
    codes: EXTRA[words.join(' ')]?.codes ?? [0],
  }));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the commands swept', () => {
  it('every list, view and board verb of the command tree is a paged command, so the sweep covers it', async () => {
    const program = await buildProgram({ env: {} });
    const missing: string[] = [];
    const walk = (command: Command, words: string[]) => {
      for (const sub of command.commands) {
        const path = [...words, sub.name()];
        if (/^(list|view|board|status|search|runs|members|statuses|events|chat|conversation|inbox)$/.test(sub.name()) && !PAGED.has(sub))
          missing.push(path.join(' '));
        walk(sub, path);
      }
    };
    walk(program, []);
    expect(missing).toEqual([]);
    expect(commands.length).toBeGreaterThanOrEqual(30);
  });
});

describe('piped: nothing cut, no failure', () => {
  it('every swept command exits as it should, and a wide title comes whole', async () => {
    const failures: string[] = [];
    for (const { args, codes } of commands) {
      const r = await runWts(args, { env: sandbox.env });
      if (!codes.includes(r.code)) failures.push(`wts ${args.join(' ')}: exit ${r.code}: ${r.stderr}`);
    }
    expect(failures).toEqual([]);
    const list = await runWts(['task', 'list', ids.WS!], { env: sandbox.env });
    expect(list.stdout).toContain(`${TITLE}0`);
  });
});

describe.skipIf(!TMUX)('on a terminal of 60, 80 and 120 columns (tmux)', () => {
  const term = useTerminal('wts-width-sweep-');
  // A sweep runs every paged command in turn: 3-5 s on a quiet machine, about 30 s on one starved of CPU.
  const SWEEP_WAIT_MS = 300_000;

  /**
   * Runs every command line in one terminal `width` columns wide, each between markers; resolves to the
   * lines each printed (wrapped lines joined) and its exit code.
   */
  async function sweep(width: number, lines: string[]): Promise<{ line: string; code: number; printed: string[] }[]> {
    const script = [
      `wts() { command wts --no-pager "$@"; }`,
      ...lines.flatMap((line, i) => [`echo "@@@ begin ${i}"`, line, `echo "@@@ end ${i} $?"`]),
    ].join('\n');
    const { screen } = await term.run(script, { env: sandbox.env, cols: width, rows: 50 }).done(SWEEP_WAIT_MS);
    return lines.map((line, i) => {
      const start = screen.indexOf(`@@@ begin ${i}\n`);
      const end = new RegExp(`^@@@ end ${i} (\\d+)$`, 'm').exec(screen);
      if (start < 0 || !end) throw new Error(`no output of \`${line}\` at ${width} columns:\n${screen}`);
      const printed = screen
        .slice(start + `@@@ begin ${i}\n`.length, end.index)
        .replace(/\n$/, '')
        .split('\n');
      return { line, code: Number(end[1]), printed };
    });
  }
  // An error is one line whatever its length (the house rule, for scripts that read it): the terminal wraps it.
  const tooWide = (printed: string[], width: number) => printed.filter((l) => !l.startsWith('wts: ') && displayWidth(l.trimEnd()) > width);

  for (const width of WIDTHS) {
    it(`${width} columns: no line of any list, view or board is wider`, { timeout: SWEEP_WAIT_MS + 30_000 }, async () => {
      const lines = commands.map(({ args }) => `wts ${args.map(shellQuote).join(' ')}`);
      // The measure sees a line one column too wide, of ASCII and of wide characters.
      const control = [
        `printf '%s\\n' ${shellQuote('x'.repeat(width + 1))}`,
        `printf '%s\\n' ${shellQuote(`${'字'.repeat(Math.floor(width / 2))}x`)}`,
      ];
      const results = await sweep(width, [...control, ...lines]);
      for (const r of results.slice(0, control.length)) expect(tooWide(r.printed, width), `the control \`${r.line}\``).toHaveLength(1);
      const problems: string[] = [];
      results.slice(control.length).forEach((r, i) => {
        const { codes } = commands[i]!;
        if (!codes.includes(r.code)) problems.push(`${r.line}: exit ${r.code}\n${r.printed.join('\n')}`);
        for (const l of tooWide(r.printed, width)) problems.push(`${r.line}: ${displayWidth(l.trimEnd())} columns: ${l}`);
        if (r.printed.join('').trim() === '' && r.code === 0) problems.push(`${r.line}: printed nothing`);
      });
      expect(problems).toEqual([]);
    });
  }
});
