// wts auth status [--json] | token | refresh
import type { Command } from 'commander';
import type { TokenSource } from '../api/client.js';
import type { StoredCredentials } from '../auth/credentials.js';
import type { CredentialStore } from '../auth/stores/store.js';
import type { CommandContext } from '../context.js';
import { CliError, describeFailure, ExitCode, type ExitCodeValue } from '../errors.js';
import { localAndRelative } from '../output/format.js';
import { printDone, printObject, type Row } from '../output/print.js';
import { styled, type Mode, type Text } from '../output/text.js';
import { verb, type CliDeps } from '../framework/verb.js';
import { registerAuthProfiles } from './auth-profiles.js';

/** What `auth status --json` prints (and login, refresh with --json): never a token. */
export interface AuthStatus {
  profile: string;
  origin: string;
  /** store: the profile's credentials; WTS_TOKEN: a token from the environment, used as is. */
  source: 'store' | 'WTS_TOKEN';
  organization: { id: string; name: string } | null;
  user: { id: string; name: string; login: string } | null;
  scopes: string[] | null;
  /** The workspaces the connection is limited to; "all"; or null when unknown. */
  workspaces: string[] | 'all' | null;
  expiresAt: string | null;
  refreshable: boolean;
  store: { kind: string; location: string } | null;
  client: { id: string; registration: string; authMethod: string } | null;
  working: boolean;
  problem?: string;
}

export function statusObject(
  profile: string,
  credentials: StoredCredentials,
  store: CredentialStore,
  working: boolean,
  problem?: string,
): AuthStatus {
  return {
    profile,
    origin: credentials.origin,
    source: 'store',
    organization: credentials.organization ?? null,
    user: credentials.user ?? null,
    scopes: credentials.scopes,
    workspaces: credentials.workspaceIds === undefined ? null : credentials.workspaceIds === null ? 'all' : credentials.workspaceIds,
    expiresAt: credentials.expiresAt === undefined ? null : new Date(credentials.expiresAt).toISOString(),
    refreshable: Boolean(credentials.refreshToken),
    store: { kind: store.kind, location: store.location },
    client: { id: credentials.client.id, registration: credentials.client.registration, authMethod: credentials.client.authMethod },
    working,
    ...(problem ? { problem } : {}),
  };
}

/** One API call with the connection's tokens (a 401 renews once): does the connection work? */
async function checkWorking(
  ctx: CommandContext,
  origin: string,
  tokens: TokenSource,
): Promise<{ problem?: string; exitCode?: ExitCodeValue }> {
  const { ApiClient } = await import('../api/client.js');
  const api = new ApiClient({
    origin,
    tokens,
    debug: ctx.globals.debug ? (line) => ctx.debug(line) : undefined,
    maxRetries: 1,
  });
  try {
    await api.call('list_workspaces', { path: {} });
    return {};
  } catch (err) {
    const failure = await describeFailure(err);
    // A scope not granted still means the connection itself works.
    if (failure.exitCode === ExitCode.forbidden) return {};
    return { problem: failure.message, exitCode: failure.exitCode };
  } finally {
    await api.close();
  }
}

function storeText(store: NonNullable<AuthStatus['store']>): string {
  return store.kind === 'file' ? `file ${store.location}` : `keychain, entry ${store.location}`;
}

function printStatus(ctx: CommandContext, status: AuthStatus): void {
  const line = (label: string, value: (mode: Mode) => Text): Row => [label, value];
  const expiry = (mode: Mode) => {
    if (!status.expiresAt) return 'unknown';
    return mode === 'human' ? localAndRelative(status.expiresAt, ctx.now()) : status.expiresAt;
  };
  const rows = [
    line('Profile', () => status.profile),
    line('Origin', () => status.origin),
    line('Organization', () => (status.organization ? `${status.organization.name} (${status.organization.id})` : 'unknown')),
    line('User', () => (status.user ? `${status.user.name} (${status.user.login})` : 'unknown')),
    line('Scopes', () => status.scopes?.join(' ') ?? 'unknown'),
    line('Workspaces', () =>
      status.workspaces === null ? 'unknown' : status.workspaces === 'all' ? 'all' : `only ${status.workspaces.join(', ')}`,
    ),
    line('Expires', expiry),
    line('Refresh', () =>
      status.source === 'WTS_TOKEN'
        ? 'never (WTS_TOKEN is used as is)'
        : status.refreshable
          ? 'automatic'
          : 'none (offline_access not granted)',
    ),
    line('Credentials', () => (status.store ? storeText(status.store) : 'WTS_TOKEN (not stored)')),
    line('Client', () => (status.client ? `${status.client.id} (${status.client.registration}, ${status.client.authMethod})` : 'unknown')),
    // Colored as a Styled part, after the sanitizer: text chalk colored first would be escaped by it.
    line('Connection', () =>
      status.working ? styled('working', (s) => ctx.chalk.green(s)) : styled('not working', (s) => ctx.chalk.red(s)),
    ),
  ];
  printObject(ctx, status, rows);
}

