// Rendering for people: display width, cutting and padding, and the sanitizing of every cell, field and
// confirmation before wts's own colors are added.
import { PassThrough } from 'node:stream';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { renderBoard } from '../../src/output/board.js';
import { printDone, printObject, type OutputTarget } from '../../src/output/print.js';
import { fitColumns, ID_MIN, renderTable } from '../../src/output/table.js';
import { pipeText, styled, terminalText, terminalView } from '../../src/output/text.js';
import { wrapText } from '../../src/output/format.js';
import { displayWidth, padToWidth, truncateToWidth } from '../../src/output/width.js';
import type { IO } from '../../src/io.js';

const ESC = '\x1b';
const chalk = new Chalk({ level: 1 });
/** Every escape sequence left in `text`: only SGR colors may be there. */
const escapes = (text: string) => text.match(/\x1b[^a-zA-Z]*[a-zA-Z]?/g) ?? [];
const onlySgr = (text: string) => escapes(text).every((e) => /^\x1b\[[0-9;]*m$/.test(e));
const HOSTILE = `Refund ${ESC}]0;PWNED\x07 ${ESC}]8;;https://evil.example${ESC}\\link${ESC}]8;;${ESC}\\ ${ESC}[2J${ESC}[H\rover\u202eevil\u009b31m\u0085end`;

describe('display width', () => {
  it('counts East Asian wide characters and emoji as two columns, colors as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('返金の依頼')).toBe(10);
    expect(displayWidth('ok 🎉')).toBe(5);
    expect(displayWidth(chalk.red('red'))).toBe(3);
  });
  it('cuts to at most the width, never through a wide character, ending in …', () => {
    expect(truncateToWidth('hello world', 5)).toBe('hell…');
    expect(truncateToWidth('返金の依頼です', 6)).toBe('返金…');
    expect(displayWidth(truncateToWidth('返金の依頼です', 6))).toBeLessThanOrEqual(6);
    expect(truncateToWidth('short', 10)).toBe('short');
    expect(truncateToWidth('𠀀𠀀𠀀', 4)).toBe('𠀀…');
    expect(truncateToWidth('anything', 0)).toBe('');
  });
  it('cuts mixed wide text (fullwidth punctuation, emoji sequences, combining marks) to at most the width at every width', () => {
    const text = '請求書の再発行をお願いします（株式会社山田商事・経理部）🧾至急👨‍👩‍👧🇯🇵 Ame\u0301lie';
    for (let width = 1; width <= displayWidth(text) + 1; width++) {
      const cut = truncateToWidth(text, width);
      expect(displayWidth(cut), `at ${width}: ${cut}`).toBeLessThanOrEqual(width);
      expect(displayWidth(cut), `at ${width}: ${cut}`).toBeGreaterThanOrEqual(Math.min(displayWidth(text), width - 2));
    }
    expect(truncateToWidth('請求書（株式会社）', 10)).toBe('請求書（…');
    // A family emoji or a letter with its accent is kept whole or left out whole.
    expect(truncateToWidth('ab👨‍👩‍👧cd', 4)).toBe('ab…');
    expect(truncateToWidth('ame\u0301lie', 4)).toBe('ame\u0301…');
    expect(truncateToWidth(`${chalk.red('返金の依頼')}です`, 6)).toBe(`${chalk.red('返金')}…`);
  });
  it('wraps text with no spaces (Japanese) at the width, and words at spaces', () => {
    const lines = wrapText(`${'東京本社の顧客サポート窓口です。'.repeat(5)} and then some English words`, 30).split('\n');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(30);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('').replace(/ /g, '')).toBe(`${'東京本社の顧客サポート窓口です。'.repeat(5)}andthensomeEnglishwords`);
  });
  it('pads by display width', () => {
    expect(padToWidth('返金', 6)).toBe('返金  ');
    expect(padToWidth(chalk.bold('ab'), 4)).toBe(`${chalk.bold('ab')}  `);
  });
});

