// `wts schedule export [-w WS] [-o yaml|json]`: a schedules file from what the service has, which
// `schedule diff -f -` reads back with no drift (the seeded sandbox, and texts YAML would misread).
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Resource } from '../../src/contract/resources.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

type Schedule = Resource<'ScheduledTask'>;

const sandbox = useSandbox({ perTest: true });
const list = async (): Promise<Schedule[]> =>
  JSON.parse((await runWts(['schedule', 'list', '--json'], { env: sandbox.env })).stdout) as Schedule[];

/** `schedule export ARGS | schedule diff -f - [--json]`: both results. */
async function roundTrip(args: string[]) {
  const exported = await runWts(['schedule', 'export', ...args], { env: sandbox.env });
  expect(exported.stderr).toBe('');
  expect(exported.code).toBe(0);
  const diff = await runWts(['schedule', 'diff', '-f', '-'], { env: sandbox.env, stdin: exported.stdout });
  const plan = await runWts(['schedule', 'diff', '-f', '-', '--json'], { env: sandbox.env, stdin: exported.stdout });
  return { exported, diff, plan: JSON.parse(plan.stdout) as { changes: unknown[]; unchanged: unknown[] } };
}

describe('wts schedule export', () => {
  it('writes every scheduled task of the seeded sandbox as YAML that diff finds no drift in', async () => {
    const all = await list();
    const { exported, diff, plan } = await roundTrip([]);
    expect(diff).toMatchObject({ code: 0, stdout: expect.stringMatching(/^No drift: /), stderr: '' });
    expect(plan.changes).toEqual([]);
    expect(plan.unchanged).toHaveLength(all.length);
    const file = parse(exported.stdout) as { schedules: Record<string, string>[] };
    expect(file.schedules).toEqual(
      all.map((s) => ({
        title: s.title,
        prompt: s.prompt.trimEnd(),
        cron: s.cron,
        workspace: s.workspaceId,
        agent: s.agentId,
        state: s.state,
      })),
    );
    expect(all.some((s) => s.state === 'paused')).toBe(true);
  });

  it('-w keeps to the workspaces named; -o json (or --json) writes JSON', async () => {
    const { exported, diff } = await roundTrip(['-w', 'ws_ops', '-o', 'json']);
    expect(diff.code).toBe(0);
    const file = JSON.parse(exported.stdout) as { schedules: { workspace: string; title: string }[] };
    const ops = (await list()).filter((s) => s.workspaceId === 'ws_ops');
    expect(ops).toHaveLength(2);
    expect(file.schedules.map((s) => `${s.workspace} ${s.title}`)).toEqual(ops.map((s) => `ws_ops ${s.title}`));
    const json = await runWts(['schedule', 'export', '--workspace', 'ws_ops,ws_sales', '--json'], { env: sandbox.env });
    expect(new Set((JSON.parse(json.stdout) as typeof file).schedules.map((s) => s.workspace))).toEqual(new Set(['ws_ops', 'ws_sales']));
  });

  it('round-trips texts that YAML would misread written plain', async () => {
    const prompts = [
      '  starts with spaces\nkey: value\n- a dash\n\n# not a comment\n\ttab',
      'post in #sales # every day',
      'null',
      'ends with spaces   ',
      'a bell \u0007 and a \u001b[31mcolor\u001b[0m',
    ];
    for (const [i, prompt] of prompts.entries())
      await sandbox.api.ok('POST', '/scheduled-tasks', {
        body: {
          title: i === 0 ? '123' : `odd ${i}: "quoted" #${i}`,
          prompt,
          cron: '30 * * * *',
          workspaceId: 'ws_ops',
          agentId: 'agt_ops',
        },
      });
    const { diff, plan } = await roundTrip(['-w', 'ws_ops']);
    expect(diff.stderr).toBe('');
    expect(diff.code).toBe(0);
    expect(plan.unchanged).toHaveLength(2 + prompts.length);
  });

  it('shows the file sanitized on a terminal', async () => {
    await sandbox.api.ok('POST', '/scheduled-tasks', {
      body: { title: 'Hostile', prompt: 'x \u009b31m y', cron: '0 9 * * 1', workspaceId: 'ws_ops', agentId: 'agt_ops' },
    });
    const piped = await runWts(['schedule', 'export', '-w', 'ws_ops'], { env: sandbox.env });
    expect(piped.stdout).toContain('x \u009b31m y');
    const onTty = await runWts(['schedule', 'export', '-w', 'ws_ops'], sandbox.tty());
    expect(onTty.stdout).not.toContain('\u009b');
    expect(onTty.stdout).toContain('title: Hostile');
  });

  it('refuses what cannot make a file: an unknown workspace (3), a bad format (2), two tasks of one title (1)', async () => {
    const before = await sandbox.requests();
    expect(await runWts(['schedule', 'export', '-o', 'xml'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: --output: yaml or json, not "xml"\n',
    });
    expect(await runWts(['schedule', 'export', '-o', 'yaml', '--json'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: --json and --output yaml: give one or the other\n',
    });
    expect(await sandbox.requests()).toBe(before);
    expect(await runWts(['schedule', 'export', '-w', 'ws_nope'], { env: sandbox.env })).toMatchObject({
      code: 3,
      stdout: '',
      stderr: 'wts: --workspace: no workspace ws_nope here (`wts workspace list` shows them)\n',
    });
    const copy = (await list()).find((s) => s.id === 'sched_ops_backups');
    if (!copy) throw new Error('the seed has sched_ops_backups');
    const twin = (await sandbox.api.ok('POST', '/scheduled-tasks', {
      body: { title: copy.title, prompt: 'another', cron: '0 9 * * 1', workspaceId: 'ws_ops', agentId: 'agt_ops' },
    })) as Schedule;
    const r = await runWts(['schedule', 'export'], { env: sandbox.env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `wts: sched_ops_backups and ${twin.id} are both titled "Daily backup check" in ws_ops: a schedules file matches by workspace and title — retitle one first (\`wts schedule edit ${twin.id} --title …\`)\n`,
    );
  });
});
