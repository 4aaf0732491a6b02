// Schedules as code against the real sandbox: `wts schedule diff -f FILE` (exit 8 on drift) and
// `wts schedule apply -f FILE [--prune] [--yes]`, with files in YAML and JSON, written as a team would.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { Resource } from '../../src/contract/resources.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

type Schedule = Resource<'ScheduledTask'>;

const sandbox = useSandbox({ columns: 200 });
const dir = mkdtempSync(join(tmpdir(), 'wts-schedules-'));
const list = async (): Promise<Schedule[]> =>
  JSON.parse((await runWts(['schedule', 'list', '--json'], { env: sandbox.env })).stdout) as Schedule[];
const byId = async (id: string) => (await list()).find((s) => s.id === id);

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    typeof content === 'string' ? content : name.endsWith('.json') ? JSON.stringify(content, null, 2) : stringify(content),
  );
  return path;
}

/** The file entry for a scheduled task as the service has it. */
const entryOf = (s: Schedule, extra: Record<string, unknown> = {}) => ({
  title: s.title,
  prompt: s.prompt,
  cron: s.cron,
  workspace: s.workspaceId,
  agent: s.agentId,
  state: s.state,
  ...extra,
});

let seeded: Schedule[];
let drifted: string;

beforeAll(async () => {
  seeded = await list();
  const backups = seeded.find((s) => s.id === 'sched_ops_backups')!;
  const digest = seeded.find((s) => s.id === 'sched_sales_digest')!;
  // What the team wants: backups checked at 06:00, the digest paused, two new ones; the access review
  // (sched_ops_access, in ws_ops) is no longer listed.
  drifted = file('drift.yaml', {
    schedules: [
      entryOf(backups, { key: 'backups', cron: '0 6 * * *' }),
      entryOf(digest, { key: 'digest', state: 'paused' }),
      {
        key: 'review',
        title: 'Weekly ops review',
        prompt: "List this week's incidents and post the summary in #ops.",
        cron: '0 10 * * 5',
        workspace: 'ws_ops',
        agent: 'agt_ops',
      },
      {
        key: 'cleanup',
        title: 'Quarterly cleanup',
        prompt: 'Archive the finished tasks.',
        cron: '0 7 1 * *',
        workspace: 'ws_ops',
        agent: 'agt_ops',
        state: 'paused',
      },
    ],
  });
});

