// `wts login`: the authorization code flow with PKCE on a loopback redirect (RFC 8252), one attempt.
//   discover → choose the client → listen on 127.0.0.1 → open the browser (or print the URL and read a
//   pasted answer) → check the callback → exchange the code at once → keep the tokens.
import { randomBytes } from 'node:crypto';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode, messageOf } from '../errors.js';
import { openBrowser } from './browser.js';
import { clientFromFlags, registerClient, registrationStillKnown, type ClientFlags, type LoginClient } from './client-registration.js';
import { connectionHandle } from './connection.js';
import { withTokenResponse, type StoredCredentials } from './credentials.js';
import { discoverService, type DiscoveredService } from './discovery.js';
import { forgetEndedSignIn } from './ended.js';
import { withLock } from './lock.js';
import { revokeConnection } from './logout.js';
import { startLoopbackListener, type CallbackPage, type LoopbackCallback } from './loopback.js';
import { loadOpenidClient, oauthConfiguration, oauthErrorOf, transportFailureOf, type OAuthOptions } from './oauth-client.js';
import { readPastedCallback } from './paste.js';
import { OFFLINE_ACCESS } from '../contract/operations.js';
import { openStore, profileAuthIfReadable, type ProfileAuth } from './profile-auth.js';
import { authTimings } from './settings.js';
import { defaultCredentialsFile, type StoreChoice } from './store-choice.js';
import { keychainName, keychainProblem, KeychainStore } from './stores/keychain.js';
import { FileStore } from './stores/file.js';
import type { CredentialStore } from './stores/store.js';

export interface LoginRequest extends ClientFlags {
  origin: string;
  profile: string;
  scopes: string[];
  /** false with --no-browser: print the URL and also read a pasted answer. */
  openBrowser: boolean;
  port?: number;
  store: StoreChoice;
  /**
   * This sign-in is for the runs that name its credentials file (WTS_CREDENTIALS_FILE, say a CI secret):
   * the profile in the configuration is left as it was, and the profile's own sign-in is neither
   * replaced, removed nor revoked.
   */
  thisFileOnly: boolean;
}

export interface LoginOutcome {
  credentials: StoredCredentials;
  store: CredentialStore;
  /** Scopes asked for and not granted. */
  notGranted: string[];
}

/** What one sign-in attempt must find in the callback: fresh per attempt. */
export interface AttemptChecks {
  expectedState: string;
  /** RFC 9207: the issuer must name itself on the redirect (when it says it does). */
  expectedIssuer: string | undefined;
  pkceCodeVerifier: string;
}

/** Why a callback cannot be used, as one line; undefined when it carries a code for this attempt. */
export function callbackProblem(
  url: URL,
  checks: Pick<AttemptChecks, 'expectedState' | 'expectedIssuer'>,
): { message: string; exitCode: (typeof ExitCode)['signIn' | 'failure'] } | undefined {
  const params = url.searchParams;
  // The state comes first: an answer to another attempt (or forged) is refused before anything else is read.
  if (params.get('state') !== checks.expectedState) {
    return {
      message:
        'the browser came back with a state that does not match this sign-in attempt (a stale tab, or a forged redirect); nothing was exchanged — run `wts login` again',
      exitCode: ExitCode.failure,
    };
  }
  const iss = params.get('iss');
  if (checks.expectedIssuer !== undefined && iss !== checks.expectedIssuer) {
    return {
      message: `the answer came from ${iss ?? 'an unnamed issuer'}, not ${checks.expectedIssuer}; nothing was exchanged — run \`wts login\` again`,
      exitCode: ExitCode.failure,
    };
  }
  const error = params.get('error');
  if (error) {
    const description = params.get('error_description');
    const what = error === 'access_denied' ? 'access was denied in the browser' : `the authorization server refused the sign-in (${error})`;
    return { message: `${what}${description ? `: ${description}` : ''} — run \`wts login\` to try again`, exitCode: ExitCode.signIn };
  }
  if (!params.get('code'))
    return { message: 'the browser came back without an authorization code — run `wts login` again', exitCode: ExitCode.failure };
  return undefined;
}

