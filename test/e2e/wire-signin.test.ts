// The sign-in through a broken token endpoint, and one refresh per token: real `wts` processes whose
// stored connection reaches the sandbox through the fault proxy (test/helpers/fault-proxy.ts), which
// answers the refresh as a load balancer or a broken server would. Asserted: the exit code and the one
// line, the sandbox's refresh and revocation counts (did the service rotate?), and that the next clean
// command (the proxy forwarding again) succeeds without `wts login` whenever the service did not rotate.
// Runs `node bin/wts` (npm run build).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeStoredCredentials, expectLoggedIn, storedCredentials, workdir, type Workdir } from '../helpers/credentials.js';
import { faultProxy, runMeasured, type Exchange, type FaultProxy, type Rule } from '../helpers/fault-proxy.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ signIn: false });
let proxy: FaultProxy;
let w: Workdir;
let tokenPath: string;

beforeAll(async () => {
  proxy = await faultProxy(sandbox.origin);
});

afterAll(async () => {
  await proxy.close();
});

/** A fresh sign-in, its API origin and token endpoint moved behind the proxy, its access token expired (the next command refreshes). */
beforeEach(async () => {
  proxy.setRule(undefined);
  w = workdir();
  const signedIn = await expectLoggedIn(sandbox.origin, w);
  tokenPath = new URL(signedIn.server.tokenEndpoint).pathname;
  changeStoredCredentials(w.credentialsFile, 'default', (c) => {
    c.origin = proxy.origin;
    c.server.tokenEndpoint = `${proxy.origin}${tokenPath}`;
    c.expiresAt = Date.now() - 1000;
  });
});

const env = () => ({ WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile, WTS_ORIGIN: proxy.origin });
const isRefresh = (ex: Pick<Exchange, 'method' | 'path'>) => ex.method === 'POST' && ex.path === tokenPath;
/** The rule for the token endpoint only; everything else is forwarded. */
const atTokenEndpoint =
  (rule: Rule): Rule =>
  (ex) =>
    isRefresh(ex) ? rule(ex) : undefined;

const workspaceList = () => runMeasured(['workspace', 'list'], env(), { killAfterMs: 60_000 });
const CLOCK = '\\d\\d:\\d\\d:\\d\\d';

/** Runs `workspace list` with the rule at the token endpoint; returns the run and the stats before and after. */
async function refreshThrough(rule: Rule) {
  proxy.setRule(atTokenEndpoint(rule));
  const before = await sandbox.stats();
  const run = await workspaceList();
  const after = await sandbox.stats();
  proxy.setRule(undefined);
  return { run, before, after };
}

/** The next command with the proxy forwarding: it succeeds without a sign-in. */
async function nextCleanCommandSucceeds() {
  const before = await sandbox.stats();
  const r = await workspaceList();
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('ws_support');
  const after = await sandbox.stats();
  expect(after.revocations).toBe(before.revocations);
  return { before, after };
}

const notIssued = (what: string) =>
  new RegExp(
    `^wts: the sign-in could not be refreshed: http://127\\.0\\.0\\.1:\\d+/\\S+ answered ${what}, not an OAuth answer; no new tokens were issued and the sign-in is kept — try again\\n$`,
  );

describe('a token-endpoint answer that is not OAuth, and no tokens issued', () => {
  const cases: { name: string; what: string; rule: Rule }[] = [
    {
      name: "a load balancer's 503 HTML page",
      what: '503, text/html',
      rule: (ex) => ex.reply(503, { 'content-type': 'text/html' }, '<html><body><h1>503 Service Unavailable</h1></body></html>'),
    },
    { name: 'a 502 with no body', what: '502, no media type', rule: (ex) => ex.reply(502, {}) },
    {
      name: 'a 307 to elsewhere',
      what: '307, no media type',
      rule: (ex) => ex.reply(307, { location: 'http://127.0.0.1:9/elsewhere/token' }),
    },
  ];
  for (const c of cases) {
    it(`${c.name}: exit 1 "try again", the service never refreshed, and the next command succeeds without a login`, async () => {
      const { run, before, after } = await refreshThrough(c.rule);
      expect(run.stderr).toMatch(notIssued(c.what));
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(after.refreshes).toBe(before.refreshes);
      const next = await nextCleanCommandSucceeds();
      expect(next.after.refreshes).toBe(next.before.refreshes + 1);
    });
  }
});

