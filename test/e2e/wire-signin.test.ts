// The refresh through a broken token endpoint: real `wts` processes whose stored connection reaches the
// sandbox through the fault proxy (test/helpers/proxied-signin.ts), which answers the refresh as a load
// balancer or a broken server would, or closes the connection. Asserted: the exit code and the one
// line, the sandbox's refresh and revocation counts (did the service rotate?), and that the next clean
// command (the proxy forwarding again) succeeds without `wts login` whenever the service did not rotate.
// In the lines tier: the sign-in's requests go through openid-client on Node's own fetch, which differs
// by Node line. Token responses read whole, and 401s from the API, are in refresh-answers.test.ts.
// Runs `node bin/wts` (npm run build).
import { describe, expect, it } from 'vitest';
import type { Rule } from '../helpers/fault-proxy.js';
import { useProxiedSignIn } from '../helpers/proxied-signin.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ signIn: false });
const signIn = useProxiedSignIn(sandbox);
const { atTokenEndpoint, isRefresh, nextCleanCommandSucceeds, refreshThrough, workspaceList } = signIn;
const CLOCK = '\\d\\d:\\d\\d:\\d\\d';

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
    expect(signIn.proxy.count(isRefresh)).toBeGreaterThanOrEqual(2);
    const third = await workspaceList();
    expect(third.code).toBe(4);
    // Every later command says who was signed in, where, until when and why (until the next `wts login`).
    expect(third.stderr).toMatch(
      /^wts: not signed in: .+ was signed in to profile \S+ at .+ until .+ \(invalid_grant.*\) — run `wts login`\n$/,
    );
    expect((await sandbox.stats()).refreshes).toBe(after.refreshes);
  });

  it('twice in a row (the one more try lost too): exit 4, and the token is not presented a third time', async () => {
    signIn.proxy.setRule(atTokenEndpoint((ex) => ex.drop()));
    const tries = () => signIn.proxy.count(isRefresh);
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
    signIn.proxy.setRule(undefined);
  });
});