/**
 * The scopes asked for and not granted. `scope` in a token response is the access token's scope (RFC
 * 6749 §5.1), which a server may give without offline_access while issuing a refresh token: offline
 * access is granted when a refresh token came, whatever the scope says.
 */
export function notGranted(asked: string[], credentials: Pick<StoredCredentials, 'scopes' | 'refreshToken'>): string[] {
  return asked.filter((s) => (s === OFFLINE_ACCESS ? !credentials.refreshToken : !credentials.scopes.includes(s)));
}

function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  const s = Math.round(ms / 100) / 10;
  return `${s} second${s === 1 ? '' : 's'}`;
}

/** Fails the wait after `ms`. */
function timeoutAfter(ms: number): { promise: Promise<never>; cancel(): void } {
  let timer: NodeJS.Timeout;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new CliError(`the sign-in was not completed within ${formatDuration(ms)} — run \`wts login\` to try again`, ExitCode.signIn),
        ),
      ms,
    );
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/** The keychain must work before the browser is opened, or the user would sign in for nothing. */
async function checkStoreUsable(ctx: CommandContext, store: CredentialStore): Promise<void> {
  if (!(store instanceof KeychainStore)) return;
  const problem = await keychainProblem(store);
  if (problem === undefined) return;
  const file = ctx.env.WTS_CREDENTIALS_FILE || defaultCredentialsFile(ctx.config.dir);
  throw new CliError(
    `cannot keep the credentials in ${keychainName()}: ${problem}. Choose where they go instead: \`wts login --store file\` keeps them in ${file} (mode 0600, readable only by you), or start and unlock a keychain and try again`,
    ExitCode.failure,
  );
}

/** A registration wts made itself as a native client (older ones, made as web clients, are not reused). */
function nativeRegistration(auth: ProfileAuth | undefined, issuer: string): ProfileAuth['client'] | undefined {
  if (auth?.client.registration !== 'dynamic' || auth.client.applicationType !== 'native' || auth.server.issuer !== issuer)
    return undefined;
  return auth.client;
}

/** The client to sign in as: from the flags, else a registration kept from before (this profile's, or another profile's for the same server), else a new one. */
async function chooseClient(
  ctx: CommandContext,
  req: LoginRequest,
  service: DiscoveredService,
  previous: StoredCredentials | undefined,
  options: OAuthOptions,
): Promise<LoginClient> {
  const given = clientFromFlags(req, service);
  if (given) return given;
  const kept: LoginClient[] = [];
  const mine = nativeRegistration(profileAuthIfReadable(ctx, req.profile), service.server.issuer);
  if (mine) {
    const secret = previous?.client.id === mine.id ? previous.client.secret : undefined;
    if (mine.authMethod === 'none' || secret) kept.push({ ...mine, ...(secret ? { secret } : {}) });
  }
  for (const [name] of Object.entries(ctx.config.read().profiles)) {
    const other = name === req.profile ? undefined : nativeRegistration(profileAuthIfReadable(ctx, name), service.server.issuer);
    if (other?.authMethod === 'none') kept.push(other);
  }
  for (const client of kept) {
    if (await registrationStillKnown(service, client, options)) {
      ctx.debug(`* using the client registered before: ${client.id}`);
      return client;
    }
    ctx.debug(`* the server no longer knows the client ${client.id}`);
  }
  const registered = await registerClient(service, options);
  ctx.debug(`* registered the client ${registered.id}`);
  return registered;
}

