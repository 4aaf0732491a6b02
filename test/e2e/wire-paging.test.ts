// A service whose paging goes wrong never makes wts ask for ever. Through the fault proxy, real wts
// processes walk listings whose cursors repeat, cycle, never end, come on empty pages, or whose pages are
// larger than asked, and read a handbook entry whose offset does not advance: each run ends on its own,
// with few requests, bounded memory, exit 1 and one line naming the operation and what the service did,
// and nothing printed twice. Then the loops that sleep: a follow told to come back in 30 days (or at
// once) asks only a handful of times, and a wait told to come back past its --timeout ends at once (7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultProxy, runMeasured, type Exchange, type FaultProxy, type MeasuredRun, type Rule } from '../helpers/fault-proxy.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();

/** A run killed here hung: the test fails on `killed` rather than stalling the suite. */
const KILL_AFTER_MS = 20_000;
const MAX_REQUESTS = 500;
const MAX_PEAK_MB = 300;

type Item = Record<string, unknown> & { id: string };
interface Page {
  items: Item[];
  nextCursor: string | null;
}

/** What a faulty service answers to request `n` (1-based) of a walk, given the real first page and what was asked. */
type Fault = (at: { cursor: string | null; limit: number | undefined; n: number; real: Item[] }) => Page;

/** The real items again, no more than were asked for. */
const sameItems = (real: Item[], limit: number | undefined) => real.slice(0, limit ?? real.length);
/** Items never seen before: the real ones under new ids, as many as were asked for (or `count`). */
const newItems = (real: Item[], n: number, count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({
    ...(real[i % real.length] ?? { id: 'x' }),
    id: `${real[i % real.length]?.id ?? 'x'}_p${n}_${i}`,
  }));

const FAULTS: Record<string, { fault: Fault; says: RegExp }> = {
  'a cursor that repeats': {
    fault: ({ limit, real }) => ({ items: sameItems(real, limit), nextCursor: 'c_same' }),
    says: /did not advance: cursor "c_same" came back after 2 pages; stopped/,
  },
  'a cursor cycle A → B → A': {
    fault: ({ cursor, limit, n, real }) => ({
      items: newItems(real, n, Math.min(limit ?? 3, 3)),
      nextCursor: cursor === null ? 'c_A' : cursor === 'c_A' ? 'c_B' : 'c_A',
    }),
    says: /did not advance: cursor "c_A" came back after 3 pages; stopped/,
  },
  'endless pages of new cursors carrying the same items': {
    fault: ({ limit, n, real }) => ({ items: sameItems(real, limit), nextCursor: `c_${n}` }),
    says: /repeated itself: page 2 held only items of the 1 page before it; stopped/,
  },
  'empty pages that carry a cursor': {
    fault: ({ n }) => ({ items: [], nextCursor: `c_${n}` }),
    says: /sent 4 empty pages in a row, each with a cursor to another; stopped/,
  },
  'a page larger than asked': {
    fault: ({ limit, n, real }) => ({ items: newItems(real, n, (limit ?? 50) + 1), nextCursor: `c_${n}` }),
    says: /sent a page of \d+ items when \d+ were asked for; stopped/,
  },
};

/**
 * A rule that answers every GET of `pathname` with `fault`, from the real first page (read once per query,
 * without the faulty cursor, by its first request: walks of one query at once share it; the inbox's two
 * per workspace ask different filters, and each gets rows that match its own, as wts checks).
 */
function pagedRule(pathname: string, fault: Fault): Rule {
  const reals = new Map<string, Promise<Item[]>>();
  let n = 0;
  return async (ex: Exchange) => {
    if (ex.method !== 'GET' || ex.url.pathname !== pathname) return;
    const cursor = ex.url.searchParams.get('cursor');
    const limitText = ex.url.searchParams.get('limit');
    const clean = new URL(ex.url);
    clean.searchParams.delete('cursor');
    clean.searchParams.delete('limit');
    let real = reals.get(clean.search);
    if (real === undefined) {
      real = ex.forward(`${clean.pathname}${clean.search}`).then((answer) => (answer.json() as Page).items);
      reals.set(clean.search, real);
    }
    const items = await real;
    n++;
    ex.json(200, fault({ cursor, limit: limitText === null ? undefined : Number(limitText), n, real: items }));
  };
}

/** The top-level ids printed: the JSON array printed so far (closed here when the run stopped half-way). */
function printedIds(stdout: string): string[] {
  const text = stdout.trim();
  if (text === '') return [];
  const closed = text.endsWith(']') ? text : `${text.replace(/,\s*$/, '')}]`;
  return (JSON.parse(closed) as { id: string }[]).map((item) => item.id);
}

function expectStoppedPaging(r: MeasuredRun, proxy: FaultProxy, operation: string, says: RegExp): void {
  expect(r.killed, 'killed at the deadline: it hung').toBe(false);
  expect(proxy.count()).toBeLessThanOrEqual(MAX_REQUESTS);
  expect(r.peakMb ?? Infinity).toBeLessThanOrEqual(MAX_PEAK_MB);
  expect(r.code, r.stderr).toBe(1);
  const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toContain(`the service's paging of ${operation} `);
  expect(lines[0]).toMatch(says);
  expect(r.stderr).not.toMatch(/unexpected error/);
  const ids = printedIds(r.stdout);
  expect(new Set(ids).size, 'an item printed twice').toBe(ids.length);
}

const WS_TASKS = '/api/v1/workspaces/ws_support/tasks';

