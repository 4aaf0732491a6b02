// `wts instructions …` and `wts handbook …` against the real sandbox: whole bodies, editing, reordering.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signIn } from '../helpers/auth.js';
import { runWts } from '../helpers/cli.js';
import { fakeEditor } from '../helpers/editor.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();
const section = (id: string) => sandbox.ctx.store.state.data.sections.find((s) => s.id === id)!;

/** The ids a list prints, piped, in order. */
async function listed(args: string[]): Promise<string[]> {
  const r = await runWts(args, { env: sandbox.env });
  expect(r.code).toBe(0);
  return r.stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t')[0]!);
}

describe('wts instructions list, handbook list', () => {
  it("lists an agent's entries in order: a table on a terminal, lines piped, objects with --json", async () => {
    const table = await runWts(['instructions', 'list', 'agt_support'], sandbox.tty());
    expect(table.code).toBe(0);
    const [header, ...rows] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+TITLE$/);
    expect(rows[0]).toMatch(/^sec_support_1\s+Tone and voice$/);
    const piped = await runWts(['instructions', 'list', 'agt_support'], { env: sandbox.env });
    expect(piped.stdout.split('\n')[0]).toBe('sec_support_1\tTone and voice');
    const json = JSON.parse((await runWts(['instructions', 'list', 'agt_support', '--json'], { env: sandbox.env })).stdout) as unknown[];
    expect(json[0]).toEqual({ id: 'sec_support_1', title: 'Tone and voice', position: 0 });
  });

  it('lists the company handbook', async () => {
    expect(await listed(['handbook', 'list'])).toEqual([
      'sec_acme_company_1',
      'sec_acme_company_2',
      'sec_acme_company_3',
      'sec_acme_company_4',
    ]);
    const json = JSON.parse((await runWts(['handbooks', 'list', '--json'], { env: sandbox.env })).stdout) as {
      id: string;
      title: string;
    }[];
    expect(json.map((e) => e.title)).toContain('About Acme');
  });

  it('exits 3 for an unknown agent, 2 for an id out of bounds (nothing sent), 5 without agents:read', async () => {
    expect((await runWts(['instructions', 'list', 'agt_nope'], { env: sandbox.env })).code).toBe(3);
    const before = await sandbox.requests();
    expect(await runWts(['instructions', 'list', 'a'.repeat(65)], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: AGENT: must be at most 64 characters\n',
    });
    expect(await sandbox.requests()).toBe(before);
    const narrow = (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token;
    const forbidden = await runWts(['handbook', 'list'], { env: { ...sandbox.env, WTS_TOKEN: narrow } });
    expect(forbidden.code).toBe(5);
    expect(forbidden.stderr).toMatch(/^wts: forbidden: /);
  });
});

describe('wts instructions view, handbook view', () => {
  it('prints the whole body of an entry longer than one piece, following nextOffset', async () => {
    const ids = await listed(['instructions', 'list', 'agt_support']);
    const long = ids.map(section).find((s) => s.body.length > 2000)!;
    expect(long).toBeDefined();
    const before = await sandbox.requests();
    const piped = await runWts(['instructions', 'view', long.id], { env: sandbox.env });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(long.body);
    expect(await sandbox.requests()).toBe(before + Math.ceil(long.body.length / 2000));

    const human = await runWts(['instructions', 'view', long.id], { ...sandbox.tty(), columns: 100_000 });
    expect(human.stdout).toBe(`${long.title}\n\n${long.body}\n`);
    const json = JSON.parse((await runWts(['instructions', 'view', long.id, '--json'], { env: sandbox.env })).stdout);
    expect(json).toEqual({ id: long.id, title: long.title, body: long.body });
  });

  it('prints the whole body of a long company entry, wrapped to the terminal', async () => {
    const ids = await listed(['handbook', 'list']);
    const long = ids.map(section).find((s) => s.body.length > 2000)!;
    expect((await runWts(['handbook', 'view', long.id], { env: sandbox.env })).stdout).toBe(long.body);
    const human = await runWts(['handbook', 'view', long.id], { ...sandbox.tty(), columns: 80 });
    expect(human.stdout.split('\n').every((line) => [...line].length <= 80 || !line.includes(' '))).toBe(true);
    expect(human.stdout.replace(/\s+/g, ' ')).toContain(long.body.replace(/\s+/g, ' '));
  });

  it('exits 3 for an unknown entry, or one of the other kind', async () => {
    expect((await runWts(['handbook', 'view', 'sec_nope'], { env: sandbox.env })).code).toBe(3);
    expect((await runWts(['handbook', 'view', 'sec_support_1'], { env: sandbox.env })).code).toBe(3);
    expect((await runWts(['instructions', 'view', 'sec_acme_company_1'], { env: sandbox.env })).code).toBe(3);
  });
});

