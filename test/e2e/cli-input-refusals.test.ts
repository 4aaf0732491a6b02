// Blank and impossible input is refused before anything is sent, by every command that takes text, a date
// or an id: exit 2, one line on stderr, nothing on stdout, and the sandbox counts no request.
import { describe, expect, it } from 'vitest';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();

/** Runs `args` and checks that it was refused locally: exit 2, one line, no request. */
async function refused(args: string[], stdin?: string): Promise<string> {
  const before = await sandbox.requests();
  const r = await runWts(args, { env: sandbox.env, ...(stdin !== undefined && { stdin }) });
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^wts: [^\n]+\n$/);
  expect(await sandbox.requests()).toBe(before);
  return r.stderr;
}

/**
 * A test per command, named by where the marker stands (`wts task view ID`): each value put there is
 * refused (as `refused` checks) with a message that matches its problem.
 */
function eachRefused(commands: string[][], marker: string, cases: [value: string, problem: RegExp][]): void {
  it.each(commands.map((c) => [c.join(' ').replace(marker, marker.slice(1)), c] as const))('wts %s', async (_, command) => {
    for (const [value, problem] of cases) {
      const stderr = await refused(command.map((a) => (a === marker ? value : a)));
      expect(stderr, JSON.stringify(value)).toMatch(problem);
    }
  });
}

// Every command that puts an id in a request path; ID marks where it goes.
const ID = '\u0000ID';
const ID_COMMANDS: string[][] = [
  ['workspace', 'members', ID],
  ['workspace', 'statuses', ID],
  ['workspace', 'rename', ID, 'New name'],
  ['workspace', 'archive', ID, '--yes'],
  ['inbox', '--workspace', ID],
  ['task', 'list', ID],
  ['task', 'board', ID],
  ['task', 'search', '-w', ID, 'refund'],
  ['task', 'view', ID],
  ['task', 'events', ID],
  ['task', 'chat', ID],
  ['task', 'conversation', ID],
  ['task', 'edit', ID, '--title', 'Title'],
  ['task', 'complete', ID],
  ['task', 'assign', ID, 'usr_ada'],
  ['task', 'tag', ID, 'billing'],
  ['task', 'note', ID, 'A note'],
  ['task', 'delete', ID, '--yes'],
  ['task', 'create', '--agent', ID, 'Title'],
  ['task', 'message', ID, 'Hello'],
  ['task', 'runs', ID],
  ['run', 'view', ID],
  ['approval', 'list', ID],
  ['approval', 'view', ID],
  ['approval', 'approve', ID],
  ['approval', 'reject', ID],
  ['approval', 'done', ID],
  ['approval', 'answer', ID, 'Yes'],
  ['approval', 'edit', ID, '--set', 'subject=Hi'],
  ['reminder', 'list', ID],
  ['reminder', 'create', ID, '--at', 'in 2h', '--message', 'Check'],
  ['reminder', 'edit', ID, '--message', 'Check'],
  ['reminder', 'cancel', ID, '--yes'],
  ['instructions', 'list', ID],
  ['instructions', 'view', ID],
  ['instructions', 'edit', ID, '--title', 'Title'],
  ['instructions', 'reorder', ID, 'sec_support_1'],
  ['handbook', 'view', ID],
  ['handbook', 'edit', ID, '--title', 'Title'],
  ['knowledge', 'view', ID],
  ['knowledge', 'edit', ID, '--name', 'Name'],
  ['knowledge', 'remove', ID, '--yes'],
  ['schedule', 'view', ID],
  ['schedule', 'runs', ID],
  ['schedule', 'edit', ID, '--title', 'Title'],
  ['schedule', 'pause', ID],
  ['schedule', 'resume', ID],
  ['schedule', 'delete', ID, '--yes'],
  ['schedule', 'run', ID],
  ['schedule', 'check', ID],
  // Without --yes: the id is refused before the question (or the note that it needs --yes).
  ['workspace', 'archive', ID],
  ['task', 'delete', ID],
  ['reminder', 'cancel', ID],
  ['knowledge', 'remove', ID],
  ['schedule', 'delete', ID],
];
// Dot segments, typed or encoded, and what would add a segment, end the path or be decoded twice.
const BAD_IDS = ['.', '..', '%2e', '%2E%2e', 'task_s001/..', 'a/b', 'a\\b', 'a?b=1', 'a#b', 'a%2fb', 'a\tb'];

