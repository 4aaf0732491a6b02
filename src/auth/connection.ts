// A signed-in profile, opened: its credential store, its lock, its current tokens.
import type { CommandContext } from '../context.js';
import { messageOf } from '../errors.js';
import { notice } from '../io.js';
import { withLock } from './lock.js';
import type { StoredCredentials } from './credentials.js';
import { endedSignIn, endedSignInError } from './ended.js';
import { notSignedIn, TokenLifecycle, type ConnectionHandle } from './lifecycle.js';
import { connectionLockPath, lockOptions, openStore, profileAuth, type ProfileAuth } from './profile-auth.js';
import { authTimings } from './settings.js';
import { storeChoiceForUse } from './store-choice.js';
import type { CredentialStore } from './stores/store.js';

export interface OpenConnection {
  profile: string;
  origin: string;
  auth: ProfileAuth | undefined;
  store: CredentialStore;
  handle: ConnectionHandle;
  lifecycle: TokenLifecycle;
}

/** The handle the lifecycle needs, for a store of this context's profile. */
export function connectionHandle(ctx: CommandContext, profile: string, origin: string, store: CredentialStore): ConnectionHandle {
  let lockPath: string | undefined;
  return {
    profile,
    origin,
    store,
    // Named when first needed (a refresh, a failure), not on every run: naming it hashes the store's entry.
    get lockPath() {
      lockPath ??= connectionLockPath(ctx.config.dir, store);
      return lockPath;
    },
    lock: lockOptions(ctx),
    oauth: { debug: ctx.globals.debug ? (line) => ctx.debug(line) : undefined, timeoutSeconds: authTimings(ctx.env).oauthTimeoutSeconds },
    now: () => ctx.now(),
    debug: (line) => ctx.debug(line),
    // For a person watching (in `wts dash`, its status line): a script or cron job (which mails any
    // output) is told only if it gives up.
    notice: (line) => notice(ctx, line),
  };
}

/** The credential store of this context's profile and origin; exit 4 when the profile has none. */
export function openProfileStore(ctx: CommandContext): {
  profile: string;
  origin: string;
  auth: ProfileAuth | undefined;
  store: CredentialStore;
} {
  const origin = ctx.origin();
  const profile = ctx.profileName();
  const auth = profileAuth(ctx, profile);
  const choice = storeChoiceForUse(ctx, auth);
  if (!choice) throw notSignedIn(origin);
  return { profile, origin, auth, store: openStore(ctx, choice, profile, origin, auth?.credentialId) };
}

/**
 * Rewrites an entry read in an older shape (a keychain entry holding the whole record) in the current
 * one, under the connection's lock: a refresh in another process between the read and the write would
 * otherwise be overwritten with the tokens it replaced. A failure leaves the old entry, which works.
 */
async function migrateStore(handle: ConnectionHandle, migrate: () => Promise<boolean>): Promise<void> {
  try {
    const done = await withLock(handle.lockPath, `moving the sign-in of profile ${handle.profile} to its new shape`, handle.lock, migrate);
    if (done) handle.debug(`* moved the keychain entry to its new shape: the tokens alone`);
  } catch (err) {
    handle.debug(`* could not move the keychain entry to its new shape (it keeps working as it is): ${messageOf(err)}`);
  }
}

/**
 * Opens the profile's connection; exit 4 ("not signed in … run `wts login`") when there is none for this
 * origin.
 */
export async function openConnection(ctx: CommandContext): Promise<OpenConnection> {
  const { profile, origin, auth, store } = openProfileStore(ctx);
  const credentials: StoredCredentials | undefined = await store.read();
  const handle = connectionHandle(ctx, profile, origin, store);
  if (!credentials || credentials.origin !== origin) {
    // A sign-in the service ended says so on every command, until the next `wts login`.
    const ended = endedSignIn(handle.lockPath, origin);
    throw ended ? endedSignInError(profile, ended, ctx.now()) : notSignedIn(origin);
  }
  if (store.oldShape && store.migrate) await migrateStore(handle, store.migrate.bind(store));
  return { profile, origin, auth, store, handle, lifecycle: new TokenLifecycle(handle, credentials) };
}
