// A search of the keychain's wts entries begun ahead of the read that needs it. On Linux a keychain read
// is a search done on a worker thread (src/auth/stores/keychain.ts), about 10 ms of D-Bus and
// Diffie-Hellman; begun when a signed-in command asks for its API client (src/auth/token-source.ts),
// before the profile's record is checked and the HTTP client loads, the command's own start-up hides
// it. Kept apart from keychain.ts, which loads zod, so that the search begins before zod loads.
//
// Its answer is for one read, the first of the store it was begun for (openConnection's), taken at
// once: a later read of that store (under the refresh lock) searches again, since another process may
// have changed the entry in between.
import type { Credential } from '@napi-rs/keyring';

/** The service the keychain entries are kept under. */
export const KEYCHAIN_SERVICE = 'wts';

export interface KeychainSearch {
  /** Its answer, once (undefined after), asked to stop when `signal` is. */
  take(signal?: AbortSignal): Promise<Credential[]> | undefined;
  /** Stops it if no read took it. */
  drop(): void;
}

/** Begins the search, on Linux (elsewhere a read is the entry's own: undefined). */
export function searchKeychainAhead(): KeychainSearch | undefined {
  if (process.platform !== 'linux') return undefined;
  const controller = new AbortController();
  const result = import('@napi-rs/keyring').then((keyring) => keyring.findCredentialsAsync(KEYCHAIN_SERVICE, undefined, controller.signal));
  // Its failure is for the read that takes it; untaken, for nobody.
  result.catch(() => undefined);
  let taken = false;
  return {
    take(signal) {
      if (taken) return undefined;
      taken = true;
      signal?.addEventListener('abort', () => controller.abort(), { once: true });
      return result;
    },
    drop() {
      if (!taken) controller.abort();
      taken = true;
    },
  };
}
