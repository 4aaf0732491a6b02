// Which credential store a profile uses, from the environment and what sign-in recorded.
import { join } from 'node:path';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import type { Env } from '../io.js';
import type { StoreKind } from './stores/store.js';

/** A credential store: the keychain, or the file store with its file. */
export type StoreChoice = { kind: 'keychain' } | { kind: 'file'; file: string };

/** What of a profile's sign-in record the choice reads (config.json, `profile.auth`). */
export interface RecordedStore {
  store?: StoreKind;
  credentialsFile?: string;
  credentialId?: string;
}

export function defaultCredentialsFile(configDir: string): string {
  return join(configDir, 'credentials.json');
}

export function storeFromEnv(env: Env): StoreKind | undefined {
  const value = env.WTS_CREDENTIAL_STORE;
  if (value === undefined || value === '') return undefined;
  if (value === 'keychain' || value === 'file') return value;
  throw new CliError(`WTS_CREDENTIAL_STORE must be keychain or file, not ${JSON.stringify(value)}`, ExitCode.usage);
}

/** Where a profile's credentials are read from: the environment's choice, else what login recorded. */
export function storeChoiceForUse(ctx: CommandContext, auth: RecordedStore | undefined): StoreChoice | undefined {
  if (ctx.env.WTS_CREDENTIALS_FILE) return { kind: 'file', file: ctx.env.WTS_CREDENTIALS_FILE };
  const fromEnv = storeFromEnv(ctx.env);
  if (fromEnv === 'file') return { kind: 'file', file: auth?.credentialsFile ?? defaultCredentialsFile(ctx.config.dir) };
  if (!auth?.store) return undefined;
  if (fromEnv === 'keychain' || auth.store === 'keychain') return auth.credentialId ? { kind: 'keychain' } : undefined;
  return { kind: 'file', file: auth.credentialsFile ?? defaultCredentialsFile(ctx.config.dir) };
}
