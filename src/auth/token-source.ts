// Where the API client gets its access token: WTS_TOKEN used as is (never refreshed or stored), else
// the profile's connection with its token lifecycle.
import type { TokenSource } from '../api/client.js';
import type { CommandContext } from '../context.js';
import { storeChoiceForUse } from './store-choice.js';
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
 * Whether the profile's credentials are in the keychain, as far as its record tells unchecked (checking
 * loads zod): to begin the keychain's search early. openConnection checks the record and decides, and
 * says what is wrong, in its own order: a problem here only means no early search.
 */
function keychainLikely(ctx: CommandContext): boolean {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  try {
    const auth = ctx.config.profile(ctx.profileName())?.auth;
    const store = auth?.store === 'keychain' || auth?.store === 'file' ? auth.store : undefined;
    return (
      storeChoiceForUse(ctx, auth && { store, credentialsFile: text(auth.credentialsFile), credentialId: text(auth.credentialId) })
        ?.kind === 'keychain'
    );
  } catch {
    return false;
  }
}
