// `wts inbox --watch` against the real sandbox over HTTP. Two ways of running it:
// - in-process, with the polling loop's clock moving the sandbox's (each sleep advances it and lets the
//   simulated agent act), so five idle minutes are counted in requests without waiting five minutes, and
//   "within two intervals" is counted in the loop's sleeps;
// - as a real process (the built CLI) for what a user sees: JSON lines, --exec, --notify, Ctrl-C.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/context.js';
import type { PollClock } from '../../src/follow/poll.js';
import { watchInbox, type WatchEvent } from '../../src/inbox/watch.js';
import type { IO } from '../../src/io.js';
import { waitingIn } from '../helpers/api.js';
import { runWts, tempConfigDir } from '../helpers/cli.js';
import { useSandbox, type SandboxFixture } from '../helpers/sandbox-fixture.js';
import { SCRIPT, TMUX, useTerminal } from '../helpers/tmux.js';
import { spawnWts } from '../helpers/wts-process.js';

const INTERVAL_MS = 30_000;

/** A piped context for `wts` in this process, as `runWts` builds it, for calling the watch directly. */
function pipedContext(sandbox: SandboxFixture) {
  const out = new PassThrough();
  const io: IO = {
    stdin: Readable.from([]),
    stdout: out,
    stderr: new PassThrough(),
    isStdinTTY: false,
    isStdoutTTY: false,
    isStderrTTY: false,
    colorEnabled: false,
    canPrompt: false,
    columns: 120,
  };
  return createContext(io, { ...sandbox.env, WTS_CONFIG_DIR: tempConfigDir() }, { json: true, color: false, debug: false });
}

/**
 * A clock for the polling loop: each sleep moves the sandbox's clock as far, lets its agent act, and then
 * runs `between` (what the test does while the watch sleeps); it stops the watch once `untilMs` passed.
 */
function sandboxClock(
  sandbox: SandboxFixture,
  stop: AbortController,
  untilMs: number,
  between: (sleeps: number) => Promise<void> = async () => {},
) {
  let elapsed = 0;
  let sleeps = 0;
  const clock: PollClock = {
    now: () => elapsed,
    random: () => 0.5,
    async sleep(ms) {
      if (elapsed + ms > untilMs) {
        stop.abort();
        return;
      }
      elapsed += ms;
      sleeps++;
      await sandbox.advanceClock(ms / 1000);
      sandbox.ctx.agent.tick();
      await between(sleeps);
    },
  };
  return { clock, sleeps: () => sleeps };
}

describe('five idle minutes of inbox --watch on the seeded organization', () => {
  const idle = useSandbox({ agentStopped: true });

  it('cost at most 50 requests (the bound in the help and docs/watch.md), the sandbox clock moving, not the wall', {
    timeout: 60_000,
  }, async () => {
    const ctx = pipedContext(idle);
    const stop = new AbortController();
    const { clock, sleeps } = sandboxClock(idle, stop, 5 * 60_000);
    let before: number | undefined;
    const events: WatchEvent[] = [];
    const counts = await watchInbox(ctx, {
      intervalMs: INTERVAL_MS,
      clock,
      signal: stop.signal,
      async onEvents(batch, first) {
        events.push(...batch);
        // Counted from the end of the first sweep (what waits now), over five minutes of sandbox time.
        if (first) before = (await idle.stats()).requests;
      },
    });
    const made = (await idle.stats()).requests - before!;
    console.log(`inbox-watch: 5 idle minutes, ${sleeps()} checks, ${made} requests`);
    expect(events.map((e) => e.item.action.id).sort()).toEqual(
      waitingIn(idle, 'org_acme')
        .map((a) => a.id)
        .sort(),
    );
    expect(events.every((e) => e.event === 'appeared' && e.initial)).toBe(true);
    expect(counts).toEqual({ appeared: 0, decided: 0 });
    // 3 workspaces of 68, 6 and 6 tasks: a check is 1 request for the workspaces and 1 per 50 tasks of each (5);
    // checks 30 s apart growing to 60 s: at most 10 in five minutes.
    expect(sleeps()).toBeGreaterThan(3);
    expect(sleeps()).toBeLessThanOrEqual(10);
    const { tasks, workspaces } = idle.ctx.store.state.data;
    const acme = workspaces.filter((w) => w.orgId === 'org_acme');
    const perCheck = 1 + acme.reduce((n, w) => n + Math.max(1, Math.ceil(tasks.filter((t) => t.workspaceId === w.id).length / 50)), 0);
    expect([acme.length, perCheck]).toEqual([3, 5]);
    expect(made).toBe(perCheck * sleeps());
    expect(made).toBeLessThanOrEqual(50);
    await ctx.close();
  });
});