function authStatus(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'status',
    pages: true,
    description: 'show whom and what this profile is signed in to, where the credentials are, and whether the connection works',
    examples: ['wts auth status', 'wts auth status --json', 'wts auth status --profile globex'],
    async run({ ctx }) {
      const origin = ctx.origin();
      const profile = ctx.profileName();
      if (ctx.env.WTS_TOKEN) {
        const token = ctx.env.WTS_TOKEN;
        const check = await checkWorking(ctx, origin, { accessToken: async () => token });
        printStatus(ctx, {
          profile,
          origin,
          source: 'WTS_TOKEN',
          organization: null,
          user: null,
          scopes: null,
          workspaces: null,
          expiresAt: null,
          refreshable: false,
          store: null,
          client: null,
          working: !check.problem,
          ...(check.problem ? { problem: check.problem } : {}),
        });
        if (check.problem) throw new CliError(check.problem, check.exitCode ?? ExitCode.failure);
        return;
      }
      const [{ openConnection }, intent] = await Promise.all([import('../auth/connection.js'), import('../auth/refresh-intent.js')]);
      // A sign-in the service ended is said by openConnection (who, where, when and why).
      const conn = await openConnection(ctx);
      // A refresh interrupted with this refresh token: the connection cannot be kept, whatever the API says
      // now — unless its answer was only lost, when the next refresh presents the token once more.
      const interrupted = intent.interruptedRefresh(
        intent.refreshIntentPath(conn.handle.lockPath),
        conn.lifecycle.credentials.refreshToken,
      );
      const check =
        interrupted && !intent.mayPresentOnceMore(interrupted)
          ? { problem: intent.interruptedRefreshError(interrupted).message, exitCode: ExitCode.signIn }
          : await checkWorking(ctx, origin, conn.lifecycle);
      printStatus(ctx, statusObject(profile, conn.lifecycle.credentials, conn.store, !check.problem, check.problem));
      if (check.problem) throw new CliError(check.problem, check.exitCode ?? ExitCode.failure);
    },
  });
}

function authToken(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'token',
    description: 'print a valid access token on standard output (refreshed first when about to expire), for scripts',
    examples: ['curl -H "Authorization: Bearer $(wts auth token)" https://tasks.example.com/api/v1/workspaces'],
    async run({ ctx }) {
      let token = ctx.env.WTS_TOKEN;
      if (!token) {
        const { openConnection } = await import('../auth/connection.js');
        token = await (await openConnection(ctx)).lifecycle.accessToken();
      }
      // The one place wts ever prints a token.
      ctx.io.stdout.write(`${token}\n`);
    },
  });
}

function authRefresh(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'refresh',
    description: 'get a new access token now (the refresh token rotates)',
    examples: ['wts auth refresh', 'wts auth refresh --json'],
    async run({ ctx }) {
      if (ctx.env.WTS_TOKEN)
        throw new CliError(
          "WTS_TOKEN is set: it is used as is and never refreshed; unset it to refresh the profile's sign-in",
          ExitCode.usage,
        );
      const { openConnection } = await import('../auth/connection.js');
      const conn = await openConnection(ctx);
      const credentials = await conn.lifecycle.forceRefresh();
      const expires =
        credentials.expiresAt === undefined
          ? ''
          : `; the access token expires ${localAndRelative(new Date(credentials.expiresAt).toISOString(), ctx.now())}`;
      printDone(ctx, statusObject(conn.profile, credentials, conn.store, true), `Refreshed the sign-in to ${conn.origin}${expires}`);
    },
  });
}

export function registerAuth(program: Command, deps: CliDeps): void {
  const group = program
    .command('auth')
    .description('the sign-in of a profile: its status, its access token, a refresh; the profiles, and which is the default');
  authStatus(group, deps);
  authToken(group, deps);
  authRefresh(group, deps);
  registerAuthProfiles(group, deps);
}
