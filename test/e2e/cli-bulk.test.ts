// Bulk verbs against the real sandbox: several ids as arguments or `-` for standard input, checked before
// anything is sent, acted on once each through the adaptive pool; a line per item (terminal or piped) or
// one --json array; the one exit code; under 429 storms and dropped connections.
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../src/contract/resources.js';
import { runWts } from '../helpers/cli.js';
import { faultProxy } from '../helpers/fault-proxy.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { TMUX, useTerminal } from '../helpers/tmux.js';

type Task = Resource<'Task'>;
interface Entry {
  id: string;
  ok: boolean;
  result?: Record<string, unknown>;
  error?: { status: number | null; code: string; detail: string };
  exitCode?: number;
  unknown?: boolean;
}

const sandbox = useSandbox({ seedTasks: 400 });
const data = () => sandbox.ctx.store.state.data;
const task = (id: string) => data().tasks.find((t) => t.id === id);
/** task_bulk_FROM … task_bulk_TO (the sandbox's "Bulk" workspace, all in todo). */
const bulkIds = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `task_bulk_${from + i}`);

/** Runs the CLI and asserts that it failed with exit 2 in one line, sending nothing to the service. */
async function refusedLocally(args: string[], stdin?: string) {
  const before = await sandbox.stats();
  const r = await runWts(args, { env: sandbox.env, ...(stdin !== undefined && { stdin }) });
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.split('\n')).toHaveLength(2);
  expect((await sandbox.stats()).requests).toBe(before.requests);
  return r.stderr;
}

describe('several ids, all fine', () => {
  it('completes each, a line per item piped: id, ok, what was done; exit 0', async () => {
    const ids = bulkIds(1, 3);
    const r = await runWts(['task', 'complete', ...ids], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(ids.map((id) => `${id}\tok\tCompleted ${id} (${task(id)!.title})\n`).join(''));
    expect(r.stderr).toBe('');
    for (const id of ids) expect(task(id)!.status).toBe('done');
  });

  it('reads the ids from standard input with -, the first tab-separated field of each line, blank lines skipped, each id once', async () => {
    const ids = bulkIds(4, 6);
    const before = await sandbox.requests();
    const stdin = `${ids[0]}\tBulk task 4\ttodo\n\n${ids[1]}\r\n  ${ids[2]}  \n${ids[0]}\n`;
    const r = await runWts(['task', 'complete', '-', '--json'], { env: sandbox.env, stdin });
    expect(r.code, r.stderr).toBe(0);
    const entries = JSON.parse(r.stdout) as Entry[];
    expect(entries.map((e) => [e.id, e.ok, (e.result as Task).status])).toEqual(ids.map((id) => [id, true, 'done']));
    // Each of the three read, then completed.
    expect(await sandbox.requests()).toBe(before + 2 * 3);
  });

  it('reads what `task list` prints, so one pipe tags every task it lists', async () => {
    const listed = await runWts(['task', 'list', 'ws_bulk', '--tag', 'sample', '--limit', '5'], { env: sandbox.env });
    expect(listed.code, listed.stderr).toBe(0);
    const ids = listed.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t')[0]!);
    expect(ids).toHaveLength(5);
    const r = await runWts(['task', 'tag', '-', '--add', 'sprint-12', '--remove', 'sample'], { env: sandbox.env, stdin: listed.stdout });
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split('\t').slice(0, 2)),
    ).toEqual(ids.map((id) => [id, 'ok']));
    for (const id of ids) expect(task(id)!.tags).toEqual(['bulk', 'sprint-12']);
  });

  it('tags and assigns several tasks named as arguments when --add, --remove, --set or --clear is given', async () => {
    const ids = bulkIds(10, 12);
    const tagged = await runWts(['task', 'tag', ...ids, '--add', 'vip'], { env: sandbox.env });
    expect(tagged.code, tagged.stderr).toBe(0);
    for (const id of ids) expect(task(id)!.tags).toContain('vip');
    const assigned = await runWts(['task', 'assign', ...ids, '--set', 'ben', '--json'], { env: sandbox.env });
    expect(assigned.code, assigned.stderr).toBe(0);
    expect((JSON.parse(assigned.stdout) as Entry[]).map((e) => (e.result as Task).assignees.map((a) => a.id))).toEqual(
      ids.map(() => ['usr_ben']),
    );
    // Without a change flag the words after TASK are still what to add, as for one task.
    const one = await runWts(['task', 'tag', ids[0]!, 'gold'], { env: sandbox.env });
    expect(one.stdout).toBe(`Tagged ${ids[0]}: added gold; now bulk, vip, gold\n`);
  });

  it('edits the status and due date of several tasks; one id as an argument prints as it always has', async () => {
    const ids = bulkIds(20, 22);
    const r = await runWts(['task', 'edit', ...ids, '--status', 'in_progress', '--due', '2030-01-01T09:00:00Z'], { env: sandbox.env });
    expect(r.code, r.stderr).toBe(0);
    for (const id of ids) expect(task(id)).toMatchObject({ status: 'in_progress', dueDate: '2030-01-01T09:00:00.000Z' });
    const one = await runWts(['task', 'edit', ids[0]!, '--title', 'Renamed', '--json'], { env: sandbox.env });
    expect((JSON.parse(one.stdout) as Task).title).toBe('Renamed'); // the object, not an array of one
    const single = await runWts(['task', 'complete', ids[1]!], { env: sandbox.env });
    expect(single.stdout).toBe(`Completed ${ids[1]} (${task(ids[1]!)!.title})\n`);
    // - with one id is still a bulk run: a line per item, an array with --json.
    const dash = await runWts(['task', 'complete', '-', '--json'], { env: sandbox.env, stdin: `${ids[2]}\n` });
    expect((JSON.parse(dash.stdout) as Entry[]).map((e) => e.id)).toEqual([ids[2]]);
  });

  it('pauses and resumes several scheduled tasks', async () => {
    const active = data()
      .scheduledTasks.filter((s) => s.state === 'active' && s.orgId === 'org_acme')
      .slice(0, 3)
      .map((s) => s.id);
    expect(active).toHaveLength(3);
    const paused = await runWts(['schedule', 'pause', ...active], { env: sandbox.env });
    expect(paused.code, paused.stderr).toBe(0);
    for (const id of active) expect(data().scheduledTasks.find((s) => s.id === id)!.state).toBe('paused');
    const resumed = await runWts(['schedule', 'resume', '-'], { env: sandbox.env, stdin: active.join('\n') });
    expect(resumed.code, resumed.stderr).toBe(0);
    for (const id of active) expect(data().scheduledTasks.find((s) => s.id === id)!.state).toBe('active');
  });
});

