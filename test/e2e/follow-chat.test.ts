// `wts task chat TASK --follow` and `wts task events TASK --follow` as real processes: piped, each new
// entry is a line as it arrives; on a real pseudo-terminal (tmux) the transcript, then a reply that
// arrives after it started; Ctrl-C ends both with exit 0, no stack trace and the terminal as it was.
// The sandbox's agent answers a chat message two seconds (of its clock, which runs with real time) after it.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { TMUX, useTerminal } from '../helpers/tmux.js';
import { spawnWts } from '../helpers/wts-process.js';
if (!TMUX) console.warn('follow-chat.test: tmux is not installed, so following on a terminal is skipped (CI installs it: .ci/run)');

const sandbox = useSandbox();
const data = () => sandbox.ctx.store.state.data;
const say = (taskId: string, content: string) => sandbox.api.ok('POST', `/tasks/${taskId}/messages`, { body: { content } });

describe('following, piped (real processes)', () => {
  it('chat --follow: the transcript, then each new message as one line when it arrives; SIGINT exits 0', async () => {
    const taskId = 'task_s021';
    const before = data().messages.filter((m) => m.taskId === taskId);
    expect(before.length).toBeGreaterThan(0);
    const wts = spawnWts(['task', 'chat', taskId, '--follow'], { env: sandbox.env });
    await wts.waitForStdout(new RegExp(`^${before.at(-1)!.id}\\t`, 'm'));
    await say(taskId, 'Did the customer answer?');
    const [replyLine] = await wts.waitForStdout(/^msg_\d+\tagent\tSupport Agent\t\S+\tAda, about "Did the customer answer\?": .*$/m);
    wts.child.kill('SIGINT');
    const r = await wts.done;
    expect(r.code).toBe(0);
    expect(r.signal).toBeNull();
    expect(r.stderr).toBe('');
    const printed = r.stdout.trimEnd().split('\n');
    const now = data().messages.filter((m) => m.taskId === taskId);
    // Every message once, in order: what was there, then ours, then the reply.
    expect(printed.map((l) => l.split('\t')[0])).toEqual(now.map((m) => m.id));
    expect(printed.at(-1)).toBe(replyLine);
    expect(printed.at(-2)).toMatch(/^msg_\d+\tperson\tAda Lovelace\t\S+\tDid the customer answer\?$/);
  });

  it('events --follow --json: one JSON object per line as activity happens', async () => {
    const taskId = 'task_s022';
    const wts = spawnWts(['task', 'events', taskId, '--follow', '--json'], { env: sandbox.env });
    const last = data()
      .events.filter((e) => e.taskId === taskId)
      .at(-1)!;
    await wts.waitForStdout(new RegExp(`"id":"${last.id}"`));
    await say(taskId, 'Please check again');
    await wts.waitForStdout(/"summary":"Support Agent wrote in the chat"/);
    wts.child.kill('SIGINT');
    const r = await wts.done;
    expect(r.code).toBe(0);
    const events = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; taskId: string; kind: string });
    expect(events.map((e) => e.id)).toEqual(
      data()
        .events.filter((e) => e.taskId === taskId)
        .map((e) => e.id),
    );
    expect(events.slice(-2).map((e) => e.kind)).toEqual(['message.sent', 'message.sent']);
  });

  it('a task that does not exist: exit 3 at once', async () => {
    const wts = spawnWts(['task', 'chat', 'task_nope', '-f'], { env: sandbox.env });
    const r = await wts.done;
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^wts: not found: /);
  });
});

describe.skipIf(!TMUX)('chat --follow on a terminal (tmux)', () => {
  const term = useTerminal('wts-follow-pty-');

  it('shows the transcript, then a reply that arrives after it started; Ctrl-C exits 0 and leaves a clean prompt', async () => {
    const taskId = 'task_s023';
    // The shell goes on after wts handled Ctrl-C, prints a line of its own and ends with wts's status.
    const pane = term.run(`wts task chat ${taskId} --follow; code=$?; echo "-- after wts --"; (exit $code)`, {
      env: { ...sandbox.env, NO_COLOR: '1' },
    });

    const last = data()
      .messages.filter((m) => m.taskId === taskId)
      .at(-1)!;
    await pane.waitFor(
      'the transcript and the hint',
      (t) => t.includes(last.content.slice(0, 40)) && t.includes(`Following the chat on ${taskId}; Ctrl-C to stop.`),
    );
    await say(taskId, 'Is there anything new here?');
    const shown = await pane.waitFor('the reply', /Support Agent \(agent\) · .*\n {2}Ada, about "Is there anything new here\?": /);
    expect(shown).toMatch(/Ada Lovelace \(person\) · .*\n {2}Is there anything new here\?\n\nSupport Agent \(agent\)/);

    pane.keys('C-c');
    const end = await pane.waitFor('the end', '-- after wts --');
    expect((await pane.done()).code).toBe(0);
    expect(end).not.toMatch(/Error|at .+\(.+:\d+:\d+\)|wts:/);
    // The reply is the last thing wts printed (its text wrapped to the terminal, indented under its
    // author): after it only the ^C the terminal echoed, then the shell's line.
    const after = end.slice(end.lastIndexOf('Ada, about "Is there anything new here?"')).split('\n').slice(1);
    expect(after.filter((l) => l.trim() && l.trim() !== '^C' && !l.startsWith('  '))[0]).toBe('-- after wts --');
  });
});
