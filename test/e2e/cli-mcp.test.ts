// `wts mcp` end to end: the MCP SDK's own client spawns `node bin/wts mcp` over stdio against the
// sandbox, signed in through `wts login` (credentials in a file), and lists and calls tools; the raw
// stdout of a run holds MCP messages only; a bridge and ten `wts` processes share one connection through
// an access-token expiry. Runs the built CLI (npm run build).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { OPERATION_IDS, operations } from '../../src/contract/operations.js';
import { listedTool, operationTools } from '../../src/contract/tools.js';
import { inspector, inspectorEnv } from '../helpers/inspector.js';
import { expectLoggedIn, workdir, type Workdir } from '../helpers/credentials.js';
import { childEnv, runWtsProcess, spawnWts, WTS_BIN } from '../helpers/wts-process.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ signIn: false });
let w: Workdir;
let env: Record<string, string>;
const bridges: Bridge[] = [];

const READS = OPERATION_IDS.filter((id) => operations[id].effect === 'read');
const OWN = ['waiting_items', 'my_open_tasks', 'check_schedules'];

beforeAll(async () => {
  w = workdir();
  await expectLoggedIn(sandbox.origin, w);
  // A profile that may read and not write: the service refuses its writes.
  await expectLoggedIn(sandbox.origin, w, ['--profile', 'reader', '--scopes', 'workspace:read', 'offline_access']);
  env = { WTS_CONFIG_DIR: w.configDir, WTS_CREDENTIALS_FILE: w.credentialsFile };
});
afterAll(async () => {
  await Promise.all(bridges.map((b) => b.client.close()));
});

interface Bridge {
  client: Client;
  /** What the bridge wrote to stderr so far. */
  stderr(): string;
  /** Anything the client could not read as an MCP message. */
  errors: Error[];
}

