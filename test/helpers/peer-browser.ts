// BROWSER for `wts login` against the oidc-provider peer (test/helpers/peer.ts): headless Chromium opens
// the URL it is given (its last argument), signs in and consents on the provider's pages, follows the
// redirect to wts's loopback listener and records what that listener answered.
//
//   BROWSER="node --import tsx test/helpers/peer-browser.ts --record /tmp/out.json"   (peerBrowserCommand)
//
// The record: { argv, consentText, callbackUrl, callbackStatus, page, error }, written aside and renamed.
import { renameSync, writeFileSync } from 'node:fs';
import { launchChromium } from './chromium.js';
import { answerPeerPages, LOOPBACK_CALLBACK } from './peer-pages.js';

export interface PeerBrowserRecord {
  argv: string[];
  consentText: string | null;
  callbackUrl: string | null;
  callbackStatus: number | null;
  page: string | null;
  error: string | null;
}

const args = process.argv.slice(2);
const url = args.at(-1)!;
const recordAt = args.indexOf('--record');
const recordFile = recordAt >= 0 ? args[recordAt + 1] : undefined;
const result: PeerBrowserRecord = {
  argv: process.argv,
  consentText: null,
  callbackUrl: null,
  callbackStatus: null,
  page: null,
  error: null,
};

const chrome = await launchChromium();
try {
  const page = await chrome.context.newPage();
  const callback = page.waitForResponse((res) => LOOPBACK_CALLBACK.test(res.url()), { timeout: 60_000 });
  ({ consentText: result.consentText } = await answerPeerPages(page, url));
  const response = await callback;
  result.callbackUrl = response.url();
  result.callbackStatus = response.status();
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the text as rendered (a DOM node's textContent would include hidden text)
  result.page = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
} catch (err) {
  result.error = String((err as Error)?.message ?? err);
} finally {
  await chrome.close();
}
if (recordFile) {
  writeFileSync(`${recordFile}.tmp`, JSON.stringify(result, null, 2));
  renameSync(`${recordFile}.tmp`, recordFile);
}
process.exit(result.callbackStatus ? 0 : 1);