describe('wts instructions edit, handbook edit', () => {
  it('replaces the body from standard input and the title from --title', async () => {
    const body = 'Refunds up to 100 EUR need no approval.\n\nAbove that, ask Ada.';
    const r = await runWts(['instructions', 'edit', 'sec_support_3', '--body-file', '-'], { env: sandbox.env, stdin: body });
    expect(r).toMatchObject({ code: 0, stdout: 'Updated sec_support_3 (Refunds and credits)\n' });
    expect(section('sec_support_3').body).toBe(body);
    const titled = await runWts(['handbook', 'edit', 'sec_acme_company_4', '--title', 'Hours', '--json'], { env: sandbox.env });
    expect(JSON.parse(titled.stdout)).toEqual({ id: 'sec_acme_company_4', title: 'Hours', position: 3 });
    expect(section('sec_acme_company_4').title).toBe('Hours');
  });

  it('round-trips: what view prints, edit --body-file takes back unchanged', async () => {
    const original = section('sec_acme_company_2').body;
    const viewed = (await runWts(['handbook', 'view', 'sec_acme_company_2'], { env: sandbox.env })).stdout;
    expect((await runWts(['handbook', 'edit', 'sec_acme_company_2', '--body-file', '-'], { env: sandbox.env, stdin: viewed })).code).toBe(
      0,
    );
    expect(section('sec_acme_company_2').body).toBe(original);
  });

  it('opens the whole body in $EDITOR on a terminal and sends what was saved', async () => {
    const editor = fakeEditor(`printf 'Written in the editor.\\n' > "$1"`);
    const r = await runWts(['handbook', 'edit', 'sec_acme_company_1'], {
      env: { ...sandbox.env, NO_COLOR: '1', EDITOR: editor },
      tty: true,
    });
    expect(r).toMatchObject({ code: 0, stdout: '✓ Updated sec_acme_company_1 (About Acme)\n' });
    // The editor's final newline is not part of the text (the entry had none).
    expect(section('sec_acme_company_1').body).toBe('Written in the editor.');
  });

  it('gives the editor the whole body of a long entry, and sends nothing when it is saved unchanged', async () => {
    const long = section('sec_support_1');
    const seen = join(mkdtempSync(join(tmpdir(), 'wts-test-')), 'seen.txt');
    // Saves a copy of what it was given, and adds a final newline the way many editors do.
    const editor = fakeEditor(`cp "$1" "${seen}"; printf '\\n' >> "$1"`);
    const before = await sandbox.requests();
    const r = await runWts(['instructions', 'edit', long.id], { env: { ...sandbox.env, VISUAL: editor }, tty: true });
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: 'No changes; nothing was sent.\n' });
    expect(readFileSync(seen, 'utf8')).toBe(long.body);
    expect(await sandbox.requests()).toBe(before + Math.ceil(long.body.length / 2000)); // the reads only
  });

  it('keeps the edited text in a file when it is refused', async () => {
    const editor = fakeEditor(`head -c 200001 /dev/zero | tr '\\0' a > "$1"`);
    const before = await sandbox.requests();
    const r = await runWts(['handbook', 'edit', 'sec_acme_company_3'], { env: { ...sandbox.env, EDITOR: editor }, tty: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/must be at most 200000 characters/);
    const saved = /your text is saved in (\S+)/.exec(r.stderr)?.[1];
    expect(readFileSync(saved!, 'utf8')).toBe('a'.repeat(200001));
    expect(await sandbox.requests()).toBe(before + 1); // the read; the refused text was never sent
  });

  it('needs --title or --body-file when not on a terminal, and sends nothing', async () => {
    const before = await sandbox.requests();
    const r = await runWts(['handbook', 'edit', 'sec_acme_company_3'], { env: sandbox.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^wts: nothing to change: pass --title TEXT or --body-file F/);
    expect(await runWts(['handbook', 'edit', 'sec_acme_company_3', '--title', ''], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: --title: must not be empty\n',
    });
    expect(
      (await runWts(['handbook', 'edit', 'sec_acme_company_3', '--body-file', '/nonexistent/file'], { env: sandbox.env })).stderr,
    ).toMatch(/^wts: --body-file: cannot read \/nonexistent\/file: ENOENT/);
    expect(await sandbox.requests()).toBe(before);
  });

  it('says when no editor is set', async () => {
    const r = await runWts(['handbook', 'edit', 'sec_acme_company_3'], { env: { ...sandbox.env, EDITOR: '', VISUAL: '' }, tty: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no editor: set VISUAL or EDITOR/);
  });
});

describe('wts instructions reorder, handbook reorder', () => {
  it("puts an agent's entries in a new order", async () => {
    const r = await runWts(['instructions', 'reorder', 'agt_sales', 'sec_sales_3', 'sec_sales_1', 'sec_sales_2'], sandbox.tty());
    expect(r).toMatchObject({ code: 0, stdout: "✓ New order of agt_sales's instructions: sec_sales_3, sec_sales_1, sec_sales_2\n" });
    expect(await listed(['instructions', 'list', 'agt_sales'])).toEqual(['sec_sales_3', 'sec_sales_1', 'sec_sales_2']);
  });

  it('reorders the company handbook, printing the entries with --json', async () => {
    const order = ['sec_acme_company_4', 'sec_acme_company_3', 'sec_acme_company_2', 'sec_acme_company_1'];
    const r = await runWts(['handbook', 'reorder', ...order, '--json'], { env: sandbox.env });
    expect((JSON.parse(r.stdout) as { id: string; position: number }[]).map((e) => [e.id, e.position])).toEqual(
      order.map((id, i) => [id, i]),
    );
    expect(await listed(['handbook', 'list'])).toEqual(order);
  });

  it('exits 2 when an entry is missing (a 400), and names a bad id before sending', async () => {
    const missing = await runWts(['handbook', 'reorder', 'sec_acme_company_1'], { env: sandbox.env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^wts: invalid input: sectionIds: must list every entry exactly once; missing /);
    const before = await sandbox.requests();
    expect(await runWts(['handbook', 'reorder', 'sec_acme_company_1', 'x'.repeat(65)], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: ID #2: must be at most 64 characters\n',
    });
    expect(await sandbox.requests()).toBe(before);
  });
});
