// `wts agent list` and `wts run view` against the real sandbox over HTTP, on a terminal and piped.
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../src/contract/resources.js';
import { signIn } from '../helpers/auth.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

type Agent = Resource<'Agent'>;
type Run = Resource<'Run'>;

const sandbox = useSandbox();
const lines = (text: string) => text.split('\n').filter(Boolean);

describe('wts agent list', () => {
  it('prints a table on a terminal', async () => {
    const r = await runWts(['agent', 'list'], sandbox.tty());
    expect(r.code).toBe(0);
    const [header, ...rows] = lines(r.stdout);
    expect(header).toMatch(/^ID\s+NAME\s+WORKSPACE$/);
    expect(rows).toContainEqual(expect.stringMatching(/^agt_support\s+Support Agent\s+ws_support$/));
  });

  it('prints tab-separated lines when piped, and the Agent objects with --json', async () => {
    const expected = (await sandbox.client.call('list_agents', { path: {} })) as { items: Agent[] };
    const piped = await runWts(['agents', 'list'], { env: sandbox.env });
    expect(lines(piped.stdout)).toEqual(expected.items.map((a) => `${a.id}\t${a.name}\t${a.workspaceId}`));
    expect(piped.stdout).not.toContain('\x1b[');
    const json = await runWts(['agent', 'list', '--json'], { env: sandbox.env, tty: true });
    expect(JSON.parse(json.stdout)).toEqual(expected.items);
  });

  it('lists only the agents of the organization the connection was granted', async () => {
    const globex = { ...sandbox.env, WTS_TOKEN: (await signIn(sandbox.origin, { org: 'globex' })).access_token };
    const r = await runWts(['agent', 'list', '--json'], { env: globex });
    expect((JSON.parse(r.stdout) as Agent[]).map((a) => a.id)).toEqual(['agt_research']);
  });

  it('exits 5 without the agents:read scope, and 4 without a usable token', async () => {
    const readOnly = { ...sandbox.env, WTS_TOKEN: (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token };
    const forbidden = await runWts(['agent', 'list'], { env: readOnly });
    expect(forbidden.code).toBe(5);
    expect(forbidden.stderr).toMatch(/^wts: forbidden: .* — run `wts login` to grant it\n$/);
    expect((await runWts(['agent', 'list'], { env: { WTS_ORIGIN: sandbox.origin } })).code).toBe(4);
    expect((await runWts(['agent', 'list'], { env: { ...sandbox.env, WTS_TOKEN: 'not-a-token' } })).code).toBe(4);
  });
});

describe('wts run view', () => {
  it('shows state, task, agent, times, the whole output and the proposed actions on a terminal', async () => {
    const run = (await sandbox.client.call('get_run', { path: { runId: 'run_s001' } })) as Run;
    const r = await runWts(['run', 'view', 'run_s001'], sandbox.tty({ columns: 300 }));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ID:\s+run_s001\nState:\s+succeeded\nTask:\s+task_s021\nAgent:\s+agt_support\n/);
    expect(r.stdout).toMatch(/\nStarted:\s+\d{4}-\d\d-\d\d \d\d:\d\d \(.+ ago\)\nFinished:\s+\d{4}-\d\d-\d\d \d\d:\d\d \(.+ ago\)\n/);
    expect(r.stdout).toMatch(new RegExp(`\nProposed:\\s+${run.proposedActionIds.join(', ')}\n`));
    const output = run.output.split('\n');
    expect(output.length).toBeGreaterThan(1);
    expect(r.stdout).toContain(
      `Output:   ${output[0]}\n${output
        .slice(1)
        .map((line) => `          ${line}\n`)
        .join('')}`,
    );
  });

  it('wraps a long output to the terminal, losing nothing', async () => {
    const run = (await sandbox.client.call('get_run', { path: { runId: 'run_s001' } })) as Run;
    const r = await runWts(['run', 'view', 'run_s001'], sandbox.tty({ columns: 60 }));
    const outputLines = r.stdout.slice(r.stdout.indexOf('Output:')).split('\n').filter(Boolean);
    for (const line of outputLines) expect([...line].length).toBeLessThanOrEqual(60);
    expect(outputLines.map((l) => l.replace(/^(Output:)?\s+/, '')).join(' ')).toBe(run.output.replace(/\n/g, ' '));
  });

  it('colors the state on a terminal, unless NO_COLOR', async () => {
    const colored = await runWts(['run', 'view', 'run_s001'], { env: { ...sandbox.env, FORCE_COLOR: '1' }, tty: true });
    expect(colored.stdout).toContain('\x1b[32msucceeded\x1b[39m');
    const plain = await runWts(['run', 'view', 'run_s001'], sandbox.tty());
    expect(plain.stdout).not.toContain('\x1b[');
  });

  it('shows a run that is still going', async () => {
    const created = await runWts(['task', 'create', '--agent', 'agt_support', 'Look into the export bug', '--json'], { env: sandbox.env });
    const taskId = (JSON.parse(created.stdout) as { id: string }).id;
    const runs = (await sandbox.client.call('list_task_runs', { path: { taskId } })) as { items: Run[] };
    const running = runs.items.find((r) => r.state === 'running');
    expect(running).toBeDefined();
    const r = await runWts(['run', 'view', running!.id], sandbox.tty());
    expect(r.stdout).toMatch(/\nState:\s+running\n/);
    expect(r.stdout).toMatch(/\nFinished:\s+still running\n/);
    expect(r.stdout).toMatch(/\nProposed:\s+nothing\n/);
  });

  it('prints label<TAB>value lines with ISO times when piped, and the Run object with --json', async () => {
    const run = (await sandbox.client.call('get_run', { path: { runId: 'run_s001' } })) as Run;
    const piped = await runWts(['runs', 'view', 'run_s001'], { env: sandbox.env });
    const fields = new Map(lines(piped.stdout).map((line) => line.split('\t') as [string, string]));
    expect(fields.get('State')).toBe('succeeded');
    expect(fields.get('Started')).toBe(run.startedAt);
    expect(fields.get('Finished')).toBe(run.finishedAt);
    expect(fields.get('Output')).toBe(run.output.replace(/\n/g, '\\n'));
    const json = await runWts(['run', 'view', 'run_s001', '--json'], { env: sandbox.env, tty: true });
    expect(JSON.parse(json.stdout)).toEqual(run);
  });

  it('exits 3 for an unknown run, 2 for an id out of bounds (sending nothing), 5 without agents:read', async () => {
    const missing = await runWts(['run', 'view', 'run_nope'], { env: sandbox.env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^wts: not found: .+\n$/);
    const before = await sandbox.requests();
    const bad = await runWts(['run', 'view', 'r'.repeat(65)], { env: sandbox.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('wts: RUN: must be at most 64 characters\n');
    expect(await sandbox.requests()).toBe(before);
    const readOnly = { ...sandbox.env, WTS_TOKEN: (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token };
    expect((await runWts(['run', 'view', 'run_s001'], { env: readOnly })).code).toBe(5);
  });
});

describe('help', () => {
  it('has an example for every agent and run command', async () => {
    for (const args of [
      ['agent', 'list'],
      ['run', 'view'],
    ]) {
      const r = await runWts([...args, '--help'], { env: sandbox.env });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`\nExamples:\n {2}\\$ wts ${args.join(' ')}`));
    }
  });
});
