// Sign-in through the CLI for tests (`wts login` in-process, BROWSER set to the fake browser against a
// sandbox that auto-approves), and a look inside credentials files.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { StoredCredentials } from '../../src/auth/credentials.js';
import { runWts, type RunResult } from './cli.js';
import { fakeBrowserCommand, setAutoApprove } from './wts-process.js';

export interface Workdir {
  dir: string;
  configDir: string;
  credentialsFile: string;
  /** Where the fake browser records what it received. */
  browserRecord: string;
  /** BROWSER for the fake browser. */
  browser: string;
}

/** A fresh directory with a configuration directory and a place for a credentials file (not yet created). */
export function workdir(): Workdir {
  const dir = mkdtempSync(join(tmpdir(), 'wts-auth-test-'));
  const browserRecord = join(dir, 'browser.json');
  return {
    dir,
    configDir: join(dir, 'config'),
    // The file store's own file in the configuration directory (`wts login --store file`): a sign-in
    // made with WTS_CREDENTIALS_FILE is for the runs that set it alone, and leaves the profile as it was.
    credentialsFile: join(dir, 'config', 'credentials.json'),
    browserRecord,
    browser: fakeBrowserCommand(browserRecord),
  };
}

export interface BrowserRecord {
  argv: string[];
  callbackStatus: number | null;
  page: string | null;
  error: string | null;
}

export function browserRecord(w: Workdir): BrowserRecord {
  return JSON.parse(readFileSync(w.browserRecord, 'utf8')) as BrowserRecord;
}

/** The fake browser's record, once written: it records once it has the page, which may be just after wts is done. */
export async function browserRecordWritten(w: Workdir): Promise<BrowserRecord> {
  await until(() => existsSync(w.browserRecord), 20_000);
  return browserRecord(w);
}

/**
 * `wts login` with the fake browser, as `user` (auto-approved), into the profile, with the credentials in
 * the workdir's file (WTS_CREDENTIAL_STORE=file; options.env may name WTS_CREDENTIALS_FILE instead).
 */
export async function loginWithFakeBrowser(
  origin: string,
  w: Workdir,
  args: string[] = [],
  options: { user?: string; env?: Record<string, string>; tty?: boolean } = {},
): Promise<RunResult> {
  await setAutoApprove(origin, options.user ?? 'ada');
  rmSync(w.browserRecord, { force: true });
  try {
    const result = await runWts(['login', '--origin', origin, ...args], {
      env: { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIAL_STORE: 'file', BROWSER: w.browser, ...options.env },
      tty: options.tty,
    });
    if (result.code === 0) await browserRecordWritten(w);
    return result;
  } finally {
    await setAutoApprove(origin, null);
  }
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function expectLoggedIn(
  origin: string,
  w: Workdir,
  args: string[] = [],
  options: { user?: string; env?: Record<string, string> } = {},
): Promise<StoredCredentials> {
  const r = await loginWithFakeBrowser(origin, w, args, options);
  expect(r.stderr).not.toMatch(/^wts: /m);
  expect(r.code).toBe(0);
  return storedCredentials(w.credentialsFile, profileOf(args));
}

function profileOf(args: string[]): string {
  const at = args.indexOf('--profile');
  return at >= 0 ? args[at + 1]! : 'default';
}

interface CredentialsFile {
  version: 1;
  credentials: Record<string, StoredCredentials>;
}

export function readCredentialsFile(file: string): CredentialsFile {
  return JSON.parse(readFileSync(file, 'utf8')) as CredentialsFile;
}

export function storedCredentials(file: string, profile = 'default'): StoredCredentials {
  const entry = readCredentialsFile(file).credentials[profile];
  if (!entry) throw new Error(`no credentials for ${profile} in ${file}`);
  return entry;
}

/** Rewrites one entry (as a test: the CLI itself only ever writes atomically under its lock). */
export function changeStoredCredentials(file: string, profile: string, change: (c: StoredCredentials) => void): void {
  const data = readCredentialsFile(file);
  change(data.credentials[profile]!);
  writeFileSync(file, JSON.stringify(data, null, 2));
}

/** Every secret a record holds, to look for in output. */
export function secretsOf(c: StoredCredentials): string[] {
  return [c.accessToken, c.refreshToken, c.client.secret].filter((s): s is string => Boolean(s));
}
