// Which client `wts login` signs in as: one registered dynamically (RFC 7591) once per origin and kept
// in the profile; a client ID metadata document (--client-id URL); or a client registered beforehand
// (--client-id ID) with a secret (WTS_CLIENT_SECRET) or a private key (--client-key FILE).
import { CliError, ExitCode } from '../errors.js';
import type { ClientAuthMethod, ClientIdentity } from './credentials.js';
import type { DiscoveredService } from './discovery.js';
import {
  discoveryOptions,
  loadOpenidClient,
  oauthConfiguration,
  oauthErrorOf,
  transportFailureOf,
  type OAuthOptions,
} from './oauth-client.js';
import { checkedOrigin } from './origin.js';

/** Registered once; for a native client any port matches a loopback IP redirect URI (RFC 8252 §7.3). */
export const LOOPBACK_REDIRECT_URI = 'http://127.0.0.1/callback';

export type LoginClient = ClientIdentity & { secret?: string };

export interface ClientFlags {
  clientId?: string;
  clientKey?: string;
  clientAuth?: ClientAuthMethod;
  /** WTS_CLIENT_SECRET: a secret is never taken from the command line. */
  clientSecret?: string;
}

/** A client given on the command line, or undefined when wts should use its own registration. */
export function clientFromFlags(flags: ClientFlags, service: DiscoveredService): LoginClient | undefined {
  if (!flags.clientId) {
    if (flags.clientKey || flags.clientAuth) throw new CliError('--client-key and --client-auth need --client-id', ExitCode.usage);
    return undefined;
  }
  const isDocument = /^https?:\/\//i.test(flags.clientId);
  const method: ClientAuthMethod =
    flags.clientAuth ?? (flags.clientKey ? 'private_key_jwt' : flags.clientSecret && !isDocument ? 'client_secret_basic' : 'none');
  if (method === 'private_key_jwt' && !flags.clientKey)
    throw new CliError('--client-auth private_key_jwt needs --client-key FILE', ExitCode.usage);
  if ((method === 'client_secret_basic' || method === 'client_secret_post') && !flags.clientSecret) {
    throw new CliError(`--client-auth ${method} needs the secret in WTS_CLIENT_SECRET`, ExitCode.usage);
  }
  if (isDocument) {
    checkedOrigin(flags.clientId, 'the client ID URL', true);
    if (!service.clientIdMetadataDocumentSupported)
      throw new CliError(
        `the authorization server ${service.server.issuer} does not accept client ID metadata documents; leave out --client-id`,
        ExitCode.usage,
      );
    if (method !== 'none' && method !== 'private_key_jwt')
      throw new CliError(
        'a client ID metadata document cannot hold a secret: use --client-key or no client authentication',
        ExitCode.usage,
      );
    return {
      id: flags.clientId,
      authMethod: method,
      registration: 'metadata-document',
      ...(flags.clientKey ? { keyFile: flags.clientKey } : {}),
    };
  }
  return {
    id: flags.clientId,
    authMethod: method,
    registration: 'pre-registered',
    ...(flags.clientKey ? { keyFile: flags.clientKey } : {}),
    ...(flags.clientSecret && (method === 'client_secret_basic' || method === 'client_secret_post') ? { secret: flags.clientSecret } : {}),
  };
}

/**
 * Registers wts as a public native client with a loopback redirect, both grant types. Without
 * `application_type: native` a server takes it for a web client (OpenID Connect Dynamic Registration
 * §2) and matches the redirect's port exactly, which a listener on a free port can never meet.
 */
export async function registerClient(service: DiscoveredService, options: OAuthOptions): Promise<LoginClient> {
  if (!service.registrationEndpoint) {
    throw new CliError(
      `the authorization server ${service.server.issuer} offers no dynamic registration; pass --client-id`,
      ExitCode.usage,
    );
  }
  const oidc = await loadOpenidClient();
  let config;
  try {
    // The metadata's own URL (wherever discovery found it), which openid-client reads as it is.
    config = await oidc.dynamicClientRegistration(
      new URL(service.metadataUrl),
      {
        client_name: 'wts (Workspace Task Service CLI)',
        application_type: 'native',
        redirect_uris: [LOOPBACK_REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
      oidc.None(),
      await discoveryOptions(service.server.issuer, options),
    );
  } catch (err) {
    const answer = oauthErrorOf(err);
    const why = answer ? `${answer.error}${answer.description ? `: ${answer.description}` : ''}` : transportFailureOf(err).reason;
    throw new CliError(`cannot register wts with ${service.server.issuer}: ${why}`, ExitCode.failure);
  }
  const metadata = config.clientMetadata();
  const secret = typeof metadata.client_secret === 'string' ? metadata.client_secret : undefined;
  return {
    id: metadata.client_id,
    authMethod: (metadata.token_endpoint_auth_method as ClientAuthMethod | undefined) ?? (secret ? 'client_secret_basic' : 'none'),
    registration: 'dynamic',
    applicationType: 'native',
    ...(secret ? { secret } : {}),
  };
}

/**
 * Whether the server still knows a registration kept from an earlier sign-in (a sandbox restarted
 * without its data forgets them). A refresh with a made-up token is answered invalid_grant by a server
 * that knows the client, invalid_client by one that does not; it changes nothing on the server.
 */
export async function registrationStillKnown(service: DiscoveredService, client: LoginClient, options: OAuthOptions): Promise<boolean> {
  const oidc = await loadOpenidClient();
  const config = await oauthConfiguration(service.server, client, options);
  try {
    await oidc.refreshTokenGrant(config, 'wts-registration-check');
    return true;
  } catch (err) {
    return oauthErrorOf(err)?.error !== 'invalid_client';
  }
}