describe('inbox --watch as the agent proposes and people decide', () => {
  const sandbox = useSandbox({ agentStopped: true });

  it("tells an agent's new proposal within two intervals, and a decision made with `wts approval approve` at the next check", {
    timeout: 60_000,
  }, async () => {
    const ctx = pipedContext(sandbox);
    const stop = new AbortController();
    const events: { event: WatchEvent; after: number }[] = [];
    let proposedAt: number | undefined;
    let approvedAt: number | undefined;
    const { clock, sleeps } = sandboxClock(sandbox, stop, 30 * 60_000, async (n) => {
      const appeared = events.find((e) => e.event.event === 'appeared' && !e.event.initial);
      if (n === 1) {
        // The agent gets a task: its run proposes an action three seconds of sandbox time later.
        await sandbox.api.ok('POST', '/agents/agt_support/tasks', { body: { title: 'Watch me propose' } });
        proposedAt = n;
      } else if (appeared && approvedAt === undefined) {
        const r = await runWts(['approval', 'approve', appeared.event.item.action.id], { env: sandbox.env });
        expect(r.code, r.stderr).toBe(0);
        approvedAt = n;
      } else if (events.some((e) => e.event.event === 'decided')) stop.abort();
    });
    await watchInbox(ctx, {
      intervalMs: INTERVAL_MS,
      clock,
      signal: stop.signal,
      onEvents: (batch) => void events.push(...batch.map((event) => ({ event, after: sleeps() }))),
    });
    const task = sandbox.ctx.store.state.data.tasks.find((t) => t.title === 'Watch me propose')!;
    const proposal = sandbox.ctx.store.state.data.pendingActions.find((a) => a.taskId === task.id)!;
    const later = events.filter((e) => !e.event.initial);
    expect(later.map((e) => [e.event.event, e.event.item.action.id, e.event.item.action.state])).toEqual([
      ['appeared', proposal.id, 'pending'],
      ['decided', proposal.id, 'approved'],
    ]);
    // The run proposes at the tick after the next sleep: told at that check (within two intervals of the
    // task's creation); the decision, made while the watch slept, told at the check that follows.
    expect(later[0]!.after - proposedAt!).toBeLessThanOrEqual(2);
    expect(later[1]!.after).toBe(approvedAt);
    expect(later[0]!.event.item.task).toMatchObject({ id: task.id, workspaceId: 'ws_support', title: 'Watch me propose' });
    await ctx.close();
  });
});