describe('terminalText, terminalView, pipeText', () => {
  it('sanitizes before coloring, so the only escapes left are wts colors', () => {
    const line = terminalText([styled(HOSTILE, (t) => chalk.red(t)), ' tail']);
    expect(onlySgr(line)).toBe(true);
    expect(line).toContain('\\x1b]0;PWNED\\x07');
    expect(line).toContain('\\r');
    expect(line).toContain('\\u202e');
    expect(line).toContain('\\x9b31m');
    expect(line.startsWith('\x1b[31m')).toBe(true);
  });
  it('cuts after sanitizing, so a cut never lands inside an escape sequence', () => {
    for (let width = 1; width < 60; width++) {
      const line = terminalText(
        styled(`${ESC}]8;;https://evil.example${ESC}\\link${ESC}]8;;${ESC}\\`, (t) => chalk.bold(t)),
        width,
      );
      expect(onlySgr(line)).toBe(true);
      expect(displayWidth(line)).toBeLessThanOrEqual(width);
    }
  });
  it('keeps newlines and tabs in a view, nothing else', () => {
    expect(terminalView(`a\n\tb${ESC}[2Jc\r\nd`)).toBe('a\n\tb\\x1b[2Jc\nd');
  });
  it('leaves a piped field one line with no control byte', () => {
    const field = pipeText([HOSTILE, styled('\tx\n', (t) => chalk.red(t))]);
    expect(field).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
    expect(field).toContain('\\tx\\n');
  });
});

