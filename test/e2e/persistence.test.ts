// `wts sandbox --data FILE`: the state, the moved clock and the agent's unfinished work survive a restart,
// the file is written atomically and readable only by its owner, a file from an older sandbox loads with
// defaults, and a damaged one is refused naming the record.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Message, Run, ScheduledTask, Task } from '../../src/contract/resources.js';
import type { SandboxState } from '../../src/sandbox/model.js';
import { pageOf } from '../helpers/api.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { expectMode } from '../helpers/platform.js';

describe('a sandbox with a data file', () => {
  // A fresh data file for every test, in a directory of its own; each test restarts the sandbox on it.
  const sandbox = useSandbox({ scratchDataFile: 'state.json', perTest: true });

  it('keeps records, the moved clock and the seed across a restart', async () => {
    const task = Task.parse(await sandbox.api.ok('POST', '/agents/agt_support/tasks', { body: { title: 'Survives a restart' } }));
    await sandbox.advanceClock(7 * 24 * 3600);
    const offset = sandbox.ctx.clock.offsetMs;
    const tasksBefore = sandbox.ctx.store.state.data.tasks.length;
    await sandbox.stop();

    const saved = JSON.parse(readFileSync(sandbox.dataFile, 'utf8')) as SandboxState;
    expect(saved.clockOffsetMs).toBe(offset);
    expect(saved.data.tasks.some((t) => t.id === task.id)).toBe(true);

    await sandbox.start({ signIn: false });
    expect(sandbox.ctx.clock.offsetMs).toBe(offset);
    const clock = await sandbox.clockNow();
    expect(clock - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    // Not seeded again: the same records, the new task among them, ids still unique.
    expect(sandbox.ctx.store.state.data.tasks).toHaveLength(tasksBefore);
    expect(sandbox.ctx.store.state.seq).toBe(saved.seq);
    await sandbox.renewSignIn();
    expect(Task.parse(await sandbox.api.ok('GET', `/tasks/${task.id}`)).title).toBe('Survives a restart');
    const next = Task.parse(await sandbox.api.ok('POST', '/agents/agt_support/tasks', { body: { title: 'After the restart' } }));
    expect(next.id).not.toBe(task.id);
  });

  it('lets the agent finish, after a restart, the run and the reply it had not finished', async () => {
    const task = Task.parse(await sandbox.api.ok('POST', '/agents/agt_sales/tasks', { body: { title: 'Interrupted work' } }));
    await sandbox.api.ok('POST', `/tasks/${task.id}/messages`, { body: { content: 'Are you still there?' } });
    const run = sandbox.ctx.store.state.data.runs.find((r) => r.taskId === task.id)!;
    expect(run.state).toBe('running');
    await sandbox.stop();

    await sandbox.start({ signIn: false });
    await sandbox.advanceClock(10);
    await sandbox.renewSignIn();
    expect(Run.parse(await sandbox.api.ok('GET', `/runs/${run.id}`)).state).toBe('succeeded');
    const chat = pageOf(Message, 'cursor').parse(await sandbox.api.ok('GET', `/tasks/${task.id}/messages`, { query: { limit: 50 } })).items;
    expect(chat.some((m) => m.author.kind === 'agent' && m.content.includes('Are you still there?'))).toBe(true);
  });

  it('keeps changes made in process through the context, too', async () => {
    const first = sandbox.ctx;
    const run = first.agent.startRun('task_s003');
    first.clock.advance(3600); // close() saves the offset
    expect(first.store.state.data.runs.find((r) => r.id === run.id)!.state).toBe('succeeded');
    await sandbox.stop();

    await sandbox.start();
    const restored = sandbox.ctx.store.state.data.runs.find((r) => r.id === run.id)!;
    expect(restored.state).toBe('succeeded');
    expect(sandbox.ctx.store.state.data.pendingActions.some((a) => a.runId === run.id)).toBe(true);
    expect(sandbox.ctx.clock.offsetMs).toBe(first.clock.offsetMs);
  });

  it('writes the file atomically, leaving no temporary file, readable only by its owner', async () => {
    const dir = dirname(sandbox.dataFile);
    sandbox.ctx.agent.startRun('task_s002');
    await sandbox.stop();
    expect(readdirSync(dir)).toEqual(['state.json']);
    expectMode(sandbox.dataFile, 0o600);
    expect(() => JSON.parse(readFileSync(sandbox.dataFile, 'utf8'))).not.toThrow();

    // A second write replaces the file the same way.
    await sandbox.start();
    const again = sandbox.ctx;
    again.clock.advance(60);
    await sandbox.stop();
    expect(readdirSync(dir)).toEqual(['state.json']);
    expectMode(sandbox.dataFile, 0o600);
    expect((JSON.parse(readFileSync(sandbox.dataFile, 'utf8')) as SandboxState).clockOffsetMs).toBe(again.clock.offsetMs);
  });
});

describe('a sandbox reading a data file written by an older version, or a damaged one', () => {
  const sandbox = useSandbox({ scratchDataFile: 'state.json', perTest: true });

  /** A data file as JSON: its tables of records, and what else it holds. */
  interface DataFile {
    [part: string]: unknown;
    data: Record<string, Record<string, unknown>[] | undefined>;
  }

  /** Rewrites the stopped sandbox's file through `change`. */
  const rewrite = (change: (state: DataFile) => void) => {
    const state: DataFile = JSON.parse(readFileSync(sandbox.dataFile, 'utf8'));
    change(state);
    writeFileSync(sandbox.dataFile, JSON.stringify(state));
  };

  it('loads a file without the record types and fields added since, with their defaults', async () => {
    await sandbox.stop();
    rewrite((state) => {
      // Written before the sandbox kept scheduled tasks, conversations, knowledge, or OAuth state.
      delete state.data.scheduledTasks;
      delete state.data.conversations;
      delete state.data.knowledge;
      delete state.oauth;
      delete state.clockOffsetMs;
      // …and before tasks had tags, a description or a source conversation, and runs a schedule.
      for (const task of state.data.tasks ?? []) {
        delete task.tags;
        delete task.description;
        delete task.conversationKey;
      }
      for (const run of state.data.runs ?? []) delete run.scheduledTaskId;
    });
    await sandbox.start({ signIn: false });
    await sandbox.renewSignIn();
    const schedules = pageOf(ScheduledTask, 'cursor').parse(await sandbox.api.ok('GET', '/scheduled-tasks'));
    expect(schedules.items).toEqual([]);
    const task = Task.parse(await sandbox.api.ok('GET', '/tasks/task_s002'));
    expect(task).toMatchObject({ tags: [], description: '' });
    expect(sandbox.ctx.store.state.data.runs.every((r) => r.scheduledTaskId === null)).toBe(true);
    // It is written back whole: the next start reads what this one has.
    Task.parse(await sandbox.api.ok('POST', '/agents/agt_support/tasks', { body: { title: 'After the upgrade' } }));
    await sandbox.stop();
    const saved: DataFile = JSON.parse(readFileSync(sandbox.dataFile, 'utf8'));
    expect(saved.data.scheduledTasks).toEqual([]);
    expect(saved.clockOffsetMs).toBe(0);
  });

  it('refuses a file with a damaged record, naming the record and the field', async () => {
    await sandbox.stop();
    rewrite((state) => {
      const tasks = state.data.tasks ?? [];
      tasks[3] = { ...tasks[3], title: 42 };
    });
    await expect(sandbox.start({ signIn: false })).rejects.toThrow(
      /^cannot use the data file .*state\.json: not a sandbox data file: data\.tasks\[3\]\.title: /,
    );
  });
});

describe('a sandbox whose data file does not exist yet', () => {
  const sandbox = useSandbox({ scratchDataFile: 'nested/deeper/state.json', signIn: false });

  it('starts from the seed when the file does not exist yet, and creates it', async () => {
    expect(sandbox.ctx.store.state.data.tasks.filter((t) => t.workspaceId === 'ws_support').length).toBeGreaterThanOrEqual(60);
    await sandbox.stop();
    expect((JSON.parse(readFileSync(sandbox.dataFile, 'utf8')) as SandboxState).version).toBe(1);
  });
});
