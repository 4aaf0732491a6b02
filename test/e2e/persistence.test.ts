// `wts sandbox --data FILE`: the state, the moved clock and the agent's unfinished work survive a restart,
// and the file is written atomically and readable only by its owner.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Message, Run, Task } from '../../src/contract/resources.js';
import type { SandboxState } from '../../src/sandbox/model.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server.js';
import { apiAs, pageOf } from '../helpers/api.js';
import { signIn } from '../helpers/auth.js';

let dir: string;
let dataFile: string;
const running: RunningSandbox[] = [];

async function start(): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ dataFile, log: () => {} });
  running.push(sandbox);
  return sandbox;
}

async function stop(sandbox: RunningSandbox): Promise<void> {
  running.splice(running.indexOf(sandbox), 1);
  await sandbox.close();
}

async function advance(origin: string, seconds: number): Promise<void> {
  const res = await fetch(`${origin}/__sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds: seconds }) });
  expect(res.status).toBe(200);
}

async function clockOf(origin: string): Promise<number> {
  return Date.parse(((await (await fetch(`${origin}/__sandbox/clock`)).json()) as { now: string }).now);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wts-sandbox-'));
  dataFile = join(dir, 'state.json');
});
afterEach(async () => {
  for (const sandbox of running.splice(0)) await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a sandbox with a data file', () => {
  it('keeps records, the moved clock and the seed across a restart', async () => {
    const first = await start();
    const ada = apiAs(first.origin, (await signIn(first.origin)).access_token);
    const task = Task.parse(await ada.ok('POST', '/agents/agt_support/tasks', { body: { title: 'Survives a restart' } }));
    await advance(first.origin, 7 * 24 * 3600);
    const offset = first.ctx.clock.offsetMs;
    const tasksBefore = first.ctx.store.state.data.tasks.length;
    await stop(first);

    const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as SandboxState;
    expect(saved.clockOffsetMs).toBe(offset);
    expect(saved.data.tasks.some((t) => t.id === task.id)).toBe(true);

    const second = await start();
    expect(second.ctx.clock.offsetMs).toBe(offset);
    const clock = await clockOf(second.origin);
    expect(clock - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    // Not seeded again: the same records, the new task among them, ids still unique.
    expect(second.ctx.store.state.data.tasks).toHaveLength(tasksBefore);
    expect(second.ctx.store.state.seq).toBe(saved.seq);
    const again = apiAs(second.origin, (await signIn(second.origin)).access_token);
    expect(Task.parse(await again.ok('GET', `/tasks/${task.id}`)).title).toBe('Survives a restart');
    const next = Task.parse(await again.ok('POST', '/agents/agt_support/tasks', { body: { title: 'After the restart' } }));
    expect(next.id).not.toBe(task.id);
  });

  it('lets the agent finish, after a restart, the run and the reply it had not finished', async () => {
    const first = await start();
    const ada = apiAs(first.origin, (await signIn(first.origin)).access_token);
    const task = Task.parse(await ada.ok('POST', '/agents/agt_sales/tasks', { body: { title: 'Interrupted work' } }));
    await ada.ok('POST', `/tasks/${task.id}/messages`, { body: { content: 'Are you still there?' } });
    const run = first.ctx.store.state.data.runs.find((r) => r.taskId === task.id)!;
    expect(run.state).toBe('running');
    await stop(first);

    const second = await start();
    await advance(second.origin, 10);
    const again = apiAs(second.origin, (await signIn(second.origin)).access_token);
    expect(Run.parse(await again.ok('GET', `/runs/${run.id}`)).state).toBe('succeeded');
    const chat = pageOf(Message, 'cursor').parse(await again.ok('GET', `/tasks/${task.id}/messages`, { query: { limit: 50 } })).items;
    expect(chat.some((m) => m.author.kind === 'agent' && m.content.includes('Are you still there?'))).toBe(true);
  });

  it('keeps changes made in process through the context, too', async () => {
    const first = await start();
    const run = first.ctx.agent.startRun('task_s003');
    first.ctx.clock.advance(3600); // close() saves the offset
    expect(first.ctx.store.state.data.runs.find((r) => r.id === run.id)!.state).toBe('succeeded');
    await stop(first);

    const second = await start();
    const restored = second.ctx.store.state.data.runs.find((r) => r.id === run.id)!;
    expect(restored.state).toBe('succeeded');
    expect(second.ctx.store.state.data.pendingActions.some((a) => a.runId === run.id)).toBe(true);
    expect(second.ctx.clock.offsetMs).toBe(first.ctx.clock.offsetMs);
  });

  it('writes the file atomically, leaving no temporary file, readable only by its owner', async () => {
    const sandbox = await start();
    sandbox.ctx.agent.startRun('task_s002');
    await stop(sandbox);
    expect(readdirSync(dir)).toEqual(['state.json']);
    expect(statSync(dataFile).mode & 0o777).toBe(0o600);
    expect(() => JSON.parse(readFileSync(dataFile, 'utf8'))).not.toThrow();

    // A second write replaces the file the same way.
    const again = await start();
    again.ctx.clock.advance(60);
    await stop(again);
    expect(readdirSync(dir)).toEqual(['state.json']);
    expect(statSync(dataFile).mode & 0o777).toBe(0o600);
    expect((JSON.parse(readFileSync(dataFile, 'utf8')) as SandboxState).clockOffsetMs).toBe(again.ctx.clock.offsetMs);
  });

  it('starts from the seed when the file does not exist yet, and creates it', async () => {
    const nested = join(dir, 'nested', 'deeper', 'state.json');
    dataFile = nested;
    const sandbox = await start();
    expect(sandbox.ctx.store.state.data.tasks.filter((t) => t.workspaceId === 'ws_support').length).toBeGreaterThanOrEqual(60);
    await stop(sandbox);
    expect((JSON.parse(readFileSync(nested, 'utf8')) as SandboxState).version).toBe(1);
  });
});
