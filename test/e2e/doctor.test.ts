// `wts doctor` against the plain sandbox (nothing stands in the way: exit 0) and against sandboxes playing
// services that name things otherwise and describe themselves truly (--wire-names, --wire-document
// service): it names each difference, learns what the document settles (after which the everyday lists,
// --all and the inbox print what they print against the plain sandbox, with no names file), and exits 1
// for what only a names file can settle (a renamed enum value).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WireNames } from '../../src/contract/wire-names.js';
import { runWts } from '../helpers/cli.js';
import { EVERYDAY_LISTS, listedRows as rows } from '../helpers/everyday-lists.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const scratch = mkdtempSync(join(tmpdir(), 'wts-doctor-'));
let caches = 0;
/** A cache directory of its own for each block: what doctor learned stays there. */
const freshCache = () => join(scratch, `cache-${caches++}`);

describe('wts doctor on the plain sandbox', () => {
  const sandbox = useSandbox();
  const cache = freshCache();

  it('finds no difference and exits 0', async () => {
    const r = await runWts(['doctor'], { env: { ...sandbox.env, WTS_CACHE_DIR: cache } });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).toContain(`origin     ${sandbox.origin} (from WTS_ORIGIN)`);
    expect(r.stdout).toContain('network    direct (loopback is never proxied)');
    expect(r.stdout).toContain('sign-in    signed in');
    expect(r.stdout).toContain(`document   ${sandbox.origin}/api/v1/openapi.json (fetched now)`);
    expect(r.stdout).toContain('contract   the document matches what wts sends and expects');
    const again = await runWts(['doctor', '--json'], { env: { ...sandbox.env, WTS_CACHE_DIR: cache } });
    const report = JSON.parse(again.stdout);
    expect(report).toMatchObject({ ok: true, differences: [], document: { cached: true } });
  });
});

for (const [title, query] of [
  [
    'the page container, limit, cursor, assignee, tag and unassigned',
    { limit: 'pageSize', cursor: 'after', assignee: 'assigneeId', tag: 'label', unassigned: 'noAssignee' },
  ],
  ['status', { status: 'statusKey' }],
] as const) {
  describe(`a service that renames ${title} and says so in its document`, () => {
    const names: WireNames = { page: 'data', query };
    const plain = useSandbox();
    const renamed = useSandbox({ wire: { names, document: 'service', unknown: 'refuse' } });
    const cache = freshCache();

    it('is named difference by difference, learned, and then lists as the plain sandbox does', async () => {
      const env = { ...renamed.env, WTS_CACHE_DIR: cache };
      const before = await runWts(['task', 'list', 'ws_support', '--json'], { env });
      expect(before.code).not.toBe(0); // nothing learned yet: the answer's page container is unknown
      const r = await runWts(['doctor'], { env });
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
      expect(r.stdout).toContain('every listing  page items  →  data  (wts adapts (learned from the document))');
      for (const [wts, service] of Object.entries(query))
        expect(r.stdout).toContain(`list_tasks  query ${wts}  →  ${service}  (wts adapts (learned from the document))`);
      for (const args of EVERYDAY_LISTS) {
        const want = await runWts(args, { env: { ...plain.env, WTS_CACHE_DIR: cache } });
        const got = await runWts(args, { env });
        expect({ args, code: got.code, stderr: got.stderr }).toEqual({ args, code: 0, stderr: want.stderr });
        expect(rows(got.stdout), args.join(' ')).toEqual(rows(want.stdout));
      }
    });
  });
}

describe('a service that renames an enum value and a task field', () => {
  const names: WireNames = { fields: { 'Task.dueDate': 'dueAt' }, values: { 'PendingAction.state': { pending: 'open' } } };
  const renamed = useSandbox({ wire: { names, document: 'service', unknown: 'refuse' } });
  const cache = freshCache();

  it('learns the field, names the value it cannot settle and exits 1; a names file settles it', async () => {
    const env = { ...renamed.env, WTS_CACHE_DIR: cache };
    const r = await runWts(['doctor', '--json'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('wts doctor: 1 difference need a names file');
    const report = JSON.parse(r.stdout);
    expect(report.ok).toBe(false);
    expect(report.differences).toContainEqual({ where: 'Task', kind: 'field', wts: 'dueDate', service: 'dueAt', settled: 'document' });
    expect(report.differences).toContainEqual({
      where: 'PendingAction',
      kind: 'value',
      wts: 'state=pending',
      service: null,
      settled: 'needs a names file',
    });
    const printed = await runWts(['doctor', '--print-names'], { env });
    expect(JSON.parse(printed.stdout).fields).toMatchObject({ 'Task.dueDate': 'dueAt', 'update_task.dueDate': 'dueAt' });
    expect(printed.stderr).toContain('not settled: PendingAction value state=pending');

    const file = join(scratch, 'values.json');
    writeFileSync(file, JSON.stringify({ values: { 'PendingAction.state': { pending: 'open' } } }));
    const settled = await runWts(['doctor'], { env: { ...env, WTS_WIRE_NAMES: file } });
    expect({ code: settled.code, stderr: settled.stderr }).toEqual({ code: 0, stderr: '' });
    expect(settled.stdout).toContain('PendingAction  value state=pending  →  missing  (settled by the names file)');
    const inbox = await runWts(['inbox', '--json'], { env: { ...env, WTS_WIRE_NAMES: file } });
    expect(inbox.code).toBe(0);
    expect(rows(inbox.stdout).length).toBeGreaterThan(0);
    const sorted = await runWts(['task', 'list', 'ws_support', '--sort', 'due', '--json'], { env });
    expect(sorted.code).toBe(0);
    expect(rows(sorted.stdout)[0]).toContain(' due');
  });
});
