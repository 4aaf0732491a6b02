// The demo data: what a person trying the sandbox sees, and that every reference in it resolves.
import { describe, expect, it } from 'vitest';
import { checkCron } from '../../src/contract/cron.js';
import { nextCronOccurrence } from '../../src/schedules/occurrences.js';
import type { ServiceData } from '../../src/sandbox/model.js';
import { addBulkWorkspace, seedState } from '../../src/sandbox/seed.js';
import { SandboxStore } from '../../src/sandbox/context.js';
import { compareKeys, CREATION_ORDER } from '../../src/sandbox/api/paging.js';

const START = Date.parse('2026-11-23T10:00:00Z');
const state = seedState(START);
const d: ServiceData = state.data;

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
const tasks = byId(d.tasks);
const workspaces = byId(d.workspaces);
const runs = byId(d.runs);
const actions = byId(d.pendingActions);
const users = byId(d.users);
const agents = byId(d.agents);

describe('seeded identities', () => {
  it('keeps the users, organizations, workspaces and agents other code relies on', () => {
    expect(d.users.map((u) => [u.id, u.login])).toEqual([
      ['usr_ada', 'ada'],
      ['usr_ben', 'ben'],
    ]);
    expect(d.organizations.map((o) => [o.id, o.timezone, o.memberIds])).toEqual([
      ['org_acme', 'Europe/Berlin', ['usr_ada', 'usr_ben']],
      ['org_globex', 'America/New_York', ['usr_ada']],
    ]);
    expect(d.workspaces.map((w) => [w.id, w.orgId, w.memberIds])).toEqual([
      ['ws_support', 'org_acme', ['usr_ada', 'usr_ben']],
      ['ws_sales', 'org_acme', ['usr_ada', 'usr_ben']],
      ['ws_ops', 'org_acme', ['usr_ada']],
      ['ws_research', 'org_globex', ['usr_ada']],
    ]);
    expect(d.agents.map((a) => [a.id, a.workspaceId])).toEqual([
      ['agt_support', 'ws_support'],
      ['agt_sales', 'ws_sales'],
      ['agt_ops', 'ws_ops'],
      ['agt_research', 'ws_research'],
    ]);
    for (const w of d.workspaces) expect(w.statuses.map((s) => s.key)).toEqual(['todo', 'in_progress', 'waiting', 'done']);
    expect(state.seq).toBe(1000);
  });
});

