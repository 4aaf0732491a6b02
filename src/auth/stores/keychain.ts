// The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
// @napi-rs/keyring's asynchronous API, every call bounded by a timeout: a locked or hung keychain
// must fail with a message, not hang the command. The keychain holds a sign-in's secrets alone (the
// tokens and a client secret: keychain-entries.ts, split across entries where Windows' limit needs it);
// the rest of the record is the entry's details file beside the configuration (0600 in a 0700
// directory). Entries written before that held the whole record; they are read as they are, and
// rewritten in the new shape by migrate() under the connection's lock (connection.ts).
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import * as z from 'zod';
import { writeFileAtomic } from '../../atomic-file.js';
import { CliError, errnoOf, ExitCode, KeychainError, messageOf } from '../../errors.js';
import { checkStoredValue, parseStored, parseStoredBy, type Checked } from '../../stored-file.js';
import { SIGN_IN_AGAIN, storedCredentialsSchema, type StoredCredentials } from '../credentials.js';
import {
  entryLimit,
  keychainSecretsSchema,
  newSplitId,
  partAccount,
  planEntries,
  splitHeadSchema,
  type EntryLimit,
  type KeychainSecrets,
  type PlannedEntry,
  type SplitHead,
} from './keychain-entries.js';
import type { CredentialStore } from './store.js';
import { lazy } from '../../lazy.js';

/** The service the keychain entries are kept under. */
export const KEYCHAIN_SERVICE = 'wts';

/** The calls we make on one keychain entry (the real one, or a stand-in in tests). */
export interface KeychainEntry {
  getPassword(signal?: AbortSignal): Promise<string | null>;
  setPassword(password: string, signal?: AbortSignal): Promise<void>;
  deleteCredential(signal?: AbortSignal): Promise<boolean>;
}

/** Opens an entry. */
export type KeychainBackend = (service: string, account: string) => Promise<KeychainEntry>;

/** What people call the keychain on this platform. */
export function keychainName(platform: string = process.platform): string {
  if (platform === 'darwin') return 'the macOS Keychain';
  if (platform === 'win32') return 'the Windows Credential Manager';
  return 'the OS keychain (Secret Service)';
}

/**
 * The real keychain: @napi-rs/keyring, loaded on first use, for every read, write and removal. On Linux
 * the entry is pinned to the Secret Service: the library's fallback, the kernel keyring, forgets
 * everything at logout and is often denied in containers, so it would lose sign-ins silently. The
 * entry's constructor opens its Secret Service session on the main thread; its calls run on the
 * library's threads (docs/performance.md, "The keychain").
 */
export const nativeKeychain: KeychainBackend = async (service, account) => {
  const { AsyncEntry } = await lazy['@napi-rs/keyring']();
  return new AsyncEntry(service, account, process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined);
};

/** Where a keychain call runs: the platform, whether over SSH, and how to tell a person who waits. */
export interface KeychainPlace {
  platform?: string;
  /** Over SSH (SSH_CONNECTION, SSH_TTY): on macOS no dialog can be answered. */
  ssh?: boolean;
  /** A line for the person waiting (on a terminal only), said once when a call lasts `noticeAfterMs`. */
  notice?: (line: string) => void;
  noticeAfterMs?: number;
}

/** On macOS, what a person can do about the Keychain: answer its dialog, or (over SSH) use the file store. */
export function keychainAdvice(place: KeychainPlace): string | undefined {
  if (place.platform !== 'darwin') return undefined;
  if (place.ssh)
    return 'over SSH the macOS Keychain cannot show its dialog: keep the credentials in a file instead (`wts login --store file`, or WTS_CREDENTIAL_STORE=file), or run `security unlock-keychain` first';
  return 'the Keychain may be showing a dialog asking to allow wts (node) to use its entry: answer it (Always Allow keeps it from asking again)';
}

function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}

