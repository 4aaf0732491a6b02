// Where the API client gets its access token: WTS_TOKEN used as is (never refreshed or stored), else
// the profile's connection with its token lifecycle.
import type { TokenSource } from '../api/client.js';
import type { CommandContext } from '../context.js';
import { openConnection } from './connection.js';

export async function tokenSourceFor(ctx: CommandContext): Promise<TokenSource> {
  const token = ctx.env.WTS_TOKEN;
  if (token) return { accessToken: async () => token };
  return (await openConnection(ctx)).lifecycle;
}
