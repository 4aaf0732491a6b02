// Answers that are not what they claim, too large, too slow, or that ask for absurd waits: each case runs
// the built `wts` as a real process behind the wire-fault proxy and checks the exit code, that stderr is
// one line naming what the service did (never a JavaScript internal), how many requests were sent, peak
// memory where the case is about size, and the sandbox's state (was the note saved? was it approved?).
// A request's deadline is 2 s here (WTS_REQUEST_TIMEOUT_MS), so stalls end fast.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWts } from '../helpers/cli.js';
import { faultProxy, runMeasured, type Exchange, type FaultProxy, type LoggedRequest } from '../helpers/fault-proxy.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();
const data = () => sandbox.ctx.store.state.data;

let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await faultProxy(sandbox.origin);
});
afterAll(async () => {
  await proxy.close();
});

const env = () => ({ ...sandbox.env, WTS_ORIGIN: proxy.origin, WTS_REQUEST_TIMEOUT_MS: '2000' });

/** Runs wts behind the proxy with `rule`; returns the run and the requests it sent. */
async function behind(rule: (ex: Exchange) => void | Promise<void>, args: string[], extraEnv: Record<string, string> = {}) {
  const start = proxy.log.length;
  proxy.setRule(rule);
  try {
    const r = await runMeasured(args, { ...env(), ...extraEnv }, { killAfterMs: 60_000 });
    const sent = proxy.log.slice(start);
    return { ...r, sent, count: (match: (e: LoggedRequest) => boolean) => sent.filter(match).length };
  } finally {
    proxy.setRule(undefined);
  }
}

/** stderr is exactly one line, with no JavaScript internal in it; returns that line. */
function oneLine(stderr: string): string {
  expect(stderr).not.toMatch(/unexpected error|Cannot read properties|at .*\.js:\d+|ERR_/);
  const lines = stderr.split('\n');
  expect(lines.at(-1)).toBe('');
  expect(lines.slice(0, -1), stderr).toHaveLength(1);
  return lines[0] ?? '';
}

const isNotes = (e: { method: string; path: string }) => e.method === 'POST' && /^\/api\/v1\/tasks\/[^/]+\/notes$/.test(e.path);
const isTaskGet = (taskId: string) => (e: { method: string; path: string }) => e.method === 'GET' && e.path === `/api/v1/tasks/${taskId}`;
const notesOf = (taskId: string) =>
  data()
    .tasks.find((t) => t.id === taskId)
    ?.notes.map((n) => n.content) ?? [];
const unknownSentence = (taskId: string) =>
  `the change may or may not have been made; check with \`wts task view ${taskId}\` before trying again`;

let noteCount = 0;
/** A note text no other case uses. */
const noteText = () => `Wire answers note ${++noteCount} ${Date.now()}`;