describe('wts schedule diff', () => {
  it('exits 0 when the service matches the file, YAML or JSON', async () => {
    const matching = { schedules: seeded.filter((s) => s.workspaceId === 'ws_ops' || s.workspaceId === 'ws_sales').map((s) => entryOf(s)) };
    for (const path of [file('same.yaml', matching), file('same.json', matching)]) {
      const piped = await runWts(['schedule', 'diff', '-f', path], { env: sandbox.env });
      // Piped too, without the mark: a CI log shows that it ran.
      expect(piped).toMatchObject({ code: 0, stdout: `No drift: the 3 scheduled tasks in ws_ops, ws_sales match ${path}\n`, stderr: '' });
      const onTty = await runWts(['schedule', 'diff', '--file', path], sandbox.tty());
      expect(onTty).toMatchObject({ code: 0, stdout: `✓ No drift: the 3 scheduled tasks in ws_ops, ws_sales match ${path}\n` });
    }
    const json = await runWts(['schedule', 'diff', '-f', join(dir, 'same.json'), '--json'], { env: sandbox.env });
    expect(JSON.parse(json.stdout)).toMatchObject({ drift: false, workspaces: ['ws_ops', 'ws_sales'], changes: [] });
  });

  it('exits 8 on drift and prints it field by field', async () => {
    const r = await runWts(['schedule', 'diff', '-f', drifted], sandbox.tty());
    expect(r.code).toBe(8);
    expect(r.stdout).toBe(
      [
        '~ update  backups: sched_ops_backups "Daily backup check" in ws_ops',
        '    cron    "30 6 * * *" (daily at 06:30) → "0 6 * * *" (daily at 06:00)',
        '~ pause   digest: sched_sales_digest "Pipeline digest" in ws_sales (active → paused)',
        '+ create  review: "Weekly ops review" in ws_ops',
        '    cron    "0 10 * * 5" (weekly on Friday at 10:00)',
        '    agent   agt_ops',
        `    prompt  "List this week's incidents and post the summary in #ops."`,
        '+ create  cleanup: "Quarterly cleanup" in ws_ops',
        '    cron    "0 7 1 * *" (monthly on the 1st at 07:00)',
        '    agent   agt_ops',
        '    prompt  "Archive the finished tasks."',
        '~ pause   cleanup: "Quarterly cleanup" once created (the file says paused)',
        '! extra   sched_ops_access "Monthly access review" in ws_ops: not in the file (apply --prune deletes it)',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe(
      `wts: ${drifted} and the service differ: 2 to create, 1 to update, 1 to pause, 1 not in the file, 0 unchanged — \`wts schedule apply -f ${drifted} --prune\` makes them match\n`,
    );
  });

  it('shows a changed prompt line by line', async () => {
    const backups = seeded.find((s) => s.id === 'sched_ops_backups')!;
    const path = file('prompt.yaml', { schedules: [entryOf(backups, { prompt: `${backups.prompt}\nAlso check the mail server.` })] });
    const r = await runWts(['schedule', 'diff', '-f', path], { env: sandbox.env });
    expect(r.code).toBe(8);
    expect(r.stdout).toContain(
      '~ update  sched_ops_backups "Daily backup check" in ws_ops\n    prompt\n      + Also check the mail server.\n',
    );
  });

  it('reports the drift as JSON for scripts', async () => {
    const r = await runWts(['schedule', 'diff', '-f', drifted, '--json'], { env: sandbox.env });
    expect(r.code).toBe(8);
    const report = JSON.parse(r.stdout) as {
      drift: boolean;
      workspaces: string[];
      changes: { action: string; id?: string | null; key?: string; fields?: unknown }[];
    };
    expect(report.drift).toBe(true);
    expect(report.workspaces).toEqual(['ws_ops', 'ws_sales']);
    expect(report.changes.map((c) => [c.action, c.key ?? c.id])).toEqual([
      ['update', 'backups'],
      ['pause', 'digest'],
      ['create', 'review'],
      ['create', 'cleanup'],
      ['pause', 'cleanup'],
      ['extra', 'sched_ops_access'],
    ]);
    expect(report.changes[0]).toMatchObject({
      id: 'sched_ops_backups',
      entry: 0,
      fields: [{ field: 'cron', from: '30 6 * * *', to: '0 6 * * *' }],
    });
  });

  it('exits 2 for a malformed file, naming the line, the entry and the field, before sending anything', async () => {
    const before = await sandbox.requests();
    const bad = file(
      'bad.yaml',
      'schedules:\n  - title: A\n    prompt: a\n    cron: 0 9 * * *\n    workspace: ws_ops\n    agent: agt_ops\n  - title: B\n    prompt: b\n    cron: 0 9 * * 1-6\n    workspace: ws_ops\n    agent: agt_ops\n',
    );
    const r = await runWts(['schedule', 'diff', '-f', bad], { env: sandbox.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^wts: ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:9: schedules\\[1\\]\\.cron: day of week must be 1-5 .*; nearest supported: weekdays "0 9 \\* \\* 1-5" \\(Monday to Friday: drops Saturday\\); supported shapes: .*\\n$`,
      ),
    );
    const missing = file('missing.json', { schedules: [{ title: 'A', prompt: 'a', cron: '0 9 * * *', workspace: 'ws_ops' }] });
    expect(await runWts(['schedule', 'apply', '-f', missing, '--yes'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: `wts: ${missing}:3: schedules[0].agent: is required\n`,
    });
    expect(await runWts(['schedule', 'diff', '-f', join(dir, 'nope.yaml')], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: `wts: --file: cannot read ${join(dir, 'nope.yaml')}: ENOENT\n`,
    });
    expect((await runWts(['schedule', 'diff'], { env: sandbox.env })).stderr).toMatch(
      /^wts: --file: is required: the schedules file, JSON or YAML/,
    );
    expect(await sandbox.requests()).toBe(before);
  });

  it("exits 2 for a workspace that does not exist or another workspace's agent, not as drift (as apply would fail)", async () => {
    const path = file('references.yaml', {
      schedules: [
        { title: 'Fine', prompt: 'One.', cron: '0 5 * * *', workspace: 'ws_ops', agent: 'agt_ops' },
        { title: 'Nowhere', prompt: 'Two.', cron: '0 5 * * *', workspace: 'ws_nope', agent: 'agt_ops' },
        { title: 'Wrong agent', prompt: 'Three.', cron: '0 5 * * *', workspace: 'ws_ops', agent: 'agt_sales' },
      ],
    });
    for (const args of [[], ['--json']]) {
      const r = await runWts(['schedule', 'diff', '-f', path, ...args], { env: sandbox.env });
      expect(r).toMatchObject({
        code: 2,
        stdout: '',
        stderr:
          `wts: ${path}: schedules[1].workspace: no workspace ws_nope here (\`wts workspace list\` shows them)\n` +
          `wts: ${path}: schedules[2].agent: agt_sales is the agent of ws_sales, not of ws_ops; its agent is agt_ops\n`,
      });
    }
  });

  it('reads the file from standard input with -f -', async () => {
    const r = await runWts(['schedule', 'diff', '-f', '-', '--json'], {
      env: sandbox.env,
      stdin: stringify({ schedules: [entryOf(seeded.find((s) => s.id === 'sched_sales_digest')!)] }),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ drift: false, workspaces: ['ws_sales'] });
  });
});

describe('wts schedule apply', () => {
  it('needs --yes without a terminal, and then changes nothing', async () => {
    const before = await list();
    const r = await runWts(['schedule', 'apply', '-f', drifted], { env: sandbox.env });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('+ create  review: "Weekly ops review" in ws_ops'); // the plan is shown
    expect(r.stderr).toBe(
      'wts: Apply these changes to the scheduled tasks in ws_ops, ws_sales? Not asked without a terminal: pass --yes to confirm\n',
    );
    expect(await list()).toEqual(before);
  });

  it('asks on a terminal, and changes nothing when told no', async () => {
    const before = await list();
    const r = await runWts(['schedule', 'apply', '-f', drifted], { ...sandbox.tty(), stdin: 'n\n' });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('Apply these changes to the scheduled tasks in ws_ops, ws_sales?');
    expect(r.stderr).toBe('wts: cancelled; nothing was changed\n');
    expect(await list()).toEqual(before);
  });

  it('creates, updates, pauses and resumes until the service matches, keeping what the file does not list', async () => {
    const r = await runWts(['schedule', 'apply', '-f', drifted, '--yes'], { env: sandbox.env });
    expect(r.code).toBe(0);
    const done = r.stdout.split('\n').filter((l) => /^(Created|Updated|Paused|Resumed|Deleted) /.test(l));
    expect(done).toEqual([
      'Updated sched_ops_backups "Daily backup check" in ws_ops',
      'Paused sched_sales_digest "Pipeline digest" in ws_sales',
      expect.stringMatching(/^Created sch_\w+ "Weekly ops review" in ws_ops$/),
      expect.stringMatching(/^Created sch_\w+ "Quarterly cleanup" in ws_ops$/),
      expect.stringMatching(/^Paused sch_\w+ "Quarterly cleanup" in ws_ops$/),
    ]);
    const after = await list();
    expect(after.find((s) => s.id === 'sched_ops_backups')).toMatchObject({ cron: '0 6 * * *', state: 'active' });
    expect(after.find((s) => s.id === 'sched_sales_digest')).toMatchObject({ state: 'paused' });
    expect(after.find((s) => s.title === 'Weekly ops review')).toMatchObject({
      cron: '0 10 * * 5',
      workspaceId: 'ws_ops',
      agentId: 'agt_ops',
      state: 'active',
      prompt: "List this week's incidents and post the summary in #ops.",
    });
    expect(after.find((s) => s.title === 'Quarterly cleanup')).toMatchObject({ state: 'paused' });
    expect(after.find((s) => s.id === 'sched_ops_access')).toBeDefined();

    // Only the task the file does not list differs now.
    const diff = await runWts(['schedule', 'diff', '-f', drifted, '--json'], { env: sandbox.env });
    expect(diff.code).toBe(8);
    expect((JSON.parse(diff.stdout) as { changes: { action: string; id: string }[] }).changes).toEqual([
      { action: 'extra', id: 'sched_ops_access', title: 'Monthly access review', workspaceId: 'ws_ops' },
    ]);
  });

  it('resumes what the file says is active', async () => {
    const digest = (await byId('sched_sales_digest'))!;
    const path = file('resume.yaml', { schedules: [entryOf(digest, { state: 'active' })] });
    const r = await runWts(['schedule', 'apply', '-f', path, '--yes'], sandbox.tty());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('~ resume  sched_sales_digest "Pipeline digest" in ws_sales (paused → active)\n');
    expect(r.stdout).toContain('✓ Resumed sched_sales_digest "Pipeline digest" in ws_sales\n');
    expect(r.stdout).toContain('1 change applied: the scheduled tasks in ws_sales match');
    expect(await byId('sched_sales_digest')).toMatchObject({ state: 'active' });
  });

  it('with --prune deletes what the file does not list, only in the workspaces it names', async () => {
    const r = await runWts(['schedule', 'apply', '-f', drifted, '--prune', '--yes', '--json'], { env: sandbox.env });
    expect(r.code).toBe(0);
    const applied = (JSON.parse(r.stdout) as { applied: { action: string; id: string }[] }).applied;
    // The digest was resumed by hand since: the file says paused, so it is paused again.
    expect(applied.map((a) => [a.action, a.id])).toEqual([
      ['pause', 'sched_sales_digest'],
      ['delete', 'sched_ops_access'],
    ]);
    const after = await list();
    expect(after.find((s) => s.id === 'sched_ops_access')).toBeUndefined();
    expect(
      after
        .filter((s) => s.workspaceId === 'ws_support')
        .map((s) => s.id)
        .sort(),
    ).toEqual(['sched_support_status', 'sched_support_weekly']);
    expect(await runWts(['schedule', 'diff', '-f', drifted], { env: sandbox.env })).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^No drift: /),
      stderr: '',
    });
    expect(await runWts(['schedule', 'apply', '-f', drifted, '--prune'], sandbox.tty())).toMatchObject({
      code: 0,
      stdout: `✓ Nothing to change: the scheduled tasks in ws_ops, ws_sales match ${drifted}\n`,
    });
  });

  it('runs every reference check before its first change: a wrong agent stops it before anything is created', async () => {
    const path = file('refused.yaml', {
      schedules: [
        { title: 'First', prompt: 'One.', cron: '0 5 * * *', workspace: 'ws_ops', agent: 'agt_ops' },
        { title: 'Wrong agent', prompt: 'Two.', cron: '0 5 * * *', workspace: 'ws_ops', agent: 'agt_sales' },
        { title: 'Third', prompt: 'Three.', cron: '0 5 * * *', workspace: 'ws_ops', agent: 'agt_ops' },
      ],
    });
    const r = await runWts(['schedule', 'apply', '-f', path, '--yes'], { env: sandbox.env });
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `wts: ${path}: schedules[1].agent: agt_sales is the agent of ws_sales, not of ws_ops; its agent is agt_ops\n`,
    });
    const titles = (await list()).map((s) => s.title);
    expect(titles).not.toContain('First');
    expect(titles).not.toContain('Third');
  });
});

