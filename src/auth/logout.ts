// `wts logout`: revoke the refresh token at the service (RFC 7009, which ends the connection), then
// forget the credentials here. Under the connection's lock, so no refresh races it.
import type { CommandContext } from '../context.js';
import { withLock } from './lock.js';
import { connectionHandle, openProfileStore } from './connection.js';
import type { StoredCredentials } from './credentials.js';
import { notSignedIn } from './lifecycle.js';
import { loadOpenidClient, oauthConfiguration, oauthErrorOf, transportFailureOf, type OAuthOptions } from './oauth-client.js';
import type { ProfileAuth } from './profile-auth.js';
import { authTimings } from './settings.js';

export interface LogoutOutcome {
  profile: string;
  origin: string;
  storeDescription: string;
  /** Why the service could not be told; undefined when it revoked the connection. */
  revocationProblem?: string;
}

/** Revokes the connection's refresh token (or its access token when it has none). */
export async function revokeConnection(credentials: StoredCredentials, options: OAuthOptions): Promise<string | undefined> {
  if (!credentials.server.revocationEndpoint) return 'the service offers no revocation endpoint';
  const oidc = await loadOpenidClient();
  const token = credentials.refreshToken ?? credentials.accessToken;
  try {
    const config = await oauthConfiguration(credentials.server, credentials.client, options);
    await oidc.tokenRevocation(config, token, { token_type_hint: credentials.refreshToken ? 'refresh_token' : 'access_token' });
    return undefined;
  } catch (err) {
    const answer = oauthErrorOf(err);
    return answer ? `${answer.error}${answer.description ? `: ${answer.description}` : ''}` : transportFailureOf(err).reason;
  }
}

export async function runLogout(ctx: CommandContext): Promise<LogoutOutcome> {
  const { profile, origin, auth, store } = openProfileStore(ctx);
  const handle = connectionHandle(ctx, profile, origin, store);
  const revocationProblem = await withLock(handle.lockPath, `signing out of profile ${profile}`, handle.lock, async () => {
    const credentials = await store.read();
    if (!credentials || credentials.origin !== origin) throw notSignedIn(origin);
    const problem = await revokeConnection(credentials, { ...handle.oauth, timeoutSeconds: authTimings(ctx.env).oauthTimeoutSeconds });
    await store.remove();
    return problem;
  });
  if (auth) {
    // Keep the registration for the next sign-in; drop what pointed at the credentials.
    const kept: ProfileAuth = { server: auth.server, client: auth.client };
    ctx.config.updateProfile(profile, (current) => ({ ...current, origin: current?.origin ?? origin, auth: kept as unknown as Record<string, unknown> }));
  }
  return { profile, origin, storeDescription: store.description, ...(revocationProblem ? { revocationProblem } : {}) };
}
