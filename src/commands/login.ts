// wts login [--scopes S...] [--no-browser] [--port N] [--client-id URL|ID] [--client-key FILE]
//           [--client-auth METHOD] [--store keychain|file]   and   wts logout
import { InvalidArgumentError, Option, type Command } from 'commander';
import { CliError, ExitCode } from '../errors.js';
import { printDone } from '../output/print.js';
import { verb, type CliDeps, options } from '../framework/verb.js';

interface LoginFlags {
  scopes?: string[];
  browser: boolean;
  port?: number;
  clientId?: string;
  clientKey?: string;
  clientAuth?: 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';
  store?: 'keychain' | 'file';
}

function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 65535) throw new InvalidArgumentError('must be a port number from 1 to 65535');
  return n;
}

const LOGIN_HELP = `
Without --client-id, wts registers itself with the service once per origin (dynamic registration) and
keeps the registration in the profile. With --client-id URL it signs in as the client described by that
client ID metadata document; with --client-id ID as a client registered beforehand, authenticated by a
secret taken from WTS_CLIENT_SECRET (never from the command line) or by a private key (--client-key FILE,
a PEM or JWK file; private_key_jwt).

The browser is BROWSER when set (a command; the address is added as its last argument), else the
system's default browser. The sign-in must be completed within 5 minutes (WTS_LOGIN_TIMEOUT_MS).

Credentials go to the OS keychain. Where none is available, login says so and stops: choose
--store file (or WTS_CREDENTIAL_STORE=file) for a file readable only by you, or set
WTS_CREDENTIALS_FILE to name the file (servers, CI).

With WTS_CREDENTIALS_FILE set, the sign-in is kept in that file alone, for the commands that set the
same variable: the profile's own sign-in is not changed, removed or revoked (see docs/ci.md).`;