describe('an answer to a write that is not what the operation returns', () => {
  it('cut-off JSON on a 200 to `task note`: saved, said to be unknown, sent once', async () => {
    const text = noteText();
    const r = await behind(
      async (ex) => {
        if (!isNotes(ex)) return;
        const answer = await ex.forward();
        ex.reply(answer.status, answer.headers, answer.body.subarray(0, 40));
      },
      ['task', 'note', 'task_s001', text],
    );
    expect(r.code, r.stderr).toBe(1);
    expect(oneLine(r.stderr)).toBe(
      `wts: the service's answer to add_task_note was not valid JSON (cut off after 40 bytes) — ${unknownSentence('task_s001')}`,
    );
    expect(r.stdout).toBe('');
    expect(r.count(isNotes)).toBe(1);
    expect(notesOf('task_s001')).toContain(text);
  });

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

  it('a problem document on a 200 to `task note`: not reported as done, nothing saved, sent once', async () => {
    const text = noteText();
    const r = await behind(
      (ex) => {
        if (isNotes(ex))
          ex.json(200, { title: 'Internal error', status: 500, code: 'internal' }, { contentType: 'application/problem+json' });
      },
      ['task', 'note', 'task_s002', text],
    );
    expect(r.code, r.stderr).toBe(1);
    expect(oneLine(r.stderr)).toBe(
      `wts: the service's answer to add_task_note was an error document (application/problem+json) with status 200: Internal error — ${unknownSentence('task_s002')}`,
    );
    expect(r.stdout).toBe('');
    expect(r.count(isNotes)).toBe(1);
    expect(notesOf('task_s002')).not.toContain(text);
  });

  it('a 204 to `task note`: not reported as done, nothing saved, sent once', async () => {
    const text = noteText();
    const r = await behind(
      (ex) => {
        if (isNotes(ex)) ex.reply(204, {});
      },
      ['task', 'note', 'task_s002', text],
    );
    expect(r.code, r.stderr).toBe(1);
    expect(oneLine(r.stderr)).toBe(
      `wts: the service's answer to add_task_note was empty (204 No Content) — ${unknownSentence('task_s002')}`,
    );
    expect(r.count(isNotes)).toBe(1);
    expect(notesOf('task_s002')).not.toContain(text);
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

describe('an answer to a read that is not what the operation returns', () => {
  it('a 204 to `task view --json`: exit 1, nothing printed, not retried', async () => {
    const r = await behind(
      (ex) => {
        if (isTaskGet('task_s004')(ex)) ex.reply(204, {});
      },
      ['task', 'view', 'task_s004', '--json'],
    );
    expect(r.code, r.stderr).toBe(1);
    expect(oneLine(r.stderr)).toBe("wts: the service's answer to get_task was empty (204 No Content)");
    expect(r.stdout).toBe('');
    expect(r.count(isTaskGet('task_s004'))).toBe(1);
  });

  const shapes: [string, (task: Record<string, unknown>) => unknown, string][] = [
    ['an array', (task) => [task], 'the answer must be a JSON object'],
    ['a missing field', ({ notes: _, ...task }) => task, 'notes: is required'],
    ['a null id', (task) => ({ ...task, id: null }), 'id: must be a string'],
  ];
  for (const [what, change, problem] of shapes) {
    it(`${what} to \`task view\`: exit 1, one line naming the field, nothing half-printed`, async () => {
      const r = await behind(
        async (ex) => {
          if (!isTaskGet('task_s004')(ex)) return;
          const answer = await ex.forward();
          ex.json(200, change(answer.json() as Record<string, unknown>));
        },
        ['task', 'view', 'task_s004'],
      );
      expect(r.code, r.stderr).toBe(1);
      expect(oneLine(r.stderr)).toBe(`wts: the service's answer to get_task did not match what get_task returns: ${problem}`);
      expect(r.stdout).toBe('');
      expect(r.count(isTaskGet('task_s004'))).toBe(1);
    });
  }

  const pageShapes: [string, (page: { items: Record<string, unknown>[] }) => unknown, string][] = [
    ['an array', (page) => page.items, 'the answer must be a JSON object'],
    ['a missing field', (page) => ({ ...page, items: page.items.map(({ title: _, ...t }) => t) }), 'items[0].title: is required'],
    [
      'a null id',
      (page) => ({ ...page, items: page.items.map((t, i) => (i === 3 ? { ...t, id: null } : t)) }),
      'items[3].id: must be a string',
    ],
  ];
  for (const [what, change, problem] of pageShapes) {
    it(`${what} in a page of \`task list\`: exit 1, one line naming the field`, async () => {
      const isList = (e: { method: string; path: string }) =>
        e.method === 'GET' && e.path.startsWith('/api/v1/workspaces/ws_support/tasks');
      const r = await behind(
        async (ex) => {
          if (!isList(ex)) return;
          const answer = await ex.forward();
          ex.json(200, change(answer.json() as { items: Record<string, unknown>[] }));
        },
        ['task', 'list', 'ws_support', '--status', 'todo', '--limit', '10'],
      );
      expect(r.code, r.stderr).toBe(1);
      expect(oneLine(r.stderr)).toBe(`wts: the service's answer to list_tasks did not match what list_tasks returns: ${problem}`);
      expect(r.count(isList)).toBe(1);
    });
  }
});

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
    const r = await behind(
      (ex) => {
        if (isTaskGet('task_s006')(ex)) ex.stall();
      },
      ['task', 'view', 'task_s006'],
    );
    expect(r.killed).toBe(false);
    expect(r.code, r.stderr).toBe(1);
    // Not a terminal: no notice of the retries, only the failure.
    expect(oneLine(r.stderr)).toMatch(/^wts: no answer from 127\.0\.0\.1:\d+ in 2 s$/);
    expect(r.count(isTaskGet('task_s006'))).toBe(4);
  });

  it('on a terminal, each retry after a timeout is said', { timeout: 90_000 }, async () => {
    const start = proxy.log.length;
    proxy.setRule((ex) => {
      if (isTaskGet('task_s006')(ex)) ex.stall();
    });
    try {
      const r = await runWts(['task', 'view', 'task_s006'], { tty: true, env: { ...env(), NO_COLOR: '1' } });
      expect(r.code).toBe(1);
      const host = new URL(proxy.origin).host;
      expect(r.stderr).toBe(
        [2, 3, 4].map((n) => `wts: no answer from ${host} in 2 s; trying again (${n} of 4)…\n`).join('') +
          `wts: no answer from ${host} in 2 s\n`,
      );
      expect(proxy.log.slice(start).filter(isTaskGet('task_s006'))).toHaveLength(4);
    } finally {
      proxy.setRule(undefined);
    }
  });

  it('a 1 MB problem detail: the error line is capped', async () => {
    const r = await behind(
      (ex) => {
        if (isTaskGet('task_s007')(ex))
          ex.json(
            404,
            { title: 'Not found', status: 404, code: 'not_found', detail: `no such task ${'z'.repeat(1_000_000)}` },
            {
              contentType: 'application/problem+json',
            },
          );
      },
      ['task', 'view', 'task_s007'],
    );
    expect(r.code, r.stderr).toBe(3);
    const line = oneLine(r.stderr);
    expect(line).toMatch(/^wts: not found: no such task z+… \(\d+ more characters\)$/);
    expect(line.length).toBeLessThan(1100);
  });
});

