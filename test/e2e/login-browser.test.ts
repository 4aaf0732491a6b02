// `wts login --no-browser` as a real process (`node bin/wts`, after `npm run build`) while someone else
// plays the browser: headless Chromium on the sandbox's real pages; the approval done elsewhere and
// the final address pasted on standard input; a denial; requests with a forged state.
import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { chromiumAvailable, useChromium } from '../helpers/chromium.js';
import { approve } from '../helpers/auth.js';
import { secretsOf, storedCredentials, workdir, type Workdir } from '../helpers/credentials.js';
import { spawnWts } from '../helpers/wts-process.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const hasChromium = chromiumAvailable('login-browser');

const sandbox = useSandbox({ signIn: false });

function startLogin(w: Workdir, args: string[] = []) {
  return spawnWts(['login', '--origin', sandbox.origin, '--no-browser', ...args], {
    env: { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIAL_STORE: 'file' },
  });
}

describe.skipIf(!hasChromium)('wts login with a real browser', () => {
  const chrome = useChromium();

  test('signing in and approving on the sandbox pages in Chromium completes the waiting login', async () => {
    const w = workdir();
    const wts = startLogin(w);
    const url = await wts.authorizationUrl();
    const page = await chrome.context.newPage();
    await page.goto(url.href);
    await page.getByRole('button', { name: /Sign in as Ada Lovelace/ }).click();
    await page.getByRole('button', { name: 'Globex' }).click();
    await page.getByRole('heading', { name: 'Allow access?' }).waitFor();
    await page.getByLabel('approvals:write').uncheck();
    await Promise.all([page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/), page.getByRole('button', { name: 'Approve' }).click()]);
    await page.getByRole('heading', { name: 'Signed in' }).waitFor();
    await expect(page.getByText('You can close this tab').isVisible()).resolves.toBe(true);
    await page.close();

    const r = await wts.done;
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `Signed in to ${sandbox.origin} as Ada Lovelace (ada) in Globex; the credentials are in the file ${w.credentialsFile}\n`,
    );
    expect(r.stderr).toContain('wts: the grant is narrower than asked: not granted approvals:write\n');
    const stored = storedCredentials(w.credentialsFile);
    expect(stored.organization).toEqual({ id: 'org_globex', name: 'Globex' });
    expect(stored.scopes).not.toContain('approvals:write');
    for (const secret of secretsOf(stored)) expect(r.stdout + r.stderr).not.toContain(secret);
  });
});

describe('wts login --no-browser', () => {
  test('accepts the address the browser ended on, pasted on standard input', async () => {
    const w = workdir();
    const wts = startLogin(w);
    const url = await wts.authorizationUrl();
    await wts.waitForStderr(/paste the address it ends up on here/);
    // Approved "on another machine": the redirect to 127.0.0.1 is not followed, its address is pasted.
    const callback = await approve(url, { user: 'ben', narrowScopes: ['workspace:read', 'offline_access'] });
    wts.child.stdin.write('this is not it\n');
    await wts.waitForStderr(/that is not the address the browser ended on/);
    wts.child.stdin.write(`${callback.href}\n`);
    const r = await wts.done;
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `Signed in to ${sandbox.origin} as Ben Okafor (ben) in Acme Corp; the credentials are in the file ${w.credentialsFile}\n`,
    );
    expect(r.stderr).toContain(
      'wts: the grant is narrower than asked: not granted workspace:write, agents:read, agents:write, approvals:write\n',
    );
    const stored = storedCredentials(w.credentialsFile);
    // The access token's scope; offline_access was granted, and shows as the refresh token.
    expect(stored.scopes).toEqual(['workspace:read']);
    expect(stored.refreshToken).toBeTruthy();
  });

  test('an access_denied redirect ends with a clear message and a page saying so', async () => {
    const w = workdir();
    const wts = startLogin(w);
    const callback = await approve(await wts.authorizationUrl(), { deny: true });
    const page = await fetch(callback);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Sign-in failed');
    const r = await wts.done;
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('wts: '))).toEqual([
      'wts: access was denied in the browser: the user denied access — run `wts login` to try again',
    ]);
    expect(existsSync(w.credentialsFile)).toBe(false);
  });

  test("a request to the callback without this sign-in's state is refused with a page, and the login goes on to complete", async () => {
    const w = workdir();
    const wts = startLogin(w);
    const callback = await approve(await wts.authorizationUrl());
    const connectionsBefore = (await sandbox.stats()).connections.length;
    // Any local process or web page can send these; none of them ends the sign-in.
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-<b>state</b>');
    const denied = new URL(`${callback.origin}${callback.pathname}?error=access_denied&state=wrong&error_description=%3Cscript%3E`);
    for (const attempt of [forged, denied, new URL(`${callback.origin}${callback.pathname}`)]) {
      const page = await fetch(attempt);
      expect(page.status).toBe(400);
      const html = await page.text();
      expect(html).toContain('Not this sign-in');
      expect(html).toContain('still waiting');
      // Nothing it was sent comes back.
      for (const sent of ['forged', 'script', 'access_denied', callback.searchParams.get('code')!]) expect(html).not.toContain(sent);
    }
    // The browser's real answer still completes it.
    const page = await fetch(callback);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Signed in');
    const r = await wts.done;
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Signed in to ${sandbox.origin} as Ada Lovelace (ada)`);
    expect((await sandbox.stats()).connections.length).toBe(connectionsBefore + 1);
  });

  test('a pasted address with another state is refused before the code is used', async () => {
    const w = workdir();
    const wts = startLogin(w);
    const callback = await approve(await wts.authorizationUrl());
    await wts.waitForStderr(/paste the address it ends up on here/);
    const connectionsBefore = (await sandbox.stats()).connections.length;
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    wts.child.stdin.write(`${forged.href}\n`);
    const r = await wts.done;
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'wts: the browser came back with a state that does not match this sign-in attempt (a stale tab, or a forged redirect); nothing was exchanged — run `wts login` again\n',
    );
    // The code was never exchanged: no connection was made.
    expect((await sandbox.stats()).connections.length).toBe(connectionsBefore);
    expect(r.stderr).not.toContain(callback.searchParams.get('code')!);
  });

  test('a callback naming another issuer is refused (RFC 9207)', async () => {
    const w = workdir();
    const wts = startLogin(w);
    const callback = await approve(await wts.authorizationUrl());
    const forged = new URL(callback);
    forged.searchParams.set('iss', 'https://attacker.example');
    await fetch(forged);
    const r = await wts.done;
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`wts: the answer came from https://attacker.example, not ${sandbox.origin}; nothing was exchanged`);
  });
});
