// Answers that arrive whole but are not what the operation returns (a 204, a problem document on a 200,
// cut-off JSON, a wrong shape, a 1 MB detail), the retries after a timeout said on a terminal, and
// absurd Retry-After values: the client's own logic, the same on every Node line (the transport's ends,
// which depend on the line, are in wire-answers.test.ts). Each case runs the built `wts` as a real
// process behind the wire-fault proxy and checks the exit code, that stderr is one line naming what
// the service did (never a JavaScript internal), how many requests were sent, and the sandbox's state.
import { describe, expect, it } from 'vitest';
import { runWts } from '../helpers/cli.js';
import { type Exchange, oneLine } from '../helpers/fault-proxy.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { isNotes, isTaskGet, unknownSentence, useWireCases } from '../helpers/wire-cases.js';

const sandbox = useSandbox();

const { proxy, env, behind, notesOf, noteText } = useWireCases(sandbox);

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
});

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

describe('what the client says of a failed read', () => {
  it('on a terminal, each retry after a timeout is said', { timeout: 90_000 }, async () => {
    const start = proxy().log.length;
    proxy().setRule((ex) => {
      if (isTaskGet('task_s006')(ex)) ex.stall();
    });
    try {
      // No answer shares this deadline, so it can be short: a stall ends at it however loaded the machine.
      const r = await runWts(['task', 'view', 'task_s006'], {
        tty: true,
        env: { ...env(), NO_COLOR: '1', WTS_REQUEST_TIMEOUT_MS: '1000' },
      });
      expect(r.code).toBe(1);
      const host = new URL(proxy().origin).host;
      expect(r.stderr).toBe(
        [2, 3, 4].map((n) => `wts: no answer from ${host} in 1 s; trying again (${n} of 4)…\n`).join('') +
          `wts: no answer from ${host} in 1 s\n`,
      );
      expect(proxy().log.slice(start).filter(isTaskGet('task_s006'))).toHaveLength(4);
    } finally {
      proxy().setRule(undefined);
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