describe('Retry-After on a 429 to a GET', () => {
  const isWorkspaces = (e: { method: string; path: string }) => e.method === 'GET' && e.path.startsWith('/api/v1/workspaces');
  const limited = (retryAfter: string) => (ex: Exchange) => {
    if (isWorkspaces(ex))
      ex.json(
        429,
        { title: 'Too many requests', status: 429, code: 'rate_limited' },
        {
          contentType: 'application/problem+json',
          headers: { 'retry-after': retryAfter },
        },
      );
  };

  it('30 days: gives up at once with exit 7, saying the clamped wait', async () => {
    const r = await behind(limited(String(30 * 24 * 3600)), ['workspace', 'list']);
    expect(r.code, r.stderr).toBe(7);
    expect(oneLine(r.stderr)).toBe('wts: rate limited: Too many requests; try again in 86400 s');
    expect(r.count(isWorkspaces)).toBe(1);
  });

  const absent: [string, () => string][] = [
    ['-3600', () => '-3600'],
    ['garbage', () => 'soon, maybe'],
    ['a past HTTP date', () => new Date(Date.now() - 3600_000).toUTCString()],
  ];
  for (const [what, value] of absent) {
    it(`${what}: read as absent (the client's own backoff, within the budget), then exit 7`, async () => {
      const r = await behind(limited(value()), ['workspace', 'list'], { WTS_RATE_LIMIT_WAIT_MS: '2000' });
      expect(r.code, r.stderr).toBe(7);
      expect(oneLine(r.stderr)).toBe('wts: rate limited: Too many requests');
      // 250 ms doubling (with jitter) within a 2 s budget: a few tries, never a flood.
      expect(r.count(isWorkspaces)).toBeGreaterThan(1);
      expect(r.count(isWorkspaces)).toBeLessThanOrEqual(20);
    });
  }
});
