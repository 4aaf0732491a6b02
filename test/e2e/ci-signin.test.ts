// A sign-in made for CI on a person's workstation (docs/ci.md, "Once, on a workstation"):
// `WTS_CREDENTIALS_FILE=./ci-credentials.json wts login` keeps the new sign-in in that file alone. The
// person's profile still points at their own credentials, which are neither removed nor revoked, so
// after the CI file is deleted they are still signed in.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWts } from '../helpers/cli.js';
import { loginWithFakeBrowser, storedCredentials, workdir } from '../helpers/credentials.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ signIn: false });

describe('a CI sign-in with WTS_CREDENTIALS_FILE on a workstation', () => {
  it('leaves the person signed in: their profile, their tokens and their connection', async () => {
    const w = workdir();
    // The person, signed in with a file store in their configuration directory.
    const person = w.credentialsFile;
    const own = await loginWithFakeBrowser(sandbox.origin, w);
    expect(own.code, own.stderr).toBe(0);
    const config = readFileSync(join(w.configDir, 'config.json'), 'utf8');
    const tokens = storedCredentials(person);
    const before = await sandbox.stats();

    // The CI sign-in, as docs/ci.md writes it, as another user.
    const ci = join(w.dir, 'ci-credentials.json');
    const login = await loginWithFakeBrowser(sandbox.origin, w, [], { user: 'ben', env: { WTS_CREDENTIALS_FILE: ci } });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain(`the credentials are in the file ${ci}, used only where WTS_CREDENTIALS_FILE names it`);
    expect(login.stdout).toContain('profile default is unchanged');
    expect(storedCredentials(ci).user?.login).toBe('ben');

    // The CI file works on its own: no origin and no profile needed beside it.
    const ciStatus = await runWts(['auth', 'status', '--json'], {
      env: { WTS_CONFIG_DIR: join(w.dir, 'elsewhere'), WTS_CREDENTIALS_FILE: ci },
    });
    expect(ciStatus.code, ciStatus.stderr).toBe(0);
    expect(JSON.parse(ciStatus.stdout)).toMatchObject({ origin: sandbox.origin, user: { login: 'ben' } });

    // The doc's next step, and the person's own status afterwards.
    rmSync(ci);
    expect(readFileSync(join(w.configDir, 'config.json'), 'utf8')).toBe(config);
    expect(existsSync(person)).toBe(true);
    expect(storedCredentials(person).refreshToken).toBe(tokens.refreshToken);
    const status = await runWts(['auth', 'status', '--json'], { env: { WTS_CONFIG_DIR: w.configDir } });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ origin: sandbox.origin, user: { login: 'ada' }, working: true });
    const after = await sandbox.stats();
    expect(after.revocations).toBe(before.revocations);
  });
});
