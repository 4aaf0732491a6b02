// `wts knowledge …` against the real sandbox.
import { describe, expect, it } from 'vitest';
import { signIn } from '../helpers/auth.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();

interface Source {
  id: string;
  name: string;
  note: string;
  url: string | null;
  fileName: string | null;
}

async function add(url: string, name: string): Promise<Source> {
  const r = await runWts(['knowledge', 'add', url, '--name', name, '--json'], { env: sandbox.env });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Source;
}

describe('wts knowledge list, view', () => {
  it('lists links and files: a table on a terminal, lines piped, objects with --json', async () => {
    const table = await runWts(['knowledge', 'list'], sandbox.tty());
    expect(table.code).toBe(0);
    const [header, ...rows] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+NAME\s+SOURCE\s+NOTE$/);
    expect(rows.some((r) => /^ks_s001\s+Help center\s+https:\/\/help\.acme\.example\//.test(r))).toBe(true);
    expect(rows.some((r) => /^ks_s006\s+Price list 2026\s+price-list-2026\.pdf/.test(r))).toBe(true);

    const piped = await runWts(['knowledge', 'list'], { env: sandbox.env });
    expect(piped.stdout.split('\n')).toContain(
      'ks_s003\tRefund policy\thttps://acme.example/legal/refunds\tWhat can be refunded, credited or neither, and who approves it.',
    );
    // Only the caller's organization: globex's sources are not listed.
    expect(piped.stdout).not.toContain('ks_s101');

    const json = JSON.parse((await runWts(['knowledge', 'list', '--json'], { env: sandbox.env })).stdout) as Source[];
    expect(json.find((s) => s.id === 'ks_s006')).toEqual({
      id: 'ks_s006',
      name: 'Price list 2026',
      note: 'List prices per seat and plan, valid from 1 January 2026.',
      url: null,
      fileName: 'price-list-2026.pdf',
    });
  });

  it('shows one source, by its address or its file', async () => {
    const link = await runWts(['knowledge', 'view', 'ks_s002'], sandbox.tty());
    expect(link.stdout).toBe(
      'ID:   ks_s002\nName: Status page\nURL:  https://status.acme.example/\nNote: Current incidents and maintenance windows.\n',
    );
    const file = await runWts(['knowledge', 'view', 'ks_s007'], { env: sandbox.env });
    expect(file.stdout).toContain('File\tenterprise-onboarding-checklist.docx\n');
    expect(JSON.parse((await runWts(['knowledge', 'view', 'ks_s007', '--json'], { env: sandbox.env })).stdout)).toMatchObject({
      id: 'ks_s007',
      url: null,
    });
  });

  it('exits 3 for an unknown or foreign source, 5 without agents:read', async () => {
    expect((await runWts(['knowledge', 'view', 'ks_nope'], { env: sandbox.env })).code).toBe(3);
    expect((await runWts(['knowledge', 'view', 'ks_s101'], { env: sandbox.env })).code).toBe(3);
    const narrow = (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token;
    const r = await runWts(['knowledge', 'list'], { env: { ...sandbox.env, WTS_TOKEN: narrow } });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^wts: forbidden: .* — run `wts login` to grant it\n$/);
  });
});

describe('wts knowledge add, edit', () => {
  it('adds a link with a note', async () => {
    const r = await runWts(
      ['knowledge', 'add', 'https://acme.example/legal/dpa', '--name', 'DPA', '--note', 'Send the link, not a PDF'],
      sandbox.tty(),
    );
    expect(r.code).toBe(0);
    const [, id] = /^✓ Added DPA \((ks_\w+)\)\n$/.exec(r.stdout) ?? [];
    const json = JSON.parse((await runWts(['knowledge', 'view', id!, '--json'], { env: sandbox.env })).stdout);
    expect(json).toEqual({ id, name: 'DPA', note: 'Send the link, not a PDF', url: 'https://acme.example/legal/dpa', fileName: null });
  });

  it('changes name, note and address; clears a note with ""', async () => {
    const source = await add('https://example.com/a', 'A');
    const r = await runWts(['knowledge', 'edit', source.id, '--name', 'B', '--url', 'https://example.com/b', '--note', 'first'], {
      env: sandbox.env,
    });
    expect(r).toMatchObject({ code: 0, stdout: `Updated B (${source.id})\n` });
    const cleared = JSON.parse((await runWts(['knowledge', 'edit', source.id, '--note', '', '--json'], { env: sandbox.env })).stdout);
    expect(cleared).toEqual({ id: source.id, name: 'B', note: '', url: 'https://example.com/b', fileName: null });
  });

  it('refuses bad input before sending anything, naming the argument or flag', async () => {
    const before = await sandbox.requests();
    expect(await runWts(['knowledge', 'add', 'ftp://example.com/x', '--name', 'X'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: URL: must be an http or https URL\n',
    });
    expect(await runWts(['knowledge', 'add', 'https://example.com/x'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: --name: is required\n',
    });
    expect(
      await runWts(['knowledge', 'add', 'https://example.com/x', '--name', 'X', '--note', 'n'.repeat(2001)], { env: sandbox.env }),
    ).toMatchObject({
      code: 2,
      stderr: 'wts: --note: must be at most 2000 characters\n',
    });
    expect(await runWts(['knowledge', 'edit', 'ks_s001', '--url', 'not a url'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: --url: must be an http or https URL\n',
    });
    const nothing = await runWts(['knowledge', 'edit', 'ks_s001'], { env: sandbox.env });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');
    expect(await sandbox.requests()).toBe(before);
  });

  it('exits 6 when giving a file source an address', async () => {
    const r = await runWts(['knowledge', 'edit', 'ks_s006', '--url', 'https://example.com/prices'], { env: sandbox.env });
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^wts: conflict: .*is a file/);
  });
});

describe('wts knowledge remove', () => {
  it('removes only with --yes when not on a terminal', async () => {
    const source = await add('https://example.com/old', 'Old');
    const before = await sandbox.requests();
    const refused = await runWts(['knowledge', 'remove', source.id], { env: sandbox.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes');
    expect(await sandbox.requests()).toBe(before);

    const removed = await runWts(['knowledge', 'remove', source.id, '--yes', '--json'], { env: sandbox.env });
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.stdout)).toEqual({ id: source.id, deleted: true });
    const gone = await runWts(['knowledge', 'remove', source.id, '-y'], { env: sandbox.env });
    expect(gone.code).toBe(3);
  });
});
