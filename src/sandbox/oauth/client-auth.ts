// Client authentication at the token and revocation endpoints, by the method the client registered:
// none, client_secret_basic, client_secret_post or private_key_jwt (RFC 6749 §2.3, RFC 7523 §3).
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { SandboxContext } from '../context.js';
import { UnknownClientError, type ClientDirectory } from './clients.js';
import { SIGNING_ALGS } from './client-metadata.js';
import { OAuthError } from './errors.js';
import { param } from './form.js';
import { equalHashes, sha256Hex } from './secrets.js';
import { oauthState, own, type ClientRec } from './state.js';
import { messageOf } from '../../errors.js';

export const JWT_BEARER_ASSERTION = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const BASIC_CHALLENGE: Record<string, string> = { 'www-authenticate': 'Basic realm="wts sandbox", charset="UTF-8"' };

/** The credentials a request presented, by method: each method carries what it is checked with. */
type Presented =
  | { method: 'none'; clientId: string }
  | { method: 'client_secret_basic' | 'client_secret_post'; clientId: string; secret: string }
  | { method: 'private_key_jwt'; clientId: string; assertion: string };

/**
 * Authenticates the client making a token or revocation request. `audiences` are the values a
 * client assertion's `aud` may carry (the issuer and the endpoint URLs).
 */
export async function authenticateClient(
  ctx: SandboxContext,
  clients: ClientDirectory,
  form: URLSearchParams,
  authorization: string | undefined,
  audiences: string[],
): Promise<ClientRec> {
  const presented = presentedCredentials(form, authorization);
  // A client that sent HTTP Basic is told how to retry (RFC 6749 §5.2).
  const basicChallenge: Record<string, string> = presented.method === 'client_secret_basic' ? BASIC_CHALLENGE : {};
  const fail = (description: string) => new OAuthError('invalid_client', description, 401, basicChallenge);

  let client: ClientRec;
  try {
    client = await clients.resolve(presented.clientId);
  } catch (err) {
    if (err instanceof UnknownClientError) throw fail(err.message);
    throw err;
  }
  if (presented.method !== client.tokenEndpointAuthMethod) {
    const challenge = client.tokenEndpointAuthMethod === 'client_secret_basic' ? BASIC_CHALLENGE : basicChallenge;
    throw new OAuthError(
      'invalid_client',
      `this client authenticates with ${client.tokenEndpointAuthMethod}, not ${presented.method}`,
      401,
      challenge,
    );
  }
  switch (presented.method) {
    case 'none':
      return client;
    case 'client_secret_basic':
    case 'client_secret_post':
      if (client.secretHash === null || !equalHashes(sha256Hex(presented.secret), client.secretHash))
        throw fail('client authentication failed');
      return client;
    case 'private_key_jwt':
      await verifyAssertion(ctx, client, presented.assertion, audiences);
      return client;
  }
}

/** Which method the request used, and the client it names. More than one method is an error. */
function presentedCredentials(form: URLSearchParams, authorization: string | undefined): Presented {
  const formClientId = param(form, 'client_id');
  const formSecret = param(form, 'client_secret');
  const assertion = param(form, 'client_assertion');
  const assertionType = param(form, 'client_assertion_type');
  const basic = authorization !== undefined && /^basic /i.test(authorization) ? parseBasic(authorization) : undefined;

  const methods = [basic, formSecret, assertion ?? assertionType].filter((m) => m !== undefined).length;
  if (methods > 1) throw new OAuthError('invalid_request', 'use exactly one client authentication method');

  if (basic) {
    if (formClientId !== undefined && formClientId !== basic.clientId)
      throw new OAuthError('invalid_request', 'client_id differs from the HTTP Basic user name');
    return { method: 'client_secret_basic', ...basic };
  }
  if (assertion !== undefined || assertionType !== undefined) {
    if (assertionType !== JWT_BEARER_ASSERTION)
      throw new OAuthError('invalid_request', `client_assertion_type must be ${JWT_BEARER_ASSERTION}`);
    if (assertion === undefined) throw new OAuthError('invalid_request', 'client_assertion is missing');
    let claims;
    try {
      claims = decodeJwt(assertion);
    } catch {
      throw new OAuthError('invalid_client', 'client_assertion is not a JWT');
    }
    const clientId = typeof claims.sub === 'string' ? claims.sub : formClientId;
    if (clientId === undefined) throw new OAuthError('invalid_client', 'client_assertion names no client (sub)');
    if (formClientId !== undefined && formClientId !== clientId)
      throw new OAuthError('invalid_client', 'client_id differs from the client assertion subject');
    return { method: 'private_key_jwt', clientId, assertion };
  }
  if (formClientId === undefined) throw new OAuthError('invalid_client', 'client authentication is required: send client_id');
  if (formSecret !== undefined) return { method: 'client_secret_post', clientId: formClientId, secret: formSecret };
  return { method: 'none', clientId: formClientId };
}

/** HTTP Basic with the client id and secret each form-urlencoded first (RFC 6749 §2.3.1). */
function parseBasic(header: string): { clientId: string; secret: string } {
  const malformed = new OAuthError('invalid_client', 'malformed HTTP Basic credentials', 401, BASIC_CHALLENGE);
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw malformed;
  try {
    const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { clientId: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw malformed;
  }
}

/**
 * A private_key_jwt assertion: signed by one of the client's registered keys, iss = sub = client_id,
 * aud naming this server, exp in the future by the sandbox clock, and a jti never seen while valid.
 */
async function verifyAssertion(ctx: SandboxContext, client: ClientRec, assertion: string, audiences: string[]): Promise<void> {
  if (!client.jwks) throw new OAuthError('invalid_client', 'the client has no registered keys');
  let payload;
  try {
    ({ payload } = await jwtVerify(assertion, createLocalJWKSet(client.jwks), {
      issuer: client.clientId,
      subject: client.clientId,
      audience: audiences,
      algorithms: SIGNING_ALGS,
      requiredClaims: ['exp', 'jti'],
      currentDate: new Date(ctx.clock.now()),
      clockTolerance: 5,
    }));
  } catch (err) {
    throw new OAuthError('invalid_client', `the client assertion was refused: ${messageOf(err)}`);
  }
  if (typeof payload.jti !== 'string' || payload.jti.length === 0)
    throw new OAuthError('invalid_client', 'the client assertion needs a jti');
  // jwtVerify required exp and checked that it is a number; narrowed here for the record of used assertions.
  if (typeof payload.exp !== 'number') throw new OAuthError('invalid_client', 'the client assertion needs an exp');
  const state = oauthState(ctx);
  const key = sha256Hex(`${client.clientId}\n${payload.jti}`);
  const seenUntil = own(state.assertionIds, key);
  if (seenUntil !== undefined && seenUntil > ctx.clock.now())
    throw new OAuthError('invalid_client', 'the client assertion was already used (jti)');
  state.assertionIds[key] = payload.exp * 1000;
  ctx.store.changed();
}