/** Runs one keychain call, giving up after `timeoutMs` (and asking the call to stop). */
export async function keychainCall<T>(
  what: string,
  timeoutMs: number,
  call: (signal: AbortSignal) => Promise<T>,
  place: KeychainPlace = {},
): Promise<T> {
  const platform = place.platform ?? process.platform;
  const advice = keychainAdvice({ ...place, platform });
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let noticeTimer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      const todo = advice ? `${advice}; or set WTS_KEYCHAIN_TIMEOUT_MS` : 'unlock it, or set WTS_KEYCHAIN_TIMEOUT_MS';
      reject(new KeychainError(`${keychainName(platform)} did not answer within ${seconds(timeoutMs)} s (${what}); ${todo}`));
    }, timeoutMs);
  });
  const { notice, noticeAfterMs = 2000 } = place;
  if (notice && advice && noticeAfterMs < timeoutMs) {
    noticeTimer = setTimeout(
      () => notice(`wts: waiting for ${keychainName(platform)} (${what}): ${advice}; giving up after ${seconds(timeoutMs)} s…`),
      noticeAfterMs,
    );
    noticeTimer.unref();
  }
  try {
    return await Promise.race([call(controller.signal), timeout]);
  } catch (err) {
    if (err instanceof KeychainError) throw err;
    const hint = place.ssh && advice ? `; ${advice}` : '';
    throw new KeychainError(`${keychainName(platform)} failed (${what}): ${messageOf(err)}${hint}`);
  } finally {
    clearTimeout(timer);
    clearTimeout(noticeTimer);
  }
}

export interface KeychainOptions extends KeychainPlace {
  timeoutMs: number;
  /** The entry's details file: everything of the record that is not secret. */
  detailsFile: string;
  backend?: KeychainBackend;
}

/** What the details file holds: the record without its secrets, and the stamp of the secrets written with it. */
const detailsSchema = () => storedCredentialsSchema().omit({ accessToken: true, refreshToken: true }).extend({ stamp: z.string() });

/** The record's parts: what goes to the keychain, and what goes to the details file. */
export function divideRecord(
  credentials: StoredCredentials,
  stamp: string,
): { secrets: KeychainSecrets; details: Record<string, unknown> } {
  const { accessToken, refreshToken, client, ...rest } = credentials;
  const { secret: clientSecret, ...publicClient } = client;
  const secrets: KeychainSecrets = { version: 2, stamp, accessToken };
  if (refreshToken !== undefined) secrets.refreshToken = refreshToken;
  if (clientSecret !== undefined) secrets.clientSecret = clientSecret;
  return { secrets, details: { ...rest, client: publicClient, stamp } };
}

/** The first entry, as read: a whole record (the old shape), the secrets, or the name of the entries that hold them. */
type Head =
  | { kind: 'record'; record: StoredCredentials }
  | { kind: 'secrets'; secrets: KeychainSecrets }
  | { kind: 'split'; head: SplitHead };

function checkHead(json: unknown): Checked<Head> {
  const version = typeof json === 'object' && json !== null && 'version' in json ? json.version : undefined;
  if (version === 1) {
    const checked = checkStoredValue(json, storedCredentialsSchema());
    return 'value' in checked ? { value: { kind: 'record', record: checked.value } } : checked;
  }
  if (typeof json === 'object' && json !== null && 'split' in json) {
    const checked = checkStoredValue(json, splitHeadSchema());
    return 'value' in checked ? { value: { kind: 'split', head: checked.value } } : checked;
  }
  const checked = checkStoredValue(json, keychainSecretsSchema());
  return 'value' in checked ? { value: { kind: 'secrets', secrets: checked.value } } : checked;
}

export class KeychainStore implements CredentialStore {
  readonly kind = 'keychain' as const;
  readonly description: string;
  readonly location: string;
  readonly entryId: string;
  /** The last read found the whole record in the entry (as written before the details file): migrate() rewrites it. */
  oldShape = false;
  private readonly backend: KeychainBackend;
  private readonly platform: string;
  private readonly limit: EntryLimit | undefined;
  private readonly entries = new Map<string, Promise<KeychainEntry>>();

