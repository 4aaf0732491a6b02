// OAuth endpoints answer RFC 6749 JSON errors, never problem+json, and never cache.

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'unsupported_response_type'
  | 'access_denied'
  | 'unsupported_token_type'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'server_error';

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = error === 'invalid_client' ? 401 : error === 'server_error' ? 500 : 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${error}: ${description}`);
  }
}

export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...NO_STORE, ...headers },
  });
}

export function oauthErrorResponse(err: OAuthError): Response {
  return jsonResponse(err.status, { error: err.error, error_description: err.description }, err.headers);
}
