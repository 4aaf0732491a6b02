// The sign-in and consent pages in a real headless Chromium: a person signs in, picks an organization,
// grants fewer scopes and fewer workspaces, and the browser lands on the client's loopback callback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, useChromium } from '../helpers/chromium.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { ALL_SCOPES, exchangeCode, pkcePair, registerClient, type RegisteredClient } from '../helpers/auth.js';

const hasChromium = chromiumAvailable('consent-browser');

describe.skipIf(!hasChromium)('consent pages in Chromium', () => {
  const sandbox = useSandbox({ signIn: false });
  let callbackServer: Server;
  let callbackBase: string;
  const callbacks: URL[] = [];
  let client: RegisteredClient;

  beforeAll(async () => {
    callbackServer = createServer((req, res) => {
      const url = new URL(req.url!, callbackBase);
      if (url.pathname === '/callback') callbacks.push(url); // not /favicon.ico
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Signed in</title><p>You can close this page.</p>');
    });
    await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
    callbackBase = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}`;
    client = await registerClient(sandbox.origin, { client_name: 'Browser Test App', redirect_uris: ['http://127.0.0.1/callback'] });
  });
  const chrome = useChromium();

  afterAll(async () => {
    callbackServer?.closeAllConnections();
    await new Promise<void>((resolve) => (callbackServer ? callbackServer.close(() => resolve()) : resolve()));
  });

  /** Opens the authorization URL for the test client, its redirect URI on the callback server's port. */
  async function openAuthorization(page: Page) {
    const { verifier, challenge } = pkcePair();
    const state = `state-${callbacks.length}-${Date.now()}`;
    const redirectUri = `${callbackBase}/callback`;
    const url = new URL('/oauth/authorize', sandbox.origin);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirectUri,
      scope: ALL_SCOPES.join(' '),
      prompt: 'consent', // for offline_access (OpenID Connect Core §11)
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: `${sandbox.origin}/api/v1`,
    }).toString();
    await page.goto(url.href);
    return { verifier, state, redirectUri };
  }

  test('sign in, choose an organization, grant fewer scopes and one workspace, land on the callback', async () => {
    const page = await chrome.context.newPage();
    const { verifier, state, redirectUri } = await openAuthorization(page);

    await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Browser Test App').first().isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: /Sign in as Ada Lovelace/ }).click();

    // ada is in two organizations: first globex, then change our mind for acme
    await page.getByRole('button', { name: 'Globex' }).click();
    await page.getByRole('heading', { name: 'Allow access?' }).waitFor();
    await expect(page.getByText('in Globex').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Change organization' }).click();
    await page.getByRole('button', { name: 'Acme Corp' }).click();
    await page.getByRole('heading', { name: 'Allow access?' }).waitFor();

    for (const scope of ALL_SCOPES) await expect(page.getByLabel(scope).isChecked()).resolves.toBe(true);
    await page.getByLabel('approvals:write').uncheck();
    await page.getByLabel('agents:write').uncheck();
    await page.getByLabel('Only these workspaces').check();
    await page.getByLabel('Sales').check();
    await expect(page.getByLabel('Research').count()).resolves.toBe(0); // globex's workspace is not offered for acme

    await Promise.all([page.waitForURL(`${callbackBase}/callback?**`), page.getByRole('button', { name: 'Approve' }).click()]);
    const callback = callbacks.at(-1)!;
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(sandbox.origin);
    const code = callback.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const tokens = await exchangeCode(sandbox.origin, { code, state, iss: sandbox.origin, codeVerifier: verifier, redirectUri, client });
    // The access token's scope (RFC 6749 §5.1); offline_access, left checked, brought the refresh token.
    expect(tokens.scope).toBe('workspace:read workspace:write agents:read');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(sandbox.ctx.tokens.verifyAccessToken(tokens.access_token, `${sandbox.origin}/api/v1`)).toMatchObject({
      userId: 'usr_ada',
      orgId: 'org_acme',
      scopes: ['workspace:read', 'workspace:write', 'agents:read'],
      workspaceIds: ['ws_sales'],
    });
    await page.close();
  });

  test('Deny sends the browser back with access_denied', async () => {
    const page = await chrome.context.newPage();
    const { state } = await openAuthorization(page);
    await page.getByRole('button', { name: /Sign in as Ben Okafor/ }).click();
    // ben has one organization: straight to consent
    await page.getByRole('heading', { name: 'Allow access?' }).waitFor();
    await Promise.all([page.waitForURL(`${callbackBase}/callback?**`), page.getByRole('button', { name: 'Deny' }).click()]);
    const callback = callbacks.at(-1)!;
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.has('code')).toBe(false);
    await page.close();
  });

  test('a redirect URI that does not match shows an error page and stays on the sandbox', async () => {
    const page = await chrome.context.newPage();
    const url = new URL('/oauth/authorize', sandbox.origin);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: 'https://attacker.example/cb',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    }).toString();
    const response = await page.goto(url.href);
    expect(response?.status()).toBe(400);
    expect(new URL(page.url()).origin).toBe(sandbox.origin);
    await expect(page.getByText('not one registered').isVisible()).resolves.toBe(true);
    await page.close();
  });
});