/** `wts ARGS` (ending in `mcp …`) spawned by the SDK client over stdio, connected. */
async function bridge(args: string[] = ['mcp']): Promise<Bridge> {
  const childEnvironment = Object.fromEntries(
    Object.entries(childEnv(env)).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [WTS_BIN, ...args],
    env: childEnvironment,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'wts-mcp-e2e', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (err) => errors.push(err);
  await client.connect(transport);
  const b = { client, stderr: () => stderr, errors };
  bridges.push(b);
  return b;
}

async function call(b: Bridge, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await b.client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The JSON of a tool error. */
function errorOf(result: CallToolResult): { code: string; message: string; status?: number; detail?: string } {
  expect(result.isError).toBe(true);
  const [first] = result.content;
  if (first?.type !== 'text') throw new Error('a tool error without text');
  return JSON.parse(first.text);
}

function structured(result: CallToolResult): Record<string, unknown> {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent ?? {};
}

describe('wts mcp, read-only by default', () => {
  let b: Bridge;
  let tools: Tool[];
  beforeAll(async () => {
    b = await bridge();
    tools = (await b.client.listTools()).tools;
  });

  it('lists its own tools and every tool that reads, and no tool that changes something', () => {
    expect(tools.map((t) => t.name)).toEqual([...OWN, ...READS]);
    for (const tool of tools) expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });

  it("serves the sandbox's /mcp tool definitions: names, titles, annotations, input and output schemas", () => {
    const shared = new Map(operationTools().map((t) => [t.name, listedTool(t)]));
    for (const tool of tools.filter((t) => !OWN.includes(t.name))) expect(tool).toEqual(shared.get(tool.name as never));
  });

  it('calls a read through the signed-in profile, its answer checked against the output schema', async () => {
    const task = structured(await call(b, 'get_task', { taskId: 'task_s001' }));
    expect(task).toMatchObject({ id: 'task_s001', workspaceId: 'ws_support' });
    const page = structured(await call(b, 'list_tasks', { workspaceId: 'ws_support', limit: 2 }));
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('answers a 404 as a tool error with the problem code and detail', async () => {
    const error = errorOf(await call(b, 'get_task', { taskId: 'task_none' }));
    expect(error).toMatchObject({ code: 'not_found', status: 404, detail: expect.stringContaining('task_none') });
    expect(error.message).toMatch(/^not found: /);
  });

  it('refuses an argument the catalog refuses before sending anything, naming it', async () => {
    const before = await sandbox.requests();
    const error = errorOf(await call(b, 'list_tasks', { workspaceId: 'ws_support', limit: 500 }));
    expect(error).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/^limit: /) });
    expect(errorOf(await call(b, 'get_task', { taskId: 'task_s001', colour: 'red' })).message).toContain('colour');
    expect(await sandbox.requests()).toBe(before);
  });

  it('refuses a write tool, sending nothing, and says how to allow it', async () => {
    const before = await sandbox.requests();
    const error = errorOf(await call(b, 'add_task_note', { taskId: 'task_s002', content: 'not allowed' }));
    expect(error.code).toBe('tool_not_offered');
    expect(error.message).toContain('--allow-writes');
    expect(await sandbox.requests()).toBe(before);
    await expect(b.client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/no tool named no_such_tool/);
  });

  it('answers what waits across workspaces a part at a time, with a cursor, as `wts inbox --json` has it', async () => {
    const inbox = await runWtsProcess(['inbox', '--json'], { env });
    expect(inbox.code).toBe(0);
    const expected = JSON.parse(inbox.stdout) as unknown[];
    expect(expected.length).toBeGreaterThan(3);
    const seen: unknown[] = [];
    let cursor: string | undefined;
    do {
      const part = structured(await call(b, 'waiting_items', { limit: 3, ...(cursor && { cursor }) }));
      expect(part.total).toBe(expected.length);
      seen.push(...(part.items as unknown[]));
      cursor = (part.nextCursor as string | null) ?? undefined;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(errorOf(await call(b, 'waiting_items', { cursor: 'waiting_items:gone.3' })).message).toMatch(/^cursor: /);
  });

  it('answers my open tasks across workspaces and a check of the scheduled tasks', async () => {
    const mine = structured(await call(b, 'my_open_tasks', { limit: 100 }));
    const items = mine.items as { assignees: { id: string }[]; status: string; workspaceId: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((t) => t.workspaceId)).size).toBeGreaterThan(1);
    for (const t of items) {
      expect(t.assignees.map((a) => a.id)).toContain('usr_ada');
      expect(t.status).not.toBe('done');
    }
    const checked = structured(await call(b, 'check_schedules', { require: 'active', limit: 2 }));
    expect(checked).toMatchObject({ ok: expect.any(Boolean), failed: expect.any(Array), total: expect.any(Number) });
    expect(checked.items).toHaveLength(2);
    expect(errorOf(await call(b, 'check_schedules', { maxLate: 'soon' })).message).toMatch(/^maxLate: /);
  });
});

describe('wts mcp --allow-writes', () => {
  it('lists every operation of the catalog and its own, the writes with their annotations; a write is done', async () => {
    const b = await bridge(['mcp', '--allow-writes']);
    const { tools } = await b.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([...OWN, ...OPERATION_IDS]);
    expect(tools.find((t) => t.name === 'delete_task')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    const content = `Noted through wts mcp ${Date.now()}`;
    const task = structured(await call(b, 'add_task_note', { taskId: 'task_s002', content }));
    expect((task.notes as { content: string }[]).map((n) => n.content)).toContain(content);
    const stored = sandbox.ctx.store.state.data.tasks.find((t) => t.id === 'task_s002');
    expect(stored?.notes.map((n) => n.content)).toContain(content);
  });

  it('answers a write the service refuses (a scope not granted) as a tool error saying what to do', async () => {
    const b = await bridge(['--profile', 'reader', 'mcp', '--allow-writes']);
    const error = errorOf(await call(b, 'add_task_note', { taskId: 'task_s002', content: 'refused' }));
    expect(error).toMatchObject({ code: 'insufficient_scope', status: 403 });
    expect(error.message).toMatch(/^forbidden: insufficient_scope: .*run `wts login`/);
    expect(sandbox.ctx.store.state.data.tasks.find((t) => t.id === 'task_s002')?.notes.map((n) => n.content)).not.toContain('refused');
  });

  it('--tools offers exactly the tools named, and refuses a name no tool has', async () => {
    const b = await bridge(['mcp', '--tools', 'waiting_items,add_task_note']);
    expect((await b.client.listTools()).tools.map((t) => t.name)).toEqual(['waiting_items', 'add_task_note']);
    const r = await runWtsProcess(['mcp', '--tools', 'get_tsak'], { env });
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe('wts: --tools: no tool named "get_tsak" (did you mean get_task?); `wts mcp --help` lists them\n');
  });
});

describe('wts help mcp', () => {
  it('says what it is for, that it is read-only by default, and how each assistant is configured', async () => {
    const r = await runWtsProcess(['help', 'mcp'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Read-only by default');
    expect(r.stdout).toContain('claude mcp add wts -- wts mcp');
    expect(r.stdout).toContain('"servers": { "wts": { "type": "stdio"');
    expect(r.stdout).toContain('docs/mcp.md');
  });
});

describe('a sign-in that ends while the bridge runs', () => {
  it('makes calls fail saying to run `wts login`, and a new sign-in is used without a restart', async () => {
    await expectLoggedIn(sandbox.origin, w, ['--profile', 'brief']);
    const b = await bridge(['--profile', 'brief', 'mcp']);
    structured(await call(b, 'list_workspaces'));
    expect((await runWtsProcess(['--profile', 'brief', 'logout'], { env })).code).toBe(0);
    const error = errorOf(await call(b, 'list_workspaces'));
    expect(error.code).toBe('sign_in_needed');
    expect(error.message).toContain('run `wts login`');
    await expectLoggedIn(sandbox.origin, w, ['--profile', 'brief']);
    structured(await call(b, 'list_workspaces'));
    expect(b.stderr()).toBe('');
  });
});

describe("the bridge's stdout", () => {
  it('holds MCP messages only, even with --debug, whose traces go to stderr', async () => {
    const p = spawnWts(['--debug', 'mcp'], { env });
    const messages = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_task', arguments: { taskId: 'task_s001' } } },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_task', arguments: { taskId: 'task_none' } } },
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'waiting_items', arguments: { limit: 1 } } },
    ];
    p.child.stdin.end(messages.map((m) => `${JSON.stringify(m)}\n`).join(''));
    const done = await p.done;
    expect(done.code).toBe(0);
    const lines = done.stdout.split('\n');
    expect(lines.pop()).toBe('');
    const answers = lines.map((line) => JSON.parse(line) as { jsonrpc: string; id: number; result?: { isError?: boolean } });
    for (const a of answers) expect(a.jsonrpc).toBe('2.0');
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(answers.find((a) => a.id === 4)?.result?.isError).toBe(true);
    expect(done.stderr).toMatch(/GET .*\/api\/v1\/tasks\/task_s001/);
  });
});