describe('partial failure', () => {
  // Every id is read before any is changed (test/e2e/bulk-check-first.test.ts): what fails here fails
  // when it is changed. A task not done cannot be deleted (a conflict).
  const done = (...ids: string[]) => {
    for (const id of ids) task(id)!.status = 'done';
  };

  it("exits with the failures' code, each item said in its place; --json names the error and its exit code", async () => {
    const ids = ['task_bulk_30', 'task_bulk_31', 'task_bulk_32', 'task_bulk_33'];
    done('task_bulk_30', 'task_bulk_32');
    const r = await runWts(['task', 'delete', ...ids, '--yes'], { env: sandbox.env });
    expect(r.code).toBe(6);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(lines.map((l) => l.slice(0, 2))).toEqual([
      ['task_bulk_30', 'ok'],
      ['task_bulk_31', 'error'],
      ['task_bulk_32', 'ok'],
      ['task_bulk_33', 'error'],
    ]);
    expect(lines[1]![2]).toMatch(/^conflict: /);
    expect(r.stderr).toBe('wts: 2 of 4 failed\n');
    done('task_bulk_34');
    const json = await runWts(['task', 'delete', 'task_bulk_34', 'task_bulk_35', '--yes', '--json'], { env: sandbox.env });
    expect(json.code).toBe(6);
    const entries = JSON.parse(json.stdout) as Entry[];
    expect(entries[0]).toMatchObject({ id: 'task_bulk_34', ok: true });
    expect(entries[1]).toEqual({
      id: 'task_bulk_35',
      ok: false,
      error: { status: 409, code: expect.any(String), detail: expect.any(String) },
      exitCode: 6,
    });
  });

  it('runs --jq over the --json array, failures included, and still exits with their code', async () => {
    done('task_bulk_36');
    const r = await runWts(
      ['task', 'delete', 'task_bulk_36', 'task_bulk_37', '--yes', '--jq', '.[] | select(.ok | not) | "\\(.id) \\(.exitCode)"'],
      { env: sandbox.env },
    );
    expect(r.code).toBe(6);
    expect(r.stdout).toBe('task_bulk_37 6\n');
    expect(r.stderr).toBe('wts: 1 of 2 failed\n');
  });

  it('refuses a value the catalog refuses once, by the flag typed, as for one id (exit 2, nothing sent)', async () => {
    const reason = ['approval', 'reject', '--reason', 'x'.repeat(2001)];
    const before = await sandbox.stats();
    const one = await runWts([...reason, 'act_s008'], { env: sandbox.env });
    expect(one).toMatchObject({ code: 2, stdout: '', stderr: 'wts: --reason: must be at most 2000 characters\n' });
    for (const more of [[], ['--json']]) {
      const r = await runWts([...reason, 'act_s008', 'act_s009', ...more], { env: sandbox.env });
      expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'wts: --reason: must be at most 2000 characters\n' });
    }
    expect((await sandbox.stats()).requests).toBe(before.requests);
  });

  it('changes none when one is missing (exit 3); exits 1 when the failures are of different kinds (not found, conflict)', async () => {
    done('task_bulk_1');
    const r = await runWts(['task', 'delete', 'task_bulk_40', 'task_missing_3', 'task_bulk_1', '--yes'], { env: sandbox.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/task_missing_3.*\(none of the 3 tasks was changed\)\n$/);
    expect(task('task_bulk_1')).toBeDefined();
    const mixed = await runWts(['approval', 'approve', 'act_s008', 'act_missing', 'act_s003'], { env: sandbox.env });
    expect(mixed.code).toBe(1);
    expect(data().pendingActions.find((a) => a.id === 'act_s008')?.state).toBe('pending');
  });
});

