// Discovery documents: RFC 8414 authorization server metadata and RFC 9728 protected-resource metadata.
import { SIGNING_ALGS, SUPPORTED_GRANT_TYPES, SUPPORTED_SCOPES } from './client-metadata.js';
import { CLIENT_AUTH_METHODS } from './state.js';

export const RESOURCE_PATHS = ['/api/v1', '/mcp'] as const;
export type ResourcePath = (typeof RESOURCE_PATHS)[number];

const RESOURCE_NAMES: Record<ResourcePath, string> = {
  '/api/v1': 'Workspace Task Service API (sandbox)',
  '/mcp': 'Workspace Task Service tool server (sandbox)',
};

export interface Endpoints {
  issuer: string;
  authorization: string;
  token: string;
  registration: string;
  revocation: string;
}

export function endpointsOf(origin: string): Endpoints {
  return {
    issuer: origin,
    authorization: `${origin}/oauth/authorize`,
    token: `${origin}/oauth/token`,
    registration: `${origin}/oauth/register`,
    revocation: `${origin}/oauth/revoke`,
  };
}

/**
 * The path of the resource a resource indicator (RFC 8707) names on this origin, or undefined for any
 * other. Grants and tokens keep paths, not URLs, so that they survive a restart on another port.
 */
export function resourcePathOf(origin: string, resource: string): ResourcePath | undefined {
  return RESOURCE_PATHS.find((path) => `${origin}${path}` === resource);
}

export function authorizationServerMetadata(origin: string): Record<string, unknown> {
  const e = endpointsOf(origin);
  return {
    issuer: e.issuer,
    authorization_endpoint: e.authorization,
    token_endpoint: e.token,
    registration_endpoint: e.registration,
    revocation_endpoint: e.revocation,
    scopes_supported: SUPPORTED_SCOPES,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: SUPPORTED_GRANT_TYPES,
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    token_endpoint_auth_signing_alg_values_supported: SIGNING_ALGS,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    revocation_endpoint_auth_signing_alg_values_supported: SIGNING_ALGS,
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
  };
}

export function protectedResourceMetadata(origin: string, path: ResourcePath): Record<string, unknown> {
  return {
    resource: `${origin}${path}`,
    authorization_servers: [origin],
    // offline_access too: clients such as the MCP SDK request exactly these, and need it for a refresh token.
    scopes_supported: SUPPORTED_SCOPES,
    bearer_methods_supported: ['header'],
    resource_name: RESOURCE_NAMES[path],
  };
}
