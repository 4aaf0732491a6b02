// From an origin to its authorization server: the API's protected-resource metadata (RFC 9728) names
// the server, whose own metadata (RFC 8414, or OpenID Connect Discovery's openid-configuration, which
// RFC 8414 §5 allows in its stead) gives the endpoints.
import { CliError, ExitCode } from '../errors.js';
import { isRecord } from '../type-guards.js';
import type { ServerEndpoints } from './credentials.js';
import { tracedFetch, transportFailureOf, type OAuthOptions } from './oauth-client.js';
import { isLoopbackHost } from './origin.js';
import { redirectedOrigin } from '../net/redirect.js';

export const API_PATH = '/api/v1';

export interface DiscoveredService {
  origin: string;
  /** The resource indicator of the API: {origin}/api/v1. */
  resource: string;
  server: ServerEndpoints;
  /** Where the authorization server's metadata was found. */
  metadataUrl: string;
  registrationEndpoint?: string;
  clientIdMetadataDocumentSupported: boolean;
}

/** The resource indicator for the API of an origin. */
export function apiResource(origin: string): string {
  return `${origin}${API_PATH}`;
}

/** Refuses an endpoint that is neither https nor loopback http. */
function checkedEndpoint(url: unknown, name: string): string {
  if (typeof url !== 'string') throw new CliError(`the authorization server's metadata has no ${name}`, ExitCode.failure);
  const u = new URL(url);
  if (u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname))) return url;
  throw new CliError(`the authorization server's ${name} (${url}) is not https; refusing to send credentials there`, ExitCode.failure);
}

/** A GET for JSON metadata, never following a redirect; a failure to connect is the caller's error. */
async function getMetadata(url: string, options: OAuthOptions): Promise<Response> {
  return tracedFetch(options.debug, options.timeoutSeconds)(url, {
    method: 'GET',
    headers: { accept: 'application/json' },
    redirect: 'manual',
    body: undefined,
    signal: AbortSignal.timeout(options.timeoutSeconds * 1000),
  });
}

/** The JSON object of a 200 answer, or undefined when the answer is not one. */
async function jsonObjectOf(res: Response): Promise<Record<string, unknown> | undefined> {
  if (res.status !== 200) return undefined;
  try {
    const body: unknown = await res.json();
    return isRecord(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

async function protectedResourceMetadata(
  origin: string,
  options: OAuthOptions,
): Promise<{ resource?: unknown; authorization_servers?: unknown }> {
  const url = `${origin}/.well-known/oauth-protected-resource${API_PATH}`;
  let res: Response;
  try {
    res = await getMetadata(url, options);
  } catch (err) {
    throw new CliError(`cannot reach ${origin}: ${transportFailureOf(err).reason}`, ExitCode.failure);
  }
  const to = redirectedOrigin(res.status, res.headers.get('location'), url);
  if (to) throw new CliError(`${origin} redirects to ${to}: use that as the origin`, ExitCode.usage);
  if (res.status !== 200) throw new CliError(`${origin} is not a Workspace Task Service: ${url} answered ${res.status}`, ExitCode.failure);
  const metadata = await jsonObjectOf(res);
  if (!metadata) throw new CliError(`${origin} is not a Workspace Task Service: ${url} is not a JSON object`, ExitCode.failure);
  return metadata;
}

/**
 * Where an issuer's metadata may be, in the order tried: RFC 8414's well-known URI, then OpenID
 * Connect's (RFC 8414 §5), each inserted between the host and the issuer's path (RFC 8414 §3); for an
 * issuer with a path, last OpenID Connect Discovery's own form, appended to the issuer (OIDC Discovery §4).
 */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/+$/, '');
  const inserted = (suffix: string) => `${url.origin}/.well-known/${suffix}${path}`;
  const urls = [inserted('oauth-authorization-server'), inserted('openid-configuration')];
  if (path) urls.push(`${url.origin}${path}/.well-known/openid-configuration`);
  return urls;
}

/** The first metadata document found for `issuer`; it must name that issuer (RFC 8414 §3.3). */
async function authorizationServerMetadata(
  issuer: string,
  options: OAuthOptions,
): Promise<{ url: string; metadata: Record<string, unknown> }> {
  const tried: string[] = [];
  for (const url of metadataUrls(issuer)) {
    let res: Response;
    try {
      res = await getMetadata(url, options);
    } catch (err) {
      throw new CliError(
        `cannot read the authorization server metadata of ${issuer}: cannot reach ${url}: ${transportFailureOf(err).reason}`,
        ExitCode.failure,
      );
    }
    const metadata = await jsonObjectOf(res);
    if (!metadata) {
      tried.push(`${url} answered ${res.status}${res.status === 200 ? ' without a JSON object' : ''}`);
      await res.body?.cancel().catch(() => {});
      continue;
    }
    if (metadata.issuer !== issuer) {
      throw new CliError(
        `the authorization server metadata at ${url} names the issuer ${String(metadata.issuer)}, not ${issuer}; refusing to use it`,
        ExitCode.failure,
      );
    }
    return { url, metadata };
  }
  throw new CliError(`cannot read the authorization server metadata of ${issuer}: ${tried.join('; ')}`, ExitCode.failure);
}

/** Discovers the authorization server of the API at `origin`. */
export async function discoverService(origin: string, options: OAuthOptions): Promise<DiscoveredService> {
  const resource = apiResource(origin);
  const prm = await protectedResourceMetadata(origin, options);
  // RFC 9728 §3.3: the metadata must be about the resource we asked for.
  if (prm.resource !== resource)
    throw new CliError(`the protected-resource metadata of ${origin} describes ${String(prm.resource)}, not ${resource}`, ExitCode.failure);
  const servers = Array.isArray(prm.authorization_servers) ? prm.authorization_servers : [];
  const issuer = checkedEndpoint(servers[0], 'issuer named by the protected-resource metadata');

  const { url: metadataUrl, metadata } = await authorizationServerMetadata(issuer, options);
  const methods = metadata.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256'))
    throw new CliError(`the authorization server ${issuer} does not support PKCE with S256`, ExitCode.failure);
  return {
    origin,
    resource,
    server: {
      issuer,
      authorizationEndpoint: checkedEndpoint(metadata.authorization_endpoint, 'authorization_endpoint'),
      tokenEndpoint: checkedEndpoint(metadata.token_endpoint, 'token_endpoint'),
      ...(metadata.revocation_endpoint ? { revocationEndpoint: checkedEndpoint(metadata.revocation_endpoint, 'revocation_endpoint') } : {}),
      issParameterSupported: metadata.authorization_response_iss_parameter_supported === true,
    },
    metadataUrl,
    ...(metadata.registration_endpoint
      ? { registrationEndpoint: checkedEndpoint(metadata.registration_endpoint, 'registration_endpoint') }
      : {}),
    clientIdMetadataDocumentSupported: metadata.client_id_metadata_document_supported === true,
  };
}