describe('a 200 whose body cannot be read: the service rotated', () => {
  const cases: { name: string; what: string; rule: Rule }[] = [
    {
      name: 'invalid JSON',
      what: 'not a token response',
      rule: async (ex) => {
        await ex.forward();
        ex.reply(200, { 'content-type': 'application/json' }, '{"access_token": "at_');
      },
    },
    {
      name: 'JSON cut off',
      what: 'cut off',
      rule: async (ex) => {
        const answer = await ex.forward();
        ex.cut(200, { 'content-type': 'application/json' }, answer.body, 20);
      },
    },
  ];
  for (const c of cases) {
    it(`${c.name}: exit 4, the message says the service replaced the refresh token and the answer was unreadable, and so does the next command`, async () => {
      const { run, before, after } = await refreshThrough(c.rule);
      const message = new RegExp(
        `^wts: the service answered the refresh at ${CLOCK} with new tokens, but the answer could not be read \\(200, application/json, ${c.what}\\); it had already replaced the refresh token, so this sign-in is lost — run \`wts login\`\\n$`,
      );
      expect(run.stderr).toMatch(message);
      expect(run.code).toBe(4);
      expect(after.refreshes).toBe(before.refreshes + 1);
      // The next command says the same, and never presents the replaced refresh token (no reuse, no revocation).
      const next = await workspaceList();
      expect(next.stderr).toMatch(message);
      expect(next.code).toBe(4);
      const later = await sandbox.stats();
      expect(later.refreshes).toBe(after.refreshes);
      expect(later.revocations).toBe(before.revocations);
    });
  }
});

describe('a connection closed before any answer', () => {
  const lost =
    /^wts: the sign-in could not be refreshed: the answer from http:\/\/127\.0\.0\.1:\d+\/\S+ was lost \([^)]+\); the next command presents the refresh token once more — try again\n$/;

  it('before the request reached the service: exit 1, and the next command refreshes once and succeeds', async () => {
    const { run, before, after } = await refreshThrough((ex) => ex.drop());
    expect(run.stderr).toMatch(lost);
    expect(run.code).toBe(1);
    expect(after.refreshes).toBe(before.refreshes);
    const next = await nextCleanCommandSucceeds();
    expect(next.after.refreshes).toBe(next.before.refreshes + 1);
    // The one more try is spent: the record is gone, and the command after uses the new tokens as they are.
    const third = await nextCleanCommandSucceeds();
    expect(third.after.refreshes).toBe(third.before.refreshes);
  });

  it('after the service rotated: exit 1, then the one retry meets invalid_grant: exit 4 saying exactly that', async () => {
    const { run, before, after } = await refreshThrough(async (ex) => {
      await ex.forward();
      ex.drop();
    });
    expect(run.stderr).toMatch(lost);
    expect(run.code).toBe(1);
    expect(after.refreshes).toBe(before.refreshes + 1);
    const next = await workspaceList();
    expect(next.stderr).toMatch(
      new RegExp(
        `^wts: the answer to the refresh at ${CLOCK} was lost and the service had already replaced the refresh token — run \`wts login\`\\n$`,
      ),
    );
    expect(next.code).toBe(4);
    // Presented once more, and only once.
    expect(proxy.count(isRefresh)).toBeGreaterThanOrEqual(2);
    const third = await workspaceList();
    expect(third.code).toBe(4);
    expect(third.stderr).toMatch(/^wts: not signed in to .* — run `wts login`\n$/);
    expect((await sandbox.stats()).refreshes).toBe(after.refreshes);
  });

  it('twice in a row (the one more try lost too): exit 4, and the token is not presented a third time', async () => {
    proxy.setRule(atTokenEndpoint((ex) => ex.drop()));
    const tries = () => proxy.count(isRefresh);
    const start = tries();
    expect((await workspaceList()).code).toBe(1);
    const second = await workspaceList();
    expect(second.code).toBe(4);
    expect(second.stderr).toMatch(
      new RegExp(
        `^wts: the answers to the refresh at ${CLOCK} and to its one retry at ${CLOCK} were lost \\(.+\\); .* — run \`wts login\` to sign in again\\n$`,
      ),
    );
    expect((await workspaceList()).code).toBe(4);
    expect(tries() - start).toBe(2);
    proxy.setRule(undefined);
  });
});

