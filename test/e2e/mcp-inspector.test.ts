// /mcp as the MCP Inspector sees it: its CLI mode lists the tools (with --strict, which reports every
// schema portability problem it finds) and calls some of them over Streamable HTTP with a bearer token,
// and must print no warning at all. The Inspector's client checks each structuredContent against the
// tool's outputSchema and fails the call when they disagree.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../src/contract/operations.js';
import { inspector as runInspector, inspectorEnv, type InspectorOutcome } from '../helpers/inspector.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ signIn: (origin) => ({ resource: `${origin}/mcp` }) });
let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'wts-inspector-'));
  // The token goes in a config file readable only by us, not in an argument other processes can see.
  const server = (headers: Record<string, string>) => ({ type: 'streamable-http', url: `${sandbox.origin}/mcp`, headers });
  const config = { mcpServers: { wts: server({ Authorization: `Bearer ${sandbox.token}` }), anonymous: server({}) } };
  writeFileSync(join(dir, 'mcp.json'), JSON.stringify(config), { mode: 0o600 });
  env = inspectorEnv(dir);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs the Inspector's CLI against one server of the config file. */
function inspector(server: string, ...args: string[]): Promise<InspectorOutcome> {
  return runInspector(dir, env, server, ...args);
}

// Each run starts the Inspector afresh: a second or two, more on a loaded machine.
describe('the MCP Inspector CLI against /mcp', { timeout: 120_000 }, () => {
  it('lists every tool with no schema finding and no warning', async () => {
    const out = await inspector('wts', '--method', 'tools/list', '--strict');
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const envelope = JSON.parse(out.stdout) as {
      result: { tools: { name: string; title?: string; outputSchema?: unknown; annotations?: unknown }[] };
      schemaFindings?: unknown;
    };
    expect(envelope.schemaFindings).toBeUndefined();
    const { tools } = envelope.result;
    expect(tools.map((t) => t.name).sort()).toEqual([...OPERATION_IDS].sort());
    for (const tool of tools)
      expect(tool, tool.name).toMatchObject({
        title: expect.any(String),
        outputSchema: { type: 'object' },
        annotations: { readOnlyHint: expect.any(Boolean) },
      });
  });

  it('calls tools of each kind of answer and gets structured content its output schema accepts, with no warning', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['list_workspaces', {}],
      ['list_tasks', { workspaceId: 'ws_support', limit: 2 }],
      ['get_task', { taskId: 'task_s001' }],
      ['read_company_handbook_section', { sectionId: 'sec_acme_company_1' }],
      ['add_task_note', { taskId: 'task_s002', content: 'Checked with the MCP Inspector' }],
    ];
    for (const [name, args] of calls) {
      const out = await inspector('wts', '--method', 'tools/call', '--tool-name', name, '--tool-args-json', JSON.stringify(args));
      expect(out.stderr, name).toBe('');
      expect(out.code, name).toBe(0);
      const { result } = JSON.parse(out.stdout) as {
        result: { isError?: boolean; structuredContent: Record<string, unknown>; content: { text: string }[] };
      };
      expect(result.isError, name).toBeFalsy();
      expect(JSON.parse(result.content[0]!.text), name).toEqual(result.structuredContent);
    }
  });

  it('reports a refused call and a missing token as failures (so a clean run means something)', async () => {
    const missing = await inspector(
      'wts',
      '--method',
      'tools/call',
      '--tool-name',
      'get_task',
      '--tool-args-json',
      '{"taskId":"task_none"}',
    );
    expect(missing.code).toBe(5); // the Inspector's "tool error": isError was true
    expect(JSON.parse(missing.stdout)).toMatchObject({ result: { isError: true } });

    const anonymous = await inspector('anonymous', '--method', 'tools/list');
    expect(anonymous.code).toBe(3); // the Inspector's "authentication required"
  });
});
