// Where one connection's credentials live: the OS keychain, or a file the user chose.
import type { StoredCredentials } from '../credentials.js';

export type StoreKind = 'keychain' | 'file';

/** One connection's entry in a credential store. */
export interface CredentialStore {
  readonly kind: StoreKind;
  /** Where, for people: "the OS keychain (…)" or "the file /path". */
  readonly description: string;
  /** Where, for scripts: the file's path, or the keychain entry as service/account. */
  readonly location: string;
  /** Names the entry across processes (the refresh lock is named after it). */
  readonly entryId: string;
  read(): Promise<StoredCredentials | undefined>;
  write(credentials: StoredCredentials): Promise<void>;
  /** Forgets the entry; nothing happens when there is none. */
  remove(): Promise<void>;
  /** The last read found the entry in an older shape, which migrate() rewrites (under the connection's lock). */
  readonly oldShape?: boolean;
  /** Rewrites an entry in an older shape in the current one; false when there was nothing to do. */
  migrate?(): Promise<boolean>;
}