describe('file errors in GitHub Actions (GITHUB_ACTIONS=true)', () => {
  it('are also printed as ::error annotations with the file and line', async () => {
    const env = { ...sandbox.env, GITHUB_ACTIONS: 'true' };
    const refs = file('references-gh.yaml', {
      schedules: [
        { title: 'Fine', prompt: 'One.', cron: '0 5 * * *', workspace: 'ws_ops', agent: 'agt_ops' },
        { title: 'Nowhere', prompt: 'Two.', cron: '0 5 * * *', workspace: 'ws_nope', agent: 'agt_ops' },
        { title: 'Wrong agent', prompt: 'Three.', cron: '0 5 * * *', workspace: 'ws_ops', agent: 'agt_sales' },
      ],
    });
    const r = await runWts(['schedule', 'diff', '-f', refs], { env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe(
      `::error file=${refs}::schedules[1].workspace: no workspace ws_nope here (\`wts workspace list\` shows them)\n` +
        `::error file=${refs}::schedules[2].agent: agt_sales is the agent of ws_sales, not of ws_ops; its agent is agt_ops\n`,
    );
    const bad = join(dir, 'bad-cron.yaml');
    writeFileSync(
      bad,
      'schedules:\n  - title: Nightly\n    prompt: Go.\n    cron: "61 * * * *"\n    workspace: ws_ops\n    agent: agt_ops\n',
    );
    for (const verb of ['diff', 'apply']) {
      const b = await runWts(['schedule', verb, '-f', bad, '--yes'].slice(0, verb === 'apply' ? 5 : 4), { env });
      expect(b.code, b.stderr).toBe(2);
      expect(b.stdout).toMatch(new RegExp(`^::error file=${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')},line=4::`, 'm'));
    }
    // Outside GitHub Actions, nothing on stdout.
    expect((await runWts(['schedule', 'diff', '-f', bad], { env: sandbox.env })).stdout).toBe('');
  });
});
