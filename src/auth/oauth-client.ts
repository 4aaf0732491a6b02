// openid-client, set up for one authorization server and one client: plain http only on loopback,
// the client's authentication method, a --debug trace that shows requests but never their bodies
// (they carry codes, tokens and secrets), and OAuth errors read back without any secret in them.
import { readFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import type * as Oidc from 'openid-client';
import { CliError, errnoOf, ExitCode, messageOf } from '../errors.js';
import { isRecord } from '../type-guards.js';
import type { ClientAuthMethod, ClientIdentity, ServerEndpoints } from './credentials.js';
import { isLoopbackHttp } from './origin.js';
import { isNotSent, NetFailure } from '../net/failure.js';
import { lazy } from '../lazy.js';

export type OpenidClient = typeof Oidc;

let openidModule: Promise<OpenidClient> | undefined;
/** openid-client is loaded on first use: most commands never talk to the authorization server. */
export const loadOpenidClient = (): Promise<OpenidClient> => (openidModule ??= lazy['openid-client']());

export type DebugLine = (line: string) => void;

/**
 * fetch through the one HTTP stack (src/net/network.ts: the proxy, the trusted authorities), tracing the
 * method, URL, route and status on --debug; never headers or bodies. `timeoutSeconds`: the request's
 * deadline (openid-client's signal), which the connection's own stays inside.
 */
export function tracedFetch(debug: DebugLine | undefined, timeoutSeconds = 30): Oidc.CustomFetch {
  return async (url, options) => {
    const started = Date.now();
    debug?.(`> ${options.method} ${url}`);
    // Loaded on the first OAuth request: undici (and node:http with it) stays out of what a signed-in run
    // loads before its keychain read begins (src/context.ts).
    const { network } = await import('../net/network.js');
    if (debug) debug(`* ${network.routeText(url)}`);
    const res = await network.fetch(
      url,
      { method: options.method, headers: options.headers, body: options.body ?? null, redirect: options.redirect, signal: options.signal },
      timeoutSeconds * 1000,
    );
    debug?.(`< ${res.status} (${Date.now() - started} ms)`);
    return res;
  };
}

export interface OAuthOptions {
  debug?: DebugLine;
  timeoutSeconds: number;
  /** Told what the authorization server answered, as far as it arrived (the refresh decides by it). */
  watch?: AnswerWatch;
}

/** What the server answered to a request through a configuration: the status line, and whether the body came whole. */
export interface ServerAnswer {
  status: number;
  contentType: string;
  /** The body was read to its end (false: the connection closed or timed out in the middle). */
  complete: boolean;
  /**
   * An OAuth error in the body of a 4xx (RFC 6749 §5.2), read here because openid-client does not read
   * the body of a 401 that carries a WWW-Authenticate challenge (a failed client authentication).
   */
  oauthError?: OAuthErrorAnswer;
}

/** The OAuth error (RFC 6749 §5.2) in a 4xx answer's JSON body, if that is what it holds. */
function oauthErrorIn(status: number, body: Uint8Array): OAuthErrorAnswer | undefined {
  if (status < 400 || status > 499) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(body).toString('utf8'));
    if (!isRecord(value) || typeof value.error !== 'string' || value.error === '') return undefined;
    return { error: value.error, description: typeof value.error_description === 'string' ? value.error_description : undefined, status };
  } catch {
    return undefined;
  }
}

/** Where answerReadingFetch leaves what it saw: nothing when no answer arrived at all. */
export interface AnswerWatch {
  last?: ServerAnswer;
}

// Statuses whose Response may not carry a body (the Fetch standard's null body statuses).
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * Whether a token response's expires_in is one openid-client takes (a number, or numeric text, not
 * negative). It refuses the whole response otherwise, and with it tokens the server has issued: with
 * rotation, the refresh token the client held is gone by then, and the connection with it.
 */
function takenLifetime(value: unknown): boolean {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0;
}

/** A successful token response without an expires_in openid-client would refuse (the lifetime is then unknown). */
function withoutBadLifetime(status: number, contentType: string, body: Uint8Array, debug: DebugLine | undefined): Uint8Array {
  if (status !== 200 || !/json/i.test(contentType)) return body;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    return body; // openid-client says it is not JSON
  }
  if (!isRecord(value) || !('expires_in' in value) || takenLifetime(value.expires_in)) return body;
  debug?.('* the token response has an expires_in that is not a lifetime; the tokens are kept, their lifetime unknown');
  const { expires_in: _dropped, ...rest } = value;
  return Buffer.from(JSON.stringify(rest), 'utf8');
}