describe('--skip-missing, and comments in the input (issue 39)', () => {
  it('names each gone id on stderr, goes on with the rest, exit 0; --json marks them "skipped"', async () => {
    const stdin = "# from yesterday's list\ntask_bulk_70\ntask_gone_1  # deleted since\n\ttask_bulk_71\ntask_bulk_72\t# a title\n";
    // Without it, all or nothing: the gone id stops the batch (exit 3), nothing changed; the comments read as none.
    const strict = await runWts(['task', 'complete', '-'], { env: sandbox.env, stdin });
    expect(strict.code).toBe(3);
    expect(strict.stderr).toMatch(/task_gone_1.*\(none of the 3 tasks was changed\)\n$/);
    expect(task('task_bulk_70')?.status).toBe('todo');
    const r = await runWts(['task', 'complete', '-', '--skip-missing'], { env: sandbox.env, stdin });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^wts: skipped task_gone_1: .*not found.*\n$/i);
    expect(r.stdout.split('\n').map((l) => l.split('\t').slice(0, 2).join(' '))).toEqual(['task_bulk_70 ok', 'task_bulk_72 ok', '']);
    expect([task('task_bulk_70')?.status, task('task_bulk_71')?.status, task('task_bulk_72')?.status]).toEqual(['done', 'todo', 'done']);
    const json = await runWts(['task', 'complete', 'task_bulk_73', 'task_gone_2', '--skip-missing', '--json'], { env: sandbox.env });
    expect(json.code, json.stderr).toBe(0);
    const entries: (Entry & { skipped?: boolean })[] = JSON.parse(json.stdout);
    expect(entries.map((e) => [e.id, e.ok, e.skipped ?? false])).toEqual([
      ['task_bulk_73', true, false],
      ['task_gone_2', false, true],
    ]);
    // One id as an argument too.
    const one = await runWts(['task', 'complete', 'task_gone_3', '--skip-missing'], { env: sandbox.env });
    expect(one).toMatchObject({ code: 0, stdout: '' });
    expect(one.stderr).toMatch(/^wts: skipped task_gone_3: /);
  });
});

