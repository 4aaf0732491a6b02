// /mcp end to end: a real sandbox, and the MCP SDK's own client signing in with its own OAuth support
// (discovery from the 401, dynamic registration, PKCE, code exchange), driven headless through the
// sandbox's auto-approve instead of a browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider, type OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import * as z from 'zod';
import { getOperation, OPERATION_IDS, operations } from '../../src/contract/operations.js';
import { operationTools } from '../../src/contract/tools.js';
import { signIn } from '../helpers/auth.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const REDIRECT_URL = 'http://127.0.0.1/callback';

/**
 * The SDK's OAuthClientProvider kept in memory. Instead of opening a browser, redirectToAuthorization
 * fetches the authorization URL (the sandbox auto-approves) and keeps the code from the redirect,
 * after checking the state, as a loopback callback would.
 */
class HeadlessProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  discovery: OAuthDiscoveryState | undefined;
  authorizationUrl: URL | undefined;
  code: string | undefined;
  private verifier = '';
  private expectedState = '';

  constructor(tokens?: OAuthTokens) {
    this.saved = tokens;
  }

  get redirectUrl(): string {
    return REDIRECT_URL;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'wts mcp e2e',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state(): string {
    this.expectedState = crypto.randomUUID();
    return this.expectedState;
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrl = url;
    const res = await fetch(url, { redirect: 'manual' });
    const location = res.headers.get('location');
    if (res.status < 300 || res.status > 399 || !location) throw new Error(`authorization answered ${res.status}, not a redirect`);
    const callback = new URL(location);
    if (callback.searchParams.get('error')) throw new Error(`authorization refused: ${callback.searchParams.get('error')}`);
    if (callback.searchParams.get('state') !== this.expectedState) throw new Error('the callback state does not match');
    this.code = callback.searchParams.get('code') ?? undefined;
  }
}

const sandbox = useSandbox({ autoApprove: 'ada', signIn: false });
let mcpUrl: URL;
const clients: Client[] = [];

function newTransport(provider: OAuthClientProvider, fetchLog?: string[]): StreamableHTTPClientTransport {
  const recording: typeof fetch = (input, init) => {
    fetchLog?.push(`${init?.method ?? 'GET'} ${input instanceof Request ? input.url : String(input)}`);
    return fetch(input, init);
  };
  return new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider, fetch: recording });
}

async function connected(provider: OAuthClientProvider, fetchLog?: string[]): Promise<Client> {
  const client = new Client({ name: 'wts-mcp-e2e', version: '1.0.0' });
  await client.connect(newTransport(provider, fetchLog));
  clients.push(client);
  return client;
}

/** The SDK's headless pattern: connect, get UnauthorizedError after the redirect, finishAuth(code), connect again. */
async function signedInClient(provider: HeadlessProvider, fetchLog?: string[]): Promise<Client> {
  const transport = newTransport(provider, fetchLog);
  await expect(new Client({ name: 'wts-mcp-e2e', version: '1.0.0' }).connect(transport)).rejects.toThrow(UnauthorizedError);
  expect(provider.code).toBeTruthy();
  await transport.finishAuth(provider.code!);
  return connected(provider, fetchLog);
}

function problemOf(result: CallToolResult): { status: number; code: string; detail: string; title: string } {
  expect(result.isError).toBe(true);
  const [first] = result.content;
  expect(first?.type).toBe('text');
  return JSON.parse((first as { text: string }).text);
}

function textOf(result: CallToolResult): string {
  return (result.content[0] as { text: string }).text;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

beforeAll(() => {
  mcpUrl = new URL(`${sandbox.origin}/mcp`);
});

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
});

describe('/mcp without a usable token', () => {
  it('answers 401 naming the protected-resource metadata of /mcp', async () => {
    const res = await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain(`resource_metadata="${sandbox.origin}/.well-known/oauth-protected-resource/mcp"`);
    expect(((await res.json()) as { code: string }).code).toBe('unauthorized');
  });

  it('refuses a token issued for /api/v1 only, which /api/v1 itself accepts', async () => {
    const apiOnly = await signIn(sandbox.origin, { resource: `${sandbox.origin}/api/v1` });
    const api = await fetch(`${sandbox.origin}/api/v1/workspaces`, { headers: { authorization: `Bearer ${apiOnly.access_token}` } });
    expect(api.status).toBe(200);

    const res = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiOnly.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');

    // The SDK client holding that token is sent back to sign in rather than let in.
    const provider = new HeadlessProvider({ access_token: apiOnly.access_token, token_type: 'Bearer' });
    const client = new Client({ name: 'wts-mcp-e2e', version: '1.0.0' });
    await expect(client.connect(newTransport(provider))).rejects.toThrow(UnauthorizedError);
  });
});

