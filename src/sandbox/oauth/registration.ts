// Dynamic client registration (RFC 7591): POST /oauth/register with the client's metadata as JSON.
import { randomBytes } from 'node:crypto';
import type { SandboxContext } from '../context.js';
import { clientMetadataView, validateClientMetadata } from './client-metadata.js';
import { jsonResponse, OAuthError } from './errors.js';
import { mediaTypeOf } from './form.js';
import { randomSecret, sha256Hex } from './secrets.js';
import { oauthState, type ClientRec } from './state.js';

export function registerClient(ctx: SandboxContext, body: unknown): Response {
  const metadata = validateClientMetadata(body, { kind: 'registration' });
  const usesSecret =
    metadata.tokenEndpointAuthMethod === 'client_secret_basic' || metadata.tokenEndpointAuthMethod === 'client_secret_post';
  const secret = usesSecret ? randomSecret() : null;
  const client: ClientRec = {
    ...metadata,
    clientId: `wts_${randomBytes(16).toString('base64url')}`,
    secretHash: secret === null ? null : sha256Hex(secret),
    issuedAt: Math.floor(ctx.clock.now() / 1000),
  };
  oauthState(ctx).clients[client.clientId] = client;
  ctx.store.changed();
  const view = clientMetadataView(client);
  // The secret is shown once, here; only its hash is kept.
  return jsonResponse(201, secret === null ? view : { ...view, client_secret: secret, client_secret_expires_at: 0 });
}

/** Parses the registration body: JSON only. */
export async function registrationBody(req: Request): Promise<unknown> {
  if (mediaTypeOf(req.headers.get('content-type')) !== 'application/json')
    throw new OAuthError('invalid_client_metadata', 'send the client metadata as application/json');
  try {
    const body: unknown = JSON.parse(await req.text());
    return body;
  } catch {
    throw new OAuthError('invalid_client_metadata', 'the body is not valid JSON');
  }
}
