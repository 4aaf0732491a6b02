// oidc-provider's own sign-in and consent pages (its development interactions: any login and
// password, then "Continue"), answered in a real browser page as a person would.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';

export const PEER_BROWSER = new URL('./peer-browser.ts', import.meta.url).pathname;

/** The redirect back to wts's loopback listener. */
export const LOOPBACK_CALLBACK = /^http:\/\/127\.0\.0\.1:\d+\/callback\?/;

export interface PeerConsent {
  /** The consent page's text: what the provider said the client asks for. */
  consentText: string;
}

/**
 * Opens the authorization URL, signs in as `login` and consents. Resolves once "Continue" is pressed;
 * the browser is then on its way to the client's redirect URI.
 */
export async function answerPeerPages(page: Page, authorizationUrl: string, login = 'ada'): Promise<PeerConsent> {
  await page.goto(authorizationUrl);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  const proceed = page.getByRole('button', { name: 'Continue' });
  await proceed.waitFor();
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the text as rendered (a DOM node's textContent would include hidden text)
  const consentText = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  await proceed.click();
  return { consentText };
}

/** A BROWSER value that answers the peer's pages in headless Chromium, recording what happened in `recordFile`. */
export function peerBrowserCommand(recordFile: string): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return `${q(process.execPath)} --import ${q(tsx)} ${q(PEER_BROWSER)} --record ${q(recordFile)}`;
}
