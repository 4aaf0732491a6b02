// `wts approval …` against the real sandbox, as a person at a terminal and as a script.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPendingAction } from '../helpers/api.js';
import { signIn } from '../helpers/auth.js';
import { expectNotFound, runWts } from '../helpers/cli.js';
import { expectEditorTextSaved, fakeEditor } from '../helpers/editor.js';
import type { SandboxContext } from '../../src/sandbox/context.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { expectMode } from '../helpers/platform.js';

const sandbox = useSandbox();

type Kind = 'action' | 'human_task' | 'question';
type Seeded = SandboxContext['store']['state']['data']['pendingActions'][number];

/** Seeded actions still pending in ada's acme workspaces, of one kind (read from the sandbox's state; changed only through the API). */
function pending(kind: Kind): Seeded[] {
  const { tasks, workspaces, pendingActions } = sandbox.ctx.store.state.data;
  const acme = new Set(workspaces.filter((w) => w.orgId === 'org_acme').map((w) => w.id));
  const visible = new Set(tasks.filter((t) => acme.has(t.workspaceId)).map((t) => t.id));
  return pendingActions.filter((a) => a.kind === kind && a.state === 'pending' && visible.has(a.taskId));
}
const taken = new Set<string>();
/** A pending action of `kind` (with `field` in its draft, when given) that no other test uses. */
function fresh(kind: Kind, field?: string): Seeded {
  const action = pending(kind).find((a) => !taken.has(a.id) && (field === undefined || field in a.draft));
  if (!action) throw new Error(`no pending ${kind} left in the seed`);
  taken.add(action.id);
  return action;
}

describe('wts approval list', () => {
  it('shows what waits on a task: a table on a terminal, lines when piped, service objects with --json', async () => {
    const action = pending('action')[0]!;
    const table = await runWts(['approval', 'list', action.taskId], sandbox.tty());
    expect(table.code).toBe(0);
    const [header, ...rows] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+KIND\s+STATE\s+SUMMARY\s+CREATED$/);
    expect(rows.some((r) => r.startsWith(action.id) && r.includes(action.summary) && /ago$/.test(r))).toBe(true);

    const piped = await runWts(['approvals', 'list', action.taskId], { env: sandbox.env });
    expect(piped.stdout.split('\n')).toContain([action.id, action.kind, 'pending', action.summary, action.createdAt].join('\t'));

    const json = JSON.parse((await runWts(['approval', 'list', action.taskId, '--json'], { env: sandbox.env })).stdout) as {
      id: string;
      draft: unknown;
    }[];
    expect(json.find((a) => a.id === action.id)).toEqual({
      id: action.id,
      taskId: action.taskId,
      kind: 'action',
      state: 'pending',
      summary: action.summary,
      draft: action.draft,
      createdAt: action.createdAt,
    });
  });

  it('exits 3 for an unknown task and 2 for a task id out of bounds, sending nothing', async () => {
    await expectNotFound(['approval', 'list', 'task_nope'], { env: sandbox.env });
    const before = await sandbox.requests();
    const bad = await runWts(['approval', 'list', 'x'.repeat(65)], { env: sandbox.env });
    expect(bad).toMatchObject({ code: 2, stderr: 'wts: TASK: must be at most 64 characters\n' });
    expect(await sandbox.requests()).toBe(before);
  });
});