describe('an id that would change the request path is refused for every operation', () => {
  eachRefused(
    ID_COMMANDS,
    ID,
    BAD_IDS.map((id) => [id, /is not an id/]),
  );

  it('still takes ordinary ids', async () => {
    const r = await runWts(['task', 'view', 'task_s001', '--json'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
  });
});

const BLANKS = ['', '   ', ' \t\n '];
// Every command that sends a title, name, note, message, answer, reason or prompt; TEXT marks where it goes.
const TEXT = '\u0000TEXT';
const TEXT_COMMANDS: string[][] = [
  ['task', 'create', '--agent', 'agt_support', TEXT],
  ['task', 'edit', 'task_s005', '--title', TEXT],
  ['task', 'note', 'task_s005', TEXT],
  ['task', 'message', 'task_s005', TEXT],
  ['task', 'search', 'ws_support', TEXT],
  ['task', 'tag', 'task_s005', 'billing', TEXT],
  ['approval', 'reject', 'act_s001', '--reason', TEXT],
  ['approval', 'done', 'act_s005', '--note', TEXT],
  ['approval', 'answer', 'act_s004', TEXT],
  ['reminder', 'create', 'task_s021', '--at', 'in 2h', '--message', TEXT],
  ['reminder', 'edit', 'rem_1001', '--message', TEXT],
  ['workspace', 'create', TEXT],
  ['workspace', 'rename', 'ws_support', TEXT],
  ['knowledge', 'add', 'https://acme.example/x', '--name', TEXT],
  ['knowledge', 'edit', 'ks_s001', '--name', TEXT],
  [
    'schedule',
    'create',
    '--title',
    TEXT,
    '--prompt',
    'Check',
    '--cron',
    '0 9 * * 1',
    '--workspace',
    'ws_support',
    '--agent',
    'agt_support',
  ],
  [
    'schedule',
    'create',
    '--title',
    'Weekly',
    '--prompt',
    TEXT,
    '--cron',
    '0 9 * * 1',
    '--workspace',
    'ws_support',
    '--agent',
    'agt_support',
  ],
  ['schedule', 'edit', 'sch_s001', '--title', TEXT],
  ['handbook', 'edit', 'sec_acme_company_1', '--title', TEXT],
  ['instructions', 'edit', 'sec_support_1', '--title', TEXT],
];

describe('blank text is refused: trimmed first, then checked', () => {
  eachRefused(
    TEXT_COMMANDS,
    TEXT,
    BLANKS.map((blank) => [blank, /: must not be (empty|blank)\n$/]),
  );

  it('from standard input and files too', async () => {
    expect(await refused(['task', 'note', 'task_s005', '-'], ' \n\t\n')).toBe('wts: standard input: must not be blank\n');
    expect(await refused(['approval', 'answer', 'act_s004', '-'], '\n\n')).toBe('wts: standard input: must not be blank\n');
    expect(await refused(['task', 'note', 'task_s005', '--file', '-'], '  ')).toBe('wts: --file: must not be blank\n');
  });

  it('sends text trimmed', async () => {
    const r = await runWts(['task', 'message', 'task_s005', '  Please check again  ', '--json'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).content).toBe('Please check again');
  });
});

// Every command that sets a date; WHEN marks where it goes.
const WHEN = '\u0000WHEN';
const DATE_COMMANDS: string[][] = [
  ['task', 'create', '--agent', 'agt_support', 'Title', '--due', WHEN],
  ['task', 'edit', 'task_s005', '--due', WHEN],
  ['reminder', 'create', 'task_s021', '--at', WHEN, '--message', 'Check'],
  ['reminder', 'edit', 'rem_1001', '--at', WHEN],
];
const IMPOSSIBLE_DATES: [string, RegExp][] = [
  ['2026-02-30', /is not a real date and time/],
  ['2026-13-01', /is not a real date and time/],
  ['2026-11-23T25:00', /is not a real date and time/],
  ['01/12/2026', /write the date as ISO 8601, year-month-day/],
  ['12.1.2026', /write the date as ISO 8601, year-month-day/],
  ['whenever', /cannot read "whenever" as a time/],
  ['fri 17:00 or so', /cannot read/],
  ['  ', /must not be blank/],
];

describe('impossible dates are refused', () => {
  eachRefused(DATE_COMMANDS, WHEN, IMPOSSIBLE_DATES);

  it('a reminder in the past, however written', async () => {
    for (const at of ['yesterday', 'last monday', '2001-01-01', '2 days ago']) {
      expect(await refused(['reminder', 'create', 'task_s021', '--at', at, '--message', 'Check']), at).toMatch(
        /^wts: --at: .* is in the past; a reminder must be in the future\n$/,
      );
      expect(await refused(['reminder', 'edit', 'rem_1001', '--at', at]), at).toMatch(/is in the past/);
    }
  });
});

describe('dates are read back as set', () => {
  // Sunday 22 Nov 2026, 10:30 local time: the clock is injected, not the real date.
  const now = () => new Date(2026, 10, 22, 10, 30).getTime();

  it('task create and edit say the due date', async () => {
    const created = await runWts(['task', 'create', '--agent', 'agt_support', 'Dated', '--due', 'fri 17:00'], { env: sandbox.env, now });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^Created (task_\w+) in ws_support for agt_support: Dated, due Fri 27 Nov 17:00 \(in 5 days\)\n$/);
    const id = /^Created (task_\w+)/.exec(created.stdout)![1]!;
    const past = await runWts(['task', 'edit', id, '--due', 'last monday'], { env: sandbox.env, now });
    expect(past.stdout).toBe(`Updated ${id} (Dated), due Mon 16 Nov 12:00 (5 days ago)\n`);
    const next = await runWts(['task', 'edit', id, '--due', 'monday 9:00'], { env: sandbox.env, now });
    expect(next.stdout).toBe(`Updated ${id} (Dated), due Mon 23 Nov 09:00 (in 22 hours)\n`);
  });

  it('reminder create and edit say when', async () => {
    const created = await runWts(['reminder', 'create', 'task_s021', '--at', '2099-01-02T09:00', '--message', 'Later'], {
      env: sandbox.env,
      now,
    });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^Reminder (rem_\w+) set on task_s021 for Fri 2 Jan 2099 09:00 \(in 72 years\)\n$/);
    const id = /^Reminder (rem_\w+)/.exec(created.stdout)![1]!;
    const edited = await runWts(['reminder', 'edit', id, '--at', '2099-01-03'], { env: sandbox.env, now });
    expect(edited.stdout).toBe(`Reminder ${id} on task_s021 is for Sat 3 Jan 2099 00:00 (in 72 years): Later\n`);
  });
});

