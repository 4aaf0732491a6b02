// The OpenAPI document the sandbox serves, as tools read it: Redocly (recommended-strict) and Spectral
// (spectral:oas) lint it and must find nothing at all, errors or warnings; and what those rulesets do
// not ask for but users of the API need is checked here: a description on every parameter, the
// Retry-After and WWW-Authenticate headers, date-time timestamps.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOperation, OPERATION_IDS, TAGS } from '../../src/contract/operations.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const run = promisify(execFile);
const bin = (name: string) => join(import.meta.dirname, '..', '..', 'node_modules', '.bin', name);
// No usage reports, no update notices: the linters run offline and print only their findings.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', SCARF_ANALYTICS: 'false', NO_COLOR: '1' };

/** A parsed JSON document, read field by field. */
// biome-ignore lint/suspicious/noExplicitAny: the document is walked freely; the linters under test check its shape
type Json = Record<string, any>;

const sandbox = useSandbox({ signIn: false });
let dir: string;
let doc: Json;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wts-openapi-'));
  writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
  const res = await fetch(`${sandbox.origin}/api/v1/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as Json;
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs a linter and returns what it exited with and printed, whether it passed or not. */
async function lint(_file: string, args: string[], tool: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(bin(tool), args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw err;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Redocly's findings (recommended-strict turns every warning into an error). */
async function redocly(
  document: Json,
  name: string,
): Promise<{ code: number; problems: { ruleId: string; message: string }[]; totals: Json }> {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(document, null, 2));
  const out = await lint(file, ['lint', '--extends', 'recommended-strict', '--format', 'json', file], 'redocly');
  const report = JSON.parse(out.stdout.slice(out.stdout.indexOf('{'))) as { totals: Json; problems: { ruleId: string; message: string }[] };
  return { code: out.code, problems: report.problems, totals: report.totals };
}

/** Spectral's findings of every severity, hints included. */
async function spectral(
  document: Json,
  name: string,
): Promise<{ code: number; findings: { code: string; message: string; severity: number }[] }> {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(document, null, 2));
  const out = await lint(
    file,
    ['lint', file, '--ruleset', join(dir, '.spectral.yaml'), '--format', 'json', '--fail-severity', 'hint', '--quiet'],
    'spectral',
  );
  return { code: out.code, findings: JSON.parse(out.stdout.trim() || '[]') as { code: string; message: string; severity: number }[] };
}

// Each linter run starts a Node process that loads its rulesets: seconds, more on a loaded machine.
describe('the OpenAPI document under the linters', { timeout: 120_000 }, () => {
  it('passes Redocly recommended-strict with no error and no warning', async () => {
    const { code, problems, totals } = await redocly(doc, 'openapi.json');
    expect(problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(code).toBe(0);
  });

  it('passes Spectral spectral:oas with no finding of any severity', async () => {
    const { code, findings } = await spectral(doc, 'openapi.json');
    expect(findings.map((f) => `${f.code}: ${f.message}`)).toEqual([]);
    expect(code).toBe(0);
  });

  it('makes both linters report a document that breaks their rules (so a clean run means something)', async () => {
    const broken = structuredClone(doc);
    delete broken.info.license;
    delete broken.paths['/tasks/{taskId}'].get.description;
    broken.components.schemas.Workspace.examples = [{ id: 'ws_x', name: 'X', folderId: null, archived: 'no' }];
    broken.paths['/tasks/{taskId}'].patch.requestBody.content['application/json'].example.dueDate = 5;
    const r = await redocly(broken, 'broken.json');
    expect(r.code).not.toBe(0);
    expect(r.problems.map((p) => p.ruleId)).toEqual(
      expect.arrayContaining(['info-license', 'no-invalid-schema-examples', 'no-invalid-media-type-examples']),
    );
    const s = await spectral(broken, 'broken.json');
    expect(s.code).not.toBe(0);
    expect(s.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['operation-description', 'oas3-valid-media-example']));
  });
});

describe('what the document tells a user of the API', () => {
  const operationsOf = (d: Json) => Object.values(d.paths as Json).flatMap((methods) => Object.values(methods as Json) as Json[]);

  it('describes, tags and titles every operation and describes every parameter, from the catalog', () => {
    const ops = operationsOf(doc);
    expect(ops.map((o) => o.operationId).sort()).toEqual([...OPERATION_IDS].sort());
    expect(doc.tags.map((t: Json) => t.name)).toEqual(Object.keys(TAGS));
    for (const o of ops) {
      const def = getOperation(o.operationId);
      expect(o, o.operationId).toMatchObject({
        summary: def.title,
        description: def.description,
        tags: [def.tag],
        security: [{ oauth2: [def.scope] }],
      });
      for (const p of o.parameters ?? []) expect(p.description, `${o.operationId} ${p.name}`).toMatch(/\w{3}/);
    }
    const taskId = doc.paths['/tasks/{taskId}'].get.parameters[0];
    expect(taskId).toMatchObject({
      name: 'taskId',
      in: 'path',
      required: true,
      description: expect.stringContaining('list_tasks'),
      schema: { examples: ['task_s001'] },
    });
  });

  it('declares WWW-Authenticate on 401 and Retry-After on 429 for every operation', () => {
    const responses = doc.components.responses as Json;
    const headerOf = (status: string, o: Json) => {
      const name = (o.responses[status].$ref as string).split('/').pop()!;
      return Object.keys(responses[name].headers ?? {});
    };
    for (const o of operationsOf(doc)) {
      expect(Object.keys(o.responses).sort(), o.operationId).toEqual(['200', '400', '401', '403', '404', '409', '429']);
      expect(headerOf('401', o), o.operationId).toContain('WWW-Authenticate');
      expect(headerOf('429', o), o.operationId).toContain('Retry-After');
    }
    expect(doc.components.headers['Retry-After'].schema).toMatchObject({ type: 'integer' });
  });

  it('marks every timestamp of the resources as date-time', () => {
    const { Task, Run, Reminder, ScheduledTask, Event, Message, PendingAction } = doc.components.schemas as Json;
    expect(Task.properties.createdAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(Task.properties.notes.items.properties.createdAt).toMatchObject({ format: 'date-time' });
    expect(Task.properties.dueDate.anyOf).toContainEqual(expect.objectContaining({ type: 'string', format: 'date-time' }));
    expect(Run.properties.startedAt).toMatchObject({ format: 'date-time' });
    expect(Reminder.properties.remindAt).toMatchObject({ format: 'date-time' });
    expect(ScheduledTask.properties.lastRun.anyOf[0].properties.startedAt).toMatchObject({ format: 'date-time' });
    for (const s of [Event, Message, PendingAction]) expect(s.properties.createdAt).toMatchObject({ format: 'date-time' });
  });

  it('names its license, contact, server and OAuth flow with the scopes', () => {
    expect(doc.info).toMatchObject({ version: '1.0.0', license: { name: 'MIT' }, contact: { url: expect.stringMatching(/^https:\/\//) } });
    expect(doc.servers).toEqual([{ url: `${sandbox.origin}/api/v1`, description: expect.any(String) }]);
    const flow = doc.components.securitySchemes.oauth2.flows.authorizationCode;
    expect(flow).toMatchObject({ authorizationUrl: `${sandbox.origin}/oauth/authorize`, tokenUrl: `${sandbox.origin}/oauth/token` });
    expect(Object.keys(flow.scopes).sort()).toEqual([
      'agents:read',
      'agents:write',
      'approvals:write',
      'offline_access',
      'workspace:read',
      'workspace:write',
    ]);
  });
});