describe('wts approval view', () => {
  it('shows the whole draft, long text in full', async () => {
    const action = sandbox.ctx.store.state.data.pendingActions.find(
      (a) => typeof a.draft.body === 'string' && (a.draft.body as string).length > 200,
    )!;
    const body = action.draft.body as string;
    const human = await runWts(['approval', 'view', action.id], { ...sandbox.tty(), columns: 500 });
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(new RegExp(`^ID:\\s+${action.id}$`, 'm'));
    expect(human.stdout).toMatch(/^State:\s+/m);
    for (const line of body.split('\n').filter(Boolean)) expect(human.stdout).toContain(line);
    for (const field of Object.keys(action.draft)) expect(human.stdout).toMatch(new RegExp(`^draft\\.${field}:`, 'm'));

    const piped = await runWts(['approval', 'view', action.id], { env: sandbox.env });
    expect(piped.stdout.split('\n')).toContain(`draft.body\t${body.replace(/\n/g, '\\n')}`);

    const json = JSON.parse((await runWts(['approval', 'view', action.id, '--json'], { env: sandbox.env })).stdout) as {
      draft: Record<string, unknown>;
    };
    expect(json.draft).toEqual(action.draft);
  });

  it('lists the options of a question one per line on a terminal', async () => {
    const question = pending('question').find((q) => Array.isArray(q.draft.options))!;
    const r = await runWts(['approval', 'view', question.id], sandbox.tty());
    for (const option of question.draft.options as string[])
      expect(r.stdout).toMatch(new RegExp(` - ${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  });

  it('exits 3 for an unknown id', async () => {
    const r = await runWts(['approval', 'view', 'act_nope'], { env: sandbox.env });
    expect(r.code).toBe(3);
  });
});

describe('wts approval approve, reject, done, answer', () => {
  it('approves once and reports a conflict the second time', async () => {
    const action = fresh('action');
    const first = await runWts(['approval', 'approve', action.id], sandbox.tty());
    expect(first).toMatchObject({ code: 0, stdout: `✓ Approved ${action.id}: ${action.summary}\n` });
    const again = await runWts(['approval', 'approve', action.id], { env: sandbox.env });
    expect(again.code).toBe(6);
    expect(again.stderr).toMatch(/^wts: conflict: .*already approved/);
  });

  it('refuses to approve a question, saying how to settle it', async () => {
    const question = pending('question')[0]!;
    const r = await runWts(['approval', 'approve', question.id], { env: sandbox.env });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('answer');
  });

  it('rejects with a reason, printing the object with --json', async () => {
    const action = fresh('action');
    const r = await runWts(['approval', 'reject', action.id, '--reason', 'Wait for the signed contract', '--json'], { env: sandbox.env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: action.id, state: 'rejected' });
  });

  it('names the wts command that settles an action of another kind (exit 6), changing nothing', async () => {
    // Refused decisions change nothing, so these need not be fresh.
    const task = pending('human_task')[0]!;
    const r = await runWts(['approval', 'approve', task.id], { env: sandbox.env });
    expect(r.code).toBe(6);
    expect(r.stderr).toBe(
      `wts: conflict: ${task.id} is a task for a person, not a proposed action; use \`wts approval done ${task.id}\`\n`,
    );
    const question = pending('question')[0]!;
    const q = await runWts(['approval', 'done', question.id], { env: sandbox.env });
    expect(q.stderr).toBe(
      `wts: conflict: ${question.id} is a question from the agent, not a task for a person; use \`wts approval answer ${question.id} TEXT\`\n`,
    );
    expect((await runWts(['approval', 'view', task.id, '--json'], { env: sandbox.env })).stdout).toContain('"state": "pending"');
  });

  it('marks a task for a person done, with a note', async () => {
    const task = fresh('human_task');
    const r = await runWts(['approval', 'done', task.id, '--note', 'Called them; fixed'], { env: sandbox.env });
    expect(r).toMatchObject({ code: 0, stdout: `Done ${task.id}: ${task.summary} (note: Called them; fixed)\n` });
    expect((await runWts(['approval', 'view', task.id, '--json'], { env: sandbox.env })).stdout).toContain('"state": "completed"');
  });

  it('answers a question, from an argument or standard input', async () => {
    const question = fresh('question');
    const r = await runWts(['approval', 'answer', question.id, '-', '--json'], {
      env: sandbox.env,
      stdin: 'Contest it with the approval as evidence',
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: question.id, state: 'answered' });
    const again = await runWts(['approval', 'answer', question.id, 'Accept it'], { env: sandbox.env });
    expect(again.code).toBe(6);
  });

  it('names the bound of a too-long reason and sends nothing', async () => {
    const before = await sandbox.requests();
    const r = await runWts(['approval', 'reject', 'act_s001', '--reason', 'x'.repeat(2001)], { env: sandbox.env });
    expect(r).toMatchObject({ code: 2, stderr: 'wts: --reason: must be at most 2000 characters\n' });
    const empty = await runWts(['approval', 'answer', 'act_s001', ''], { env: sandbox.env });
    expect(empty).toMatchObject({ code: 2, stderr: 'wts: TEXT: must not be empty\n' });
    expect(await sandbox.requests()).toBe(before);
  });

  it('exits 5 when the sign-in did not grant approvals:write', async () => {
    const narrow = (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token;
    const action = pending('action')[0]!;
    const r = await runWts(['approval', 'approve', action.id], { env: { ...sandbox.env, WTS_TOKEN: narrow } });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^wts: forbidden: .* — run `wts login` to grant it\n$/);
  });
});

describe('wts approval edit', () => {
  // The seed has few pending actions with a text field; these tests share one, reading its draft as they go.
  let action: Seeded;
  const draftNow = () => sandbox.ctx.store.state.data.pendingActions.find((a) => a.id === action.id)!.draft;
  beforeAll(() => {
    action = fresh('action', 'subject');
  });

  it('sets draft fields with --set, typed as documented', async () => {
    const before = structuredClone(draftNow());
    const r = await runWts(['approval', 'edit', action.id, '--set', 'subject=Refund sent', '--json'], { env: sandbox.env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).draft).toEqual({ ...before, subject: 'Refund sent' });
    expect(before.subject).not.toBe('Refund sent');
    // "42" reads as a number, so the service refuses it for a text field (400 → 2).
    const typed = await runWts(['approval', 'edit', action.id, '--set', 'subject=42'], { env: sandbox.env });
    expect(typed.code).toBe(2);
    expect(typed.stderr).toMatch(/^wts: invalid input: draft\.subject: must be a string/);
  });

  it('takes a JSON object from --draft-file, here standard input', async () => {
    const question = fresh('question');
    const options = ['Yes', 'No'];
    const r = await runWts(['approval', 'edit', question.id, '--draft-file', '-', '--json'], {
      env: sandbox.env,
      stdin: JSON.stringify({ options }),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).draft.options).toEqual(options);
  });

  it('refuses bad input before sending anything', async () => {
    const before = await sandbox.requests();
    expect(await runWts(['approval', 'edit', 'act_s001', '--set', 'subject'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: --set: expected FIELD=VALUE, not "subject"\n',
    });
    expect(await runWts(['approval', 'edit', 'act_s001', '--draft-file', '-'], { env: sandbox.env, stdin: '[1, 2]' })).toMatchObject({
      code: 2,
      stderr: 'wts: --draft-file: must be a JSON object of draft fields\n',
    });
    expect((await runWts(['approval', 'edit', 'act_s001', '--draft-file', '-'], { env: sandbox.env, stdin: '{oops' })).stderr).toMatch(
      /^wts: --draft-file: not valid JSON/,
    );
    const none = await runWts(['approval', 'edit', 'act_s001'], { env: sandbox.env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('nothing to change');
    expect(await sandbox.requests()).toBe(before);
  });

  /** An editor script that sees the marker tag of this edit as $tag (from the subject's marker line). */
  const withTag = (body: string) => fakeEditor(`tag=$(sed -n 's/^@@ subject @@ //p' "$1")\n${body}`);

  it('opens the draft in $EDITOR as plain text, one section per field, and sends only the changed fields', async () => {
    const before = structuredClone(draftNow());
    const seen = join(mkdtempSync(join(tmpdir(), 'wts-approval-edit-')), 'seen.txt');
    // Replaces the line under the subject's marker, and keeps a copy of what the editor was given.
    const editor = fakeEditor(
      `cp "$1" ${seen}\nawk 'done != 1 && prev ~ /^@@ subject @@ / { print "Edited in the editor"; prev = $0; done = 1; next } { print; prev = $0 }' "$1" > "$1.new" && mv "$1.new" "$1"`,
    );
    const r = await runWts(['approval', 'edit', action.id], { env: { ...sandbox.env, NO_COLOR: '1', EDITOR: editor }, tty: true });
    expect(r).toMatchObject({ code: 0, stdout: `✓ Updated subject of ${action.id}: ${action.summary}\n` });
    const after = JSON.parse((await runWts(['approval', 'view', action.id, '--json'], { env: sandbox.env })).stdout) as {
      draft: Record<string, unknown>;
    };
    expect(after.draft).toEqual({ ...before, subject: 'Edited in the editor' });
    // Text fields as they are, under a marker line; help lines first.
    const given = readFileSync(seen, 'utf8');
    expect(given).toMatch(/^# Draft of act_\w+ \(action\): /);
    for (const [field, value] of Object.entries(before)) {
      expect(given).toContain(typeof value === 'string' ? `\n@@ ${field} @@ ` : `\n@@ ${field} (json) @@ `);
      if (typeof value === 'string') expect(given).toContain(`\n${value}\n`);
    }
    expect(given).not.toContain('"subject":');
  });

  it('round-trips an email body with newlines exactly, and never reads a marker planted in a field', async () => {
    const body = 'Hi Lena,\n\nThe refund is on its way.\n@@ to @@ 12345678\n  "quoted" and a \\n that is no escape\n';
    const planted = addPendingAction(sandbox, 'task_s021', 'action', { to: ['lena@example.com'], subject: 'Refund', body });
    // Unchanged: nothing is sent, and the planted line did not become a field.
    const before = await sandbox.requests();
    const untouched = await runWts(['approval', 'edit', planted.id], { env: { ...sandbox.env, EDITOR: fakeEditor('true') }, tty: true });
    expect(untouched).toMatchObject({ code: 0, stderr: 'No changes; nothing was sent.\n' });
    expect(await sandbox.requests()).toBe(before + 1);
    // A new body with blank lines, indentation and a trailing blank line arrives exactly as written.
    const editor = withTag(
      `{ printf '@@ body @@ %s\\n' "$tag"; printf 'Line one\\n\\n  indented "quoted" \\\\n not an escape\\n\\n'; } > "$1"`,
    );
    const r = await runWts(['approval', 'edit', planted.id, '--json'], { env: { ...sandbox.env, EDITOR: editor }, tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).draft).toEqual({
      to: ['lena@example.com'],
      subject: 'Refund',
      body: 'Line one\n\n  indented "quoted" \\n not an escape\n',
    });
  });

  it('keeps the edited text in a file when the service refuses it', async () => {
    const editor = withTag(`printf '@@ subject (json) @@ %s\\n42\\n' "$tag" > "$1"`);
    const r = await runWts(['approval', 'edit', action.id], { env: { ...sandbox.env, EDITOR: editor }, tty: true });
    expect(r.code).toBe(2);
    const saved = /your text is saved in (\S+)/.exec(r.stderr)?.[1];
    expect(saved).toBeDefined();
    expect(readFileSync(saved!, 'utf8')).toMatch(/^@@ subject \(json\) @@ \w+\n42\n$/);
    expectMode(saved!, 0o600);
    expect(r.stderr).toMatch(/wts: invalid input: draft\.subject: must be a string/);
  });

  it('sends nothing when the editor fails, keeping what it wrote; nor when the draft is emptied', async () => {
    const before = await sandbox.requests();
    const failing = withTag(`printf '@@ subject @@ %s\\nHalf-written\\n' "$tag" > "$1"\nexit 1`);
    const r = await runWts(['approval', 'edit', action.id], { env: { ...sandbox.env, EDITOR: failing }, tty: true });
    expect(expectEditorTextSaved(r)).toMatch(/Half-written/);
    const emptied = await runWts(['approval', 'edit', action.id], { env: { ...sandbox.env, EDITOR: fakeEditor(': > "$1"') }, tty: true });
    expect(emptied).toMatchObject({ code: 1, stdout: '', stderr: 'wts: aborting: the draft is empty, so nothing was sent\n' });
    expect(await sandbox.requests()).toBe(before + 2); // the two reads of the draft only
  });
});
