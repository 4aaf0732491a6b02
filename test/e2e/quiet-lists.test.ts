// Every list, piped, writes nothing to stderr when it succeeds (cron mails whatever it finds there: issue
// 39): not the "Showing 1 of 3" hint of a list cut by --limit, not with --json. Asked with --verbose,
// the hint is there. One row per list command of the command tree.
import { describe, expect, it } from 'vitest';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ seedTasks: 20 });

/** A list command, and for one that takes --limit the hint it prints (with --verbose) when cut. */
interface ListCase {
  args: string[];
  hint?: RegExp;
}

/** The hint of a list cut by --limit without counting the rest. */
const more = (shown: number) => new RegExp(`^showing ${shown} of more — use --limit N or --all for the rest\n$`);
const MORE = more(1);

/** Every list of the command tree; those that take --limit are cut to 1 item (or 3) where more exist. */
const LISTS: readonly ListCase[] = [
  { args: ['task', 'list', 'ws_support', '--limit', '3'], hint: /^Showing 3 of \d+ tasks; more with --limit \d+ or --all\n$/ },
  { args: ['task', 'list', '-A', '-L', '3'], hint: more(3) },
  { args: ['task', 'list', 'ws_support', '--sort', 'due', '-L', '3'], hint: /^Showing 3 of \d+ tasks; more with --limit \d+ or --all\n$/ },
  { args: ['task', 'search', 'ws_bulk', 'Bulk', '-L', '1'], hint: MORE },
  { args: ['task', 'runs', 'task_s023', '-L', '1'], hint: MORE },
  { args: ['task', 'chat', 'task_s021', '-L', '1'], hint: MORE },
  { args: ['task', 'events', 'task_s023', '-L', '1'], hint: MORE },
  { args: ['task', 'conversation', 'task_s021', '-L', '1'], hint: MORE },
  { args: ['schedule', 'runs', 'sched_support_weekly', '-L', '1'], hint: MORE },
  { args: ['task', 'board', 'ws_support'] },
  { args: ['task', 'board', 'ws_support', '--rows', '1'] },
  { args: ['schedule', 'list'] },
  { args: ['reminder', 'list', 'task_s039'] },
  { args: ['reminder', 'list', 'task_s001'] },
  { args: ['approval', 'list', 'task_s021'] },
  { args: ['approval', 'list', 'task_s039'] },
  { args: ['workspace', 'list'] },
  { args: ['workspace', 'members', 'ws_support'] },
  { args: ['workspace', 'statuses', 'ws_support'] },
  { args: ['agent', 'list'] },
  { args: ['knowledge', 'list'] },
  { args: ['inbox'] },
  { args: ['instructions', 'list', 'agt_support'] },
  { args: ['handbook', 'list'] },
  { args: ['auth', 'list'] },
  { args: ['config', 'list'] },
];

describe('a list piped writes nothing to stderr unless asked (issue 39)', () => {
  const cases = LISTS.map((c) => ({ ...c, line: c.args.join(' ') }));
  it.each(cases)('wts $line: piped and with --json, exit 0 and stderr empty; --verbose: its hint', async ({ args, hint }) => {
    // A scheduled task with two runs, so `schedule runs -L 1` is cut.
    if (args[0] === 'schedule' && args[1] === 'runs') {
      expect((await runWts(['schedule', 'run', 'sched_support_weekly'], { env: sandbox.env })).code).toBe(0);
    }
    const piped = await runWts(args, { env: sandbox.env });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).toBe('');
    const json = await runWts([...args, '--json'], { env: sandbox.env });
    expect(json.code, json.stderr).toBe(0);
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toBeTruthy();
    const quiet = await runWts([...args, '--quiet'], sandbox.tty());
    expect(quiet.code, quiet.stderr).toBe(0);
    if (!hint) return;
    // Cut by --limit: more exist, and --verbose (or a terminal) says so; --quiet never does.
    const verbose = await runWts([...args, '--verbose'], { env: sandbox.env });
    expect(verbose.code, verbose.stderr).toBe(0);
    expect(verbose.stderr).toMatch(hint);
    expect(verbose.stdout).toBe(piped.stdout);
    expect((await runWts(args, sandbox.tty())).stderr).toMatch(hint);
    expect(quiet.stderr).toBe('');
  });
});
