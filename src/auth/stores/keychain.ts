// The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
// @napi-rs/keyring's asynchronous API, every call bounded by a timeout: a locked or hung keychain
// must fail with a message, not hang the command.
import { KeychainError, messageOf } from '../../errors.js';
import { parseStored } from '../../stored-file.js';
import { SIGN_IN_AGAIN, storedCredentialsSchema, type StoredCredentials } from '../credentials.js';
import type { CredentialStore } from './store.js';

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
export function keychainName(platform = process.platform): string {
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
  const { AsyncEntry } = await import('@napi-rs/keyring');
  return new AsyncEntry(service, account, process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined);
};

/** Runs one keychain call, giving up after `timeoutMs` (and asking the call to stop). */
export async function keychainCall<T>(what: string, timeoutMs: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(
        new KeychainError(
          `${keychainName()} did not answer within ${Math.round(timeoutMs / 100) / 10} s (${what}); unlock it, or set WTS_KEYCHAIN_TIMEOUT_MS`,
        ),
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([call(controller.signal), timeout]);
  } catch (err) {
    if (err instanceof KeychainError) throw err;
    throw new KeychainError(`${keychainName()} failed (${what}): ${messageOf(err)}`);
  } finally {
    clearTimeout(timer);
  }
}

export interface KeychainOptions {
  timeoutMs: number;
  backend?: KeychainBackend;
}

export class KeychainStore implements CredentialStore {
  readonly kind = 'keychain' as const;
  readonly description = keychainName();
  readonly location: string;
  readonly entryId: string;
  private readonly backend: KeychainBackend;
  private entry: Promise<KeychainEntry> | undefined;

  constructor(
    readonly account: string,
    private readonly options: KeychainOptions,
  ) {
    this.location = `${KEYCHAIN_SERVICE}/${account}`;
    this.entryId = `keychain:${this.location}`;
    this.backend = options.backend ?? nativeKeychain;
  }

  private open(): Promise<KeychainEntry> {
    this.entry ??= keychainCall('open', this.options.timeoutMs, () => this.backend(KEYCHAIN_SERVICE, this.account));
    return this.entry;
  }

  async read(): Promise<StoredCredentials | undefined> {
    const entry = await this.open();
    const text = await keychainCall('read', this.options.timeoutMs, (signal) => entry.getPassword(signal));
    if (text === null || text === undefined) return undefined;
    // Damaged, or written by something else: named, never quoted (it holds tokens); `wts login` replaces it.
    return parseStored(`the entry ${this.location} in ${this.description}`, text, storedCredentialsSchema(), SIGN_IN_AGAIN);
  }

  async write(credentials: StoredCredentials): Promise<void> {
    const entry = await this.open();
    await keychainCall('write', this.options.timeoutMs, (signal) => entry.setPassword(JSON.stringify(credentials), signal));
  }

  async remove(): Promise<void> {
    const entry = await this.open();
    await keychainCall('delete', this.options.timeoutMs, (signal) => entry.deleteCredential(signal));
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