describe('wts inbox --watch, the command', () => {
  const sandbox = useSandbox();
  const scratch = mkdtempSync(join(tmpdir(), 'wts-inbox-watch-'));

  it('refuses its options without --watch, a bad --interval and --jq, with exit 2 and nothing sent', async () => {
    const before = await sandbox.requests();
    for (const [args, line] of [
      [['--interval', '1m'], 'wts: --interval: only with --watch\n'],
      [['--exec', 'true'], 'wts: --exec: only with --watch\n'],
      [['--notify'], 'wts: --notify: only with --watch\n'],
      [['--watch', '--interval', 'soon'], 'wts: --interval: "soon" is not a duration; use e.g. 30s, 2m or 1h\n'],
      [['--watch', '--interval', '1s'], 'wts: --interval: 1s is out of range; from 5s to 1h\n'],
      [['--watch', '--jq', '.'], 'wts: --jq: not with --watch; pipe --json to jq -c instead\n'],
    ] as const) {
      const r = await runWts(['inbox', ...args], { env: sandbox.env });
      expect([r.code, r.stderr]).toEqual([2, line]);
    }
    expect(await sandbox.requests()).toBe(before);
    // A workspace that is not there ends the watch at once, as `wts inbox` would: exit 3, one line.
    const missing = await runWts(['inbox', '--watch', '--workspace', 'ws_nope'], { env: sandbox.env });
    expect([missing.code, missing.stdout, missing.stderr]).toEqual([3, '', 'wts: not found: no workspace ws_nope here\n']);
  });

  it('JSON lines: what waits, then the new proposal and its decision; --exec gets the fields in its environment only; Ctrl-C exits 0 with a count', {
    timeout: 90_000,
  }, async () => {
    const record = join(scratch, 'exec.txt');
    const pwned = join(scratch, 'pwned');
    // A title that would run commands if it reached a shell's command line, and a terminal escape.
    const title = `Watch $(touch ${pwned}) \`touch ${pwned}\`; touch ${pwned} \x1b]0;owned\x07`;
    const script = `printf '%s|%s|%s|%s|%s|%s\\n' "$WTS_ITEM_ID" "$WTS_ITEM_KIND" "$WTS_TASK_ID" "$WTS_ITEM_WORKSPACE,\${WTS_WORKSPACE:-unset}" "$WTS_TITLE" "$WTS_TASK_TITLE" >> ${record}`;
    const waiting = waitingIn(sandbox, 'org_acme').length;
    const watch = spawnWts(['inbox', '--watch', '--interval', '5s', '--json', '--exec', script], { env: sandbox.env });
    await watch.waitForStdout(new RegExp(`^(?:.*\\n){${waiting}}`));
    const initial = watch.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; item: { id: string } });
    expect(initial.every((e) => e.event === 'appeared')).toBe(true);

    const task = (await sandbox.api.ok('POST', '/agents/agt_support/tasks', { body: { title } })) as { id: string };
    const [appearedLine] = await watch.waitForStdout(new RegExp(`^.*"appeared".*"${task.id}".*$`, 'm'), 30_000);
    const appeared = JSON.parse(appearedLine) as {
      event: string;
      item: { id: string; kind: string; state: string; task: { title: string } };
      at: string;
    };
    expect(appeared.item).toMatchObject({ kind: 'action', state: 'pending', task: { title } });
    expect(Date.parse(appeared.at)).not.toBeNaN();

    const approve = await runWts(['approval', 'approve', appeared.item.id], { env: sandbox.env });
    expect(approve.code, approve.stderr).toBe(0);
    const [decidedLine] = await watch.waitForStdout(new RegExp(`^.*"decided".*"${appeared.item.id}".*$`, 'm'), 30_000);
    expect(JSON.parse(decidedLine)).toMatchObject({ event: 'decided', item: { id: appeared.item.id, state: 'approved', taskId: task.id } });

    watch.child.kill('SIGINT');
    const end = await watch.done;
    expect(end.code).toBe(0);
    expect(end.stderr).toMatch(/^Watched for \d+s: 1 appeared, 1 decided\.\n$/);
    // The command ran once, for the new item only, with its fields, the title's controls made visible.
    expect(readFileSync(record, 'utf8')).toBe(
      `${appeared.item.id}|action|${task.id}|ws_support,unset|Post an update in #support|${title.replace('\x1b', '\\x1b').replace('\x07', '\\x07')}\n`,
    );
    expect(existsSync(pwned)).toBe(false);
  });

  it('--exec failing is told on stderr and the watch goes on', { timeout: 60_000 }, async () => {
    const watch = spawnWts(['inbox', '--watch', '--interval', '5s', '--exec', 'echo hook says hi; exit 3'], { env: sandbox.env });
    const seen = waitingIn(sandbox, 'org_acme').length;
    await watch.waitForStdout(new RegExp(`^(?:appeared\t.*\n){${seen}}`));
    const waiting = () => watch.stdout.split('\n').filter((l) => l.startsWith('appeared\t')).length;
    const task = (await sandbox.api.ok('POST', '/agents/agt_support/tasks', { body: { title: 'A hook that fails' } })) as { id: string };
    await watch.waitForStderr(/wts: --exec for act_\w+: exited with 3; watching on\n/, 30_000);
    expect(watch.stderr).toContain('hook says hi\n');
    expect(watch.stdout).toMatch(new RegExp(`^appeared\taction\tact_\\w+\t${task.id}\tpending\t`, 'm'));
    expect(waiting()).toBe(seen + 1);
    watch.child.kill('SIGINT');
    expect((await watch.done).code).toBe(0);
  });

  it('--notify runs notify-send from PATH with the item as arguments; without one it says so once', { timeout: 60_000 }, async () => {
    const bin = join(scratch, 'bin');
    const argvFile = join(scratch, 'notify-argv.txt');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'notify-send'), `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > ${argvFile}\n`);
    chmodSync(join(bin, 'notify-send'), 0o755);

    const watch = spawnWts(['inbox', '--watch', '--interval', '5s', '--notify'], { env: { ...sandbox.env, PATH: bin } });
    await watch.waitForStdout(/^appeared\t/m);
    expect(existsSync(argvFile)).toBe(false);
    const task = (await sandbox.api.ok('POST', '/agents/agt_support/tasks', { body: { title: 'Notify me' } })) as { id: string };
    await watch.waitForStdout(new RegExp(`\t${task.id}\t`), 30_000);
    await expect.poll(() => existsSync(argvFile), { timeout: 10_000 }).toBe(true);
    expect(readFileSync(argvFile, 'utf8')).toBe(
      `--app-name=wts\n--\nwts: 1 item waiting for you\naction: Post an update in #support (${task.id})\n`,
    );
    // Piped: no bell on stdout.
    expect(watch.stdout).not.toContain('\x07');
    expect(watch.stderr).toBe('');
    watch.child.kill('SIGINT');
    expect((await watch.done).code).toBe(0);

    const bare = spawnWts(['inbox', '--watch', '--notify'], { env: { ...sandbox.env, PATH: join(scratch, 'nothing') } });
    await bare.waitForStderr(/\n/);
    expect(bare.stderr).toBe(
      'wts: --notify: no notify-send on PATH, so no desktop notification (and no bell: standard output is not a terminal)\n',
    );
    bare.child.kill('SIGINT');
    expect((await bare.done).code).toBe(0);
  });
});

