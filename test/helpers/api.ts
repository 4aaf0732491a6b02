// Calls /api/v1 of a running sandbox over real HTTP with a real access token, and checks problem bodies.
//
//   const api = apiAs(origin, (await signIn(origin)).access_token);
//   const task = Task.strict().parse(await api.ok('GET', '/tasks/t_1'));
//   await expectProblem(api.call('DELETE', '/tasks/t_1'), 409, 'task_not_done', /only a done task/);
import { expect } from 'vitest';
import * as z from 'zod';
import type { SandboxContext } from '../../src/sandbox/context.js';
import type { KnowledgeRec, PendingActionRec, PendingKind, SectionRec } from '../../src/sandbox/model.js';
import { recordPendingAction } from '../../src/sandbox/records.js';

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface Api {
  /** Any call; the body is sent as JSON when given. */
  call(method: string, path: string, options?: { body?: unknown; query?: Record<string, string | number | boolean> }): Promise<ApiResponse>;
  /** A call that must answer 200; returns the parsed body. */
  ok(method: string, path: string, options?: { body?: unknown; query?: Record<string, string | number | boolean> }): Promise<unknown>;
}

export function apiAs(origin: string, token: string): Api {
  const call: Api['call'] = async (method, path, options = {}) => {
    const url = new URL(`/api/v1${path}`, origin);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
    const res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  return {
    call,
    async ok(method, path, options) {
      const res = await call(method, path, options);
      expect(res.status, `${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    },
  };
}

/** A strict page schema: `list` operations always answer `nextCursor: null`. */
export function pageOf<T extends z.ZodType>(item: T, kind: 'list' | 'cursor' = 'list') {
  return z.object({ items: z.array(item), nextCursor: kind === 'list' ? z.null() : z.string().nullable() }).strict();
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
}

/** Asserts an RFC 9457 problem: status, media type, every field, the code and (optionally) the detail. */
export async function expectProblem(
  response: ApiResponse | Promise<ApiResponse>,
  status: number,
  code: string,
  detail?: RegExp | string,
): Promise<ProblemBody> {
  const res = await response;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = res.body as ProblemBody;
  expect(Object.keys(body).sort()).toEqual(['code', 'detail', 'status', 'title', 'type']);
  expect(body).toMatchObject({ status, code, type: expect.any(String), title: expect.any(String), detail: expect.any(String) });
  if (detail !== undefined) expect(body.detail).toMatch(detail);
  return body;
}

// ---- Fixtures the API cannot create (the agent or the seed makes them), added to the in-process state ----

/** A sandbox running in this process: useSandbox()'s fixture or startSandbox()'s result. */
type InProcess = { ctx: SandboxContext };

export function orgIdOf(sandbox: InProcess, slug: string): string {
  const org = sandbox.ctx.store.state.data.organizations.find((o) => o.slug === slug);
  if (!org) throw new Error(`no organization ${slug} in the seed`);
  return org.id;
}

/** The pending actions waiting in an organization's workspaces (ada's in the seed: org_acme), oldest first, ties by id. */
export function waitingIn(sandbox: InProcess, orgId: string): PendingActionRec[] {
  const { tasks, workspaces, pendingActions } = sandbox.ctx.store.state.data;
  const inOrg = new Set(workspaces.filter((w) => w.orgId === orgId).map((w) => w.id));
  const visible = new Set(tasks.filter((t) => inOrg.has(t.workspaceId)).map((t) => t.id));
  return pendingActions
    .filter((a) => a.state === 'pending' && visible.has(a.taskId))
    .sort((x, y) => x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id));
}

/** A pending action as the agent would propose it. */
export function addPendingAction(
  sandbox: InProcess,
  taskId: string,
  kind: PendingKind,
  draft: Record<string, unknown> = {},
): PendingActionRec {
  return recordPendingAction(sandbox.ctx, { taskId, runId: null, kind, summary: `${kind} for ${taskId}`, draft });
}

/** A handbook entry at the end of its handbook: an agent's (agentId) or the organization's company handbook (null). */
export function addSection(sandbox: InProcess, fields: { orgId: string; agentId: string | null; title: string; body: string }): SectionRec {
  const data = sandbox.ctx.store.state.data;
  const same = data.sections.filter((s) => s.agentId === fields.agentId && s.orgId === fields.orgId);
  const section: SectionRec = {
    id: sandbox.ctx.store.nextId('sec'),
    ...fields,
    position: Math.max(-1, ...same.map((s) => s.position)) + 1,
    updatedAt: sandbox.ctx.clock.iso(),
  };
  data.sections.push(section);
  return section;
}

/** A file knowledge source (the API only adds links). */
export function addKnowledgeFile(sandbox: InProcess, orgId: string, fileName: string): KnowledgeRec {
  const source: KnowledgeRec = {
    id: sandbox.ctx.store.nextId('ks'),
    orgId,
    name: fileName,
    note: '',
    url: null,
    fileName,
    createdAt: sandbox.ctx.clock.iso(),
  };
  sandbox.ctx.store.state.data.knowledge.push(source);
  return source;
}

/** Makes a task come from an email thread with these messages; returns the conversation key. */
export function addConversation(sandbox: InProcess, taskId: string, orgId: string, contents: string[]): string {
  const data = sandbox.ctx.store.state.data;
  const key = `email:${sandbox.ctx.store.nextId('thread')}@mail.example`;
  const start = sandbox.ctx.clock.now() - contents.length * 60_000;
  data.conversations.push({
    key,
    orgId,
    channel: 'email',
    subject: `Thread for ${taskId}`,
    messages: contents.map((content, i) => ({
      id: sandbox.ctx.store.nextId('cm'),
      author: { kind: 'person', id: 'ext_customer', name: 'A Customer' },
      content,
      createdAt: new Date(start + i * 60_000).toISOString(),
    })),
  });
  const task = data.tasks.find((t) => t.id === taskId);
  if (!task) throw new Error(`no task ${taskId}`);
  task.conversationKey = key;
  return key;
}