export function registerLogin(program: Command, deps: CliDeps): void {
  const login = verb(program, deps, {
    name: 'login',
    description: 'sign in to the service in a browser and keep the connection',
    options: options<LoginFlags>((c) =>
      c
        .option('--scopes <scope...>', 'scopes to ask for, space- or comma-separated (default: all five API scopes and offline_access)')
        .option(
          '--no-browser',
          'print the sign-in address instead of opening a browser; the address the browser ends on may also be pasted here',
        )
        .option('--port <n>', 'listen for the browser on this port of 127.0.0.1 (default: a free one)', parsePort)
        .option(
          '--client-id <url-or-id>',
          'sign in as this client: a client ID metadata document URL, or the id of a client registered beforehand',
        )
        .option('--client-key <file>', 'the private key (PEM or JWK) of that client, for private_key_jwt')
        .addOption(
          new Option('--client-auth <method>', 'how that client authenticates (default: from --client-key or WTS_CLIENT_SECRET)').choices([
            'none',
            'client_secret_basic',
            'client_secret_post',
            'private_key_jwt',
          ]),
        )
        .addOption(
          new Option(
            '--store <store>',
            'where to keep the credentials (default: keychain; see also WTS_CREDENTIAL_STORE, WTS_CREDENTIALS_FILE)',
          ).choices(['keychain', 'file']),
        ),
    ),
    examples: [
      'wts login --origin https://tasks.example.com',
      'wts login --profile globex --origin https://tasks.example.com   # a second organization, side by side',
      'wts login --scopes workspace:read offline_access',
      'wts login --no-browser              # on a machine without a browser',
      'wts login --store file              # no keychain here: a file readable only by you',
      'WTS_CLIENT_SECRET=… wts login --client-id my-app',
    ],
    async run({ ctx, opts }) {
      const [{ runLogin }, { checkedOrigin }, { storeChoiceForLogin }] = await Promise.all([
        import('../auth/login-flow.js'),
        import('../auth/origin.js'),
        import('../auth/profile-auth.js'),
      ]);
      const origin = checkedOrigin(ctx.origin());
      const { DEFAULT_SCOPES, parseScopes } = await import('../auth/scopes.js');
      const scopes = opts.scopes ? parseScopes(opts.scopes) : DEFAULT_SCOPES;
      const profile = ctx.profileName();
      const store = storeChoiceForLogin(ctx, opts.store);
      // WTS_CREDENTIALS_FILE names a file for the runs that set it (a CI secret): the sign-in goes there
      // alone, and the profile (and the sign-in it points at) stays as it was.
      const thisFileOnly = store.kind === 'file' && Boolean(ctx.env.WTS_CREDENTIALS_FILE) && store.file === ctx.env.WTS_CREDENTIALS_FILE;
      const outcome = await runLogin(ctx, {
        origin,
        profile,
        scopes,
        openBrowser: opts.browser,
        port: opts.port,
        clientId: opts.clientId,
        clientKey: opts.clientKey,
        clientAuth: opts.clientAuth,
        clientSecret: ctx.env.WTS_CLIENT_SECRET || undefined,
        store,
        thisFileOnly,
      });
      const { credentials, notGranted } = outcome;
      if (notGranted.length > 0) {
        const offline = notGranted.includes('offline_access')
          ? '; without offline_access the sign-in ends when the access token expires'
          : '';
        ctx.io.stderr.write(`wts: the grant is narrower than asked: not granted ${notGranted.join(', ')}${offline}\n`);
      }
      if (ctx.env.WTS_TOKEN)
        ctx.io.stderr.write('wts: note: WTS_TOKEN is set, and commands use it instead of this sign-in until it is unset\n');
      const { statusObject } = await import('./auth.js');
      const who = credentials.user ? ` as ${credentials.user.name} (${credentials.user.login})` : '';
      const where = credentials.organization ? ` in ${credentials.organization.name}` : '';
      printDone(
        ctx,
        statusObject(profile, credentials, outcome.store, true),
        thisFileOnly
          ? `Signed in to ${origin}${who}${where}; the credentials are in ${outcome.store.description}, used only where WTS_CREDENTIALS_FILE names it (profile ${profile} is unchanged)`
          : `Signed in to ${origin}${who}${where}; the credentials are in ${outcome.store.description}`,
      );
    },
  });
  login.addHelpText('after', LOGIN_HELP.trimStart());

  verb(program, deps, {
    name: 'logout',
    description: 'revoke the connection at the service and forget its credentials here',
    examples: ['wts logout', 'wts logout --profile globex'],
    async run({ ctx }) {
      const { runLogout } = await import('../auth/logout.js');
      const outcome = await runLogout(ctx);
      const message = `Signed out of ${outcome.origin}; the credentials were removed from ${outcome.storeDescription}`;
      if (outcome.problem) {
        // Only what the service said: it was not told, so the connection may still work there.
        throw new CliError(
          `signed out here, but the service could not be told to end the connection (${outcome.problem}), so it may still work there: disconnect wts in the service's settings`,
          ExitCode.failure,
        );
      }
      const until = outcome.accessTokenExpiresAt === undefined ? undefined : new Date(outcome.accessTokenExpiresAt).toISOString();
      const { localAndRelative } = await import('../output/format.js');
      const expiry = until ? ` (${localAndRelative(until, ctx.now())})` : '';
      const what = !outcome.accessTokenNotRevoked
        ? ', and the connection was revoked'
        : outcome.refreshTokenRevoked
          ? `, and the connection was revoked; the service did not revoke the last access token, which works until it expires${expiry}`
          : `; the service does not revoke access tokens, so the last one works until it expires${expiry}`;
      const revoked = outcome.refreshTokenRevoked === true || !outcome.accessTokenNotRevoked;
      printDone(
        ctx,
        {
          profile: outcome.profile,
          origin: outcome.origin,
          revoked,
          accessTokenRevoked: !outcome.accessTokenNotRevoked,
          ...(outcome.accessTokenNotRevoked ? { accessTokenExpiresAt: until ?? null } : {}),
        },
        `${message}${what}`,
      );
    },
  });
}
