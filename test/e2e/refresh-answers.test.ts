// What `wts` makes of token responses that arrive whole, and of an API that refuses every token: an
// expires_in that is not a lifetime, 401s to a bulk run, a scope the connection lacks. Real `wts`
// processes whose stored connection reaches the sandbox through the fault proxy
// (test/helpers/proxied-signin.ts). The client's own logic, the same on every Node line (what Node's
// fetch does with a broken token endpoint is wire-signin.test.ts, in the lines tier).
// Runs `node bin/wts` (npm run build).
import { describe, expect, it } from 'vitest';
import { changeStoredCredentials, expectLoggedIn, storedCredentials } from '../helpers/credentials.js';
import { runMeasured } from '../helpers/fault-proxy.js';
import { useProxiedSignIn } from '../helpers/proxied-signin.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ signIn: false });
const signIn = useProxiedSignIn(sandbox);
const { nextCleanCommandSucceeds, refreshThrough } = signIn;

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
      const stored = storedCredentials(signIn.w.credentialsFile);
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
    signIn.proxy.setRule((ex) => {
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
    changeStoredCredentials(signIn.w.credentialsFile, 'default', (c) => (c.expiresAt = Date.now() + 3_600_000));
    const ids = Array.from({ length: 300 }, (_, i) => `task_bulk_${i + 1}`);
    const before = await sandbox.stats();
    const api = () => signIn.proxy.count((e) => e.path.startsWith('/api/v1/'));
    const sentBefore = api();
    const r = await runMeasured(['task', 'complete', '-'], signIn.env(), { stdin: `${ids.join('\n')}\n`, killAfterMs: 120_000 });
    const after = await sandbox.stats();
    signIn.proxy.setRule(undefined);
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
    await expectLoggedIn(sandbox.origin, signIn.w, ['--scopes', 'workspace:read', 'offline_access']);
    const r = await runMeasured(['task', 'complete', 'task_bulk_1'], {
      WTS_CONFIG_DIR: signIn.w.configDir,
      WTS_CREDENTIALS_FILE: signIn.w.credentialsFile,
      WTS_ORIGIN: sandbox.origin,
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(
      /^wts: forbidden: insufficient_scope: .*; the scope to ask for is workspace:write \(`wts login --scopes … workspace:write` if you choose the scopes\) — run `wts login` to grant it\n$/,
    );
  });
});
