// POST /oauth/token: the authorization_code and refresh_token grants (RFC 6749 §4.1.3, §6; RFC 8707).
import type { SandboxContext } from '../context.js';
import { authenticateClient } from './client-auth.js';
import type { ClientDirectory } from './clients.js';
import { SUPPORTED_SCOPES } from './client-metadata.js';
import { jsonResponse, OAuthError } from './errors.js';
import { param, readForm, repeatedParam, requiredParam } from './form.js';
import type { Ledger } from './ledger.js';
import { endpointsOf, resourcePathOf, type ResourcePath } from './metadata.js';

export async function tokenEndpoint(ctx: SandboxContext, clients: ClientDirectory, ledger: Ledger, req: Request): Promise<Response> {
  const form = await readForm(req);
  const grantType = requiredParam(form, 'grant_type');
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
    throw new OAuthError('unsupported_grant_type', `grant_type ${grantType} is not supported (authorization_code, refresh_token)`);
  }
  const endpoints = endpointsOf(ctx.origin);
  const client = await authenticateClient(ctx, clients, form, req.headers.get('authorization') ?? undefined, [
    endpoints.issuer,
    endpoints.token,
  ]);
  if (!client.grantTypes.includes(grantType))
    throw new OAuthError('unauthorized_client', `this client did not register the ${grantType} grant type`);

  const resources: ResourcePath[] = [];
  for (const resource of repeatedParam(form, 'resource')) {
    const path = resourcePathOf(ctx.origin, resource);
    if (path === undefined) throw new OAuthError('invalid_target', `unknown resource ${resource}`);
    if (!resources.includes(path)) resources.push(path);
  }

  if (grantType === 'authorization_code') {
    const body = ledger.redeemCode(client, {
      code: requiredParam(form, 'code'),
      redirectUri: requiredParam(form, 'redirect_uri'),
      codeVerifier: requiredParam(form, 'code_verifier'),
      resources,
    });
    return jsonResponse(200, body);
  }

  const scope = param(form, 'scope');
  let scopes: string[] | undefined;
  if (scope !== undefined) {
    scopes = [...new Set(scope.split(' ').filter(Boolean))];
    const unsupported = scopes.find((s) => !SUPPORTED_SCOPES.includes(s));
    if (unsupported !== undefined) throw new OAuthError('invalid_scope', `unknown scope ${unsupported}`);
    if (scopes.length === 0) scopes = undefined;
  }
  const body = await ledger.refresh(client, { refreshToken: requiredParam(form, 'refresh_token'), scopes, resources });
  return jsonResponse(200, body);
}
