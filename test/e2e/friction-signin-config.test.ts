// Friction a gh or kubectl user notices (issue 25): a default workspace checked with the service, hints
// that name the profile and the variable in force, and `auth status` after the service ended a sign-in.
import { describe, expect, it } from 'vitest';
import { refreshTokens, type RegisteredClient } from '../helpers/auth.js';
import { runWts, tempConfigDir } from '../helpers/cli.js';
import { changeStoredCredentials, expectLoggedIn, storedCredentials, workdir } from '../helpers/credentials.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();

describe('wts config set workspace', () => {
  it('refuses a workspace the service does not have (exit 3, naming the setting), and sets it with --force', async () => {
    const env = { ...sandbox.env, WTS_CONFIG_DIR: tempConfigDir() };
    const nope = await runWts(['config', 'set', 'workspace', 'ws_nope'], { env });
    expect(nope.code).toBe(3);
    expect(nope.stderr).toBe(
      'wts: VALUE: no workspace ws_nope here (see `wts workspace list`); the setting workspace of profile default is unchanged (--force sets it anyway)\n',
    );
    expect((await runWts(['config', 'get', 'workspace'], { env })).stdout).toBe('');
    const forced = await runWts(['config', 'set', 'workspace', 'ws_nope', '--force'], { env });
    expect(forced.code, forced.stderr).toBe(0);
    expect((await runWts(['config', 'get', 'workspace'], { env })).stdout).toBe('ws_nope\n');
    expect((await runWts(['config', 'set', 'workspace', 'ws_sales'], { env })).code).toBe(0);
  });
});

describe('hints that name what is in force', () => {
  it('says WTS_TOKEN is in force when it is the token refused, and names the profile given', async () => {
    const bad = await runWts(['workspace', 'list'], { env: { ...sandbox.env, WTS_TOKEN: 'not-a-token' } });
    expect(bad.code).toBe(4);
    expect(bad.stderr).toMatch(
      /^wts: sign-in needed: .* — WTS_TOKEN is in force \(it is sent instead of the profile's sign-in\): fix or unset it — run `wts login`\n$/,
    );
    const ro = await runWts(['--profile', 'ro', 'workspace', 'list'], {
      env: { WTS_ORIGIN: sandbox.origin, WTS_CONFIG_DIR: tempConfigDir() },
    });
    expect(ro.code).toBe(4);
    expect(ro.stderr).toBe(`wts: not signed in to ${sandbox.origin} — run \`wts login --profile ro\`\n`);
  });
});

/**
 * Signs in, then someone else uses the refresh token: the one stored is superseded, and the next
 * refresh (the access token made to expire now) is refused.
 */
async function signInThenEndIt() {
  const w = workdir();
  await expectLoggedIn(sandbox.origin, w);
  const env = { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile, NO_COLOR: '1' };
  const stored = storedCredentials(w.credentialsFile);
  const client: RegisteredClient = {
    client_id: stored.client.id,
    redirect_uris: ['http://127.0.0.1/callback'],
    token_endpoint_auth_method: stored.client.authMethod,
  };
  await refreshTokens(sandbox.origin, client, stored.refreshToken ?? '');
  changeStoredCredentials(w.credentialsFile, 'default', (c) => (c.expiresAt = Date.now()));
  return { w, env };
}

describe('wts auth status after the service ended the sign-in', () => {
  it('says who was signed in and why it stopped', async () => {
    const { env } = await signInThenEndIt();
    const ended =
      /^wts: not signed in: Ada Lovelace \(ada\) was signed in to profile default at http:\/\/127\.0\.0\.1:\d+ until .+, when the service refused the refresh token \(invalid_grant.*: it expired or was revoked\) — run `wts login`\n$/;
    // The command that met the refusal, every later command, and `auth status` all say who, where, when and why.
    for (const args of [
      ['workspace', 'list'],
      ['task', 'list', 'ws_support'],
      ['auth', 'status'],
    ]) {
      const r = await runWts(args, { env });
      expect(r.code, args.join(' ')).toBe(4);
      expect(r.stderr, args.join(' ')).toMatch(ended);
    }
  });

  it('until the next `wts login`, which forgets the record', async () => {
    const { w, env } = await signInThenEndIt();
    expect((await runWts(['workspace', 'list'], { env })).stderr).toContain('was signed in to profile default');
    await expectLoggedIn(sandbox.origin, w);
    // Signed in again, then the credentials go (not the service's doing): a plain "not signed in".
    changeStoredCredentials(w.credentialsFile, 'default', (c) => (c.origin = 'https://elsewhere.example'));
    const r = await runWts(['workspace', 'list'], { env: { ...env, WTS_ORIGIN: sandbox.origin } });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(`wts: not signed in to ${sandbox.origin} — run \`wts login\`\n`);
  });
});