/**
 * tracedFetch that reads each answer whole before openid-client sees it, noting in `watch` the status and
 * whether the body arrived complete: whether any answer arrived, and which, is what decides a failed
 * refresh's consequences (lifecycle.ts). A token response's unusable expires_in is dropped here.
 */
export function answerReadingFetch(debug: DebugLine | undefined, watch: AnswerWatch, timeoutSeconds = 30): Oidc.CustomFetch {
  const traced = tracedFetch(debug, timeoutSeconds);
  return async (url, options) => {
    watch.last = undefined;
    const res = await traced(url, options);
    const seen: ServerAnswer = { status: res.status, contentType: res.headers.get('content-type') ?? '', complete: false };
    watch.last = seen;
    const body = new Uint8Array(await res.arrayBuffer());
    seen.complete = true;
    seen.oauthError = oauthErrorIn(res.status, body);
    const kept = NULL_BODY.has(res.status) ? null : withoutBadLifetime(res.status, seen.contentType, body, debug);
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(kept, { status: res.status, statusText: res.statusText, headers });
  };
}

/** Options for openid-client's discovery and registration calls. */
export async function discoveryOptions(issuer: string, options: OAuthOptions): Promise<Oidc.DynamicClientRegistrationRequestOptions> {
  const oidc = await loadOpenidClient();
  return {
    algorithm: 'oauth2',
    execute: isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [],
    [oidc.customFetch]: tracedFetch(options.debug, options.timeoutSeconds),
    timeout: options.timeoutSeconds,
  };
}

/** The server metadata openid-client needs, from what sign-in recorded. */
export function serverMetadataOf(server: ServerEndpoints): Oidc.ServerMetadata {
  return {
    issuer: server.issuer,
    authorization_endpoint: server.authorizationEndpoint,
    token_endpoint: server.tokenEndpoint,
    ...(server.revocationEndpoint ? { revocation_endpoint: server.revocationEndpoint } : {}),
    authorization_response_iss_parameter_supported: server.issParameterSupported,
    code_challenge_methods_supported: ['S256'],
  };
}

/** The JWS algorithm of an EC key, by its curve. */
const EC_ALGORITHMS: Readonly<Record<string, string>> = { 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' };

/** The JWS algorithm a private key signs with. */
function algorithmFor(jwk: { kty?: string; crv?: string; alg?: string }): string {
  if (jwk.alg) return jwk.alg;
  if (jwk.kty === 'RSA') return 'RS256';
  if (jwk.kty === 'EC') return EC_ALGORITHMS[jwk.crv ?? ''] ?? 'ES256';
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  throw new CliError(
    `the client key's type (${jwk.kty ?? 'unknown'}) cannot sign a client assertion; use an RSA, EC or Ed25519 key`,
    ExitCode.usage,
  );
}

/** A private key for private_key_jwt, from a PEM (PKCS#8, or PKCS#1/SEC1) or JWK file. */
export async function loadClientKey(file: string): Promise<Oidc.PrivateKey> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read the client key ${file}: ${errnoOf(err) ?? messageOf(err)}`, ExitCode.usage);
  }
  const { importJWK } = await lazy.jose();
  const notAKey = () => new CliError(`${file} is not a private key (PEM or JWK)`, ExitCode.usage);
  let parsed: unknown;
  try {
    parsed = text.trimStart().startsWith('{') ? JSON.parse(text) : createPrivateKey(text).export({ format: 'jwk' });
  } catch {
    throw notAKey();
  }
  if (!isRecord(parsed)) throw notAKey();
  const jwk = parsed;
  const field = (name: string) => (typeof jwk[name] === 'string' ? jwk[name] : undefined);
  if (field('d') === undefined) throw new CliError(`${file} holds a public key; --client-key needs the private key`, ExitCode.usage);
  const alg = algorithmFor({ kty: field('kty'), crv: field('crv'), alg: field('alg') });
  let key: Oidc.PrivateKey['key'];
  try {
    key = (await importJWK(jwk, alg)) as Oidc.PrivateKey['key'];
  } catch (err) {
    // A JWK whose parts do not make a key (a wrong curve point, an algorithm jose does not know).
    throw new CliError(`${file} is not a usable private key (${messageOf(err)})`, ExitCode.usage);
  }
  const kid = field('kid');
  return { key, ...(kid !== undefined ? { kid } : {}) };
}

/** openid-client's client authentication for a method; secrets come from the caller, never argv. */
export async function clientAuthentication(client: ClientIdentity & { secret?: string }): Promise<Oidc.ClientAuth> {
  const oidc = await loadOpenidClient();
  const needSecret = (method: ClientAuthMethod) => {
    if (!client.secret)
      throw new CliError(
        `the client ${client.id} authenticates with ${method} but no secret is known: set WTS_CLIENT_SECRET and run \`wts login\``,
        ExitCode.signIn,
      );
    return client.secret;
  };
  switch (client.authMethod) {
    case 'none':
      return oidc.None();
    case 'client_secret_basic':
      return oidc.ClientSecretBasic(needSecret('client_secret_basic'));
    case 'client_secret_post':
      return oidc.ClientSecretPost(needSecret('client_secret_post'));
    case 'private_key_jwt':
      if (!client.keyFile)
        throw new CliError(
          `the client ${client.id} authenticates with private_key_jwt but no key file is known: run \`wts login --client-key FILE\``,
          ExitCode.signIn,
        );
      return oidc.PrivateKeyJwt(await loadClientKey(client.keyFile));
  }
}

