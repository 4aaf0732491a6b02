// Knowledge sources over /api/v1: organization-wide links and files.
import { describe, expect, it } from 'vitest';
import { Deleted, KnowledgeSource } from '../../src/contract/resources.js';
import { signIn } from '../helpers/auth.js';
import { addKnowledgeFile, apiAs, expectProblem, orgIdOf, pageOf } from '../helpers/api.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();

const View = KnowledgeSource.strict();
const Sources = pageOf(View);

describe('add_knowledge_link, list_knowledge_sources, read_knowledge_source', () => {
  it('adds links, lists them oldest first and reads one', async () => {
    const a = View.parse(
      await sandbox.api.ok('POST', '/knowledge-sources', {
        body: { name: 'Pricing', url: 'https://acme.example/pricing', note: 'Current prices' },
      }),
    );
    expect(a).toEqual({
      id: expect.any(String),
      name: 'Pricing',
      note: 'Current prices',
      url: 'https://acme.example/pricing',
      fileName: null,
    });
    const b = View.parse(await sandbox.api.ok('POST', '/knowledge-sources', { body: { name: 'FAQ', url: 'http://acme.example/faq' } }));
    expect(b.note).toBe('');
    const ids = Sources.parse(await sandbox.api.ok('GET', '/knowledge-sources')).items.map((s) => s.id);
    expect(ids.indexOf(a.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(View.parse(await sandbox.api.ok('GET', `/knowledge-sources/${a.id}`))).toEqual(a);
  });

  it('checks the link', async () => {
    await expectProblem(
      sandbox.api.call('POST', '/knowledge-sources', { body: { name: 'Bad', url: 'ftp://acme.example/x' } }),
      400,
      'invalid_request',
      /^url: must be an http or https URL/,
    );
    await expectProblem(
      sandbox.api.call('POST', '/knowledge-sources', { body: { name: 'Bad', url: 'not a url' } }),
      400,
      'invalid_request',
      /^url:/,
    );
    await expectProblem(
      sandbox.api.call('POST', '/knowledge-sources', { body: { url: 'https://a.example' } }),
      400,
      'invalid_request',
      /^name: is required/,
    );
    await expectProblem(
      sandbox.api.call('POST', '/knowledge-sources', { body: { name: 'x'.repeat(201), url: 'https://a.example' } }),
      400,
      'invalid_request',
      /^name: must be at most 200/,
    );
    await expectProblem(
      sandbox.api.call('POST', '/knowledge-sources', { body: { name: 'N', url: 'https://a.example', note: 'x'.repeat(2001) } }),
      400,
      'invalid_request',
      /^note: must be at most 2000/,
    );
  });

  it('belongs to the organization of the connection', async () => {
    const globex = apiAs(sandbox.origin, (await signIn(sandbox.origin, { org: 'globex' })).access_token);
    const theirs = View.parse(
      await globex.ok('POST', '/knowledge-sources', { body: { name: 'Globex wiki', url: 'https://globex.example/wiki' } }),
    );
    expect(Sources.parse(await sandbox.api.ok('GET', '/knowledge-sources')).items.map((s) => s.id)).not.toContain(theirs.id);
    await expectProblem(
      sandbox.api.call('GET', `/knowledge-sources/${theirs.id}`),
      404,
      'not_found',
      new RegExp(`no knowledge source ${theirs.id} here`),
    );
    await expectProblem(sandbox.api.call('DELETE', `/knowledge-sources/${theirs.id}`), 404, 'not_found');
    await expectProblem(sandbox.api.call('GET', '/knowledge-sources/ks_nope'), 404, 'not_found');
  });

  it('needs agents:read to read and agents:write to add', async () => {
    const reader = apiAs(sandbox.origin, (await signIn(sandbox.origin, { scopes: ['agents:read'] })).access_token);
    Sources.parse(await reader.ok('GET', '/knowledge-sources'));
    await expectProblem(
      reader.call('POST', '/knowledge-sources', { body: { name: 'N', url: 'https://a.example' } }),
      403,
      'insufficient_scope',
      /agents:write/,
    );
    const tasksOnly = apiAs(sandbox.origin, (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token);
    await expectProblem(tasksOnly.call('GET', '/knowledge-sources'), 403, 'insufficient_scope', /agents:read/);
  });
});

describe('update_knowledge_source and remove_knowledge_source', () => {
  it('changes name, note and address of a link', async () => {
    const link = View.parse(await sandbox.api.ok('POST', '/knowledge-sources', { body: { name: 'Old', url: 'https://old.example' } }));
    const changed = View.parse(
      await sandbox.api.ok('PATCH', `/knowledge-sources/${link.id}`, { body: { name: 'New', note: 'Moved', url: 'https://new.example/' } }),
    );
    expect(changed).toEqual({ id: link.id, name: 'New', note: 'Moved', url: 'https://new.example/', fileName: null });
    await expectProblem(
      sandbox.api.call('PATCH', `/knowledge-sources/${link.id}`, { body: { url: 'mailto:a@b.c' } }),
      400,
      'invalid_request',
      /^url:/,
    );
    await expectProblem(sandbox.api.call('PATCH', '/knowledge-sources/ks_nope', { body: { name: 'x' } }), 404, 'not_found');
  });

  it('gives a file source no address', async () => {
    const file = addKnowledgeFile(sandbox, orgIdOf(sandbox, 'acme'), 'handbook.pdf');
    const read = View.parse(await sandbox.api.ok('GET', `/knowledge-sources/${file.id}`));
    expect(read).toMatchObject({ url: null, fileName: 'handbook.pdf' });
    await expectProblem(
      sandbox.api.call('PATCH', `/knowledge-sources/${file.id}`, { body: { url: 'https://x.example' } }),
      409,
      'conflict',
      /a file source has no address/,
    );
    expect(View.parse(await sandbox.api.ok('PATCH', `/knowledge-sources/${file.id}`, { body: { note: 'Scanned' } })).note).toBe('Scanned');
  });

  it('removes a source', async () => {
    const link = View.parse(await sandbox.api.ok('POST', '/knowledge-sources', { body: { name: 'Temp', url: 'https://temp.example' } }));
    expect(Deleted.strict().parse(await sandbox.api.ok('DELETE', `/knowledge-sources/${link.id}`))).toEqual({ id: link.id, deleted: true });
    expect(Sources.parse(await sandbox.api.ok('GET', '/knowledge-sources')).items.map((s) => s.id)).not.toContain(link.id);
    await expectProblem(sandbox.api.call('DELETE', `/knowledge-sources/${link.id}`), 404, 'not_found');
    await expectProblem(sandbox.api.call('DELETE', `/knowledge-sources/${'k'.repeat(65)}`), 400, 'invalid_request', /^sourceId:/);
  });
});
