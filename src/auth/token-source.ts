// STUB (issue 3 replaces it with the token lifecycle: stores, refresh under a lock file).
// Today: WTS_TOKEN, used as is.
import type { TokenSource } from '../api/client.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';

export async function tokenSourceFor(ctx: CommandContext): Promise<TokenSource> {
  const token = ctx.env.WTS_TOKEN;
  if (token) return { accessToken: async () => token };
  throw new CliError(`not signed in to ${ctx.origin()} — run \`wts login\``, ExitCode.signIn);
}
