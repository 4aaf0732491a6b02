// What following costs the service while nothing happens: a real minute of `task chat --follow` on a
// quiet task, and of `run watch` on a run that never finishes (the sandbox's scheduler stopped), each
// against a sandbox of its own, counted with its request counter. At most 15 requests each. The one
// test of the suite that takes a real minute: polling is about real time, and the two share it.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { spawnWts } from '../helpers/wts-process.js';

const MINUTE_MS = 60_000;
const quiet = useSandbox();
const stopped = useSandbox({ agentStopped: true });

describe('a minute of following with nothing happening', () => {
  it('chat --follow and run watch each make at most 15 requests', { timeout: MINUTE_MS + 30_000 }, async () => {
    const task = (await stopped.api.ok('POST', '/agents/agt_support/tasks', { body: { title: 'Never finishes' } })) as { id: string };
    const runId = stopped.ctx.store.state.data.runs.find((r) => r.taskId === task.id)!.id;

    const before = await Promise.all([quiet.stats(), stopped.stats()]);
    const chat = spawnWts(['task', 'chat', 'task_s024', '--follow'], { env: quiet.env });
    const watch = spawnWts(['run', 'watch', runId, '--timeout', '10m'], { env: stopped.env });
    await new Promise((r) => setTimeout(r, MINUTE_MS));
    const after = await Promise.all([quiet.stats(), stopped.stats()]);
    chat.child.kill('SIGINT');
    watch.child.kill('SIGINT');
    const [c, w] = await Promise.all([chat.done, watch.done]);

    const made = { chat: after[0].requests - before[0].requests, watch: after[1].requests - before[1].requests };
    console.log(`follow-requests: in 60 s, chat --follow made ${made.chat} requests, run watch ${made.watch}`);
    expect(made.chat).toBeGreaterThan(0);
    expect(made.chat).toBeLessThanOrEqual(15);
    expect(made.watch).toBeGreaterThan(0);
    expect(made.watch).toBeLessThanOrEqual(15);
    // Ctrl-C: the follow ends with 0; the wait with 130, saying how to pick it up again.
    expect(c.code).toBe(0);
    expect(c.stderr).toBe('');
    expect(w.code).toBe(130);
    expect(w.stdout).toBe('');
    expect(w.stderr).toBe(`wts: stopped waiting for run ${runId} (task ${task.id}) to finish; to wait again: wts run watch ${runId}\n`);
  });
});
