// Debian's Chromium, headless, driven by playwright-core (which downloads no browser of its own).
// The flags keep it off the network this machine does not have.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';

/** Whether the browser suites can run; when not, says so once, visibly, naming the suite. */
export function chromiumAvailable(suite: string): boolean {
  const found = existsSync(CHROMIUM);
  if (!found) console.warn(`${suite}: ${CHROMIUM} not found, skipping the browser tests (apt-get install -y chromium)`);
  return found;
}

export interface HeadlessChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh headless Chromium with an empty profile of its own; `extraArgs` are added to its flags. */
export async function launchChromium(extraArgs: string[] = []): Promise<HeadlessChromium> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'wts-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      await context.browser()?.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A headless Chromium for the tests of the enclosing block: launched before them (after the block's
 * earlier hooks, so `extraArgs` may read what they set up), closed after them.
 */
export function useChromium(extraArgs: () => string[] = () => []): { readonly context: BrowserContext } {
  let chrome: HeadlessChromium | undefined;
  beforeAll(async () => {
    chrome = await launchChromium(extraArgs());
  }, 60_000);
  afterAll(async () => {
    await chrome?.close();
  });
  return {
    get context() {
      if (!chrome) throw new Error('useChromium: the browser is only there inside the tests of the block that asked for it');
      return chrome.context;
    },
  };
}
