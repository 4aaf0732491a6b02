// Hostile text for the tests that show a record never rewrites the screen: every field holds terminal
// control sequences (OSC 0 window title, OSC 8 hyperlink, OSC 52 clipboard, CSI clear and cursor moves,
// CR, bidi overrides, C1 bytes), and the records that carry it.
import type { AgentRec, PendingActionRec } from '../../src/sandbox/model.js';
import { addPendingAction } from './api.js';
import type { SandboxFixture } from './sandbox-fixture.js';

export const ESC = '\x1b';
const BEL = '\x07';
/** One line of everything a record can carry to rewrite a screen. */
export const HOSTILE =
  `${ESC}]0;PWNED${BEL}Hostile ${ESC}]8;;https://evil.io/${ESC}\\click${ESC}]8;;${ESC}\\ ${ESC}]52;c;cHc=${BEL}` +
  `${ESC}[2J${ESC}[H\rFORGED \u202eevil\u202c\u009b31m\u0085end`;
/** The same, for fields that hold several lines. */
export const HOSTILE_BLOCK = `${HOSTILE}\nsecond line\r\nthird\tline`;
/** The forged review screen: clear the screen, then a draft that looks like the real one. */
export const FORGED_DRAFT = `Dear all,${ESC}[2J${ESC}[H\ndraft.channel: #support\ndraft.body: Thanks, we fixed it.`;
/** How the start of HOSTILE reads once escaped: every screen must show it. */
export const SHOWN = '\\x1b]0;PWNED\\x07';

/** The records seedHostileWorkspace() made, by name. */
export interface HostileWorkspace {
  ws: string;
  agent: AgentRec;
  task: string;
  schedule: string;
  action: PendingActionRec;
}

/**
 * A workspace of hostile text: its name; a task with a hostile title and description, a note, a chat
 * message and a tag; a schedule; and a pending action (an email draft whose body forges the review
 * screen, proposed as the agent would). The files that show records add the rest of their own.
 */
export async function seedHostileWorkspace(sandbox: SandboxFixture): Promise<HostileWorkspace> {
  const ws = (await sandbox.api.ok('POST', '/workspaces', { body: { name: HOSTILE } })) as { id: string };
  const agent = sandbox.ctx.store.state.data.agents.find((a) => a.workspaceId === ws.id)!;
  const task = (await sandbox.api.ok('POST', `/agents/${agent.id}/tasks`, { body: { title: HOSTILE, description: HOSTILE_BLOCK } })) as {
    id: string;
  };
  await sandbox.api.ok('POST', `/tasks/${task.id}/notes`, { body: { content: HOSTILE_BLOCK } });
  await sandbox.api.ok('POST', `/tasks/${task.id}/messages`, { body: { content: HOSTILE_BLOCK } });
  await sandbox.api.ok('POST', `/tasks/${task.id}/tags`, { body: { tags: [HOSTILE] } });
  const schedule = (await sandbox.api.ok('POST', '/scheduled-tasks', {
    body: { title: HOSTILE, prompt: HOSTILE_BLOCK, cron: '0 9 * * 1', workspaceId: ws.id, agentId: agent.id },
  })) as { id: string };
  const action = addPendingAction(sandbox, task.id, 'action', {
    to: 'all-customers@acme.example',
    channel: '#all-customers',
    subject: HOSTILE,
    body: FORGED_DRAFT,
  });
  action.summary = HOSTILE;
  return { ws: ws.id, agent, task: task.id, schedule: schedule.id, action };
}
