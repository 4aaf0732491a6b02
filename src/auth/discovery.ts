// From an origin to its authorization server: the API's protected-resource metadata (RFC 9728) names
// the server, whose own metadata (RFC 8414) gives the endpoints.
import { CliError, ExitCode } from '../errors.js';
import type { ServerEndpoints } from './credentials.js';
import { discoveryOptions, loadOpenidClient, tracedFetch, transportFailureOf, type OAuthOptions } from './oauth-client.js';
import { isLoopbackHost } from './origin.js';

export const API_PATH = '/api/v1';

export interface DiscoveredService {
  origin: string;
  /** The resource indicator of the API: {origin}/api/v1. */
  resource: string;
  server: ServerEndpoints;
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

async function protectedResourceMetadata(origin: string, options: OAuthOptions): Promise<{ resource?: unknown; authorization_servers?: unknown }> {
  const url = `${origin}/.well-known/oauth-protected-resource${API_PATH}`;
  let res: Response;
  try {
    res = await tracedFetch(options.debug)(url, { method: 'GET', headers: { accept: 'application/json' }, redirect: 'manual', body: undefined, signal: AbortSignal.timeout(options.timeoutSeconds * 1000) });
  } catch (err) {
    throw new CliError(`cannot reach ${origin}: ${transportFailureOf(err).reason}`, ExitCode.failure);
  }
  if (res.status !== 200) throw new CliError(`${origin} is not a Workspace Task Service: ${url} answered ${res.status}`, ExitCode.failure);
  try {
    return (await res.json()) as { resource?: unknown; authorization_servers?: unknown };
  } catch {
    throw new CliError(`${origin} is not a Workspace Task Service: ${url} is not JSON`, ExitCode.failure);
  }
}

/** Discovers the authorization server of the API at `origin`. */
export async function discoverService(origin: string, options: OAuthOptions): Promise<DiscoveredService> {
  const resource = apiResource(origin);
  const prm = await protectedResourceMetadata(origin, options);
  // RFC 9728 §3.3: the metadata must be about the resource we asked for.
  if (prm.resource !== resource) throw new CliError(`the protected-resource metadata of ${origin} describes ${String(prm.resource)}, not ${resource}`, ExitCode.failure);
  const servers = Array.isArray(prm.authorization_servers) ? prm.authorization_servers : [];
  const issuer = checkedEndpoint(servers[0], 'issuer named by the protected-resource metadata');

  const oidc = await loadOpenidClient();
  let metadata: Readonly<Record<string, unknown>>;
  try {
    const config = await oidc.discovery(new URL(issuer), 'wts', undefined, oidc.None(), await discoveryOptions(issuer, options));
    metadata = config.serverMetadata();
  } catch (err) {
    throw new CliError(`cannot read the authorization server metadata of ${issuer}: ${(err as Error).message}`, ExitCode.failure);
  }
  const methods = metadata.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256')) throw new CliError(`the authorization server ${issuer} does not support PKCE with S256`, ExitCode.failure);
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
    ...(metadata.registration_endpoint ? { registrationEndpoint: checkedEndpoint(metadata.registration_endpoint, 'registration_endpoint') } : {}),
    clientIdMetadataDocumentSupported: metadata.client_id_metadata_document_supported === true,
  };
}
