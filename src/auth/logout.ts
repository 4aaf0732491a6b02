// `wts logout`: end the connection at the service (RFC 7009: the refresh token first, which ends the
// grant, then the access token), then forget the credentials here. Under the connection's lock, so no
// refresh races it.
import { forgetEndedSignIn } from './ended.js';
import type { CommandContext } from '../context.js';
import { messageOf } from '../errors.js';
import { withLock } from './lock.js';
import { connectionHandle, openProfileStore } from './connection.js';
import type { StoredCredentials } from './credentials.js';
import { notSignedIn } from './lifecycle.js';
import { loadOpenidClient, oauthConfiguration, oauthErrorOf, transportFailureOf, type OAuthOptions } from './oauth-client.js';
import type { ProfileAuth } from './profile-auth.js';
import { authTimings } from './settings.js';

export interface Revocation {
  /** Why the service could not be told to end the connection; undefined when it ended it. */
  problem?: string;
  /** The refresh token was revoked, which ends the grant (RFC 7009 §2.1). */
  refreshTokenRevoked?: boolean;
  /**
   * The access token was not revoked (the service does not revoke access tokens, RFC 7009 §2.2.1
   * unsupported_token_type, or could not be asked): it may work until it expires.
   */
  accessTokenNotRevoked?: boolean;
}

export interface LogoutOutcome extends Revocation {
  profile: string;
  origin: string;
  storeDescription: string;
  /** When the access token that may outlive the sign-out expires (ms since the epoch). */
  accessTokenExpiresAt?: number;
}

/**
 * Ends a connection at the service: its refresh token first, which ends the grant (RFC 7009 §2.1),
 * then its access token. A service that does not revoke access tokens answers unsupported_token_type
 * (RFC 7009 §2.2.1), which is no failure: the refresh token is what keeps a connection alive.
 */
export async function revokeConnection(credentials: StoredCredentials, options: OAuthOptions): Promise<Revocation> {
  if (!credentials.server.revocationEndpoint) return { problem: 'the service offers no revocation endpoint', accessTokenNotRevoked: true };
  const oidc = await loadOpenidClient();
  let config: Awaited<ReturnType<typeof oauthConfiguration>>;
  try {
    config = await oauthConfiguration(credentials.server, credentials.client, options);
  } catch (err) {
    // A client that cannot authenticate (its key file gone, say) cannot ask.
    return { problem: messageOf(err), accessTokenNotRevoked: true };
  }
  const revoke = async (token: string, hint: 'refresh_token' | 'access_token'): Promise<{ error?: string; text: string } | undefined> => {
    try {
      await oidc.tokenRevocation(config, token, { token_type_hint: hint });
      return undefined;
    } catch (err) {
      const answer = oauthErrorOf(err);
      if (answer) return { error: answer.error, text: `${answer.error}${answer.description ? `: ${answer.description}` : ''}` };
      return { text: transportFailureOf(err).reason };
    }
  };
  const refreshTokenRevoked = credentials.refreshToken !== undefined;
  if (credentials.refreshToken) {
    const failed = await revoke(credentials.refreshToken, 'refresh_token');
    if (failed) return { problem: failed.text, accessTokenNotRevoked: true };
  }
  const failed = await revoke(credentials.accessToken, 'access_token');
  if (!failed) return { refreshTokenRevoked };
  options.debug?.(`* the access token was not revoked: ${failed.text}`);
  // With the refresh token revoked the connection has ended; an access token the service keeps is
  // only a token that lives until it expires.
  if (refreshTokenRevoked || failed.error === 'unsupported_token_type') return { refreshTokenRevoked, accessTokenNotRevoked: true };
  return { problem: failed.text, accessTokenNotRevoked: true };
}

export async function runLogout(ctx: CommandContext): Promise<LogoutOutcome> {
  const { profile, origin, auth, store } = openProfileStore(ctx);
  const handle = connectionHandle(ctx, profile, origin, store);
  const { revocation, expiresAt } = await withLock(handle.lockPath, `signing out of profile ${profile}`, handle.lock, async () => {
    const credentials = await store.read();
    if (!credentials || credentials.origin !== origin) throw notSignedIn(origin);
    const outcome = await revokeConnection(credentials, { ...handle.oauth, timeoutSeconds: authTimings(ctx.env).oauthTimeoutSeconds });
    await store.remove();
    forgetEndedSignIn(handle.lockPath);
    return { revocation: outcome, expiresAt: credentials.expiresAt };
  });
  if (auth) {
    // Keep the registration for the next sign-in; drop what pointed at the credentials.
    const kept: ProfileAuth = { server: auth.server, client: auth.client };
    ctx.config.updateProfile(profile, (current) => ({ ...current, origin: current?.origin ?? origin, auth: kept }));
  }
  return {
    profile,
    origin,
    storeDescription: store.description,
    ...revocation,
    ...(revocation.accessTokenNotRevoked && expiresAt !== undefined ? { accessTokenExpiresAt: expiresAt } : {}),
  };
}