describe('bad ids and bad input: exit 2 in one line, nothing sent', () => {
  it('refuses an id that cannot be one, wherever it is, before the first request', async () => {
    expect(await refusedLocally(['task', 'complete', 'task_bulk_50', 'a/b', 'task_bulk_51'])).toBe(
      'wts: TASK #2: "a/b" is not an id: an id cannot contain / \\ ? # or %\n',
    );
    expect(await refusedLocally(['task', 'complete', '-'], 'task_bulk_50\n..\n')).toBe(
      'wts: line 2 of standard input: ".." is not an id: a dot segment would change the request\'s path\n',
    );
    expect(await refusedLocally(['task', 'complete', '-'], '\n\n')).toBe(
      'wts: TASK: no ids on standard input (one a line; the first tab-separated field is read)\n',
    );
    expect(await refusedLocally(['task', 'complete', '-', 'task_bulk_50'])).toBe(
      'wts: TASK: - reads the ids from standard input; pass it alone, not with other ids\n',
    );
    expect(await refusedLocally(['task', 'complete', 'task_bulk_50', 'x'.repeat(65)])).toMatch(
      /^wts: TASK #2: must be at most 64 characters\n$/,
    );
    expect(await refusedLocally(['approval', 'reject', 'act_1', 'act_2', '--reason', '  '])).toBe('wts: --reason: must not be blank\n');
    expect(await refusedLocally(['schedule', 'run', 'sched_a', 'sched_b', '--wait'])).toMatch(/^wts: --wait follows one run: pass one ID/);
    expect(await refusedLocally(['task', 'edit', 'task_bulk_50', 'task_bulk_51'])).toMatch(
      /^wts: nothing to change: pass --title, --status or --due/,
    );
    expect(task('task_bulk_50')!.status).toBe('todo');
  });

  it('asks nothing and deletes nothing without --yes when not on a terminal, naming the count', async () => {
    expect(await refusedLocally(['task', 'delete', 'task_bulk_60', 'task_bulk_61'])).toBe(
      'wts: Delete 2 tasks? Not asked without a terminal: pass --yes to confirm\n',
    );
    expect(await refusedLocally(['task', 'delete', '-'], 'task_bulk_60\ntask_bulk_61\n')).toBe(
      'wts: Delete 2 tasks? Not asked: standard input holds the ids, not an answer; pass --yes to confirm\n',
    );
  });
});

describe('under faults', () => {
  it('gets every item through a 429 storm (half the requests refused, Retry-After: 1): exit 0, nothing failed', async () => {
    const ids = bulkIds(100, 159);
    await sandbox.setFaults({ rate429: 0.5, retryAfterSeconds: 1 });
    try {
      const r = await runWts(['task', 'complete', '-', '--json'], { env: sandbox.env, stdin: ids.join('\n') });
      expect(r.code, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as Entry[]).every((e) => e.ok)).toBe(true);
    } finally {
      await sandbox.setFaults({ rate429: 0, retryAfterSeconds: 1 });
    }
    for (const id of ids) expect(task(id)!.status).toBe('done');
  }, 120_000);

  it('never repeats a change that is not idempotent when connections drop: no duplicate runs, the lost answers reported as unknown', async () => {
    // Forty scheduled tasks of our own, each run once through a connection that drops 30% of the time.
    const schedules: string[] = [];
    for (let i = 0; i < 40; i++) {
      const created = (await sandbox.api.ok('POST', '/scheduled-tasks', {
        body: { title: `Drop test ${i}`, prompt: 'Say hello.', cron: '0 9 * * 1', workspaceId: 'ws_support', agentId: 'agt_support' },
      })) as { id: string };
      schedules.push(created.id);
    }
    const runsOf = (id: string) => data().runs.filter((run) => run.scheduledTaskId === id).length;
    // The runs' requests (each id is read first, and those reads go through) dropped 30% of the time,
    // before the service sees the request or after it has acted.
    const proxy = await faultProxy(sandbox.origin, async (ex) => {
      if (ex.method !== 'POST' || Math.random() >= 0.3) return;
      if (Math.random() < 0.5) await ex.forward();
      ex.drop();
    });
    let r;
    try {
      r = await runWts(['schedule', 'run', '-', '--json'], {
        env: { ...sandbox.env, WTS_ORIGIN: proxy.origin },
        stdin: schedules.join('\n'),
      });
    } finally {
      await proxy.close();
    }
    const entries = JSON.parse(r.stdout) as Entry[];
    expect(entries.map((e) => e.id)).toEqual(schedules);
    // Sent once each: a lost answer is never followed by the same request.
    expect(proxy.count((e) => e.method === 'POST')).toBe(schedules.length);
    const unknown = entries.filter((e) => !e.ok);
    expect(unknown.length).toBeGreaterThan(0); // 40 at 30%: all through is one chance in 10^6
    for (const e of entries) {
      if (e.ok) expect(runsOf(e.id)).toBe(1);
      else {
        expect(e).toMatchObject({ unknown: true, exitCode: 1, error: { status: null, code: 'network_error' } });
        expect(e.error!.detail).toMatch(
          /the change may or may not have been made; check with `wts schedule view \w+` before trying again$/,
        );
        expect(runsOf(e.id)).toBeLessThanOrEqual(1);
      }
    }
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`wts: ${unknown.length} of 40 may or may not have been changed (the answer was lost; not repeated)\n`);
  }, 60_000);
});