/** The walks under test: a command, the path whose answers the fault replaces, and the operation the error names. */
const WALKS: { name: string; args: string[]; pathname: string; operation: string }[] = [
  {
    name: 'task search --all (a printListing list)',
    args: ['task', 'search', 'ws_support', 'refund', '--all', '--json'],
    pathname: `${WS_TASKS}/search`,
    operation: 'search_tasks',
  },
  {
    name: 'task events (a printListing list, --limit 30)',
    args: ['task', 'events', 'task_s001', '--json'],
    pathname: '/api/v1/tasks/task_s001/events',
    operation: 'list_task_events',
  },
  { name: 'inbox', args: ['inbox', '--workspace', 'ws_support', '--json'], pathname: WS_TASKS, operation: 'list_tasks' },
  {
    name: 'api --paginate',
    args: ['api', 'GET', '/workspaces/ws_support/tasks', '-f', 'limit=10', '--paginate'],
    pathname: WS_TASKS,
    operation: 'GET /workspaces/ws_support/tasks',
  },
];

describe('a walk over pages that the service would never end', () => {
  let proxy: FaultProxy;
  beforeAll(async () => {
    proxy = await faultProxy(sandbox.origin);
  });
  afterAll(async () => {
    await proxy.close();
  });
  const run = async (args: string[], rule: Rule) => {
    proxy.log.length = 0;
    proxy.setRule(rule);
    return runMeasured(args, { ...sandbox.env, WTS_ORIGIN: proxy.origin }, { killAfterMs: KILL_AFTER_MS });
  };

  for (const walk of WALKS) {
    for (const [fault, { fault: answer, says }] of Object.entries(FAULTS)) {
      it(`${walk.name}: ${fault} ends it with exit 1 and one line`, async () => {
        const r = await run(walk.args, pagedRule(walk.pathname, answer));
        expectStoppedPaging(r, proxy, walk.operation, says);
      });
    }
  }

  it('task list WS --limit 5 ends on its own against a cursor that repeats', async () => {
    const { fault } = FAULTS['a cursor that repeats'] ?? {};
    if (!fault) throw new Error('no such fault');
    const r = await run(['task', 'list', 'ws_support', '--limit', '5'], pagedRule(WS_TASKS, fault));
    expect(r.killed, 'killed at the deadline: it hung').toBe(false);
    expect(proxy.count()).toBeLessThanOrEqual(MAX_REQUESTS);
    expect(r.peakMb ?? Infinity).toBeLessThanOrEqual(MAX_PEAK_MB);
    expect(r.stderr).not.toMatch(/unexpected error/);
  });

  it('handbook view: an offset that does not advance ends the read with exit 1 and one line', async () => {
    const r = await run(['handbook', 'view', 'sec_x_company_1'], (ex) => {
      if (ex.method !== 'GET' || !ex.url.pathname.startsWith('/api/v1/company-handbook/sec_x_company_1')) return;
      const offset = Number(ex.url.searchParams.get('offset') ?? 0);
      ex.json(200, { id: 'sec_x_company_1', title: 'Tone', body: offset === 0 ? 'Write as ' : 'a colleague', nextOffset: 9 });
    });
    expect(r.killed, 'killed at the deadline: it hung').toBe(false);
    expect(proxy.count()).toBeLessThanOrEqual(3);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      "wts: the service's paging of read_company_handbook_section did not advance: the piece at offset 9 gave 9 as the next offset; stopped",
    ]);
    expect(r.stdout).toBe('');
  });
});

describe('loops that sleep between requests', () => {
  let proxy: FaultProxy;
  beforeAll(async () => {
    proxy = await faultProxy(sandbox.origin);
  });
  afterAll(async () => {
    await proxy.close();
  });
  const tooMany =
    (retryAfter: string): Rule =>
    (ex) => {
      if (ex.url.pathname.startsWith('/api/v1/')) {
        ex.json(
          429,
          { type: 'about:blank', title: 'Too Many Requests', status: 429, code: 'rate_limited', detail: 'slow down' },
          { contentType: 'application/problem+json', headers: { 'retry-after': retryAfter } },
        );
      }
    };

  for (const [what, retryAfter] of [
    ['Retry-After of 30 days', String(30 * 24 * 3600)],
    ['Retry-After of 0', '0'],
  ] as const) {
    it(`task events -f against a 429 with a ${what} asks only a handful of times`, async () => {
      proxy.log.length = 0;
      proxy.setRule(tooMany(retryAfter));
      const r = await runMeasured(
        ['task', 'events', 'task_s001', '-f'],
        { ...sandbox.env, WTS_ORIGIN: proxy.origin },
        { killAfterMs: 4000 },
      );
      // A follow ends only at Ctrl-C: killed at the deadline, having asked about once a second at most.
      expect(r.killed).toBe(true);
      expect(proxy.count((e) => e.path.includes('/events'))).toBeGreaterThanOrEqual(1);
      expect(proxy.count((e) => e.path.includes('/events'))).toBeLessThanOrEqual(6);
    });
  }

  it('a wait whose Retry-After goes past its --timeout ends at once with exit 7', async () => {
    proxy.log.length = 0;
    proxy.setRule(tooMany('3600'));
    const r = await runMeasured(
      ['run', 'watch', 'run_s001', '--timeout', '5m'],
      { ...sandbox.env, WTS_ORIGIN: proxy.origin },
      {
        killAfterMs: KILL_AFTER_MS,
      },
    );
    expect(r.killed, 'killed at the deadline: it waited').toBe(false);
    expect(r.code, r.stderr).toBe(7);
    expect(proxy.count((e) => e.path.startsWith('/api/v1/runs/'))).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
    expect(lines).toEqual([
      'wts: rate limited waiting for run run_s001 to finish: the service asks to wait 1h, past --timeout 5m; to wait again later: wts run watch run_s001',
    ]);
  });
});
