// A search of the keychain's wts entries begun ahead of the read that needs it. On Linux a keychain read
// is first a search of the Secret Service over D-Bus (src/auth/stores/secret-service.ts): a connection
// and two exchanges with the keyring daemon. Begun when a signed-in command asks for its API client
// (src/auth/token-source.ts), before the profile's record is checked and the HTTP client loads, its
// messages go out and the keyring answers while the command goes on loading. Kept apart from
// keychain.ts, which loads zod, so that the search begins before zod loads.
//
// Its answer is for one read, the first of the store it was begun for (openConnection's), taken at
// once: a later read of that store (under the refresh lock) searches again, since another process may
// have changed the entry in between.
import { searchSecretService, type FoundSecret } from './secret-service.js';

/** The service the keychain entries are kept under. */
export const KEYCHAIN_SERVICE = 'wts';

export interface KeychainSearch {
  /** Its answer, once (undefined after), asked to stop when `signal` is. */
  take(signal?: AbortSignal): Promise<FoundSecret[]> | undefined;
  /** Stops it if no read took it. */
  drop(): void;
}

/** Begins the search, on Linux (elsewhere a read is the entry's own: undefined). */
export function searchKeychainAhead(): KeychainSearch | undefined {
  if (process.platform !== 'linux') return undefined;
  const controller = new AbortController();
  const result = searchSecretService(KEYCHAIN_SERVICE, { signal: controller.signal });
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
