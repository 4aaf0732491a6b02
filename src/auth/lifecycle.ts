// The token lifecycle of one connection: an access token about to expire (or refused with 401) is
// refreshed under the connection's lock file. Under the lock the store is read again, because another
// process may have refreshed meanwhile: then its tokens are used, and the refresh token it superseded
// is never presented (the service would revoke the whole connection). Otherwise: refresh once, write
// the new tokens, and only then release. What a failed refresh costs depends on what was answered (see
// refresh-failure.ts); a refresh whose outcome is unknown is repeated at most once: see refresh-intent.ts.
import { hostname } from 'node:os';
import type { TokenSource } from '../api/client.js';
import { type ApiError, CliError, ExitCode, messageOf, refusalText } from '../errors.js';
import { isExpiring, withTokenResponse, type StoredCredentials } from './credentials.js';
import { endedSignInError, recordEndedSignIn, type EndedSignIn } from './ended.js';
import { clockTime, withLock, type LockOwner } from './lock.js';
import {
  loadOpenidClient,
  oauthConfiguration,
  oauthErrorOf,
  transportFailureOf,
  type AnswerWatch,
  type OAuthOptions,
} from './oauth-client.js';
import { refreshFailure, type RefreshFailure } from './refresh-failure.js';
import {
  clearRefreshIntent,
  interruptedRefresh,
  interruptedRefreshError,
  lostThenRotatedError,
  mayPresentOnceMore,
  recordRefreshIntent,
  recordRefreshOutcome,
  refreshIntentPath,
  rotatedUnreadableError,
  type RefreshIntent,
} from './refresh-intent.js';
import { DetailsNotSaved } from './stores/keychain.js';
import type { CredentialStore } from './stores/store.js';

export interface ConnectionHandle {
  profile: string;
  origin: string;
  store: CredentialStore;
  lockPath: string;
  lock: { staleMs: number; waitMs: number };
  oauth: OAuthOptions;
  now(): number;
  debug(line: string): void;
  /** A line on stderr for the person waiting (on a terminal only). */
  notice(line: string): void;
}

export interface RefreshWanted {
  /** The access token the API refused with 401. */
  rejected?: string;
  /** Refresh even if another process just did (`wts auth refresh`). */
  force?: boolean;
}

export function notSignedIn(origin: string): CliError {
  return new CliError(`not signed in to ${origin} — run \`wts login\``, ExitCode.signIn);
}

/**
 * Whether the store holds tokens another process obtained after ours: different from what we held,
 * not the one just refused, and not about to expire. Then they are used as they are.
 */
export function alreadyRefreshed(latest: StoredCredentials, held: StoredCredentials, want: RefreshWanted, nowMs: number): boolean {
  if (want.force) return false;
  return latest.accessToken !== held.accessToken && latest.accessToken !== want.rejected && !isExpiring(latest, nowMs);
}

