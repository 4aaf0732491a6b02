// `wts workspace …` against the real sandbox, as a person at a terminal and as a script.
import { describe, expect, it } from 'vitest';
import { expectNotFound, runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();

describe('wts workspace list', () => {
  it('prints a table with a header on a terminal', async () => {
    const r = await runWts(['workspace', 'list'], sandbox.tty());
    expect(r.code).toBe(0);
    const [header, ...rows] = r.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+NAME\s+FOLDER$/);
    expect(rows.some((row) => /^ws_support\s+Customer Support/.test(row))).toBe(true);
  });

  it('prints tab-separated lines without a header when piped', async () => {
    const r = await runWts(['workspaces', 'list'], { env: sandbox.env });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toContain('ws_support\tCustomer Support\t');
    expect(r.stdout).not.toMatch(/NAME/);
    expect(r.stdout).not.toContain('\x1b[');
  });

  it('prints a JSON array of the service objects with --json', async () => {
    const r = await runWts(['workspace', 'list', '--json'], { env: sandbox.env, tty: true });
    const list = JSON.parse(r.stdout) as { id: string; name: string; archived: boolean }[];
    expect(list.find((w) => w.id === 'ws_support')).toEqual({
      id: 'ws_support',
      name: 'Customer Support',
      folderId: null,
      archived: false,
    });
  });

  it('exits 4 with what to do when there are no credentials', async () => {
    const r = await runWts(['workspace', 'list'], { env: { WTS_ORIGIN: sandbox.origin } });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(`wts: not signed in to ${sandbox.origin} — run \`wts login\`\n`);
  });

  it('exits 4 when the token is refused', async () => {
    const r = await runWts(['workspace', 'list'], { env: { ...sandbox.env, WTS_TOKEN: 'not-a-token' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^wts: sign-in needed: .* — run `wts login`\n$/);
    expect(r.stderr).not.toContain('not-a-token');
  });
});

describe('wts workspace members, statuses', () => {
  it('lists the people of a workspace', async () => {
    const r = await runWts(['workspace', 'members', 'ws_support'], { env: sandbox.env });
    expect(r.stdout).toContain('usr_ada\tAda Lovelace\tada@acme.example');
  });

  it('lists the board columns in order, colored on a terminal', async () => {
    const plain = await runWts(['workspace', 'statuses', 'ws_support'], { env: sandbox.env });
    expect(plain.stdout.split('\n').map((l) => l.split('\t')[0])).toEqual(['todo', 'in_progress', 'waiting', 'done', '']);
    const colored = await runWts(['workspace', 'statuses', 'ws_support'], { env: { ...sandbox.env, FORCE_COLOR: '1' }, tty: true });
    expect(colored.stdout).toContain('\x1b[');
    const noColor = await runWts(['workspace', 'statuses', 'ws_support', '--no-color'], {
      env: { ...sandbox.env, FORCE_COLOR: '1' },
      tty: true,
    });
    expect(noColor.stdout).not.toContain('\x1b[');
  });

  it('exits 3 for an unknown workspace and 2 for an id out of bounds, sending nothing', async () => {
    await expectNotFound(['workspace', 'members', 'ws_nope'], { env: sandbox.env });
    const before = await sandbox.requests();
    const bad = await runWts(['workspace', 'members', 'x'.repeat(65)], { env: sandbox.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('wts: WS: must be at most 64 characters\n');
    expect(await sandbox.requests()).toBe(before);
  });
});

describe('wts workspace create, rename, archive', () => {
  it('creates and renames, printing the object with --json', async () => {
    const created = await runWts(['workspace', 'create', 'Field Ops', '--json'], { env: sandbox.env });
    expect(created.code).toBe(0);
    const ws = JSON.parse(created.stdout) as { id: string; name: string };
    expect(ws.name).toBe('Field Ops');
    const renamed = await runWts(['workspace', 'rename', ws.id, 'Field Operations'], sandbox.tty());
    expect(renamed.stdout).toBe(`✓ Renamed ${ws.id} to Field Operations\n`);
  });

  it('names the flag in a bound error', async () => {
    const r = await runWts(['workspace', 'create', 'X', '--folder', ''], { env: sandbox.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('wts: --folder: must not be empty\n');
  });

  it('refuses to archive without --yes when not on a terminal, and sends nothing', async () => {
    const before = await sandbox.requests();
    const r = await runWts(['workspace', 'archive', 'ws_sales'], { env: sandbox.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pass --yes');
    expect(await sandbox.requests()).toBe(before);
    const done = await runWts(['workspace', 'archive', 'ws_ops', '--yes', '--json'], { env: sandbox.env });
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ id: 'ws_ops', archived: true });
  });
});
