// Agent instructions and the company handbook over /api/v1: listing entries, reading bodies in pieces,
// editing and reordering. Entries are fixtures added to the state (the API has no create operation).
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, HandbookEntry, HandbookPiece, Workspace } from '../../src/contract/resources.js';
import { HANDBOOK_PIECE } from '../../src/sandbox/api/views.js';
import type { SectionRec } from '../../src/sandbox/model.js';
import { signIn } from '../helpers/auth.js';
import { addSection, apiAs, expectProblem, orgIdOf, pageOf } from '../helpers/api.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();
let acme: string;
let agentId: string;
let sections: SectionRec[];

const Entries = pageOf(HandbookEntry.strict());
const Piece = HandbookPiece.strict();
const LONG = Array.from({ length: 4500 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');

beforeAll(async () => {
  acme = orgIdOf(sandbox, 'acme');
  const ws = Workspace.parse(await sandbox.api.ok('POST', '/workspaces', { body: { name: 'Handbook under test' } }));
  agentId = pageOf(Agent.strict())
    .parse(await sandbox.api.ok('GET', '/agents'))
    .items.find((a) => a.workspaceId === ws.id)!.id;
  sections = [
    addSection(sandbox, { orgId: acme, agentId, title: 'Tone', body: 'Be kind.' }),
    addSection(sandbox, { orgId: acme, agentId, title: 'Escalation', body: LONG }),
    addSection(sandbox, { orgId: acme, agentId, title: 'Sign-off', body: '' }),
  ];
});

describe('agent instructions', () => {
  it('lists the entries in order', async () => {
    const page = Entries.parse(await sandbox.api.ok('GET', `/agents/${agentId}/instructions`));
    expect(page.items.map((e) => e.title)).toEqual(['Tone', 'Escalation', 'Sign-off']);
    expect(page.items.map((e) => e.id)).toEqual(sections.map((s) => s.id));
  });

  it('reads a body in pieces of 2000 characters', async () => {
    expect(HANDBOOK_PIECE).toBe(2000);
    const id = sections[1]!.id;
    const one = Piece.parse(await sandbox.api.ok('GET', `/agent-instructions/${id}`));
    expect(one).toEqual({ id, title: 'Escalation', body: LONG.slice(0, 2000), nextOffset: 2000 });
    const two = Piece.parse(await sandbox.api.ok('GET', `/agent-instructions/${id}`, { query: { offset: 2000 } }));
    expect(two).toMatchObject({ body: LONG.slice(2000, 4000), nextOffset: 4000 });
    const three = Piece.parse(await sandbox.api.ok('GET', `/agent-instructions/${id}`, { query: { offset: 4000 } }));
    expect(three).toMatchObject({ body: LONG.slice(4000), nextOffset: null });
    expect(Piece.parse(await sandbox.api.ok('GET', `/agent-instructions/${id}`, { query: { offset: 4500 } }))).toMatchObject({
      body: '',
      nextOffset: null,
    });
    expect(Piece.parse(await sandbox.api.ok('GET', `/agent-instructions/${id}`, { query: { offset: 10 } })).body).toBe(
      LONG.slice(10, 2010),
    );
    expect(Piece.parse(await sandbox.api.ok('GET', `/agent-instructions/${sections[2]!.id}`))).toMatchObject({
      body: '',
      nextOffset: null,
    });
  });

  it('checks the offset', async () => {
    const id = sections[0]!.id;
    await expectProblem(
      sandbox.api.call('GET', `/agent-instructions/${id}`, { query: { offset: 9 } }),
      400,
      'invalid_request',
      /^offset: must be at most 8$/,
    );
    await expectProblem(
      sandbox.api.call('GET', `/agent-instructions/${id}`, { query: { offset: -1 } }),
      400,
      'invalid_request',
      /^offset: must be at least 0/,
    );
    await expectProblem(
      sandbox.api.call('GET', `/agent-instructions/${id}`, { query: { offset: '9007199254740992' } }),
      400,
      'invalid_request',
      /^offset:/,
    );
    await expectProblem(
      sandbox.api.call('GET', `/agent-instructions/${id}`, { query: { offset: 1.5 } }),
      400,
      'invalid_request',
      /^offset:/,
    );
  });

  it('edits an entry’s title and body', async () => {
    const id = sections[0]!.id;
    const entry = HandbookEntry.strict().parse(
      await sandbox.api.ok('PATCH', `/agent-instructions/${id}`, { body: { title: 'Voice', body: 'Be kind and brief.' } }),
    );
    expect(entry).toEqual({ id, title: 'Voice', position: 0 });
    expect(Piece.parse(await sandbox.api.ok('GET', `/agent-instructions/${id}`))).toEqual({
      id,
      title: 'Voice',
      body: 'Be kind and brief.',
      nextOffset: null,
    });
    await expectProblem(
      sandbox.api.call('PATCH', `/agent-instructions/${id}`, { body: { title: '' } }),
      400,
      'invalid_request',
      /^title: must not be empty/,
    );
    await expectProblem(
      sandbox.api.call('PATCH', `/agent-instructions/${id}`, { body: { position: 3 } }),
      400,
      'invalid_request',
      /unknown field position/,
    );
  });

  it('reorders with the complete list of entries', async () => {
    const [a, b, c] = sections.map((s) => s.id) as [string, string, string];
    const page = Entries.parse(
      await sandbox.api.ok('POST', `/agents/${agentId}/instructions/reorder`, { body: { sectionIds: [c, a, b] } }),
    );
    expect(page.items.map((e) => [e.id, e.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    expect(Entries.parse(await sandbox.api.ok('GET', `/agents/${agentId}/instructions`)).items.map((e) => e.id)).toEqual([c, a, b]);
    const every = /^sectionIds: must list every entry exactly once/;
    const path = `/agents/${agentId}/instructions/reorder`;
    await expectProblem(sandbox.api.call('POST', path, { body: { sectionIds: [a, b] } }), 400, 'invalid_request', every);
    await expectProblem(sandbox.api.call('POST', path, { body: { sectionIds: [a, b, c, c] } }), 400, 'invalid_request', every);
    await expectProblem(sandbox.api.call('POST', path, { body: { sectionIds: [a, b, 'sec_other'] } }), 400, 'invalid_request', every);
    await expectProblem(
      sandbox.api.call('POST', path, { body: { sectionIds: [] } }),
      400,
      'invalid_request',
      /^sectionIds: must have at least 1 item/,
    );
    expect(Entries.parse(await sandbox.api.ok('GET', `/agents/${agentId}/instructions`)).items.map((e) => e.id)).toEqual([c, a, b]);
  });

  it('answers 404 for unknown agents and entries, and for company entries', async () => {
    const company = addSection(sandbox, { orgId: acme, agentId: null, title: 'Company only', body: 'x' });
    await expectProblem(sandbox.api.call('GET', '/agents/agt_nope/instructions'), 404, 'not_found', /no agent agt_nope/);
    await expectProblem(sandbox.api.call('GET', '/agent-instructions/sec_nope'), 404, 'not_found', /sec_nope/);
    await expectProblem(sandbox.api.call('GET', `/agent-instructions/${company.id}`), 404, 'not_found');
    await expectProblem(sandbox.api.call('PATCH', `/agent-instructions/${company.id}`, { body: { title: 'x' } }), 404, 'not_found');
    await expectProblem(
      sandbox.api.call('POST', '/agents/agt_nope/instructions/reorder', { body: { sectionIds: ['a'] } }),
      404,
      'not_found',
    );
  });

  it('needs agents:write to edit', async () => {
    const reader = apiAs(sandbox.origin, (await signIn(sandbox.origin, { scopes: ['agents:read'] })).access_token);
    Entries.parse(await reader.ok('GET', `/agents/${agentId}/instructions`));
    await expectProblem(
      reader.call('PATCH', `/agent-instructions/${sections[0]!.id}`, { body: { title: 'x' } }),
      403,
      'insufficient_scope',
      /agents:write/,
    );
  });
});

describe('company handbook', () => {
  it('lists, reads, edits and reorders the organization’s entries', async () => {
    addSection(sandbox, { orgId: acme, agentId: null, title: 'Values', body: LONG });
    const listed = Entries.parse(await sandbox.api.ok('GET', '/company-handbook')).items;
    expect(listed.length).toBeGreaterThanOrEqual(1);
    const values = listed.find((e) => e.title === 'Values')!;

    const piece = Piece.parse(await sandbox.api.ok('GET', `/company-handbook/${values.id}`, { query: { offset: 4000 } }));
    expect(piece).toEqual({ id: values.id, title: 'Values', body: LONG.slice(4000), nextOffset: null });
    await expectProblem(
      sandbox.api.call('GET', `/company-handbook/${values.id}`, { query: { offset: 4501 } }),
      400,
      'invalid_request',
      /^offset: must be at most 4500$/,
    );

    const edited = HandbookEntry.strict().parse(
      await sandbox.api.ok('PATCH', `/company-handbook/${values.id}`, { body: { title: 'Our values' } }),
    );
    expect(edited).toMatchObject({ id: values.id, title: 'Our values' });

    const reversed = listed.map((e) => e.id).reverse();
    const page = Entries.parse(await sandbox.api.ok('POST', '/company-handbook/reorder', { body: { sectionIds: reversed } }));
    expect(page.items.map((e) => e.id)).toEqual(reversed);
    expect(page.items.map((e) => e.position)).toEqual(reversed.map((_, i) => i));
    expect(Entries.parse(await sandbox.api.ok('GET', '/company-handbook')).items.map((e) => e.id)).toEqual(reversed);
    await expectProblem(
      sandbox.api.call('POST', '/company-handbook/reorder', { body: { sectionIds: reversed.slice(1) } }),
      400,
      'invalid_request',
      /^sectionIds: must list every entry exactly once/,
    );
  });

  it('belongs to one organization, and agent entries are not found in it', async () => {
    const other = addSection(sandbox, { orgId: orgIdOf(sandbox, 'globex'), agentId: null, title: 'Globex rules', body: 'x' });
    expect(Entries.parse(await sandbox.api.ok('GET', '/company-handbook')).items.map((e) => e.id)).not.toContain(other.id);
    await expectProblem(sandbox.api.call('GET', `/company-handbook/${other.id}`), 404, 'not_found');
    const globex = apiAs(sandbox.origin, (await signIn(sandbox.origin, { org: 'globex' })).access_token);
    expect(Entries.parse(await globex.ok('GET', '/company-handbook')).items.map((e) => e.id)).toContain(other.id);
    await expectProblem(sandbox.api.call('GET', `/company-handbook/${sections[0]!.id}`), 404, 'not_found');
    await expectProblem(sandbox.api.call('PATCH', '/company-handbook/sec_nope', { body: {} }), 404, 'not_found', /sec_nope/);
    await expectProblem(
      sandbox.api.call('GET', '/company-handbook', { query: { offset: 1 } }),
      400,
      'invalid_request',
      /unknown field offset/,
    );
  });
});