// Each run starts the Inspector afresh: a second or two, more on a loaded machine.
describe('the MCP Inspector CLI against `wts mcp` over stdio', { timeout: 120_000 }, () => {
  let dir: string;
  let inspectorEnvironment: NodeJS.ProcessEnv;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wts-inspector-stdio-'));
    const server = (...args: string[]) => ({
      type: 'stdio',
      command: process.execPath,
      args: [WTS_BIN, 'mcp', ...args],
      env: childEnv(env),
    });
    writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: { wts: server(), writes: server('--allow-writes') } }), {
      mode: 0o600,
    });
    inspectorEnvironment = inspectorEnv(dir);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const run = (server: string, ...args: string[]) => inspector(dir, inspectorEnvironment, server, ...args);

  it('lists every tool with no schema finding and no warning', async () => {
    const out = await run('writes', '--method', 'tools/list', '--strict');
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const envelope = JSON.parse(out.stdout) as { result: { tools: { name: string }[] }; schemaFindings?: unknown };
    expect(envelope.schemaFindings).toBeUndefined();
    expect(envelope.result.tools.map((t) => t.name)).toEqual([...OWN, ...OPERATION_IDS]);
  });

  it('calls tools, its client checking each answer against the output schema, with no warning', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['get_task', { taskId: 'task_s001' }],
      ['waiting_items', { limit: 2 }],
      ['my_open_tasks', { limit: 2 }],
      ['check_schedules', {}],
    ];
    for (const [name, args] of calls) {
      const out = await run('wts', '--method', 'tools/call', '--tool-name', name, '--tool-args-json', JSON.stringify(args));
      expect(out.stderr, name).toBe('');
      expect(out.code, name).toBe(0);
      const { result } = JSON.parse(out.stdout) as {
        result: { isError?: boolean; structuredContent: unknown; content: { text: string }[] };
      };
      expect(result.isError, name).toBeFalsy();
      expect(JSON.parse(result.content[0]?.text ?? ''), name).toEqual(result.structuredContent);
    }
    const refused = await run('wts', '--method', 'tools/call', '--tool-name', 'get_task', '--tool-args-json', '{"taskId":"task_none"}');
    expect(refused.code).toBe(5); // the Inspector's "tool error": isError was true
  });
});