describe('on a terminal', () => {
  it('prints a ✓ line per item, with a progress line on stderr that is erased at the end', async () => {
    const ids = bulkIds(200, 202);
    for (const id of ids) task(id)!.status = 'done';
    const r = await runWts(['task', 'delete', ...ids, 'task_bulk_203', '--yes'], sandbox.tty());
    expect(r.code).toBe(6);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual(ids.map((id) => `✓ Deleted ${id}`));
    expect(lines.slice(3)).toEqual([expect.stringMatching(/^✗ task_bulk_203: conflict: /), '']);
    expect(r.stderr).toContain('checking 4 tasks… 4/4');
    expect(r.stderr).toContain('deleting 4 tasks… 0/4');
    expect(r.stderr).toContain('deleting 4 tasks… 4/4, 1 failed');
    expect(r.stderr).toMatch(/\r\x1b\[2Kwts: 1 of 4 failed\n$/);
  });

  it('sanitizes what the service says in each line', async () => {
    const id = 'task_bulk_210';
    task(id)!.title = 'Evil\x1b]0;pwned\x07 title';
    const r = await runWts(['task', 'complete', id, 'task_bulk_211'], sandbox.tty());
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\x1b');
    expect(r.stdout).toContain(`✓ Completed ${id} (Evil`);
    const piped = await runWts(['task', 'complete', id, 'task_bulk_211'], { env: sandbox.env });
    expect(piped.stdout).not.toContain('\x1b');
  });
});

describe.skipIf(!TMUX)('the destructive confirmation on a real terminal (tmux)', () => {
  const terminal = useTerminal('wts-bulk-pty-');
  const run = (args: string[]) => terminal.run(['wts', ...args], { env: { ...sandbox.env, NO_COLOR: '1' } });

  it('asks once with the count; yes deletes them all, a ✓ line each', async () => {
    const ids = bulkIds(300, 302);
    expect((await runWts(['task', 'complete', ...ids], { env: sandbox.env })).code).toBe(0);
    const pane = run(['task', 'delete', ...ids]);
    await pane.waitFor('the question', 'Delete 3 tasks? Their chat, activity, reminders and pending approvals go with them.');
    pane.line('y');
    const end = await pane.done();
    expect(end.code, end.screen).toBe(0);
    for (const id of ids) expect(end.screen).toContain(`✓ Deleted ${id}`);
    for (const id of ids) expect(task(id)).toBeUndefined();
  });

  it('deletes nothing when the answer is no (exit 2)', async () => {
    const ids = bulkIds(303, 304);
    expect((await runWts(['task', 'complete', ...ids], { env: sandbox.env })).code).toBe(0);
    const before = await sandbox.requests();
    const pane = run(['task', 'delete', ...ids]);
    await pane.waitFor('the question', 'Delete 2 tasks?');
    pane.line('n');
    const end = await pane.done();
    expect(end.code).toBe(2);
    expect(end.screen).toContain('cancelled; nothing was changed');
    expect(await sandbox.requests()).toBe(before);
    for (const id of ids) expect(task(id)).toBeDefined();
  });
});
