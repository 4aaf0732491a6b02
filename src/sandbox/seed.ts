import type { SandboxState } from './model.js';

/**
 * The demo data every fresh sandbox starts with. Identities are fixed by DESIGN.md:
 * `ada` belongs to `acme` (first) and `globex`; `ben` to `acme` only.
 */
export function seedState(startMs: number): SandboxState {
  const at = (offsetMinutes: number) => new Date(startMs + offsetMinutes * 60_000).toISOString();
  const statuses = [
    { key: 'todo', name: 'To do', position: 0 },
    { key: 'in_progress', name: 'In progress', position: 1 },
    { key: 'waiting', name: 'Waiting', position: 2 },
    { key: 'done', name: 'Done', position: 3 },
  ];
  const state: SandboxState = {
    version: 1,
    seq: 1000,
    clockOffsetMs: 0,
    oauth: null,
    data: {
      users: [
        { id: 'usr_ada', login: 'ada', name: 'Ada Lovelace', email: 'ada@acme.example' },
        { id: 'usr_ben', login: 'ben', name: 'Ben Okafor', email: 'ben@acme.example' },
      ],
      organizations: [
        { id: 'org_acme', slug: 'acme', name: 'Acme Corp', timezone: 'Europe/Berlin', memberIds: ['usr_ada', 'usr_ben'] },
        { id: 'org_globex', slug: 'globex', name: 'Globex', timezone: 'America/New_York', memberIds: ['usr_ada'] },
      ],
      workspaces: [
        { id: 'ws_support', orgId: 'org_acme', name: 'Customer Support', folderId: null, archived: false, memberIds: ['usr_ada', 'usr_ben'], statuses, createdAt: at(-60 * 24 * 90) },
        { id: 'ws_sales', orgId: 'org_acme', name: 'Sales', folderId: null, archived: false, memberIds: ['usr_ada', 'usr_ben'], statuses, createdAt: at(-60 * 24 * 80) },
        { id: 'ws_ops', orgId: 'org_acme', name: 'Operations', folderId: 'fld_internal', archived: false, memberIds: ['usr_ada'], statuses, createdAt: at(-60 * 24 * 70) },
        { id: 'ws_research', orgId: 'org_globex', name: 'Research', folderId: null, archived: false, memberIds: ['usr_ada'], statuses, createdAt: at(-60 * 24 * 60) },
      ],
      agents: [
        { id: 'agt_support', orgId: 'org_acme', workspaceId: 'ws_support', name: 'Support Agent', paused: false },
        { id: 'agt_sales', orgId: 'org_acme', workspaceId: 'ws_sales', name: 'Sales Agent', paused: false },
        { id: 'agt_ops', orgId: 'org_acme', workspaceId: 'ws_ops', name: 'Ops Agent', paused: false },
        { id: 'agt_research', orgId: 'org_globex', workspaceId: 'ws_research', name: 'Research Agent', paused: false },
      ],
      tasks: [],
      messages: [],
      conversations: [],
      events: [],
      runs: [],
      pendingActions: [],
      reminders: [],
      sections: [],
      knowledge: [],
      scheduledTasks: [],
    },
  };
  return state;
}

/** Adds a workspace "Bulk" (in acme, shared with ada and ben) holding `count` more tasks; for benchmarks. */
export function addBulkWorkspace(state: SandboxState, count: number, startMs: number): void {
  const d = state.data;
  const statuses = d.workspaces[0]!.statuses;
  d.workspaces.push({ id: 'ws_bulk', orgId: 'org_acme', name: 'Bulk', folderId: null, archived: false, memberIds: ['usr_ada', 'usr_ben'], statuses, createdAt: new Date(startMs).toISOString() });
  d.agents.push({ id: 'agt_bulk', orgId: 'org_acme', workspaceId: 'ws_bulk', name: 'Bulk Agent', paused: false });
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(startMs - (count - i) * 1000).toISOString();
    d.tasks.push({
      id: `task_bulk_${i + 1}`,
      workspaceId: 'ws_bulk',
      agentId: 'agt_bulk',
      title: `Bulk task ${i + 1}`,
      description: `Generated task number ${i + 1} for load and benchmark runs.`,
      status: 'todo',
      assigneeIds: i % 3 === 0 ? ['usr_ada'] : [],
      tags: i % 5 === 0 ? ['bulk', 'sample'] : ['bulk'],
      dueDate: null,
      notes: [],
      conversationKey: null,
      createdAt,
      updatedAt: createdAt,
    });
  }
}
