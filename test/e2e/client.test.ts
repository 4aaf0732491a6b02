// The client's HTTP layer against the real sandbox: catalog-driven requests, pages, retries and errors.
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, type TokenSource } from '../../src/api/client.js';
import { ApiError, describeFailure, InputError, isUnknownOutcome, NetworkError } from '../../src/errors.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();

const noFaults = { rate429: 0, rate5xx: 0, dropRate: 0, latencyMs: 0, rateLimit: 0 };

function client(overrides: { tokens?: TokenSource; sleep?: (ms: number) => Promise<void>; rateLimitBudgetMs?: number } = {}) {
  return new ApiClient({
    origin: sandbox.origin,
    ...(overrides.rateLimitBudgetMs !== undefined && { rateLimitBudgetMs: overrides.rateLimitBudgetMs }),
    tokens: overrides.tokens ?? { accessToken: async () => sandbox.token },
    sleep: overrides.sleep ?? (async () => {}),
  });
}

beforeEach(async () => {
  await sandbox.setFaults(noFaults);
});

describe('ApiClient', () => {
  it('calls an operation by id and returns the parsed body', async () => {
    const page = (await client().call('list_workspaces', { path: {} })) as { items: { id: string; name: string }[] };
    expect(page.items.map((w) => w.name)).toContain('Customer Support');
  });

  it('streams every page of a listing, following nextCursor', async () => {
    const c = client();
    let pages = 0;
    const ids = new Set<string>();
    for await (const page of c.pages('list_tasks', { path: { workspaceId: 'ws_support' }, query: { limit: 7 } })) {
      pages++;
      for (const t of page.items as { id: string }[]) ids.add(t.id);
    }
    expect(ids.size).toBeGreaterThanOrEqual(60);
    expect(pages).toBe(Math.ceil(ids.size / 7));
    await c.close();
  });

  it('reads ahead when asked: the next page is on its way while the caller handles this one, the same pages in the same order', async () => {
    const c = client();
    const args = { path: { workspaceId: 'ws_support' }, query: { limit: 7 } } as const;
    const plain: string[] = [];
    for await (const t of c.items('list_tasks', args)) plain.push((t as { id: string }).id);
    const before = await sandbox.requests();
    const pages = c.pages('list_tasks', args, { readAhead: true });
    const first = await pages.next();
    // The first page in hand and not yet handled: the second is asked for all the same.
    while ((await sandbox.requests()) < before + 2) await new Promise((resolve) => setImmediate(resolve));
    const ids = ((first.value?.items ?? []) as { id: string }[]).map((t) => t.id);
    for await (const page of pages) ids.push(...(page.items as { id: string }[]).map((t) => t.id));
    expect(ids).toEqual(plain);
    expect(await sandbox.requests()).toBe(before + Math.ceil(plain.length / 7));
    await c.close();
  });

  it('a page read ahead that fails fails its reader, and no one when the reader stopped', async () => {
    let calls = 0;
    const failing = () =>
      client({
        tokens: { accessToken: async () => (++calls % 2 === 0 ? Promise.reject(new Error('no token this time')) : sandbox.token) },
      });
    const args = { path: { workspaceId: 'ws_support' }, query: { limit: 7 } } as const;
    const read = async () => {
      for await (const _ of failing().pages('list_tasks', args, { readAhead: true })) {
        // every page
      }
    };
    await expect(read()).rejects.toThrow('no token this time');
    // Stopping after the first page leaves the failed read-ahead unread: not an unhandled rejection (vitest
    // fails a test file that has one).
    calls = 0;
    for await (const page of failing().pages('list_tasks', args, { readAhead: true })) {
      expect(page.items).toHaveLength(7);
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(2);
  });

  it('refuses bad input before sending anything', async () => {
    const before = await sandbox.requests();
    await expect(client().call('list_tasks', { path: { workspaceId: 'ws_support' }, query: { limit: 51 } })).rejects.toThrow(InputError);
    await expect(client().call('list_tasks', { path: { workspaceId: 'ws_support' }, query: { limit: 51 } })).rejects.toThrow(
      'limit: must be at most 50',
    );
    expect(await sandbox.requests()).toBe(before);
  });

  it('turns problem+json into an ApiError with status and code', async () => {
    const err = (await client()
      .call('get_task', { path: { taskId: 'no_such_task' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(404);
    expect(err.code).toBe('not_found');
  });

  it('waits out a 429 for the time Retry-After names, then succeeds', async () => {
    await sandbox.setFaults({ ...noFaults, rateLimit: 1, rateLimitWindowSeconds: 30 });
    const waits: number[] = [];
    // Sleeping moves the sandbox clock, so the rate-limit window passes without real waiting.
    const c = client({
      sleep: async (ms) => {
        waits.push(ms);
        await sandbox.advanceClock(ms / 1000);
      },
    });
    await c.call('list_workspaces', { path: {} });
    await c.call('list_workspaces', { path: {} });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]! % 1000).toBe(0);
  });

  it('close() ends a wait for a 429 at once: the request fails as finished with, and nothing more is sent', async () => {
    // The real timer (no sleep given): were close() to leave it, this would wait an hour and time out.
    await sandbox.setFaults({ ...noFaults, rate429: 1, retryAfterSeconds: 3600 });
    const c = new ApiClient({ origin: sandbox.origin, tokens: { accessToken: async () => sandbox.token }, rateLimitBudgetMs: 7_200_000 });
    const before = await sandbox.requests();
    let pushedBack: (ms: number) => void = () => undefined;
    const waiting = new Promise<number>((resolve) => (pushedBack = resolve));
    const call = c.call('list_workspaces', { path: {} }, { hooks: { onPushback: (_, ms) => pushedBack(ms) } }).catch((e: unknown) => e);
    expect(await waiting).toBe(3_600_000);
    await c.close();
    const err = await call;
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ message: expect.stringContaining('wts has finished with this connection') });
    expect(await sandbox.requests()).toBe(before + 1);
  });

  it('retries a 429 even for a non-idempotent request, waiting as Retry-After says, and gives up with 429 once its time budget is spent', async () => {
    await sandbox.setFaults({ ...noFaults, rate429: 1, retryAfterSeconds: 1 });
    let before = await sandbox.requests();
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const err = (await client({ sleep, rateLimitBudgetMs: 3000 })
      .call('add_task_note', { path: { taskId: 'no_such_task' }, body: { content: 'hi' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(429);
    expect(waits).toEqual([1000, 1000, 1000]);
    expect(await sandbox.requests()).toBe(before + 4);
    // A budget, not a count: ten seconds of it is ten tries more.
    before = await sandbox.requests();
    await client({ sleep: async () => {}, rateLimitBudgetMs: 10_000 })
      .call('list_workspaces', { path: {} })
      .catch(() => {});
    expect(await sandbox.requests()).toBe(before + 11);
    // Retry-After: 0 is not a tight loop: at least 250 ms, doubling.
    await sandbox.setFaults({ ...noFaults, rate429: 1, retryAfterSeconds: 0 });
    waits.length = 0;
    await client({ sleep, rateLimitBudgetMs: 2000 })
      .call('list_workspaces', { path: {} })
      .catch(() => {});
    expect(waits).toEqual([250, 500, 1000]);
  });

  it('retries an idempotent request on 5xx, but never a non-idempotent one', async () => {
    await sandbox.setFaults({ ...noFaults, rate5xx: 1 });
    let before = await sandbox.requests();
    await expect(client().call('list_workspaces', { path: {} })).rejects.toMatchObject({ status: 503 });
    expect(await sandbox.requests()).toBe(before + 4);
    before = await sandbox.requests();
    await expect(client().call('create_workspace', { path: {}, body: { name: 'Never' } })).rejects.toMatchObject({
      status: 503,
      unknownOutcome: 'the change may or may not have been made; check with `wts workspace list` before trying again',
    });
    expect(await sandbox.requests()).toBe(before + 1);
    // A read that failed is not a change that may have been made.
    await expect(client().call('get_task', { path: { taskId: 'task_s001' } })).rejects.toMatchObject({
      status: 503,
      unknownOutcome: undefined,
    });
  });

  it('repeats an idempotent request whose answer was lost, but not a non-idempotent one', async () => {
    await sandbox.setFaults({ ...noFaults, dropRate: 1 });
    let before = await sandbox.requests();
    await expect(client().call('list_workspaces', { path: {} })).rejects.toThrow(NetworkError);
    expect(await sandbox.requests()).toBe(before + 4);
    before = await sandbox.requests();
    const err = (await client()
      .call('create_workspace', { path: {}, body: { name: 'Maybe' } })
      .catch((e: unknown) => e)) as NetworkError;
    expect(err).toBeInstanceOf(NetworkError);
    expect(isUnknownOutcome(err)).toBe(true);
    expect((await describeFailure(err)).message).toMatch(
      / — the answer was lost and the request was not repeated; the change may or may not have been made; check with `wts workspace list` before trying again$/,
    );
    expect(await sandbox.requests()).toBe(before + 1);
  });

  it('renews the token once on 401 and retries with the new one', async () => {
    const renewed: string[] = [];
    const tokens: TokenSource = {
      accessToken: async () => 'stale-token',
      renew: async (rejected) => {
        renewed.push(rejected);
        return sandbox.token;
      },
    };
    const page = (await client({ tokens }).call('list_workspaces', { path: {} })) as { items: unknown[] };
    expect(page.items.length).toBeGreaterThan(0);
    expect(renewed).toEqual(['stale-token']);
    const dead: TokenSource = { accessToken: async () => 'stale-token', renew: async () => undefined };
    await expect(client({ tokens: dead }).call('list_workspaces', { path: {} })).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
  });
});
