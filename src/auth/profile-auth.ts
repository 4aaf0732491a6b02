// What a profile keeps about sign-in (config.json, `profile.auth`; never a secret), and how a profile
// finds its credential store.
import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import * as z from 'zod';
import type { CommandContext } from '../context.js';
import { checkStoredValue, parseStoredValue } from '../stored-file.js';
import { clientIdentitySchema, serverEndpointsSchema, SIGN_IN_AGAIN, type ClientIdentity, type ServerEndpoints } from './credentials.js';
import { notice } from '../io.js';
import { authTimings, overSsh } from './settings.js';
import { FileStore } from './stores/file.js';
import { defaultCredentialsFile, storeFromEnv, type StoreChoice } from './store-choice.js';
import { KeychainStore } from './stores/keychain.js';
import type { CredentialStore, StoreKind } from './stores/store.js';

// A type, not an interface, so it is stored as the profile's `auth` record as it is.
export type ProfileAuth = {
  /** Kept after logout, so signing in again reuses the registration. */
  server: ServerEndpoints;
  client: ClientIdentity;
  /** Where the credentials are; absent once signed out. */
  store?: StoreKind;
  /** The credentials file, for the file store. */
  credentialsFile?: string;
  /** Names this sign-in's keychain entry. */
  credentialId?: string;
  /** The scopes asked for at sign-in. */
  scopes?: string[];
  signedInAt?: number;
};

/** The profile's auth record as config.json keeps it (built on use, as the credentials' schema). */
const profileAuthSchema = () =>
  z.looseObject({
    server: serverEndpointsSchema(),
    client: clientIdentitySchema(),
    store: z.enum(['keychain', 'file']).optional(),
    credentialsFile: z.string().optional(),
    credentialId: z.string().optional(),
    scopes: z.array(z.string()).optional(),
    signedInAt: z.number().optional(),
  });

/**
 * The profile's sign-in record, checked: a damaged one is one line naming config.json, where it is
 * damaged and SIGN_IN_AGAIN (`wts login` writes it anew).
 */
export function profileAuth(ctx: CommandContext, profileName = ctx.profileName()): ProfileAuth | undefined {
  const auth = ctx.config.profile(profileName)?.auth;
  if (auth === undefined) return undefined;
  return parseStoredValue(ctx.config.path, auth, profileAuthSchema(), SIGN_IN_AGAIN, ['profiles', profileName, 'auth']);
}

/** The same for `wts login`, which replaces the record: a damaged one is as none. */
export function profileAuthIfReadable(ctx: CommandContext, profileName: string): ProfileAuth | undefined {
  const auth = ctx.config.profile(profileName)?.auth;
  if (auth === undefined) return undefined;
  const checked = checkStoredValue(auth, profileAuthSchema());
  return 'value' in checked ? checked.value : undefined;
}

/** Where `wts login` keeps what it gets: --store, else WTS_CREDENTIALS_FILE, else WTS_CREDENTIAL_STORE, else the keychain. */
export function storeChoiceForLogin(ctx: CommandContext, flag: StoreKind | undefined): StoreChoice {
  // The flag, then the environment, then where this profile's last sign-in kept its credentials (a
  // sign-in that ended, say with an expired refresh token, keeps its choice: `wts login` alone signs in
  // again where `wts login --store file` did), then the keychain.
  const recorded = flag === undefined ? profileAuthIfReadable(ctx, ctx.profileName()) : undefined;
  const kind = flag ?? (ctx.env.WTS_CREDENTIALS_FILE ? 'file' : storeFromEnv(ctx.env)) ?? recorded?.store ?? 'keychain';
  if (kind === 'keychain') return { kind };
  return {
    kind: 'file',
    file:
      ctx.env.WTS_CREDENTIALS_FILE || (recorded?.store === 'file' && recorded.credentialsFile) || defaultCredentialsFile(ctx.config.dir),
  };
}

/** The keychain account of a sign-in: readable in a keychain browser, unique per configuration. */
export function keychainAccount(origin: string, profileName: string, credentialId: string): string {
  return `${profileName} @ ${origin} (${credentialId})`;
}

/**
 * What a keychain sign-in keeps outside the keychain (its issuer, endpoints, client, scopes, workspaces,
 * expiry; nothing secret), beside the configuration: one file per entry, so two profiles refreshing at
 * once never write the same file.
 */
export function keychainDetailsFile(configDir: string, credentialId: string): string {
  return join(configDir, 'sign-ins', `${credentialId}.json`);
}

/**
 * The refresh lock of one connection, named after its store entry. A file store's lock lies beside the
 * file, so every process sharing that file (say CI jobs with WTS_CREDENTIALS_FILE) shares the lock too,
 * whatever configuration directory each one uses.
 */
export function connectionLockPath(configDir: string, store: CredentialStore): string {
  const hash = createHash('sha256').update(store.entryId).digest('hex').slice(0, 20);
  if (store.kind === 'file') return join(dirname(store.location), `.${basename(store.location)}.${hash}.lock`);
  return join(configDir, 'locks', `connection-${hash}.lock`);
}

export function lockOptions(ctx: CommandContext) {
  const t = authTimings(ctx.env);
  return { staleMs: t.lockStaleMs, waitMs: t.lockWaitMs };
}

/**
 * Opens the store a choice names, for one profile (and, for the keychain, one sign-in).
 */
export function openStore(
  ctx: CommandContext,
  choice: StoreChoice,
  profileName: string,
  origin: string,
  credentialId: string | undefined,
): CredentialStore {
  if (choice.kind === 'file') {
    const { file } = choice;
    return new FileStore(file, profileName, {
      lock: lockOptions(ctx),
      ownDirectory: file === defaultCredentialsFile(ctx.config.dir),
    });
  }
  if (!credentialId) throw new Error('a keychain entry needs a credential id');
  return new KeychainStore(keychainAccount(origin, profileName, credentialId), {
    timeoutMs: authTimings(ctx.env).keychainTimeoutMs,
    detailsFile: keychainDetailsFile(ctx.config.dir, credentialId),
    ssh: overSsh(ctx.env),
    notice: (line) => notice(ctx, line),
  });
}