describe('a bridge and ten wts processes sharing one connection', { timeout: 120_000 }, () => {
  it('through an access-token expiry: exactly one refresh, zero revocations', async () => {
    const b = await bridge();
    structured(await call(b, 'list_workspaces'));
    await sandbox.advanceClock(3700);
    const before = await sandbox.stats();
    const [results, answers] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => runWtsProcess(['workspace', 'list'], { env }))),
      Promise.all(Array.from({ length: 3 }, () => call(b, 'list_workspaces'))),
    ]);
    for (const r of results) expect(r).toMatchObject({ code: 0, stderr: '' });
    for (const a of answers) structured(a);
    const after = await sandbox.stats();
    expect(after.refreshes - before.refreshes).toBe(1);
    expect(after.revocations).toBe(before.revocations);
    // (The connection `wts logout` ended above is the only one revoked.)
    const revoked = (s: typeof before) => s.connections.filter((c) => c.revoked).length;
    expect(revoked(after)).toBe(revoked(before));

    // Another process refreshes first; the bridge, refused with its old token, takes the stored one.
    await sandbox.advanceClock(3700);
    const again = await sandbox.stats();
    expect((await runWtsProcess(['workspace', 'list'], { env })).code).toBe(0);
    structured(await call(b, 'list_workspaces'));
    const last = await sandbox.stats();
    expect(last.refreshes - again.refreshes).toBe(1);
    expect(last.revocations).toBe(again.revocations);
    expect(b.stderr()).toBe('');
    expect(b.errors).toEqual([]);
  });
});

describe('waiting_items cursors', () => {
  it('survive a new `wts mcp` process (a client may start one per call)', async () => {
    const first = await bridge();
    const whole = structured(await call(first, 'waiting_items', { limit: 100 }));
    const page = structured(await call(first, 'waiting_items', { limit: 1 }));
    expect(typeof page.nextCursor).toBe('string');
    await first.client.close();
    const second = await bridge();
    const next = await call(second, 'waiting_items', { cursor: page.nextCursor, limit: 1 });
    expect(next.isError, JSON.stringify(next.content)).toBeFalsy();
    const items = (list: unknown) => (Array.isArray(list) ? list : []);
    expect(items(structured(next).items)).toEqual(items(whole.items).slice(1, 2));
    expect(structured(next).total).toBe(whole.total);
  });
});