  constructor(
    readonly account: string,
    private readonly options: KeychainOptions,
  ) {
    this.platform = options.platform ?? process.platform;
    this.description = keychainName(this.platform);
    this.location = `${KEYCHAIN_SERVICE}/${account}`;
    this.entryId = `keychain:${this.location}`;
    this.backend = options.backend ?? nativeKeychain;
    this.limit = entryLimit(this.platform);
  }

  get detailsFile(): string {
    return this.options.detailsFile;
  }

  private call<T>(what: string, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return keychainCall(what, this.options.timeoutMs, fn, { ...this.options, platform: this.platform });
  }

  private open(account: string): Promise<KeychainEntry> {
    let entry = this.entries.get(account);
    if (!entry) {
      entry = this.call('open', () => this.backend(KEYCHAIN_SERVICE, account));
      this.entries.set(account, entry);
    }
    return entry;
  }

  private async get(account: string): Promise<string | undefined> {
    const entry = await this.open(account);
    const text = await this.call('read', (signal) => entry.getPassword(signal));
    return text ?? undefined;
  }

  private async set(account: string, text: string): Promise<void> {
    const entry = await this.open(account);
    await this.call('write', (signal) => entry.setPassword(text, signal));
  }

  private async delete(account: string): Promise<void> {
    const entry = await this.open(account);
    await this.call('delete', (signal) => entry.deleteCredential(signal));
  }

  private named(account = this.account): string {
    return `the entry ${KEYCHAIN_SERVICE}/${account} in ${this.description}`;
  }

  /** The first entry, checked; undefined when there is none. Damaged: named, never quoted (it holds tokens). */
  private async readHead(): Promise<Head | undefined> {
    const text = await this.get(this.account);
    if (text === undefined) return undefined;
    return parseStoredBy(this.named(), text, checkHead, SIGN_IN_AGAIN);
  }

  /** The secrets a split head names, read from its numbered entries and joined. */
  private async readSplit(head: SplitHead): Promise<KeychainSecrets> {
    const { id, count } = head.split;
    const texts: string[] = [];
    for (let i = 1; i <= count; i++) {
      const text = await this.get(partAccount(this.account, id, i, count));
      if (text === undefined)
        throw new CliError(`${this.named()} is damaged (its part ${i} of ${count} is missing); ${SIGN_IN_AGAIN}`, ExitCode.failure);
      texts.push(text);
    }
    return parseStored(this.named(), texts.join(''), keychainSecretsSchema(), SIGN_IN_AGAIN);
  }

  async read(): Promise<StoredCredentials | undefined> {
    const head = await this.readHead();
    this.oldShape = head?.kind === 'record';
    if (head === undefined) return undefined;
    if (head.kind === 'record') return head.record;
    const secrets = head.kind === 'split' ? await this.readSplit(head.head) : head.secrets;
    return this.withDetails(secrets);
  }