describe('a token response whose expires_in is not a lifetime', () => {
  const values: { name: string; value: unknown }[] = [
    { name: 'missing', value: undefined },
    { name: '0', value: 0 },
    { name: '-5', value: -5 },
    { name: '"abc"', value: 'abc' },
  ];
  for (const { name, value } of values) {
    it(`expires_in ${name}: the issued tokens are kept, the command succeeds, and later commands do not refresh again`, async () => {
      let issued: Record<string, unknown> | undefined;
      const { run, before, after } = await refreshThrough(async (ex) => {
        const answer = await ex.forward();
        issued = answer.json() as Record<string, unknown>;
        const { expires_in: _lifetime, ...rest } = issued;
        ex.json(answer.status, value === undefined ? rest : { ...rest, expires_in: value });
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(after.refreshes).toBe(before.refreshes + 1);
      const stored = storedCredentials(w.credentialsFile);
      expect(stored.accessToken).toBe(issued?.access_token);
      expect(stored.refreshToken).toBe(issued?.refresh_token);
      expect(stored.expiresAt).toBeUndefined();
      for (let i = 0; i < 3; i++) {
        const next = await nextCleanCommandSucceeds();
        expect(next.after.refreshes).toBe(next.before.refreshes);
      }
    });
  }
});

describe('an API that answers 401 to everything', () => {
  it('a 300-id bulk run makes at most one refresh, far fewer than 600 requests, and ends with exit 4 naming what the service said', {
    timeout: 120_000,
  }, async () => {
    proxy.setRule((ex) => {
      if (!ex.path.startsWith('/api/v1/')) return;
      ex.json(
        401,
        { type: 'about:blank', title: 'Unauthorized', status: 401, code: 'unauthorized', detail: 'the access token was revoked' },
        {
          contentType: 'application/problem+json',
          headers: { 'www-authenticate': 'Bearer error="invalid_token", error_description="the token was revoked by an administrator"' },
        },
      );
    });
    // Not expired: the 401s, not the expiry, lead to the refresh.
    changeStoredCredentials(w.credentialsFile, 'default', (c) => (c.expiresAt = Date.now() + 3_600_000));
    const ids = Array.from({ length: 300 }, (_, i) => `task_bulk_${i + 1}`);
    const before = await sandbox.stats();
    const api = () => proxy.count((e) => e.path.startsWith('/api/v1/'));
    const sentBefore = api();
    const r = await runMeasured(['task', 'complete', '-'], env(), { stdin: `${ids.join('\n')}\n`, killAfterMs: 120_000 });
    const after = await sandbox.stats();
    proxy.setRule(undefined);
    expect(r.code).toBe(4);
    expect(after.refreshes - before.refreshes).toBeLessThanOrEqual(1);
    expect(after.revocations).toBe(before.revocations);
    const sent = api() - sentBefore;
    expect(sent).toBeLessThan(50);
    // Every id is read before any is changed: the reads fail, nothing is changed, nothing on stdout.
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^wts: .*the service refused the access token again right after a refresh \(invalid_token: the token was revoked by an administrator\) — run `wts login`/,
    );
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('a scope the connection lacks', () => {
  it('insufficient_scope is named, with the scope to ask for at `wts login --scopes`', async () => {
    await expectLoggedIn(sandbox.origin, w, ['--scopes', 'workspace:read', 'offline_access']);
    const r = await runMeasured(['task', 'complete', 'task_bulk_1'], {
      WTS_CONFIG_DIR: w.configDir,
      WTS_CREDENTIALS_FILE: w.credentialsFile,
      WTS_ORIGIN: sandbox.origin,
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(
      /^wts: forbidden: insufficient_scope: .*; the scope to ask for is workspace:write \(`wts login --scopes … workspace:write` if you choose the scopes\) — run `wts login` to grant it\n$/,
    );
  });
});
