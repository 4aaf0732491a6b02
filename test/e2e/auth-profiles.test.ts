// `wts auth list` and `wts auth switch PROFILE`: the profiles of a configuration, the default one set by
// a command (the `defaultProfile` the CLI reads), and never a token printed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runWts } from '../helpers/cli.js';
import { expectLoggedIn, secretsOf, storedCredentials, workdir, type Workdir } from '../helpers/credentials.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ signIn: false });
let w: Workdir;
let env: Record<string, string>;

beforeAll(async () => {
  w = workdir();
  await expectLoggedIn(sandbox.origin, w);
  await expectLoggedIn(sandbox.origin, w, ['--profile', 'work'], { user: 'ben' });
  env = { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile, NO_COLOR: '1' };
});

const host = () => new URL(sandbox.origin).host;
const configFile = () => JSON.parse(readFileSync(join(w.configDir, 'config.json'), 'utf8')) as { defaultProfile?: string };

describe('wts auth list', () => {
  it('lists every profile with its host, user and store; the one in use marked', async () => {
    const r = await runWts(['auth', 'list'], { env, tty: true, columns: 200 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.replace(/ +/g, ' ').trim());
    expect(lines[0]).toBe('PROFILE DEFAULT HOST USER STORE');
    expect(lines).toContain(`* default in use, default ${host()} ada (Acme Corp) file ${w.credentialsFile}`);
    expect(lines).toContain(`work ${host()} ben (Acme Corp) file ${w.credentialsFile}`);
  });

  it('prints tab-separated lines piped and objects with --json, without a secret', async () => {
    const plain = await runWts(['auth', 'list'], { env });
    // The one in use in a field of its own, last (issue 39).
    expect(plain.stdout).toBe(`default\tdefault\t${sandbox.origin}\tada\tfile\tin use\nwork\t\t${sandbox.origin}\tben\tfile\t\n`);
    const json = await runWts(['auth', 'list', '--json'], { env: { ...env, WTS_PROFILE: 'work' } });
    expect(JSON.parse(json.stdout)).toEqual([
      {
        profile: 'default',
        default: true,
        active: false,
        origin: sandbox.origin,
        host: host(),
        user: { id: 'usr_ada', name: 'Ada Lovelace', login: 'ada' },
        organization: { id: 'org_acme', name: 'Acme Corp' },
        store: { kind: 'file', location: w.credentialsFile },
        signedIn: true,
      },
      expect.objectContaining({ profile: 'work', default: false, active: true, user: expect.objectContaining({ login: 'ben' }) }),
    ]);
    for (const profile of ['default', 'work'])
      for (const secret of secretsOf(storedCredentials(w.credentialsFile, profile)))
        expect(json.stdout + plain.stdout).not.toContain(secret);
  });

  it('says when there are no profiles', async () => {
    const r = await runWts(['auth', 'list'], { env: { WTS_CONFIG_DIR: workdir().configDir }, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('No profiles: `wts login --origin URL` makes one.\n');
  });
});

describe('wts auth switch', () => {
  it('sets the default profile, which every command then uses', async () => {
    const r = await runWts(['auth', 'switch', 'work'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Switched to profile work: ${host()} as ben\n`);
    expect(configFile().defaultProfile).toBe('work');
    const status = await runWts(['auth', 'status', '--json'], { env });
    expect(JSON.parse(status.stdout)).toMatchObject({ profile: 'work', user: { login: 'ben' } });
    const list = await runWts(['auth', 'list'], { env });
    expect(list.stdout).toBe(`default\t\t${sandbox.origin}\tada\tfile\t\nwork\tdefault\t${sandbox.origin}\tben\tfile\tin use\n`);
    // --profile still wins for one command; switching back restores the first.
    const once = await runWts(['--profile', 'default', 'auth', 'status', '--json'], { env });
    expect(JSON.parse(once.stdout)).toMatchObject({ profile: 'default', user: { login: 'ada' } });
    expect((await runWts(['auth', 'switch', 'default'], { env })).code).toBe(0);
    expect(configFile().defaultProfile).toBe('default');
  });

  it('says when WTS_PROFILE wins over the profile it switched to', async () => {
    const r = await runWts(['auth', 'switch', 'work'], { env: { ...env, WTS_PROFILE: 'default' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('wts: note: WTS_PROFILE names profile default, which wins over the default\n');
    expect((await runWts(['auth', 'switch', 'default'], { env })).code).toBe(0);
  });

  it('refuses a profile that does not exist (exit 2), changing nothing', async () => {
    const r = await runWts(['auth', 'switch', 'nope'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'wts: PROFILE: no profile "nope"; the profiles are default, work — `wts login --profile nope --origin URL` makes it\n',
    );
    expect(configFile().defaultProfile).toBe('default');
  });
});
