// What every /api/v1 call shares: the OpenAPI description, authentication errors, rate limiting, and the
// problem+json body on requests that never reach an operation.
import { describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../src/contract/operations.js';
import { Workspace } from '../../src/contract/resources.js';
import { DEFAULT_FAULTS } from '../../src/sandbox/context.js';
import { signIn } from '../helpers/auth.js';
import { apiAs, expectProblem, pageOf } from '../helpers/api.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();

describe('GET /api/v1/openapi.json', () => {
  it('is OpenAPI 3.1.0, version 1.0.0, with every operation of the catalog', async () => {
    const res = await fetch(`${sandbox.origin}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...OPERATION_IDS].sort());
  });

  it("names the spec's scopes, each with what it grants in the spec's words", async () => {
    const doc: unknown = await (await fetch(`${sandbox.origin}/api/v1/openapi.json`)).json();
    const scopes = {
      'workspace:read': 'workspaces, tasks, notes, messages, reminders, pending approvals (read)',
      'workspace:write': 'create and update tasks, notes, tags, reminders, workspaces',
      'agents:read': 'agents, their runs, instructions, handbook, knowledge, scheduled tasks (read)',
      'agents:write': 'edit instructions, handbook, knowledge, scheduled tasks; give agents tasks',
      'approvals:write': 'approve, reject or edit actions agents want to take',
      offline_access: 'keep access without signing in again, until the user disconnects',
    };
    expect(doc).toMatchObject({ components: { securitySchemes: { oauth2: { flows: { authorizationCode: { scopes } } } } } });
  });
});

describe('authentication', () => {
  it('answers 401 problem+json with WWW-Authenticate without a token or with a bad one', async () => {
    const none = await apiAs(sandbox.origin, '').call('GET', '/workspaces');
    await expectProblem(none, 401, 'unauthorized');
    expect(none.headers.get('www-authenticate')).toMatch(
      /^Bearer resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/api\/v1"/,
    );
    const bad = await apiAs(sandbox.origin, 'not-a-token').call('GET', '/workspaces');
    await expectProblem(bad, 401, 'unauthorized');
    expect(bad.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('answers 403 insufficient_scope naming the scope', async () => {
    const reader = apiAs(sandbox.origin, (await signIn(sandbox.origin, { scopes: ['agents:read'] })).access_token);
    const res = await reader.call('GET', '/workspaces');
    await expectProblem(res, 403, 'insufficient_scope', /list_workspaces needs the scope workspace:read/);
    expect(res.headers.get('www-authenticate')).toMatch(/insufficient_scope/);
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After past the limit, and recovers once the limit is lifted', async () => {
    const fresh = apiAs(sandbox.origin, (await signIn(sandbox.origin)).access_token);
    expect((await sandbox.setFaults({ rateLimit: 3 })).status).toBe(200);
    try {
      for (let i = 0; i < 3; i++) expect((await fresh.call('GET', '/workspaces')).status).toBe(200);
      const limited = await fresh.call('GET', '/workspaces');
      await expectProblem(limited, 429, 'rate_limited', /rate limit of 3 requests/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      expect((await sandbox.setFaults({ rateLimit: DEFAULT_FAULTS.rateLimit })).status).toBe(200);
    }
    pageOf(Workspace.strict()).parse(await fresh.ok('GET', '/workspaces'));
  });
});

describe('requests that reach no operation', () => {
  it('answer problem+json too', async () => {
    await expectProblem(sandbox.api.call('GET', '/nowhere'), 404, 'not_found', /no such path/);
    const wrongType = await fetch(`${sandbox.origin}/api/v1/workspaces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'text/plain' },
      body: 'name=x',
    });
    await expectProblem(
      { status: wrongType.status, headers: wrongType.headers, body: await wrongType.json() },
      415,
      'unsupported_media_type',
    );
    const notJson = await fetch(`${sandbox.origin}/api/v1/workspaces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: '{"name":',
    });
    await expectProblem(
      { status: notJson.status, headers: notJson.headers, body: await notJson.json() },
      400,
      'invalid_request',
      /^body: is not valid JSON/,
    );
    // No body at all is checked as an empty object.
    await expectProblem(sandbox.api.call('POST', '/workspaces'), 400, 'invalid_request', /^name: is required$/);
  });
});