/** Said once, on a terminal, when the wait for the lock lasts 2 s: who holds it, since when, how long we wait. */
function waitNotice(conn: ConnectionHandle) {
  return (holder: LockOwner | undefined) => {
    const who = holder
      ? `wts process ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`} (${holder.purpose}, since ${clockTime(holder.createdAt)})`
      : 'another wts process';
    conn.notice(`wts: waiting for ${who}; giving up after ${Math.round(conn.lock.waitMs / 1000)} s (WTS_LOCK_WAIT_MS)…`);
  };
}

/** The whole sequence under the lock: read the store again, use another process's tokens or refresh, write. */
export async function refreshUnderLock(conn: ConnectionHandle, held: StoredCredentials, want: RefreshWanted): Promise<StoredCredentials> {
  conn.debug(`* refreshing the access token under ${conn.lockPath}`);
  return withLock(
    conn.lockPath,
    `refreshing the sign-in of profile ${conn.profile}`,
    { ...conn.lock, onLongWait: waitNotice(conn) },
    async () => {
      const latest = await conn.store.read();
      if (!latest || latest.origin !== conn.origin) throw notSignedIn(conn.origin);
      if (alreadyRefreshed(latest, held, want, conn.now())) {
        conn.debug('* another wts process already refreshed the tokens; using them');
        return latest;
      }
      return refreshAndStore(conn, latest);
    },
  );
}

/**
 * One refresh request, and the new tokens written. The same refresh token is presented again only when
 * no tokens can have been issued for it, or, once, after an answer that was lost (refresh-intent.ts).
 */
async function refreshAndStore(conn: ConnectionHandle, latest: StoredCredentials): Promise<StoredCredentials> {
  if (!latest.refreshToken) {
    throw new CliError(
      'the access token expired and this connection has no refresh token (offline_access was not granted) — run `wts login`',
      ExitCode.signIn,
    );
  }
  const intentPath = refreshIntentPath(conn.lockPath);
  const interrupted = interruptedRefresh(intentPath, latest.refreshToken);
  if (interrupted && !mayPresentOnceMore(interrupted)) throw interruptedRefreshError(interrupted);
  if (interrupted) conn.debug('* the answer to the last refresh was lost; presenting the refresh token once more');
  const watch: AnswerWatch = {};
  const oidc = await loadOpenidClient();
  const config = await oauthConfiguration(latest.server, latest.client, { ...conn.oauth, watch });
  // From here until the answer is stored, the outcome is unknown to anyone but the service.
  const intent = recordRefreshIntent(intentPath, latest.refreshToken, conn.now(), interrupted?.startedAt);
  let response;
  try {
    response = await oidc.refreshTokenGrant(config, latest.refreshToken, { resource: latest.resource });
  } catch (err) {
    throw await failedRefresh(conn, latest, intent, refreshFailure(oauthErrorOf(err), watch.last, transportFailureOf(err)));
  }
  const now = conn.now();
  const next = withTokenResponse({ ...latest, refreshedAt: now }, response, now, latest.scopes);
  try {
    await conn.store.write(next);
  } catch (err) {
    if (err instanceof DetailsNotSaved) {
      // The new tokens are stored; only their expiry is not, which the next run takes as unknown.
      conn.notice(`wts: ${err.message}`);
    } else {
      // The record stays: the old refresh token was superseded.
      throw refreshedNotSaved(err);
    }
  }
  clearRefreshIntent(intentPath);
  conn.debug(
    `* refreshed; the new access token expires in ${next.expiresAt === undefined ? '?' : Math.round((next.expiresAt - now) / 1000)} s`,
  );
  return next;
}

/**
 * The new tokens could not be stored: the service has replaced the refresh token, so the sign-in is
 * lost, and the user is told so plainly. (The store never fails for a token's size: keychain entries are
 * split where the platform limits them.)
 */
function refreshedNotSaved(err: unknown): CliError {
  return new CliError(
    `the sign-in was refreshed but the new tokens could not be saved (${messageOf(err)}); the old ones no longer work — run \`wts login\``,
    ExitCode.failure,
  );
}

