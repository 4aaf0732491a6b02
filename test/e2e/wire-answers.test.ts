// Answers cut off, dripped, flooded or never sent: how undici, on each Node line's sockets and streams,
// ends them. Each case runs the built `wts` as a real process behind the wire-fault proxy and checks the
// exit code, that stderr is one line naming what the service did (never a JavaScript internal), how
// many requests were sent, peak memory where the case is about size, and the sandbox's state (was it
// approved? was the note saved?). In the lines tier; answers that arrive whole but are wrong for the
// operation, and Retry-After, are the client's own logic: answer-shapes.test.ts.
import { describe, expect, it } from 'vitest';
import { type Exchange, oneLine } from '../helpers/fault-proxy.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { isNotes, isTaskGet, unknownSentence, useWireCases } from '../helpers/wire-cases.js';

const sandbox = useSandbox();
const data = () => sandbox.ctx.store.state.data;

const { behind, notesOf, noteText } = useWireCases(sandbox);

describe('an answer to a write that is cut off or dripped', () => {
  it('three approvals whose answers are cut off mid-body: each unknown in --json, each approved, none sent twice', async () => {
    const ids = data()
      .pendingActions.filter((a) => a.kind === 'action' && a.state === 'pending' && a.taskId.startsWith('task_s'))
      .slice(0, 3)
      .map((a) => a.id);
    expect(ids).toHaveLength(3);
    const isApprove = (e: { method: string; path: string }) => e.method === 'POST' && e.path.endsWith('/approve');
    const r = await behind(
      async (ex) => {
        if (!isApprove(ex)) return;
        const answer = await ex.forward();
        ex.cut(answer.status, answer.headers, answer.body, 30);
      },
      ['approval', 'approve', ...ids, '--json'],
    );
    expect(r.code, r.stderr).toBe(1);
    expect(oneLine(r.stderr)).toBe('wts: 3 of 3 may or may not have been changed (the answer was lost; not repeated)');
    const entries = JSON.parse(r.stdout) as { id: string; ok: boolean; unknown?: boolean; error: { detail: string } }[];
    expect(entries.map((e) => [e.id, e.ok, e.unknown])).toEqual(ids.map((id) => [id, false, true]));
    for (const e of entries)
      expect(e.error.detail).toMatch(/answer to approve_pending_action was cut off after 30 of \d+ bytes .*may or may not/);
    expect(r.count(isApprove)).toBe(3);
    for (const id of ids) expect(data().pendingActions.find((a) => a.id === id)?.state).toBe('approved');
  });

  it('an answer dripped a byte a second to `task note`: ends at the deadline, unknown, sent once', async () => {
    const text = noteText();
    const r = await behind(
      async (ex) => {
        if (!isNotes(ex)) return;
        const answer = await ex.forward();
        ex.drip(answer.status, answer.headers, answer.body, { bytesPerTick: 1, tickMs: 1000 });
      },
      ['task', 'note', 'task_s003', text],
    );
    expect(r.code, r.stderr).toBe(1);
    expect(oneLine(r.stderr)).toMatch(
      new RegExp(
        `^wts: the answer from 127\\.0\\.0\\.1:\\d+ to add_task_note did not arrive in full in 2 s \\(\\d of \\d+ bytes came\\) — the answer was lost and the request was not repeated; ${literally(unknownSentence('task_s003'))}$`,
      ),
    );
    expect(r.count(isNotes)).toBe(1);
    expect(notesOf('task_s003')).toContain(text);
  });
});

function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\`]/g, '\\$&');
}

describe('limits', () => {
  // The default deadline, so that the cap, not the deadline, ends the read on a slow machine.
  const longDeadline = { WTS_REQUEST_TIMEOUT_MS: '30000' };
  const flood = (declareLength: boolean) => (ex: Exchange) => {
    if (isTaskGet('task_s005')(ex))
      ex.flood(200, { 'content-type': 'application/json' }, `{"id":"${'x'.repeat(4090)}"},`, 500 * 1024 * 1024, { declareLength });
  };

  it('a 500 MB answer with its Content-Length: refused before reading, not retried, little memory', async () => {
    const r = await behind(flood(true), ['task', 'view', 'task_s005', '--json'], longDeadline);
    expect(r.code, r.stderr).toBe(1);
    expect(oneLine(r.stderr)).toBe(
      "wts: the service's answer to get_task was 500 MB, more than wts reads (64 MB, WTS_MAX_ANSWER_MB); not read",
    );
    expect(r.count(isTaskGet('task_s005'))).toBe(1);
    expect(r.peakMb).toBeLessThanOrEqual(300);
  });

  it('a 500 MB answer without a Content-Length: read up to the cap only, not retried, under 300 MB', async () => {
    const r = await behind(flood(false), ['task', 'view', 'task_s005', '--json'], longDeadline);
    expect(r.code, r.stderr).toBe(1);
    expect(oneLine(r.stderr)).toBe(
      "wts: the service's answer to get_task was more than 64 MB, more than wts reads (64 MB, WTS_MAX_ANSWER_MB); not read",
    );
    expect(r.count(isTaskGet('task_s005'))).toBe(1);
    expect(r.peakMb).toBeLessThanOrEqual(300);
  });

  it('a smaller cap through WTS_MAX_ANSWER_MB', async () => {
    const r = await behind(flood(false), ['task', 'view', 'task_s005', '--json'], { WTS_MAX_ANSWER_MB: '1' });
    expect(r.code, r.stderr).toBe(1);
    expect(oneLine(r.stderr)).toBe(
      "wts: the service's answer to get_task was more than 1 MB, more than wts reads (1 MB, WTS_MAX_ANSWER_MB); not read",
    );
  });

  it('a GET that gets no answer: tried four times, each ended at the deadline', { timeout: 90_000 }, async () => {
    // No answer shares this deadline, so it can be short: a stall ends at it however loaded the machine.
    const r = await behind(
      (ex) => {
        if (isTaskGet('task_s006')(ex)) ex.stall();
      },
      ['task', 'view', 'task_s006'],
      { WTS_REQUEST_TIMEOUT_MS: '1000' },
    );
    expect(r.killed).toBe(false);
    expect(r.code, r.stderr).toBe(1);
    // Not a terminal: no notice of the retries, only the failure.
    expect(oneLine(r.stderr)).toMatch(/^wts: no answer from 127\.0\.0\.1:\d+ in 1 s$/);
    expect(r.count(isTaskGet('task_s006'))).toBe(4);
  });
});