describe('/mcp through the SDK client', () => {
  let provider: HeadlessProvider;
  let client: Client;
  const fetchLog: string[] = [];

  beforeAll(async () => {
    provider = new HeadlessProvider();
    client = await signedInClient(provider, fetchLog);
  });

  it('discovered the authorization server through the resource metadata and registered dynamically', () => {
    const prm = `${sandbox.origin}/.well-known/oauth-protected-resource/mcp`;
    expect(provider.discovery?.resourceMetadataUrl).toBe(prm);
    expect(provider.discovery?.resourceMetadata?.resource).toBe(`${sandbox.origin}/mcp`);
    expect(new URL(provider.discovery!.authorizationServerUrl).origin).toBe(sandbox.origin);
    expect(provider.client?.client_id).toBeTruthy();

    const prmAt = fetchLog.indexOf(`GET ${prm}`);
    const asAt = fetchLog.indexOf(`GET ${sandbox.origin}/.well-known/oauth-authorization-server`);
    const registerAt = fetchLog.indexOf(`POST ${sandbox.origin}/oauth/register`);
    const tokenAt = fetchLog.indexOf(`POST ${sandbox.origin}/oauth/token`);
    expect(prmAt).toBeGreaterThanOrEqual(0);
    expect(asAt).toBeGreaterThan(prmAt);
    expect(registerAt).toBeGreaterThan(asAt);
    expect(tokenAt).toBeGreaterThan(registerAt);

    const authorization = provider.authorizationUrl!;
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${sandbox.origin}/oauth/authorize`);
    expect(authorization.searchParams.get('resource')).toBe(`${sandbox.origin}/mcp`);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(provider.saved?.access_token).toBeTruthy();
    // The SDK asked for the metadata's scopes_supported, offline_access among them, so it can refresh.
    expect(provider.saved?.refresh_token).toBeTruthy();
  });

  it('lists exactly one tool per catalog operation, with the catalog bounds and hints', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...OPERATION_IDS].sort());

    const byName = new Map<string, Tool>(tools.map((t) => [t.name, t]));
    const listTasks = byName.get('list_tasks')!;
    const props = listTasks.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(props.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 20 });
    expect(props.cursor).toMatchObject({ type: 'string', maxLength: 2000 });
    expect(props.tag).toMatchObject({ minLength: 1, maxLength: 100 });
    expect(props.workspaceId).toMatchObject({ type: 'string', minLength: 1, maxLength: 64 });
    expect(listTasks.inputSchema.required).toEqual(['workspaceId']);
    expect(listTasks.inputSchema.additionalProperties).toBe(false);
    expect(listTasks.description).toContain('workspace:read');

    expect((byName.get('list_task_runs')!.inputSchema.properties as Record<string, Record<string, unknown>>).limit).toMatchObject({
      maximum: 25,
      default: 10,
    });
    const note = byName.get('add_task_note')!.inputSchema;
    expect(note.required?.sort()).toEqual(['content', 'taskId']);
    expect((note.properties as Record<string, Record<string, unknown>>).content).toMatchObject({ minLength: 1, maxLength: 10000 });
    const schedule = byName.get('update_scheduled_task')!;
    expect((schedule.inputSchema.properties as Record<string, Record<string, unknown>>).cron).toMatchObject({
      minLength: 9,
      maxLength: 100,
    });
    expect(schedule.description).toContain('agents:write');

    for (const id of OPERATION_IDS) {
      const op = getOperation(id);
      const tool = byName.get(id)!;
      const fields = [...Object.keys(op.pathParams.shape), ...Object.keys(op.query.shape), ...Object.keys(op.body?.shape ?? {})];
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort(), id).toEqual(fields.sort());
      expect(tool.description, id).toContain(op.scope);
      expect(tool.title, id).toBe(op.title);
      expect(tool.annotations, id).toEqual({
        title: op.title,
        readOnlyHint: op.effect === 'read',
        destructiveHint: op.effect === 'destructive',
        idempotentHint: op.idempotent,
        openWorldHint: op.openWorld,
      });
      expect(tool.outputSchema, id).toMatchObject({ type: 'object' });
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${id}.${field}`).toMatch(/\w{3}/);
      }
    }
  });

  it('tells the truth in its hints: reads are read-only, and what overwrites, removes or carries out is destructive', async () => {
    const byName = new Map((await client.listTools()).tools.map((t) => [t.name, t.annotations!]));
    for (const id of OPERATION_IDS) {
      const op = getOperation(id);
      expect(op.effect === 'read', `${id}: read-only exactly when it is a GET`).toBe(op.method === 'GET');
      if (op.method === 'DELETE') expect(byName.get(id)?.destructiveHint, id).toBe(true);
    }
    const destructive = [
      'update_company_handbook_section',
      'update_agent_instruction_section',
      'set_task_tags',
      'assign_task',
      'archive_workspace',
      'approve_pending_action',
      'reject_pending_action',
      'update_pending_action',
      'delete_task',
      'delete_scheduled_task',
      'cancel_reminder',
      'remove_knowledge_source',
      'update_task',
      'update_reminder',
      'update_knowledge_source',
      'update_scheduled_task',
      'rename_workspace',
      'run_scheduled_task_now',
      'pause_scheduled_task',
      'reorder_company_handbook_sections',
    ];
    for (const id of destructive) expect(byName.get(id), id).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    const additive = [
      'create_workspace',
      'add_task_note',
      'submit_task',
      'send_task_message',
      'create_reminder',
      'add_knowledge_link',
      'create_scheduled_task',
    ];
    for (const id of additive) expect(byName.get(id), id).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    // Repeating these has no further effect; repeating these others would do it again (or is refused).
    for (const id of ['assign_task', 'set_task_tags', 'complete_task', 'archive_workspace', 'update_task', 'cancel_reminder'])
      expect(byName.get(id)?.idempotentHint, id).toBe(true);
    for (const id of ['approve_pending_action', 'add_task_note', 'submit_task', 'run_scheduled_task_now', 'create_workspace'])
      expect(byName.get(id)?.idempotentHint, id).toBe(false);
    // Only approving reaches outside the service: it carries the action out (a message is sent).
    expect([...byName].filter(([, a]) => a.openWorldHint).map(([name]) => name)).toEqual(['approve_pending_action']);
  });

  it('answers structuredContent that its outputSchema accepts, for a call of each kind', async () => {
    const schemas = new Map((await client.listTools()).tools.map((t) => [t.name, t.outputSchema!]));
    const ajv = new AjvJsonSchemaValidator();
    const check = (name: string, result: CallToolResult) => {
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      expect(JSON.parse(textOf(result)), `${name}: the text is the same JSON`).toEqual(result.structuredContent);
      const verdict = ajv.getValidator(schemas.get(name)!)(result.structuredContent);
      expect(verdict.errorMessage ?? '', name).toBe('');
      expect(verdict.valid, name).toBe(true);
      return result.structuredContent as Record<string, unknown>;
    };
    const calls: [string, Record<string, unknown>][] = [
      ['list_workspaces', {}], // list
      ['list_tasks', { workspaceId: 'ws_support', limit: 2 }], // cursor, with a next page
      ['get_task', { taskId: 'task_s001' }], // object
      ['read_company_handbook_section', { sectionId: 'sec_acme_company_1' }], // offset
      ['list_pending_actions', { taskId: 'task_s001' }],
      ['get_pending_action', { actionId: 'act_s001' }],
      ['list_task_runs', { taskId: 'task_s001' }],
      ['list_task_events', { taskId: 'task_s001' }],
      ['list_task_messages', { taskId: 'task_s001' }],
      ['list_reminders', { taskId: 'task_s001' }],
      ['list_scheduled_tasks', {}],
      ['list_knowledge_sources', {}],
      ['list_workspace_members', { workspaceId: 'ws_support' }],
      ['list_workspace_statuses', { workspaceId: 'ws_support' }],
      ['list_agent_instructions', { agentId: 'agt_support' }],
    ];
    for (const [name, args] of calls) check(name, await call(client, name, args));
    const page = check('list_tasks', await call(client, 'list_tasks', { workspaceId: 'ws_support', limit: 2 }));
    expect(typeof page.nextCursor).toBe('string');

    // Writes, down to a removal that answers { id, deleted: true }.
    const link = check(
      'add_knowledge_link',
      await call(client, 'add_knowledge_link', { name: 'Status page', url: 'https://status.acme.example/' }),
    );
    check('remove_knowledge_source', await call(client, 'remove_knowledge_source', { sourceId: link.id }));
    const reminder = check(
      'create_reminder',
      await call(client, 'create_reminder', {
        taskId: 'task_s001',
        message: 'Look again',
        remindAt: new Date(Date.now() + 86_400_000 * 400).toISOString(),
      }),
    );
    check('cancel_reminder', await call(client, 'cancel_reminder', { reminderId: reminder.id }));
    check('run_scheduled_task_now', await call(client, 'run_scheduled_task_now', { scheduledTaskId: 'sched_support_weekly' }));

    // And the check can fail: the same answer with a field the schema does not have is refused.
    const task = (await call(client, 'get_task', { taskId: 'task_s001' })).structuredContent;
    expect(ajv.getValidator(schemas.get('get_task')!)({ ...task, colour: 'red' }).valid).toBe(false);
    expect(ajv.getValidator(schemas.get('get_task')!)({ ...task, createdAt: 'yesterday' }).valid).toBe(false);
  });

  it('calls list_workspaces and returns the page as text and as structured content', async () => {
    const result = await call(client, 'list_workspaces');
    expect(result.isError).toBeFalsy();
    const page = result.structuredContent as { items: { id: string; name: string }[]; nextCursor?: string | null };
    expect(page.items.length).toBeGreaterThan(0);
    for (const ws of page.items) expect(ws).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    expect(JSON.parse(textOf(result))).toEqual(page);

    // The same caller through /api/v1 sees the same workspaces.
    const api = await signIn(sandbox.origin, { resource: `${sandbox.origin}/api/v1` });
    const res = await fetch(`${sandbox.origin}/api/v1/workspaces`, { headers: { authorization: `Bearer ${api.access_token}` } });
    expect(((await res.json()) as typeof page).items.map((w) => w.id).sort()).toEqual(page.items.map((w) => w.id).sort());
  });

  it('answers an unknown task id with a not_found problem', async () => {
    const problem = problemOf(await call(client, 'get_task', { taskId: 'task_does_not_exist' }));
    expect(problem).toMatchObject({ status: 404, code: 'not_found', title: expect.any(String) });
  });

  it('refuses an out-of-bounds or unknown argument, naming it', async () => {
    const { structuredContent } = await call(client, 'list_workspaces');
    const workspaceId = (structuredContent as { items: { id: string }[] }).items[0]!.id;

    // The catalog checks the arguments, as on /api/v1: the same problem+json, the same words.
    expect(problemOf(await call(client, 'list_tasks', { workspaceId, limit: 51 }))).toMatchObject({
      status: 400,
      code: 'invalid_request',
      detail: 'limit: must be at most 50',
    });
    expect(problemOf(await call(client, 'add_task_note', { taskId: 'task_x', content: '' }))).toMatchObject({
      status: 400,
      code: 'invalid_request',
      detail: 'content: must not be empty',
    });
    expect(problemOf(await call(client, 'list_tasks', { workspaceId, colour: 'red' }))).toMatchObject({
      status: 400,
      code: 'invalid_request',
      detail: 'unknown field colour',
    });
    expect(problemOf(await call(client, 'get_task', {}))).toMatchObject({ status: 400, detail: 'taskId: is required' });

    const fine = await call(client, 'list_tasks', { workspaceId, limit: 50 });
    expect(fine.isError).toBeFalsy();
    expect((fine.structuredContent as { items: unknown[] }).items.length).toBeLessThanOrEqual(50);
  });

  it('writes through tools what reads then show', async () => {
    const created = await call(client, 'create_workspace', { name: `MCP ${crypto.randomUUID().slice(0, 8)}` });
    expect(created.isError, textOf(created)).toBeFalsy();
    const workspace = created.structuredContent as { id: string; name: string };
    const agents = (await call(client, 'list_agents')).structuredContent as { items: { id: string; workspaceId: string }[] };
    const agent = agents.items.find((a) => a.workspaceId === workspace.id);
    expect(agent, 'the new workspace has its own agent').toBeDefined();

    const submitted = await call(client, 'submit_task', { agentId: agent!.id, title: 'Written over MCP' });
    expect(submitted.isError, textOf(submitted)).toBeFalsy();
    const taskId = (submitted.structuredContent as { id: string }).id;
    const content = `noted over MCP ${crypto.randomUUID()}`;
    const added = await call(client, 'add_task_note', { taskId, content });
    expect(added.isError, textOf(added)).toBeFalsy();

    const task = (await call(client, 'get_task', { taskId })).structuredContent as {
      id: string;
      workspaceId: string;
      title: string;
      notes: { content: string }[];
    };
    expect(task).toMatchObject({ id: taskId, workspaceId: workspace.id, title: 'Written over MCP' });
    expect(task.notes.map((n) => n.content)).toContain(content);
    const listed = (await call(client, 'list_tasks', { workspaceId: workspace.id })).structuredContent as { items: { id: string }[] };
    expect(listed.items.map((t) => t.id)).toContain(taskId);
  });

  it('answers GET and DELETE on /mcp with 405, there being no session', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(mcpUrl, {
        method,
        headers: { authorization: `Bearer ${provider.saved!.access_token}`, accept: 'text/event-stream' },
      });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('refuses a request sent from another origin', async () => {
    const res = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${provider.saved!.access_token}`,
        origin: 'http://evil.example',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(403);
  });
});

describe('/mcp with fewer scopes', () => {
  it('refuses a tool call needing a scope not granted with HTTP 403 and a scope challenge, and serves the granted ones', async () => {
    const narrow = await signIn(sandbox.origin, { scopes: ['workspace:read'], resource: `${sandbox.origin}/mcp` });
    expect(narrow.scope.split(' ')).not.toContain('workspace:write');
    const res = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${narrow.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'create_workspace', arguments: { name: 'Not allowed' } },
      }),
    });
    expect(res.status).toBe(403);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="workspace:read workspace:write"');
    expect(challenge).toContain(`resource_metadata="${sandbox.origin}/.well-known/oauth-protected-resource/mcp"`);
    expect(await res.json()).toMatchObject({ status: 403, code: 'insufficient_scope' });

    const client = await connected(new HeadlessProvider({ access_token: narrow.access_token, token_type: 'Bearer', scope: narrow.scope }));
    const allowed = await call(client, 'list_workspaces');
    expect(allowed.isError).toBeFalsy();
  });

  it('lets the SDK client step up: it signs in again with the challenged scopes and the call then succeeds', async () => {
    const narrow = await signIn(sandbox.origin, { scopes: ['workspace:read'], resource: `${sandbox.origin}/mcp` });
    const provider = new HeadlessProvider({ access_token: narrow.access_token, token_type: 'Bearer', scope: narrow.scope });
    const transport = newTransport(provider);
    const client = new Client({ name: 'wts-mcp-e2e', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    await expect(call(client, 'create_workspace', { name: 'Stepped up' })).rejects.toThrow(UnauthorizedError);
    expect(provider.authorizationUrl?.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['workspace:read', 'workspace:write']),
    );
    await transport.finishAuth(provider.code!);
    expect(provider.saved?.scope?.split(' ')).toContain('workspace:write');
    const created = await call(client, 'create_workspace', { name: 'Stepped up' });
    expect(created.isError, textOf(created)).toBeFalsy();
  });
});

describe('tools from the catalog', () => {
  it('refuses an operation whose path, query and body share a field name', () => {
    expect(operationTools()).toHaveLength(OPERATION_IDS.length);
    const clashing = { ...getOperation('update_task'), body: z.object({ taskId: z.string() }).strict() };
    expect(() => operationTools({ ...operations, update_task: clashing })).toThrow(
      'update_task: the field taskId is both a path and a body field',
    );
  });

  it('puts each argument back in the part of the request the operation takes it from', () => {
    const tool = operationTools().find((t) => t.name === 'update_scheduled_task')!;
    expect(tool.split({ scheduledTaskId: 'st_1', cron: '0 9 * * 1-5' })).toEqual({
      path: { scheduledTaskId: 'st_1' },
      query: {},
      body: { cron: '0 9 * * 1-5' },
    });
    const listTasks = operationTools().find((t) => t.name === 'list_tasks')!;
    expect(listTasks.split({ workspaceId: 'ws_1', limit: 5 })).toEqual({
      path: { workspaceId: 'ws_1' },
      query: { limit: 5 },
      body: undefined,
    });
  });
});
