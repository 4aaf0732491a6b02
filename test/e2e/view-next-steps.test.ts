// On a terminal, `approval view` ends with the commands that decide the action, and `task view` with the
// task's latest chat messages; piped output and --json stay as they were.
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../src/contract/resources.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

type Message = Resource<'Message'>;

const sandbox = useSandbox();
const tty = () => sandbox.tty({ columns: 120 });
const squeeze = (text: string) => text.replace(/ +/g, ' ');

describe('approval view: next steps', () => {
  it('ends a pending action with approve, reject and edit, on a terminal only', async () => {
    const r = await runWts(['approval', 'view', 'act_s001'], tty());
    expect(r.code, r.stderr).toBe(0);
    expect(squeeze(r.stdout)).toContain(
      '\nNext:\n' +
        ' wts approval approve act_s001 approve it: the agent carries it out\n' +
        ' wts approval reject act_s001 --reason "…" reject it, saying why\n' +
        ' wts approval edit act_s001 change the draft first\n',
    );
    expect(r.stdout.endsWith('change the draft first\n')).toBe(true);
    const piped = await runWts(['approval', 'view', 'act_s001'], { env: sandbox.env });
    expect(piped.stdout).not.toContain('Next');
    expect(piped.stdout).toMatch(/^ID\tact_s001\n/);
    const json = await runWts(['approval', 'view', 'act_s001', '--json'], sandbox.tty());
    expect(JSON.parse(json.stdout)).toEqual(await sandbox.api.ok('GET', '/pending-actions/act_s001'));
  });

  it('names the verb of each kind, and the --profile the view was run with', async () => {
    const task = await runWts(['approval', 'view', 'act_s005'], tty());
    expect(squeeze(task.stdout)).toContain('\nNext:\n wts approval done act_s005 --note "…" mark it done, saying what was done\n');
    const question = await runWts(['approval', 'view', 'act_s004'], tty());
    expect(squeeze(question.stdout)).toContain('\nNext:\n wts approval answer act_s004 "…" answer the question');
    const profiled = await runWts(['--profile', 'work', 'approval', 'view', 'act_s004'], tty());
    expect(profiled.stdout).toContain('wts --profile work approval answer act_s004');
  });

  it('says nothing more once the action is decided', async () => {
    expect((await runWts(['approval', 'approve', 'act_s008'], { env: sandbox.env })).code).toBe(0);
    const r = await runWts(['approval', 'view', 'act_s008'], tty());
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('Next:');
  });
});

describe('task view: the latest messages', () => {
  it('ends with the last three messages of the chat on a terminal, and says how many there are', async () => {
    const { items } = (await sandbox.api.ok('GET', '/tasks/task_s021/messages', { query: { limit: 50 } })) as { items: Message[] };
    await sandbox.api.ok('POST', '/tasks/task_s021/messages', { body: { content: 'Latest: please check the \u001b[2Jinvoice' } });
    const all = [...items, { content: 'Latest: please check the \u001b[2Jinvoice' }];
    expect(all.length).toBeGreaterThan(3);
    const r = await runWts(['task', 'view', 'task_s021'], tty());
    expect(r.code, r.stderr).toBe(0);
    const tail = r.stdout.slice(r.stdout.indexOf('\nLatest messages'));
    expect(tail.split('\n')[1]).toBe(`Latest messages (3 of ${all.length}; all: wts task chat task_s021):`);
    expect(tail).toContain('Latest: please check the \\x1b[2Jinvoice');
    expect(tail).not.toContain('\u001b[2J');
    const first = all.at(-3)?.content.split('\n')[0] ?? '';
    expect(tail).toContain(first.slice(0, 40));
    expect(all.slice(0, -3).some((m) => tail.includes(m.content.slice(0, 40)))).toBe(false);
  });

  it('leaves piped output and --json as they were', async () => {
    const piped = await runWts(['task', 'view', 'task_s021'], { env: sandbox.env });
    expect(piped.stdout).not.toContain('Latest messages');
    expect(piped.stdout).toMatch(/^Title\t/);
    const json = await runWts(['task', 'view', 'task_s021', '--json'], sandbox.tty());
    expect(JSON.parse(json.stdout)).toEqual(await sandbox.api.ok('GET', '/tasks/task_s021'));
  });
});