describe('tables and views', () => {
  it('a table: hostile cells escaped, colors kept, every line within the width', () => {
    const rows = [
      ['t_1', styled('todo', (t) => chalk.cyan(t)), HOSTILE],
      ['t_2', 'done', '返金の依頼 🎉 over a long title that must be cut'],
    ];
    const out = renderTable(chalk, 40, [{ header: 'ID' }, { header: 'Status' }, { header: 'Title', flex: true }], rows);
    expect(onlySgr(out)).toBe(true);
    expect(out).toContain(chalk.cyan('todo'));
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(40);
  });

  it('fitting: every flexible column shrinks, then the lowest-priority column is left out, never past the width', () => {
    const fits = [{}, { flex: true, min: 16 }, {}, { flex: true, min: 9, priority: 2 }, { flex: true, min: 8, priority: 1 }, {}];
    const natural = [9, 60, 11, 20, 18, 10];
    const sum = (w: number[]) => w.reduce((a, b) => a + b, 0) + 2 * (w.filter((x) => x > 0).length - 1);
    // 120: everything shown, both flexible columns gave some width
    const wide = fitColumns(natural, fits, 120);
    expect(sum(wide)).toBeLessThanOrEqual(120);
    expect(wide.every((w) => w > 0)).toBe(true);
    expect(wide[1]).toBeLessThan(60);
    expect(wide[3]! < 20 || wide[4]! < 18).toBe(true);
    // 70: tags (priority 1) left out before the title is cut below its minimum
    const mid = fitColumns(natural, fits, 70);
    expect(sum(mid)).toBeLessThanOrEqual(70);
    expect(mid[4]).toBe(0);
    expect(mid[3]).toBeGreaterThan(0);
    expect(mid[1]).toBeGreaterThanOrEqual(16);
    // 60: assignees left out too
    const narrow = fitColumns(natural, fits, 60);
    expect(sum(narrow)).toBeLessThanOrEqual(60);
    expect([narrow[3], narrow[4]]).toEqual([0, 0]);
    expect(narrow[1]).toBeGreaterThanOrEqual(16);
    // 30: nothing left to drop, columns cut until it fits
    expect(sum(fitColumns(natural, fits, 30))).toBeLessThanOrEqual(30);
  });

  it('fitting: the title is the last thing left out or cut; ids are cut (with …) before it (issue 39)', () => {
    // ID, TITLE (priority given, ignored: a title is never left out), STATE, NEXT RUN, LAST RUN (optional)
    const fits = [
      { role: 'id' as const },
      { role: 'title' as const, flex: true, min: 16, priority: 1 },
      {},
      { flex: true, min: 17 },
      { priority: 2 },
    ];
    const natural = [20, 35, 6, 28, 22];
    const sum = (w: number[]) => w.reduce((a, b) => a + b, 0) + 2 * (w.filter((x) => x > 0).length - 1);
    // 60: the last run goes; the id is cut (not below ID_MIN) while the title keeps its minimum
    const at60 = fitColumns(natural, fits, 60);
    expect(sum(at60)).toBe(60);
    expect(at60[4]).toBe(0);
    expect(at60[1]).toBe(16);
    expect(at60[0]).toBeLessThan(20);
    expect(at60[0]).toBeGreaterThanOrEqual(ID_MIN);
    // 52: the id at ID_MIN, the other columns cut below their minimum, the title still at its minimum
    const at52 = fitColumns(natural, fits, 52);
    expect(sum(at52)).toBeLessThanOrEqual(52);
    expect(at52[0]).toBe(ID_MIN);
    expect(at52[1]).toBe(16);
    // 30: everything cut, the title still shown
    const at30 = fitColumns(natural, fits, 30);
    expect(sum(at30)).toBeLessThanOrEqual(30);
    expect(at30[1]).toBeGreaterThan(0);
    // Rendered: the id ends in …, the title reads.
    const out = renderTable(
      new Chalk({ level: 0 }),
      60,
      [
        { header: 'ID', role: 'id' },
        { header: 'Title', role: 'title', flex: true, min: 16 },
        { header: 'Note', priority: 1 },
      ],
      [['sched_support_weekly', 'Weekly support metrics and more', 'a note that is long enough to matter']],
    );
    expect(out).toMatch(/^ID\s+TITLE\s*\n/);
    expect(out).toContain('Weekly support metrics and more');
  });

  it('a table with wide characters and emoji never exceeds 60, 80 or 120 columns', () => {
    const columns = [
      { header: 'ID' },
      { header: 'Title', flex: true, min: 16 },
      { header: 'Tags', flex: true, priority: 1 },
      { header: 'Due' },
    ];
    const rows = [
      ['task_s021', '請求書の二重請求について顧客から問い合わせがありました 🎉🎉', 'billing, 緊急, vip', 'in 2 days'],
      ['task_s022', 'e\u0301e\u0301 combining marks and 👩‍💻 a long english title here', 'x', 'yesterday'],
    ];
    for (const width of [60, 80, 120]) {
      const out = renderTable(chalk, width, columns, rows);
      for (const line of out.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      expect(out).toContain('task_s021');
    }
  });

  function target(tty: boolean): { out: OutputTarget; text: () => string } {
    const stdout = new PassThrough();
    let text = '';
    stdout.on('data', (d: Buffer) => (text += d.toString('utf8')));
    const io = { stdout, stderr: new PassThrough(), isStdoutTTY: tty, isStderrTTY: tty, columns: 60 } as unknown as IO;
    return { out: { io, json: false, chalk }, text: () => text };
  }

  it('a view: a forged field inside a value stays indented under the value, never at a label', () => {
    const { out, text } = target(true);
    const body = `Hello${ESC}[2J${ESC}[H\ndraft.channel: #support\rdraft.to: all`;
    printObject(out, {}, [
      ['draft.body', () => body],
      ['draft.channel', () => '#all-customers'],
    ]);
    const lines = text().split('\n');
    expect(onlySgr(text())).toBe(true);
    const labels = lines.filter((l) => /^\S/.test(l)).map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').split(':')[0]);
    expect(labels).toEqual(['draft.body', 'draft.channel']);
    expect(text()).toContain('Hello\\x1b[2J\\x1b[H');
  });
  it('a view piped: one line per field, escaped', () => {
    const { out, text } = target(false);
    printObject(out, {}, [
      ['Title', () => HOSTILE],
      ['Notes', () => 'a\nb'],
    ]);
    const lines = text().trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.replace(/\t/, ' ')).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
  });
  it('a confirmation echoing service text is one sanitized line', () => {
    const { out, text } = target(true);
    printDone(out, {}, `Updated t_1 (${HOSTILE})`);
    expect(text().trimEnd().split('\n')).toHaveLength(1);
    expect(onlySgr(text())).toBe(true);
  });
  it('a board cuts sanitized titles by display width', () => {
    const task = (title: string) => ({ id: 't', title }) as never;
    const out = renderBoard(
      chalk,
      [
        {
          key: 'todo',
          name: `To do${ESC}]0;X\x07`,
          tasks: [task(`${ESC}]8;;https://evil.example${ESC}\\click here now${ESC}]8;;${ESC}\\`), task('返金の依頼です返金の依頼です')],
        },
        { key: 'done', name: 'Done', tasks: [task('ok')] },
      ],
      {
        width: 40,
        rows: 10,
        overdue: () => false,
      },
    );
    expect(onlySgr(out)).toBe(true);
    for (const line of out.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(40);
    expect(out).toContain('\\x1b]8;;');
  });

  it('counts a column read to its end, and marks one with pages left unread as "50+" and "+N+ more"', () => {
    const task = (title: string) => ({ id: 't', title }) as never;
    const many = Array.from({ length: 50 }, (_, i) => task(`Task ${i + 1}`));
    const out = renderBoard(
      new Chalk({ level: 0 }),
      [
        { key: 'todo', name: 'To do', tasks: many, more: true },
        { key: 'waiting', name: 'Waiting', tasks: many.slice(0, 12) },
      ],
      { width: 80, rows: 10, overdue: () => false },
    );
    const [header = ''] = out.split('\n');
    expect(header).toMatch(/^To do \(50\+\)\s+Waiting \(12\)$/);
    expect(out).toMatch(/\+40\+ more\s+\+2 more\n/);
  });
});
