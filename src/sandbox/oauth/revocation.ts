// POST /oauth/revoke (RFC 7009): always 200 once the client is authenticated, known token or not.
import type { SandboxContext } from '../context.js';
import { authenticateClient } from './client-auth.js';
import type { ClientDirectory } from './clients.js';
import { NO_STORE } from './errors.js';
import { readForm, requiredParam } from './form.js';
import type { Ledger } from './ledger.js';
import { endpointsOf } from './metadata.js';

export async function revocationEndpoint(ctx: SandboxContext, clients: ClientDirectory, ledger: Ledger, req: Request): Promise<Response> {
  const form = await readForm(req);
  const endpoints = endpointsOf(ctx.origin);
  const client = await authenticateClient(ctx, clients, form, req.headers.get('authorization') ?? undefined, [
    endpoints.issuer,
    endpoints.token,
    endpoints.revocation,
  ]);
  ledger.revoke(client, requiredParam(form, 'token'));
  return new Response(null, { status: 200, headers: NO_STORE });
}
