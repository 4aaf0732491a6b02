// Where the API client gets its access token: WTS_TOKEN used as is (never refreshed or stored), else
// the profile's connection with its token lifecycle.
import type { TokenSource } from '../api/client.js';
import type { CommandContext } from '../context.js';
import { searchKeychainAhead } from './stores/keychain-ahead.js';

export async function tokenSourceFor(ctx: CommandContext): Promise<TokenSource> {
  const token = ctx.env.WTS_TOKEN;
  if (token) return { accessToken: async () => token };
  const ahead = keychainLikely(ctx) ? searchKeychainAhead() : undefined;
  try {
    // Loaded only here: with WTS_TOKEN, no credential store, lock or OAuth code is needed.
    const { openConnection } = await import('./connection.js');
    return (await openConnection(ctx, ahead)).lifecycle;
  } finally {
    ahead?.drop();
  }
}

/**
 * Whether the profile's credentials are likely in the keychain, from its record unchecked (checking
 * loads zod): a guess, to begin the keychain's search early. openConnection decides where they are.
 */
function keychainLikely(ctx: CommandContext): boolean {
  const { env } = ctx;
  if (env.WTS_CREDENTIALS_FILE || env.WTS_CREDENTIAL_STORE === 'file') return false;
  const auth = ctx.config.profile(ctx.profileName())?.auth;
  return auth?.store === 'keychain' || (env.WTS_CREDENTIAL_STORE === 'keychain' && auth?.store !== undefined);
}