/** What a failed refresh leaves behind (the store, the intent record) and the error that says so. */
async function failedRefresh(
  conn: ConnectionHandle,
  latest: StoredCredentials,
  intent: RefreshIntent,
  failure: RefreshFailure,
): Promise<CliError> {
  const intentPath = refreshIntentPath(conn.lockPath);
  const endpoint = latest.server.tokenEndpoint;
  switch (failure.kind) {
    case 'refused': {
      const { answer } = failure;
      if (answer.error === 'invalid_grant') {
        // Kept so `wts auth status` can say who was signed in and why it stopped.
        const ended: EndedSignIn = {
          origin: conn.origin,
          user: latest.user ?? null,
          endedAt: new Date(conn.now()).toISOString(),
          why: answer.description ? `${answer.error}: ${answer.description}` : answer.error,
        };
        recordEndedSignIn(conn.lockPath, ended);
        await conn.store.remove();
        clearRefreshIntent(intentPath);
        return intent.retryOf === undefined ? endedSignInError(conn.profile, ended, conn.now()) : lostThenRotatedError(intent.retryOf);
      }
      // The service answered: it refused, so the refresh token did not rotate.
      clearRefreshIntent(intentPath);
      const detail = answer.description ? `${answer.error}: ${answer.description}` : answer.error;
      return new CliError(
        `the sign-in could not be refreshed (${detail}) — try again, or run \`wts login\``,
        answer.error === 'invalid_client' ? ExitCode.signIn : ExitCode.failure,
      );
    }
    case 'not-issued':
      // Tokens come only with a 200: none were issued to us, and the refresh token stays ours to present.
      clearRefreshIntent(intentPath);
      return new CliError(
        `the sign-in could not be refreshed: ${endpoint} answered ${failure.what}, not an OAuth answer; no new tokens were issued and the sign-in is kept — try again`,
        ExitCode.failure,
      );
    case 'unreadable':
      recordRefreshOutcome(intentPath, intent, 'unreadable', failure.what);
      return rotatedUnreadableError(intent.startedAt, failure.what);
    case 'not-sent':
      clearRefreshIntent(intentPath);
      return new CliError(`the sign-in could not be refreshed: cannot reach ${endpoint}: ${failure.reason} — try again`, ExitCode.failure);
    case 'lost': {
      // The request may have reached the service, which may have rotated the refresh token: the record
      // stays, and says that the token may be presented once more (by the next command, under the lock).
      const recorded = recordRefreshOutcome(intentPath, intent, 'lost', failure.reason);
      if (!mayPresentOnceMore(recorded)) return interruptedRefreshError(recorded);
      return new CliError(
        `the sign-in could not be refreshed: the answer from ${endpoint} was lost (${failure.reason}); the next command presents the refresh token once more — try again`,
        ExitCode.failure,
      );
    }
  }
}

/**
 * The TokenSource of a signed-in profile: refreshes ahead of expiry, and at most once per token after
 * 401s, however many requests were refused with it at once; a 401 on the token that refresh gave is final.
 */
export class TokenLifecycle implements TokenSource {
  private pending: Promise<StoredCredentials> | undefined;
  /** The access token a 401 led to (by a refresh here, or another process's): a 401 on it is not renewed. */
  private renewedOn401: string | undefined;
  /** The API refused the current token for good: every later request fails with this at once. */
  private refusal: { token: string; error: Error } | undefined;

  constructor(
    private readonly conn: ConnectionHandle,
    private current: StoredCredentials,
  ) {}

  get credentials(): StoredCredentials {
    return this.current;
  }

  async accessToken(): Promise<string> {
    if (this.refusal?.token === this.current.accessToken) throw this.refusal.error;
    if (!isExpiring(this.current, this.conn.now())) return this.current.accessToken;
    return (await this.refresh({})).accessToken;
  }

  async renew(rejected: string): Promise<string | undefined> {
    // Another request refused with the same token has already replaced it (or is replacing it): use that.
    if (this.pending) return (await this.pending).accessToken;
    if (rejected !== this.current.accessToken) return this.current.accessToken;
    if (rejected === this.renewedOn401) return undefined;
    const next = await this.refresh({ rejected });
    this.renewedOn401 = next.accessToken;
    return next.accessToken;
  }

  refused(token: string, error: ApiError): Error | undefined {
    if (token !== this.renewedOn401) return undefined;
    const final = new CliError(
      `the service refused the access token again right after a refresh (${refusalText(error)}) — run \`wts login\``,
      ExitCode.signIn,
    );
    if (token === this.current.accessToken) this.refusal = { token, error: final };
    return final;
  }

  /** `wts auth refresh`: a new access token now. */
  async forceRefresh(): Promise<StoredCredentials> {
    return this.refresh({ force: true });
  }

  /** One refresh at a time within this process too; concurrent callers share it. */
  private refresh(want: RefreshWanted): Promise<StoredCredentials> {
    this.pending ??= refreshUnderLock(this.conn, this.current, want)
      .then((next) => (this.current = next))
      .finally(() => (this.pending = undefined));
    return this.pending;
  }
}