/** Waits for the browser: the loopback callback, or (with --no-browser) a pasted address, whichever first. */
async function waitForCallback(
  ctx: CommandContext,
  req: LoginRequest,
  authorizationUrl: URL,
  redirectUri: string,
  loopback: Promise<LoopbackCallback>,
  timeoutMs: number,
): Promise<{ url: URL; respond: (page: CallbackPage) => void }> {
  const err = ctx.io.stderr;
  const paste = req.openBrowser
    ? undefined
    : readPastedCallback(ctx.io.stdin, redirectUri, () =>
        err.write(
          'wts: that is not the address the browser ended on; paste the whole address (it starts with http://127.0.0.1) and press Enter\n',
        ),
      );
  if (req.openBrowser) {
    const result = await openBrowser(authorizationUrl.href, { ...ctx.env, BROWSER: ctx.env.BROWSER || ctx.setting('browser') }, (problem) =>
      err.write(`wts: ${problem}; open the address above yourself\n`),
    );
    if (result.opened)
      err.write(`Opening the sign-in page with ${result.how}. If it does not open, visit:\n\n  ${authorizationUrl.href}\n\n`);
    else err.write(`wts: ${result.reason}. Open this address in a browser to sign in:\n\n  ${authorizationUrl.href}\n\n`);
  } else {
    err.write(`Open this address in a browser to sign in:\n\n  ${authorizationUrl.href}\n\n`);
    err.write(
      `The browser then goes to ${redirectUri}. If that browser is on another machine, paste the address it ends up on here and press Enter.\n`,
    );
  }
  err.write(`Waiting for the sign-in to complete (up to ${formatDuration(timeoutMs)})…\n`);
  const timeout = timeoutAfter(timeoutMs);
  try {
    const answers: Promise<{ url: URL; respond: (page: CallbackPage) => void }>[] = [loopback];
    if (paste) answers.push(paste.callback.then((url) => ({ url, respond: () => {} })));
    return await Promise.race([...answers, timeout.promise]);
  } finally {
    timeout.cancel();
    paste?.stop();
  }
}

/** Exchanges the code at once, for the API resource; the checks are applied again by openid-client. */
async function exchangeCode(
  service: DiscoveredService,
  client: LoginClient,
  callbackUrl: URL,
  checks: AttemptChecks,
  options: OAuthOptions,
) {
  const oidc = await loadOpenidClient();
  const config = await oauthConfiguration(service.server, client, options);
  try {
    return await oidc.authorizationCodeGrant(
      config,
      callbackUrl,
      { pkceCodeVerifier: checks.pkceCodeVerifier, expectedState: checks.expectedState },
      { resource: service.resource },
    );
  } catch (err) {
    const answer = oauthErrorOf(err);
    if (answer)
      throw new CliError(
        `the authorization server refused the code (${answer.error}${answer.description ? `: ${answer.description}` : ''}) — run \`wts login\` again`,
        ExitCode.signIn,
      );
    const failure = transportFailureOf(err);
    throw new CliError(
      `cannot exchange the code at ${service.server.tokenEndpoint}: ${failure.reason} — run \`wts login\` again`,
      ExitCode.failure,
    );
  }
}

/** Ends an earlier connection of this profile that the new one replaces (best effort). */
async function retirePrevious(ctx: CommandContext, previous: StoredCredentials, options: OAuthOptions): Promise<void> {
  const { problem } = await revokeConnection(previous, options);
  ctx.debug(
    problem ? `* could not revoke the connection this sign-in replaces: ${problem}` : '* revoked the connection this sign-in replaces',
  );
}