describe("commander's own usage errors (issue 25: two error styles)", () => {
  it('speak in the one wts: style, with the suggestion, exit 2', async () => {
    expect(await refused(['taks'])).toBe("wts: unknown command 'taks'; did you mean task? (see `wts --help`)\n");
    expect(await refused(['task', 'lst'])).toBe("wts: unknown command 'lst'; did you mean list? (see `wts task --help`)\n");
    expect(await refused(['task', 'list', 'ws_support', '--sorte', 'due'])).toBe(
      "wts: unknown option '--sorte'; did you mean --sort? (see `wts task list --help`)\n",
    );
    expect(await refused(['task', 'list', 'ws_support', 'x', 'y'])).toMatch(/^wts: too many arguments for 'list'/);
    expect(await refused(['api', '-X'])).toMatch(/^wts: option '-X, --method <method>' argument missing/);
  });

  it('never echo control characters from argv raw', async () => {
    const line = await refused(['task', 'list', 'ws_support', '--x\u001b]0;owned\u0007\u009b31m']);
    expect(line).toBe("wts: unknown option '--x\\x1b]0;owned\\x07\\x9b31m' (see `wts task list --help`)\n");
    expect(await refused(['t\u001b[2Jaks'])).toBe("wts: unknown command 't\\x1b[2Jaks' (see `wts --help`)\n");
  });
});