describe('a believable board', () => {
  it('fills every column of the support board, with at least 60 tasks', () => {
    const support = d.tasks.filter((t) => t.workspaceId === 'ws_support');
    expect(support.length).toBeGreaterThanOrEqual(65);
    for (const status of ['todo', 'in_progress', 'waiting', 'done']) {
      expect(support.filter((t) => t.status === status).length, status).toBeGreaterThanOrEqual(8);
    }
    expect(support.filter((t) => t.assigneeIds.length === 0).length).toBeGreaterThan(5);
    expect(support.filter((t) => t.assigneeIds.includes('usr_ben')).length).toBeGreaterThan(5);
    expect(support.filter((t) => t.dueDate !== null && Date.parse(t.dueDate) < START && t.status !== 'done').length).toBeGreaterThan(0);
    expect(support.filter((t) => t.dueDate !== null && Date.parse(t.dueDate) > START).length).toBeGreaterThan(5);
    expect(support.filter((t) => t.notes.length > 0).length).toBeGreaterThan(3);
    for (const tag of ['billing', 'bug', 'urgent', 'onboarding'])
      expect(
        support.some((t) => t.tags.includes(tag)),
        tag,
      ).toBe(true);
  });

  it('gives the other workspaces a handful of tasks each', () => {
    for (const ws of ['ws_sales', 'ws_ops', 'ws_research']) {
      expect(d.tasks.filter((t) => t.workspaceId === ws).length, ws).toBeGreaterThanOrEqual(4);
    }
  });

  it('has email and chat threads with several messages behind some tasks', () => {
    const withThread = d.tasks.filter((t) => t.conversationKey !== null);
    expect(withThread.length).toBeGreaterThanOrEqual(8);
    expect(d.conversations.some((c) => c.channel === 'email' && c.messages.length >= 3)).toBe(true);
    expect(d.conversations.some((c) => c.channel === 'chat' && c.messages.length >= 3)).toBe(true);
    for (const c of d.conversations) expect(c.subject.length).toBeGreaterThan(0);
  });

  it('has chat with the agent, activity on every task, and runs that succeeded and failed', () => {
    expect(new Set(d.messages.map((m) => m.taskId)).size).toBeGreaterThanOrEqual(5);
    expect(d.messages.some((m) => m.author.kind === 'person')).toBe(true);
    for (const t of d.tasks)
      expect(
        d.events.some((e) => e.taskId === t.id && e.kind === 'task.created'),
        t.id,
      ).toBe(true);
    expect(d.runs.filter((r) => r.state === 'succeeded').length).toBeGreaterThanOrEqual(8);
    expect(d.runs.filter((r) => r.state === 'failed')).toHaveLength(1);
    for (const r of d.runs) expect(r.output.length, r.id).toBeGreaterThan(40);
  });

  it('leaves all three kinds of pending action waiting for a decision, in several workspaces, and some settled', () => {
    const pending = d.pendingActions.filter((a) => a.state === 'pending');
    expect(new Set(pending.map((a) => a.kind))).toEqual(new Set(['action', 'human_task', 'question']));
    expect(new Set(pending.map((a) => tasks.get(a.taskId)!.workspaceId)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(pending.map((a) => a.taskId)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(d.pendingActions.filter((a) => a.state !== 'pending').map((a) => a.state))).toEqual(
      new Set(['approved', 'rejected', 'completed', 'answered']),
    );
  });

  it('gives each kind of pending action a full draft', () => {
    for (const a of d.pendingActions) {
      if (a.kind === 'action') {
        const email = typeof a.draft.to === 'string' && typeof a.draft.subject === 'string' && typeof a.draft.body === 'string';
        const post = typeof a.draft.channel === 'string' && typeof a.draft.text === 'string';
        expect(email || post, a.id).toBe(true);
      } else if (a.kind === 'human_task') {
        expect(typeof a.draft.instructions, a.id).toBe('string');
      } else {
        expect(typeof a.draft.question, a.id).toBe('string');
        expect(Array.isArray(a.draft.options) && a.draft.options.length >= 2, a.id).toBe(true);
      }
    }
    expect(d.pendingActions.some((a) => a.kind === 'action' && typeof a.draft.to === 'string')).toBe(true);
    expect(d.pendingActions.some((a) => a.kind === 'action' && typeof a.draft.channel === 'string')).toBe(true);
  });

  it('has reminders ahead and one that already fired and woke the agent', () => {
    const ahead = d.reminders.filter((r) => r.state === 'scheduled');
    expect(ahead.length).toBeGreaterThanOrEqual(3);
    for (const r of ahead) expect(Date.parse(r.remindAt)).toBeGreaterThan(START);
    const fired = d.reminders.filter((r) => r.state === 'fired');
    expect(fired).toHaveLength(1);
    expect(d.events.some((e) => e.kind === 'reminder.fired' && e.taskId === fired[0]!.taskId)).toBe(true);
    expect(d.runs.some((r) => r.taskId === fired[0]!.taskId && r.startedAt === fired[0]!.remindAt)).toBe(true);
  });

  it('has handbooks for every agent and both companies, with entries too long for one 2000-character read', () => {
    for (const agent of d.agents) expect(d.sections.filter((s) => s.agentId === agent.id).length, agent.id).toBeGreaterThanOrEqual(3);
    for (const org of d.organizations)
      expect(d.sections.filter((s) => s.agentId === null && s.orgId === org.id).length, org.id).toBeGreaterThanOrEqual(2);
    expect(d.sections.filter((s) => s.agentId !== null && s.body.length > 2000).length).toBeGreaterThanOrEqual(2);
    expect(d.sections.filter((s) => s.agentId === null && s.body.length > 2000).length).toBeGreaterThanOrEqual(1);
    // Positions are 0..n-1 within each handbook.
    const handbooks = new Map<string, number[]>();
    for (const s of d.sections) {
      const key = s.agentId ?? `company:${s.orgId}`;
      handbooks.set(key, [...(handbooks.get(key) ?? []), s.position]);
    }
    for (const [key, positions] of handbooks) expect(positions, key).toEqual(positions.map((_, i) => i));
  });

  it('has web links and files as knowledge sources for each organization', () => {
    for (const org of d.organizations) {
      const sources = d.knowledge.filter((k) => k.orgId === org.id);
      expect(
        sources.some((k) => k.url !== null && k.fileName === null),
        org.id,
      ).toBe(true);
      expect(
        sources.some((k) => k.url === null && k.fileName !== null),
        org.id,
      ).toBe(true);
    }
    for (const k of d.knowledge) if (k.url !== null) expect(k.url).toMatch(/^https:\/\//);
  });

  it('has active and paused schedules in all five cron shapes, with their next run computed', () => {
    const shapes = new Set(
      d.scheduledTasks.map((s) => {
        const check = checkCron(s.cron);
        if (!check.ok) throw new Error(`${s.id}: ${check.reason}`);
        return check.fields.shape;
      }),
    );
    expect(shapes).toEqual(new Set(['hourly', 'daily', 'weekdays', 'weekly', 'monthly']));
    const active = d.scheduledTasks.filter((s) => s.state === 'active');
    expect(active.length).toBeGreaterThanOrEqual(3);
    expect(d.scheduledTasks.some((s) => s.state === 'paused')).toBe(true);
    for (const s of d.scheduledTasks) {
      const tz = d.organizations.find((o) => o.id === s.orgId)!.timezone;
      expect(s.nextRunAt, s.id).toBe(s.state === 'active' ? nextCronOccurrence(s.cron, tz, START) : null);
    }
    const withPastRun = d.scheduledTasks.filter((s) => s.lastRunId !== null);
    expect(withPastRun.length).toBeGreaterThanOrEqual(2);
    for (const s of withPastRun) {
      const run = runs.get(s.lastRunId!)!;
      expect(run.scheduledTaskId).toBe(s.id);
      expect(run.state).toBe('succeeded');
      expect(tasks.get(run.taskId)!.title.startsWith(`${s.title} — `)).toBe(true);
    }
  });
});

describe('every reference resolves', () => {
  it("ids are unique per table and never of the store's generated form", () => {
    const tables = {
      tasks: d.tasks,
      runs: d.runs,
      pendingActions: d.pendingActions,
      events: d.events,
      messages: d.messages,
      reminders: d.reminders,
      sections: d.sections,
      knowledge: d.knowledge,
      scheduledTasks: d.scheduledTasks,
    };
    for (const [name, rows] of Object.entries(tables)) {
      const ids = rows.map((r) => r.id);
      expect(new Set(ids).size, name).toBe(ids.length);
      for (const id of ids) expect(id, name).not.toMatch(/^[a-z]+_\d+$/);
    }
    const notes = d.tasks.flatMap((t) => t.notes.map((n) => n.id));
    expect(new Set(notes).size).toBe(notes.length);
    const keys = d.conversations.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('tasks: workspace, agent, status, members as assignees and note authors, thread', () => {
    for (const t of d.tasks) {
      const ws = workspaces.get(t.workspaceId);
      expect(ws, t.id).toBeDefined();
      expect(agents.get(t.agentId!)?.workspaceId, t.id).toBe(t.workspaceId);
      expect(
        ws!.statuses.some((s) => s.key === t.status),
        t.id,
      ).toBe(true);
      for (const a of t.assigneeIds) expect(ws!.memberIds, t.id).toContain(a);
      for (const n of t.notes) expect(ws!.memberIds, t.id).toContain(n.authorId);
      if (t.conversationKey !== null) {
        const conversation = d.conversations.find((c) => c.key === t.conversationKey);
        expect(conversation, t.id).toBeDefined();
        expect(conversation!.orgId).toBe(ws!.orgId);
      }
      expect(t.title.length).toBeLessThanOrEqual(200);
    }
    for (const c of d.conversations)
      expect(
        d.tasks.some((t) => t.conversationKey === c.key),
        c.key,
      ).toBe(true);
  });

  it('runs, pending actions, events, messages and reminders point at tasks that exist', () => {
    for (const r of d.runs) {
      const task = tasks.get(r.taskId);
      expect(task, r.id).toBeDefined();
      expect(r.agentId).toBe(task!.agentId);
      for (const a of r.proposedActionIds) expect(actions.get(a)?.runId, r.id).toBe(r.id);
      if (r.scheduledTaskId !== null) expect(d.scheduledTasks.some((s) => s.id === r.scheduledTaskId)).toBe(true);
    }
    for (const a of d.pendingActions) {
      expect(tasks.has(a.taskId), a.id).toBe(true);
      expect(runs.get(a.runId!)?.proposedActionIds, a.id).toContain(a.id);
      expect(runs.get(a.runId!)!.taskId).toBe(a.taskId);
      if (a.state === 'pending') expect(a.resolvedBy).toBeNull();
      else expect(users.has(a.resolvedBy!), a.id).toBe(true);
    }
    for (const e of d.events) expect(tasks.has(e.taskId), e.id).toBe(true);
    for (const m of d.messages) expect(tasks.has(m.taskId), m.id).toBe(true);
    for (const r of d.reminders) expect(tasks.has(r.taskId), r.id).toBe(true);
    const people = [...d.events.map((e) => e.actor), ...d.messages.map((m) => m.author)].filter((a) => a.kind === 'person');
    for (const p of people) expect(users.get(p.id)?.name).toBe(p.name);
    for (const a of [...d.events.map((e) => e.actor), ...d.messages.map((m) => m.author)].filter((x) => x.kind === 'agent')) {
      expect(agents.get(a.id)?.name).toBe(a.name);
    }
  });

  it('handbooks, knowledge sources and schedules belong to organizations and agents that exist', () => {
    for (const s of d.sections) {
      expect(
        d.organizations.some((o) => o.id === s.orgId),
        s.id,
      ).toBe(true);
      if (s.agentId !== null) expect(agents.get(s.agentId)?.orgId, s.id).toBe(s.orgId);
    }
    for (const k of d.knowledge)
      expect(
        d.organizations.some((o) => o.id === k.orgId),
        k.id,
      ).toBe(true);
    for (const s of d.scheduledTasks) {
      expect(workspaces.get(s.workspaceId)?.orgId, s.id).toBe(s.orgId);
      expect(agents.get(s.agentId)?.workspaceId, s.id).toBe(s.workspaceId);
    }
  });
});

describe('the seed at start time', () => {
  it('dates everything that happened before start; only due dates, reminders and next runs lie ahead', () => {
    const past = [
      ...d.tasks.flatMap((t) => [t.createdAt, t.updatedAt, ...t.notes.map((n) => n.createdAt)]),
      ...d.events.map((e) => e.createdAt),
      ...d.messages.map((m) => m.createdAt),
      ...d.conversations.flatMap((c) => c.messages.map((m) => m.createdAt)),
      ...d.runs.flatMap((r) => [r.startedAt, r.finishedAt!]),
      ...d.pendingActions.flatMap((a) => [a.createdAt, ...(a.resolvedAt ? [a.resolvedAt] : [])]),
      ...d.reminders.map((r) => r.createdAt),
    ];
    for (const at of past) expect(Date.parse(at)).toBeLessThanOrEqual(START);
    for (const t of d.tasks) expect(Date.parse(t.updatedAt)).toBeGreaterThanOrEqual(Date.parse(t.createdAt));
  });

  it('gives the simulated agent nothing to do at start: no run is running, no chat waits for an answer', () => {
    expect(d.runs.filter((r) => r.state === 'running')).toEqual([]);
    for (const taskId of new Set(d.messages.map((m) => m.taskId))) {
      const chat = d.messages.filter((m) => m.taskId === taskId);
      expect(chat.at(-1)!.author.kind, taskId).toBe('agent');
    }
    // Tasks the agent has worked on have left the "todo" column, as the agent moves them.
    for (const r of d.runs) expect(tasks.get(r.taskId)!.status, r.id).not.toBe('todo');
  });

  it('is deterministic: the same start gives the same state, another start shifts every time', () => {
    expect(seedState(START)).toEqual(state);
    const later = seedState(START + 7 * 24 * 3600_000).data;
    expect(later.tasks.map((t) => t.id).sort()).toEqual(d.tasks.map((t) => t.id).sort());
    const created = (data: ServiceData, id: string) => Date.parse(data.tasks.find((t) => t.id === id)!.createdAt);
    expect(created(later, 'task_s001') - created(d, 'task_s001')).toBe(7 * 24 * 3600_000);
  });

  it('hands out fresh objects: changing one seeded state leaves the next untouched', () => {
    const a = seedState(START);
    a.data.pendingActions[0]!.draft.subject = 'changed';
    a.data.workspaces[0]!.statuses[0]!.name = 'changed';
    a.data.tasks.find((t) => t.id === 'task_s021')!.tags.push('changed');
    const b = seedState(START);
    expect(b.data.tasks.find((t) => t.id === 'task_s021')!.tags).not.toContain('changed');
    expect(b.data.pendingActions[0]!.draft.subject).not.toBe('changed');
    expect(b.data.workspaces[0]!.statuses[0]!.name).toBe('To do');
    expect(b.data.workspaces[1]!.statuses[0]!.name).toBe('To do');
  });
});

describe('addBulkWorkspace', () => {
  it('adds a workspace with its agent and the requested number of tasks', () => {
    const s = seedState(START);
    addBulkWorkspace(s, 500, START);
    expect(s.data.workspaces.at(-1)!.id).toBe('ws_bulk');
    expect(s.data.agents.at(-1)!.id).toBe('agt_bulk');
    expect(s.data.tasks.filter((t) => t.workspaceId === 'ws_bulk')).toHaveLength(500);
  });

  it("its tasks, dated before the seed's but added after them, are put in creation order by the store", () => {
    const s = seedState(START);
    addBulkWorkspace(s, 500, START - 60 * 24 * 3600_000);
    const inOrder = () =>
      s.data.tasks.every((t, i, all) => {
        const previous = all[i - 1];
        return previous === undefined || compareKeys(CREATION_ORDER.key(previous), CREATION_ORDER.key(t)) < 0;
      });
    expect(inOrder()).toBe(false);
    new SandboxStore(s, undefined);
    expect(inOrder()).toBe(true);
    expect(s.data.tasks).toHaveLength(d.tasks.length + 500);
  });
});