describe.skipIf(!TMUX || !SCRIPT)('wts inbox --watch on a terminal (tmux, script)', () => {
  const sandbox = useSandbox();
  const term = useTerminal('wts-inbox-watch-');

  it('human lines with the event in words, a bell for the new item only, and the count after Ctrl-C', { timeout: 90_000 }, async () => {
    const pane = term.run(['wts', 'inbox', '--watch', '--interval', '5s', '--notify'], {
      env: { ...sandbox.env, NO_COLOR: '1', PATH: `${join(term.scratch, 'nothing')}:/usr/bin:/bin` },
      cols: 160,
      raw: true,
    });
    const first = waitingIn(sandbox, 'org_acme')[0]!;
    await pane.waitFor('what waits now', (t) => t.includes('Watching for new items every 5s; Ctrl-C to stop.'));
    expect(pane.screen()).toMatch(new RegExp(`^\\d\\d:\\d\\d waiting  ${first.kind.padEnd(10)} ${first.id}  `, 'm'));
    expect(pane.screen()).toContain('wts: --notify: no notify-send on PATH, so no desktop notification; the terminal bell only');
    const task = (await sandbox.api.ok('POST', '/agents/agt_support/tasks', { body: { title: 'Ring once' } })) as { id: string };
    await pane.waitFor(
      'the new item',
      (t) => new RegExp(`waiting  action +act_\\w+  Post an update in #support · ${task.id} · ws_support · Ring once`).test(t),
      30_000,
    );
    pane.keys('C-c');
    const end = await pane.done();
    expect(end.code).toBe(0);
    expect(end.screen).toMatch(/Watched for \d+s: 1 appeared, 0 decided\./);
    expect(end.raw.split('\x07').length - 1).toBe(1);
  });
});
