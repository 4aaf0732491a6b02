// The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
// @napi-rs/keyring's asynchronous API, every call bounded by a timeout: a locked or hung keychain
// must fail with a message, not hang the command.
import { KeychainError, messageOf } from '../../errors.js';
import { parseStored } from '../../stored-file.js';
import { SIGN_IN_AGAIN, storedCredentialsSchema, type StoredCredentials } from '../credentials.js';
import { KEYCHAIN_SERVICE, type KeychainSearch } from './keychain-ahead.js';
import { searchSecretService, type FoundSecret } from './secret-service.js';
import type { CredentialStore } from './store.js';
import type { AsyncEntry } from '@napi-rs/keyring';

/** The calls we make on one keychain entry (the real one, or a stand-in in tests). */
export interface KeychainEntry {
  getPassword(signal?: AbortSignal): Promise<string | null>;
  setPassword(password: string, signal?: AbortSignal): Promise<void>;
  deleteCredential(signal?: AbortSignal): Promise<boolean>;
}

/** Opens an entry; `ahead`, a search begun for the entry's first read (src/auth/stores/keychain-ahead.ts). */
export type KeychainBackend = (service: string, account: string, ahead?: KeychainSearch) => Promise<KeychainEntry>;

/** What people call the keychain on this platform. */
export function keychainName(platform = process.platform): string {
  if (platform === 'darwin') return 'the macOS Keychain';
  if (platform === 'win32') return 'the Windows Credential Manager';
  return 'the OS keychain (Secret Service)';
}

/**
 * The real keychain: @napi-rs/keyring, loaded on first use. On Linux the entry is pinned to the Secret
 * Service: the library's fallback, the kernel keyring, forgets everything at logout and is often denied
 * in containers, so it would lose sign-ins silently.
 *
 * On Linux a read is first our own search of the service's items over D-Bus
 * (src/auth/stores/secret-service.ts, begun ahead: src/auth/stores/keychain-ahead.ts), which spares
 * every signed-in command loading the library and its Diffie-Hellman exchange. It reads the secrets of
 * every wts entry, all this user's, and keeps the one asked for. Where it cannot say (it failed: no bus
 * it can reach, a locked collection, which the search does not ask to unlock; or it found the entry
 * twice), the library's entry answers, as everywhere else and for writes and removals.
 */
export const nativeKeychain: KeychainBackend = async (service, account, ahead) => {
  const linux = process.platform === 'linux';
  let entry: Promise<AsyncEntry> | undefined;
  const opened = () =>
    (entry ??= import('@napi-rs/keyring').then(
      (keyring) => new keyring.AsyncEntry(service, account, linux ? { linux: { store: 'secret-service' } } : undefined),
    ));
  return {
    getPassword: async (signal) => {
      const begun = ahead?.take(signal);
      const found = linux ? await searched(begun ?? searchSecretService(service, { signal }), account) : undefined;
      return found ? found.password : (await opened()).getPassword(signal);
    },
    setPassword: async (password, signal) => (await opened()).setPassword(password, signal),
    deleteCredential: async (signal) => (await opened()).deleteCredential(signal),
  };
};

/** The account's password (null: no such entry) as a search of the service's items finds it, or undefined when it cannot say. */
async function searched(search: Promise<FoundSecret[]>, account: string): Promise<{ password: string | null } | undefined> {
  let found: FoundSecret[];
  try {
    found = await search;
  } catch {
    return undefined;
  }
  const mine = found.filter((c) => c.account === account);
  return mine.length > 1 ? undefined : { password: mine[0]?.password ?? null };
}

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
  /** A search begun for this store's first read. */
  ahead?: KeychainSearch;
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
    this.entry ??= keychainCall('open', this.options.timeoutMs, () => this.backend(KEYCHAIN_SERVICE, this.account, this.options.ahead));
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