  /** The record: the secrets and the details file. */
  private withDetails(secrets: KeychainSecrets): StoredCredentials {
    const path = this.options.detailsFile;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      const why = errnoOf(err) === 'ENOENT' ? 'is missing' : `cannot be read: ${messageOf(err)}`;
      throw new CliError(
        `${this.named()} holds the tokens, but the sign-in's details file ${path} ${why}; ${SIGN_IN_AGAIN}`,
        ExitCode.failure,
      );
    }
    const { stamp, ...details } = parseStored(`the sign-in's details file ${path}`, text, detailsSchema(), SIGN_IN_AGAIN);
    const record: StoredCredentials = {
      ...details,
      client: { ...details.client, ...(secrets.clientSecret === undefined ? {} : { secret: secrets.clientSecret }) },
      accessToken: secrets.accessToken,
      ...(secrets.refreshToken === undefined ? {} : { refreshToken: secrets.refreshToken }),
    };
    if (stamp !== secrets.stamp) {
      // The details were written with other tokens (the write after the keychain's failed): the expiry
      // they give is not this access token's. Unknown, then: it is refreshed when the API refuses it.
      delete record.expiresAt;
      delete record.lifetimeMs;
    }
    return record;
  }

  /**
   * Secrets first: the numbered entries (a new set, never over the old), then the first entry, which
   * names them — the moment the new tokens replace the old; then the details file; then the old set is
   * removed. Every entry is measured before the first is written.
   */
  async write(credentials: StoredCredentials): Promise<void> {
    const stamp = newSplitId();
    const { secrets, details } = divideRecord(credentials, stamp);
    const plan = planEntries(this.account, secrets, this.limit);
    // The set the first entry names now, removed once the new one is in place.
    const before = this.limit ? await this.readHead().catch(() => undefined) : undefined;
    await this.writeEntries(plan.parts, plan.head);
    this.oldShape = false;
    this.writeDetails(details);
    if (before?.kind === 'split' && before.head.split.id !== plan.splitId) await this.removeSplit(before.head).catch(() => {});
  }

  private async writeEntries(parts: PlannedEntry[], head: PlannedEntry): Promise<void> {
    const written: string[] = [];
    try {
      for (const part of parts) {
        await this.set(part.account, part.text);
        written.push(part.account);
      }
      await this.set(head.account, head.text);
    } catch (err) {
      // The first entry still names the old set (or nothing): the new parts are of no use.
      for (const account of written) await this.delete(account).catch(() => {});
      throw err;
    }
  }

  private writeDetails(details: Record<string, unknown>): void {
    const path = this.options.detailsFile;
    try {
      const dir = dirname(path);
      if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
      chmodSync(dir, 0o700);
      writeFileAtomic(path, `${JSON.stringify(details, null, 2)}\n`);
    } catch (err) {
      throw new DetailsNotSaved(
        `the tokens are saved in ${this.description}, but the sign-in's details file ${path} could not be written: ${messageOf(err)}`,
      );
    }
  }

  private async removeSplit(head: SplitHead): Promise<void> {
    const { id, count } = head.split;
    for (let i = 1; i <= count; i++) await this.delete(partAccount(this.account, id, i, count));
  }

  async remove(): Promise<void> {
    const head = await this.readHead().catch(() => undefined);
    await this.delete(this.account);
    if (head?.kind === 'split') await this.removeSplit(head.head).catch(() => {});
    rmSync(this.options.detailsFile, { force: true });
  }

  /**
   * Rewrites an entry in the old shape (the whole record) in the new one; nothing when it is no longer
   * in the old shape. Under the connection's lock, so no refresh writes between the read and the write.
   * The details file is written before the entry loses them: stopped between the two, the entry still
   * holds the whole record.
   */
  async migrate(): Promise<boolean> {
    const head = await this.readHead();
    if (head?.kind !== 'record') return false;
    const stamp = newSplitId();
    const { secrets, details } = divideRecord(head.record, stamp);
    const plan = planEntries(this.account, secrets, this.limit);
    this.writeDetails(details);
    await this.writeEntries(plan.parts, plan.head);
    this.oldShape = false;
    return true;
  }
}

/** The tokens were saved; only the details file was not (the next read takes the expiry as unknown). */
export class DetailsNotSaved extends CliError {
  constructor(message: string) {
    super(message, ExitCode.failure);
    this.name = 'DetailsNotSaved';
  }
}

/**
 * Whether the keychain can be used here: undefined when it can, else why not. Reads (and so unlocks)
 * the entry, which is what sign-in will need next.
 */
export async function keychainProblem(store: KeychainStore): Promise<string | undefined> {
  try {
    await store.read();
    return undefined;
  } catch (err) {
    // A damaged entry was read all the same: the keychain works, and signing in replaces the entry.
    return err instanceof KeychainError ? messageOf(err) : undefined;
  }
}
