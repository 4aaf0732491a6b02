// Where the API client gets its access token: WTS_TOKEN used as is (never refreshed or stored), else
// the profile's connection with its token lifecycle.
import type { TokenSource } from '../api/client.js';
import type { CommandContext } from '../context.js';

export async function tokenSourceFor(ctx: CommandContext): Promise<TokenSource> {
  const token = ctx.env.WTS_TOKEN;
  if (token) return { accessToken: async () => token };
  // Loaded only here: with WTS_TOKEN, no credential store, lock or OAuth code is needed.
  const { openConnection } = await import('./connection.js');
  return (await openConnection(ctx)).lifecycle;
}