export async function runLogin(ctx: CommandContext, req: LoginRequest): Promise<LoginOutcome> {
  const timings = authTimings(ctx.env);
  const options: OAuthOptions = {
    debug: ctx.globals.debug ? (line) => ctx.debug(line) : undefined,
    timeoutSeconds: timings.oauthTimeoutSeconds,
  };
  // A damaged record is as none: this sign-in writes it anew. A sign-in for one file alone replaces
  // only what that file holds.
  const before = req.thisFileOnly ? undefined : profileAuthIfReadable(ctx, req.profile);
  const earlierOrigin = req.thisFileOnly ? undefined : ctx.config.profile(req.profile)?.origin;
  // Signing in again to the same origin keeps the name of the keychain entry.
  const credentialId = (earlierOrigin === req.origin && before?.credentialId) || randomBytes(6).toString('hex');
  const store = openStore(ctx, req.store, req.profile, req.origin, credentialId);
  await checkStoreUsable(ctx, store);
  // The profile's current sign-in, which this one replaces (possibly in another store).
  const earlierStore =
    before?.store && earlierOrigin
      ? openStore(
          ctx,
          { kind: before.store, file: before.credentialsFile ?? defaultCredentialsFile(ctx.config.dir) },
          req.profile,
          earlierOrigin,
          before.credentialId,
        )
      : undefined;
  const previous = await (earlierStore ?? store).read().catch(() => undefined);

  const service = await discoverService(req.origin, options);
  const client = await chooseClient(ctx, req, service, previous, options);
  const oidc = await loadOpenidClient();
  const config = await oauthConfiguration(service.server, client, options);

  // A fresh state and PKCE verifier for this attempt only.
  const checks: AttemptChecks = {
    expectedState: oidc.randomState(),
    pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
    expectedIssuer: service.server.issParameterSupported ? service.server.issuer : undefined,
  };
  const loopback = await startLoopbackListener(req.port, checks.expectedState);
  let answered: ((page: CallbackPage) => void) | undefined;
  try {
    const authorizationUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: loopback.redirectUri,
      scope: req.scopes.join(' '),
      state: checks.expectedState,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.pkceCodeVerifier),
      code_challenge_method: 'S256',
      resource: service.resource,
      // OpenID Connect servers grant offline_access only on a request that asks for consent (OIDC Core
      // §11); a plain OAuth server ignores the parameter (RFC 6749 §3.1).
      ...(req.scopes.includes(OFFLINE_ACCESS) ? { prompt: 'consent' } : {}),
    });
    const callback = await waitForCallback(ctx, req, authorizationUrl, loopback.redirectUri, loopback.callback, timings.loginTimeoutMs);
    answered = callback.respond;
    const problem = callbackProblem(callback.url, checks);
    if (problem) throw new CliError(problem.message, problem.exitCode);

    const response = await exchangeCode(service, client, callback.url, checks, options);
    const now = ctx.now();
    const credentials = withTokenResponse(
      { version: 1, origin: req.origin, resource: service.resource, server: service.server, client, signedInAt: now },
      response,
      now,
      req.scopes,
    );
    await saveSignIn(ctx, req, store, credentials, credentialId);
    answered({ ok: true, title: 'Signed in', message: `wts is signed in to ${req.origin}. You can close this tab.` });
    answered = undefined;
    if (previous && previous.refreshToken !== credentials.refreshToken) await retirePrevious(ctx, previous, options);
    if (earlierStore && earlierStore.entryId !== store.entryId) {
      await earlierStore.remove().catch((e: Error) => ctx.debug(`* could not remove the earlier credentials: ${e.message}`));
      forgetEndedSignIn(connectionHandle(ctx, req.profile, earlierOrigin ?? req.origin, earlierStore).lockPath);
    }
    return { credentials, store, notGranted: notGranted(req.scopes, credentials) };
  } catch (err) {
    answered?.({ ok: false, title: 'Sign-in failed', message: `${messageOf(err).replace(/`/g, '')}. You can close this tab.` });
    throw err;
  } finally {
    await loopback.close();
  }
}

/** Writes the credentials under the connection's lock (a refresh of the old ones must not overwrite them), then the profile. */
async function saveSignIn(
  ctx: CommandContext,
  req: LoginRequest,
  store: CredentialStore,
  credentials: StoredCredentials,
  credentialId: string,
): Promise<void> {
  const handle = connectionHandle(ctx, req.profile, req.origin, store);
  try {
    await withLock(handle.lockPath, `saving the sign-in of profile ${req.profile}`, handle.lock, () => store.write(credentials));
  } catch (err) {
    throw new CliError(`signed in, but the credentials could not be saved in ${store.description}: ${messageOf(err)}`, ExitCode.failure);
  }
  // A new sign-in: what was kept of an ended one no longer applies.
  forgetEndedSignIn(handle.lockPath);
  if (req.thisFileOnly) return;
  const { secret: _secret, ...client } = credentials.client;
  const auth: ProfileAuth = {
    server: credentials.server,
    client,
    store: req.store.kind,
    ...(store instanceof FileStore ? { credentialsFile: store.path } : { credentialId }),
    scopes: req.scopes,
    signedInAt: credentials.signedInAt,
  };
  ctx.config.updateProfile(req.profile, (current) => ({ ...current, origin: req.origin, auth }));
}
