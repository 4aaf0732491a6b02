// `--wait` on task create, task message and schedule run, and `run watch`, against the real sandbox: its
// simulated agent finishes a run three seconds of sandbox time after it starts (its clock runs with real
// time unless moved), proposes an action, and fails every run on a task whose title holds "fail". With
// its ticker stopped (`sandbox.ctx.agent.stop()`) no run ever finishes, which is how `--timeout` is shown.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNotFound, runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { runWtsProcess } from '../helpers/wts-process.js';

const sandbox = useSandbox({ columns: 120 });
const data = () => sandbox.ctx.store.state.data;

/** `label<TAB>fields` lines of a piped outcome. */
const lines = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((l) => l.split('\t'));

describe('wts task create --wait', () => {
  it('waits for the run, exits 0 and prints its output and the proposed action with the command to decide it', async () => {
    const r = await runWts(['task', 'create', '--agent', 'agt_support', 'Summarize the open refund requests', '--wait'], sandbox.piped());
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const task = data().tasks.find((t) => t.title === 'Summarize the open refund requests')!;
    const run = data().runs.find((x) => x.taskId === task.id)!;
    expect(run.state).toBe('succeeded');
    const actionId = run.proposedActionIds[0]!;
    const out = lines(r.stdout);
    expect(out).toEqual([
      ['run', run.id],
      ['state', 'succeeded'],
      ['task', task.id],
      ['output', run.output.replace(/\n/g, '\\n')],
      ['action', actionId, 'action', 'pending', 'Post an update in #support', `wts approval approve ${actionId}`],
    ]);
  });

  it("exits 8 on a task whose run fails, and prints the run's output", async () => {
    const r = await runWts(['task', 'create', '--agent', 'agt_support', 'Brightlane import fail check', '--wait'], sandbox.piped());
    expect(r.code).toBe(8);
    const task = data().tasks.find((t) => t.title === 'Brightlane import fail check')!;
    const run = data().runs.find((x) => x.taskId === task.id)!;
    expect(run.state).toBe('failed');
    expect(r.stdout).toContain(
      `run\t${run.id}\nstate\tfailed\ntask\t${task.id}\noutput\tCould not finish "Brightlane import fail check".\\n`,
    );
    expect(r.stdout).not.toContain('action\t');
    expect(r.stderr).toBe(`wts: run ${run.id} failed\n`);
  });

  it('on a terminal: a report with the decide commands, and the spinner erased at the end', async () => {
    const r = await runWts(['task', 'create', '--agent', 'agt_support', 'Check the Brightlane invoice', '--wait'], sandbox.tty());
    expect(r.code).toBe(0);
    const task = data().tasks.find((t) => t.title === 'Check the Brightlane invoice')!;
    const run = data().runs.find((x) => x.taskId === task.id)!;
    const actionId = run.proposedActionIds[0]!;
    const out = r.stdout.split('\n');
    expect(out[0]).toMatch(new RegExp(`^✓ Run ${run.id} succeeded on task ${task.id} "Check the Brightlane invoice", took \\ds$`));
    expect(out[1]).toBe('Output:');
    expect(out[2]).toBe('  Worked on "Check the Brightlane invoice".');
    expect(r.stdout).toContain(
      `Proposed, waiting for your decision (1):\n  ${actionId}  action  Post an update in #support\n    wts approval approve ${actionId}\n    wts approval reject ${actionId} --reason "…"\n    wts approval view ${actionId}   # the whole draft\n`,
    );
    // The spinner drew on stderr (elapsed time, the run, its latest event), then erased its line.
    expect(r.stderr).toMatch(/\r\x1b\[2K⠋ 0:00 /);
    expect(r.stderr).toContain(`run ${run.id} on ${task.id} · running · Support Agent started working on the task`);
    expect(r.stderr.endsWith('\r\x1b[2K')).toBe(true);
    expect(r.stderr.replace(/\r\x1b\[2K[^\r]*/g, '')).toBe('');
  });

  it('--json prints the final run with its proposed actions as one object', async () => {
    const r = await runWts(
      ['task', 'create', '--agent', 'agt_support', 'Draft the weekly support digest', '--wait', '--json'],
      sandbox.piped(),
    );
    expect(r.code).toBe(0);
    const run = JSON.parse(r.stdout) as {
      id: string;
      state: string;
      proposedActionIds: string[];
      proposedActions: { id: string; state: string; kind: string; draft: object }[];
    };
    expect(run.state).toBe('succeeded');
    expect(run.proposedActions.map((a) => a.id)).toEqual(run.proposedActionIds);
    expect(run.proposedActions[0]).toMatchObject({ state: 'pending', kind: 'action', draft: { channel: '#support' } });
  });

  it('shows text from the service through the sanitizer on a terminal, and exact with --json', async () => {
    const title = 'Check \x1b]0;owned\x07 the fail\x1b[2J report';
    const r = await runWts(['task', 'create', '--agent', 'agt_support', title, '--wait'], sandbox.tty());
    expect(r.code).toBe(8);
    expect(r.stdout).not.toMatch(/\x1b|\x07/);
    expect(r.stdout).toContain('"Check \\x1b]0;owned\\x07 the fail\\x1b[2J report"');
    const run = data().runs.find((x) => x.taskId === data().tasks.find((t) => t.title === title)!.id)!;
    const json = await runWts(['run', 'watch', run.id, '--json'], sandbox.piped());
    expect(json.code).toBe(8);
    expect((JSON.parse(json.stdout) as { output: string }).output).toContain(title);
  });
});

describe('wts schedule run --wait', () => {
  it('exits 0 when the run succeeds, with what it proposed', async () => {
    const r = await runWts(['schedule', 'run', 'sched_ops_backups', '--wait', '--timeout', '1m'], sandbox.piped());
    expect(r.code).toBe(0);
    const run = data()
      .runs.filter((x) => x.scheduledTaskId === 'sched_ops_backups')
      .at(-1)!;
    expect(run.state).toBe('succeeded');
    expect(lines(r.stdout)[0]).toEqual(['run', run.id]);
    expect(r.stdout).toContain(
      `action\t${run.proposedActionIds[0]}\taction\tpending\tPost an update in #operations\twts approval approve ${run.proposedActionIds[0]}\n`,
    );
  });

  it('exits 8 when the run fails', async () => {
    const { id } = await sandbox.client.call('create_scheduled_task', {
      path: {},
      body: { title: 'Nightly fail drill', prompt: 'Rehearse a failure', cron: '0 3 * * *', workspaceId: 'ws_ops', agentId: 'agt_ops' },
    });
    const r = await runWts(['schedule', 'run', id, '--wait', '--json'], sandbox.piped());
    expect(r.code).toBe(8);
    const run = JSON.parse(r.stdout) as { state: string; output: string; proposedActions: unknown[] };
    expect(run.state).toBe('failed');
    expect(run.output).toContain('Could not finish "Nightly fail drill');
    expect(run.proposedActions).toEqual([]);
  });
});

describe('wts task message --wait', () => {
  it('tries a failed read again alone: the runs refused three times, the chat is not read again for them', async () => {
    // A proxy in front of the sandbox answers the task's runs listing with 503 three times, and counts
    // the chat reads. With each read kept, the chat is read to position the wait, once for the message's
    // own activity (where a failed runs read is then retried alone), and once for the reply's.
    const taskId = 'task_s022';
    let refused = 0;
    let chatReads = 0;
    const proxy = createServer((req, res) => {
      const url = req.url ?? '';
      if (req.method === 'GET' && url.startsWith(`/api/v1/tasks/${taskId}/runs`) && refused < 3) {
        refused++;
        res
          .writeHead(503, { 'content-type': 'application/problem+json' })
          .end(JSON.stringify({ title: 'Service Unavailable', status: 503 }));
        return;
      }
      if (req.method === 'GET' && url.startsWith(`/api/v1/tasks/${taskId}/messages`)) chatReads++;
      const body: Buffer[] = [];
      req.on('data', (chunk: Buffer) => body.push(chunk));
      req.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(req.headers)
            .filter(([k]) => k !== 'host' && k !== 'connection')
            .map(([k, v]) => [k, String(v)]),
        );
        void fetch(`${sandbox.origin}${url}`, { method: req.method, headers, ...(body.length ? { body: Buffer.concat(body) } : {}) }).then(
          async (answer) => {
            res
              .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
              .end(Buffer.from(await answer.arrayBuffer()));
          },
        );
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const address = proxy.address();
      if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
      const r = await runWts(['task', 'message', taskId, 'Any news?', '--wait'], {
        env: { ...sandbox.env, WTS_ORIGIN: `http://127.0.0.1:${address.port}` },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(lines(r.stdout)[1]?.[0]).toBe('reply');
      expect(refused).toBe(3);
      expect(chatReads).toBeLessThanOrEqual(3);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it("prints the agent's reply and exits 0", async () => {
    const r = await runWts(['task', 'message', 'task_s021', 'What is the status?', '--wait'], sandbox.piped());
    expect(r.code).toBe(0);
    const sent = data()
      .messages.filter((m) => m.taskId === 'task_s021' && m.content === 'What is the status?')
      .at(-1)!;
    const reply = data().messages.find((m) => m.taskId === 'task_s021' && m.author.kind === 'agent' && m.createdAt > sent.createdAt)!;
    expect(lines(r.stdout)).toEqual([
      ['message', sent.id],
      ['reply', reply.id, 'Support Agent', reply.createdAt, reply.content],
    ]);
    expect(reply.content).toMatch(/^Ada, about "What is the status\?": The task is in /);
  });

  it('--json: the message, the replies and no run; a terminal shows the reply as a transcript', async () => {
    const r = await runWts(['task', 'message', 'task_s021', 'Thanks!', '--wait', '--json'], sandbox.piped());
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      message: { content: string };
      replies: { content: string; author: { kind: string } }[];
      run: null;
    };
    expect(out.message.content).toBe('Thanks!');
    expect(out.replies).toHaveLength(1);
    expect(out.replies[0]).toMatchObject({ author: { kind: 'agent' }, content: expect.stringContaining("You're welcome") });
    expect(out.run).toBeNull();
    const t = await runWts(['task', 'message', 'task_s021', 'Any update?', '--wait'], sandbox.tty());
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(
      /^✓ Sent to the agent on task_s021\nSupport Agent \(agent\) · (now|.+ ago)\n {2}Ada, about "Any update\?": The task is in /,
    );
  });
});

describe('wts run watch', () => {
  it('prints a finished run at once: exit 0 when it succeeded, 8 when it failed', async () => {
    const ok = data().runs.find((x) => x.state === 'succeeded' && x.proposedActionIds.length > 0)!;
    const before = await sandbox.requests();
    const r = await runWts(['run', 'watch', ok.id], sandbox.piped());
    expect(r.code).toBe(0);
    expect(lines(r.stdout)[1]).toEqual(['state', 'succeeded']);
    expect(await sandbox.requests()).toBe(before + 1 + ok.proposedActionIds.length); // the run and each action, once
    const failed = data().runs.find((x) => x.state === 'failed')!;
    expect((await runWts(['run', 'watch', failed.id], sandbox.piped())).code).toBe(8);
  });

  it('exits 3 for a run that does not exist, without waiting', async () => {
    await expectNotFound(['run', 'watch', 'run_nope'], sandbox.piped());
  });
});

describe('bad flags', () => {
  it('exit 2 before any request: --timeout without --wait, a duration that is not one', async () => {
    const before = await sandbox.requests();
    const cases: [string[], string][] = [
      [['task', 'create', '--agent', 'agt_support', 'x', '--timeout', '5m'], 'wts: --timeout: only with --wait\n'],
      [
        ['schedule', 'run', 'sched_ops_backups', '--wait', '--timeout', 'soon'],
        'wts: --timeout: "soon" is not a duration; use e.g. 30s, 5m, 1h or 1h30m\n',
      ],
      [['run', 'watch', 'run_1', '--timeout', '0s'], 'wts: --timeout: "0s" is not a duration; use e.g. 30s, 5m, 1h or 1h30m\n'],
      [['task', 'message', 'task_s021', '', '--wait'], 'wts: TEXT: must not be empty\n'],
    ];
    for (const [args, stderr] of cases) {
      const r = await runWts(args, sandbox.piped());
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toBe(stderr);
    }
    expect(await sandbox.requests()).toBe(before);
  });
});

describe('--timeout with the scheduler stopped (no run ever finishes)', () => {
  beforeAll(() => sandbox.ctx.agent.stop());
  afterAll(() => sandbox.ctx.agent.start());

  it('task create --wait --timeout 2s exits 1 and says what it waited for (a real process)', async () => {
    const r = await runWtsProcess(['task', 'create', '--agent', 'agt_support', 'Waits forever', '--wait', '--timeout', '2s'], {
      env: sandbox.env,
    });
    expect(r.code).toBe(1);
    const task = data().tasks.find((t) => t.title === 'Waits forever')!;
    const run = data().runs.find((x) => x.taskId === task.id)!;
    expect(run.state).toBe('running');
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `wts: timed out after 2s waiting for run ${run.id} (task ${task.id}) to finish; to wait again: wts run watch ${run.id}\n`,
    );
  });

  it('schedule run --wait and task message --wait time out the same way', async () => {
    const s = await runWts(['schedule', 'run', 'sched_ops_backups', '--wait', '--timeout', '2s'], sandbox.piped());
    expect(s.code).toBe(1);
    expect(s.stderr).toMatch(
      /^wts: timed out after 2s waiting for run run_\d+ \(task task_\d+\) to finish; to wait again: wts run watch run_\d+\n$/,
    );
    const m = await runWts(['task', 'message', 'task_s021', 'Hello?', '--wait', '--timeout', '2s'], sandbox.piped());
    expect(m.code).toBe(1);
    expect(m.stderr).toBe(
      "wts: timed out after 2s waiting for the agent's reply on task task_s021; to wait again: wts task chat task_s021 --follow\n",
    );
  });
});