/** An openid-client Configuration for this server and client. */
export async function oauthConfiguration(
  server: ServerEndpoints,
  client: ClientIdentity & { secret?: string },
  options: OAuthOptions,
): Promise<Oidc.Configuration> {
  const oidc = await loadOpenidClient();
  const config = new oidc.Configuration(
    serverMetadataOf(server),
    client.id,
    { token_endpoint_auth_method: client.authMethod },
    await clientAuthentication(client),
  );
  if (isLoopbackHttp(server.issuer)) oidc.allowInsecureRequests(config);
  config[oidc.customFetch] = answerReadingFetch(options.debug, options.watch ?? {}, options.timeoutSeconds);
  config.timeout = options.timeoutSeconds;
  return config;
}

/** An OAuth error answer (RFC 6749 §5.2) from the server, as openid-client reports it. */
export interface OAuthErrorAnswer {
  error: string;
  description: string | undefined;
  status: number | undefined;
}

export function oauthErrorOf(err: unknown): OAuthErrorAnswer | undefined {
  if (!isRecord(err)) return undefined;
  const cause = isRecord(err.cause) ? err.cause : {};
  const error = typeof err.error === 'string' ? err.error : typeof cause.error === 'string' ? cause.error : undefined;
  if (error === undefined) return undefined;
  const description =
    typeof err.error_description === 'string'
      ? err.error_description
      : typeof cause.error_description === 'string'
        ? cause.error_description
        : undefined;
  return { error, description, status: typeof err.status === 'number' ? err.status : undefined };
}

/** The NetFailure (src/net/failure.ts) an error is or was caused by. */
function netFailureIn(err: unknown): NetFailure | undefined {
  for (let e = err, depth = 0; isRecord(e) && depth < 4; e = e.cause, depth++) if (e instanceof NetFailure) return e;
  return undefined;
}

/**
 * Why a request to the authorization server failed without an OAuth answer, and whether it may have been
 * sent: a failure before sending (DNS, connect, proxy, TLS, a certificate) never was, so it never counts
 * toward ending a sign-in.
 */
export function transportFailureOf(err: unknown): { reason: string; maybeSent: boolean } {
  const e = isRecord(err) ? err : {};
  const cause = isRecord(e.cause) ? e.cause : {};
  const code = errnoOf(cause) ?? errnoOf(cause.cause) ?? errnoOf(e);
  const net = netFailureIn(err);
  if (net) return { reason: net.message, maybeSent: false };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return { reason: 'no answer in time', maybeSent: true };
  if (isNotSent(err)) return { reason: code ?? String(err), maybeSent: false };
  const message = typeof cause.message === 'string' ? cause.message : typeof e.message === 'string' ? e.message : undefined;
  return { reason: code ?? message ?? String(err), maybeSent: true };
}
