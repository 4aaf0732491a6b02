// `wts api METHOD PATH` against the real sandbox, and the retry policy seen from the command line:
// 5xx retried for idempotent requests only, 429 retried for any, through the sandbox's fault controls.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/auth.js';
import { runWts } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();
/** The service's own answer, for comparison. */
const direct = async (path: string) =>
  (await fetch(`${sandbox.origin}/api/v1${path}`, { headers: { authorization: `Bearer ${sandbox.token}` } })).json();

describe('wts api GET', () => {
  it('prints the JSON answer: one line when piped, indented on a terminal', async () => {
    const expected = await direct('/workspaces');
    const piped = await runWts(['api', 'GET', '/workspaces'], { env: sandbox.env });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(`${JSON.stringify(expected)}\n`);
    const human = await runWts(['api', 'get', '/workspaces'], { env: sandbox.env, tty: true });
    expect(human.stdout).toBe(`${JSON.stringify(expected, null, 2)}\n`);
  });

  it('sends -f fields and a ?query as query parameters, typed', async () => {
    const r = await runWts(['api', 'GET', '/api/v1/workspaces/ws_support/tasks?status=todo', '-f', 'limit=5'], { env: sandbox.env });
    expect(r.code).toBe(0);
    const page = JSON.parse(r.stdout) as { items: { status: string }[]; nextCursor: string | null };
    expect(page.items).toHaveLength(5);
    expect(page.items.every((t) => t.status === 'todo')).toBe(true);
    const unassigned = JSON.parse(
      (await runWts(['api', 'GET', '/workspaces/ws_support/tasks', '-f', 'unassigned=true', '-f', 'limit=50'], { env: sandbox.env }))
        .stdout,
    ) as {
      items: { assignees: unknown[] }[];
    };
    expect(unassigned.items.length).toBeGreaterThan(0);
    expect(unassigned.items.every((t) => t.assignees.length === 0)).toBe(true);
  });

  it('follows nextCursor with --paginate and prints the items of every page as one array', async () => {
    const before = await sandbox.requests();
    const r = await runWts(['api', 'GET', '/workspaces/ws_support/tasks', '--paginate'], { env: sandbox.env });
    expect(r.code).toBe(0);
    const items = JSON.parse(r.stdout) as { id: string }[];
    expect(items).toHaveLength(68);
    expect(new Set(items.map((t) => t.id)).size).toBe(68);
    expect(await sandbox.requests()).toBe(before + 4); // 20 per page by default
    const human = await runWts(['api', 'GET', '/workspaces/ws_support/tasks', '-f', 'limit=50', '--paginate'], {
      env: sandbox.env,
      tty: true,
    });
    expect(JSON.parse(human.stdout)).toEqual(items);
    expect(human.stdout).toMatch(/^\[\n {2}\{\n {4}"id": /);
    // Not a listing: nothing to follow, the answer as it came.
    expect(JSON.parse((await runWts(['api', 'GET', '/tasks/task_s001', '--paginate'], { env: sandbox.env })).stdout)).toMatchObject({
      id: 'task_s001',
    });
  });

  it('traces with --debug, the token redacted', async () => {
    const r = await runWts(['api', 'GET', '/workspaces', '--debug'], { env: sandbox.env });
    expect(r.stderr).toContain('> GET ');
    expect(r.stderr).toContain('Bearer [redacted]');
    expect(r.stderr).not.toContain(sandbox.token);
    // The version, as gh sends it (issue 39: it was `wts` alone).
    expect(r.stderr).toMatch(/> user-agent: wts\/\d+\.\d+\.\d+\n/);
  });
});

describe("gh api's forms", () => {
  it('takes PATH alone as a GET, with or without its leading slash (issue 25)', async () => {
    const expected = `${JSON.stringify(await direct('/workspaces'))}\n`;
    for (const path of ['/workspaces', 'workspaces', 'api/v1/workspaces']) {
      const r = await runWts(['api', path], { env: sandbox.env });
      expect(r, path).toMatchObject({ code: 0, stdout: expected });
    }
    const task = await runWts(['api', 'tasks/task_s001'], { env: sandbox.env });
    expect(JSON.parse(task.stdout)).toMatchObject({ id: 'task_s001' });
  });

  it('says the method with -X, and POSTs when fields are given without one, as gh does', async () => {
    const query = await runWts(['api', 'workspaces/ws_support/tasks', '-X', 'get', '-f', 'limit=3'], { env: sandbox.env });
    expect((JSON.parse(query.stdout) as { items: unknown[] }).items).toHaveLength(3);
    const posted = await runWts(['api', '/tasks/task_s001/notes', '-f', 'content=Posted by default'], { env: sandbox.env });
    expect(posted.code, posted.stderr).toBe(0);
    expect((JSON.parse(posted.stdout) as { notes: { content: string }[] }).notes.at(-1)?.content).toBe('Posted by default');
    const patched = await runWts(['api', '--method', 'PATCH', 'tasks/task_s001', '-f', 'title=Renamed by -X'], { env: sandbox.env });
    expect(JSON.parse(patched.stdout)).toMatchObject({ title: 'Renamed by -X' });
  });

  it('prints the status line and headers before the body with -i, for a refusal too', async () => {
    const r = await runWts(['api', '-i', 'workspaces'], { env: sandbox.env });
    expect(r.code).toBe(0);
    const [head = '', body = ''] = r.stdout.split('\n\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\n/);
    expect(head).toMatch(/^Content-Type: application\/json/m);
    expect(body).toBe(`${JSON.stringify(await direct('/workspaces'))}\n`);
    const missing = await runWts(['api', '-i', 'tasks/task_nope'], { env: sandbox.env });
    expect(missing.code).toBe(3);
    expect(missing.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\n/);
    expect(missing.stderr).toMatch(/^wts: /);
  });

  it('adds -H headers, refuses Authorization, and never shows the token in --debug', async () => {
    const r = await runWts(['api', 'workspaces', '-H', 'X-Trace: abc', '-H', `X-Api-Key: ${sandbox.token}`, '--debug'], {
      env: sandbox.env,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('> x-trace: abc');
    expect(r.stderr).toContain('> x-api-key: [redacted]');
    const echoed = await runWts(['api', 'workspaces', '-H', `X-Note: mine ${sandbox.token}`, '--debug'], { env: sandbox.env });
    expect(echoed.stderr).toContain('> x-note: mine [redacted]');
    expect(r.stderr + echoed.stderr).not.toContain(sandbox.token);
    const before = await sandbox.requests();
    expect(await runWts(['api', 'workspaces', '-H', 'Authorization: Bearer other'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: "wts: --header: Authorization is set by wts itself (the sign-in's token never comes from the command line)\n",
    });
    expect((await runWts(['api', 'workspaces', '-H', 'no colon'], { env: sandbox.env })).code).toBe(2);
    expect((await runWts(['api', 'workspaces', '-H', 'X-A: b\u001b[31m'], { env: sandbox.env })).stderr).toBe(
      'wts: --header: expected "Name: value" on one line, not "X-A: b\\x1b[31m"\n',
    );
    expect(await sandbox.requests()).toBe(before);
  });
});

describe('wts api POST, PATCH, DELETE', () => {
  it('sends -f fields as the body of a POST', async () => {
    const r = await runWts(['api', 'POST', '/tasks/task_s001/notes', '-f', 'content=Called back'], { env: sandbox.env });
    expect(r.code).toBe(0);
    const task = JSON.parse(r.stdout) as { notes: { content: string }[] };
    expect(task.notes.at(-1)!.content).toBe('Called back');
    // -f sends the text as typed, even when it reads as a number; -F types it, so the service refuses it.
    const text = await runWts(['api', 'POST', '/tasks/task_s001/notes', '-f', 'content=42'], { env: sandbox.env });
    expect(text.code, text.stderr).toBe(0);
    expect((JSON.parse(text.stdout) as { notes: { content: string }[] }).notes.at(-1)!.content).toBe('42');
    const typed = await runWts(['api', 'POST', '/tasks/task_s001/notes', '-F', 'content=42'], { env: sandbox.env });
    expect(typed.code).toBe(2);
    expect(typed.stderr).toMatch(/^wts: invalid input: content: /);
  });

  it('types -F values as gh does: numbers, booleans, null, @file and @- (standard input); nests a[b] and a[]', async () => {
    const created = JSON.parse(
      (await runWts(['task', 'create', '--agent', 'agt_support', 'Typed fields', '--json'], { env: sandbox.env })).stdout,
    ) as { id: string };
    // -f title=2026: a title, not a number (the case that failed before -f was raw).
    const titled = await runWts(['api', 'PATCH', `/tasks/${created.id}`, '-f', 'title=2026'], { env: sandbox.env });
    expect(titled.code, titled.stderr).toBe(0);
    expect(JSON.parse(titled.stdout)).toMatchObject({ title: '2026' });
    const dir = mkdtempSync(join(tmpdir(), 'wts-test-'));
    writeFileSync(join(dir, 'note.txt'), 'line one\nline two\n');
    const noted = await runWts(['api', 'POST', `/tasks/${created.id}/notes`, '-F', `content=@${join(dir, 'note.txt')}`], {
      env: sandbox.env,
    });
    expect((JSON.parse(noted.stdout) as { notes: { content: string }[] }).notes.at(-1)!.content).toBe('line one\nline two\n');
    const piped = await runWts(['api', 'POST', `/tasks/${created.id}/notes`, '-F', 'content=@-'], {
      env: sandbox.env,
      stdin: 'from stdin',
    });
    expect((JSON.parse(piped.stdout) as { notes: { content: string }[] }).notes.at(-1)!.content).toBe('from stdin');
    // -f keeps "@…" as text.
    const at = await runWts(['api', 'POST', `/tasks/${created.id}/notes`, '-f', 'content=@ada'], { env: sandbox.env });
    expect((JSON.parse(at.stdout) as { notes: { content: string }[] }).notes.at(-1)!.content).toBe('@ada');
    // Lists: tags[]=… appends, in order; null clears the due date; booleans and numbers typed in a query.
    const tagged = await runWts(['api', 'POST', `/tasks/${created.id}/tags`, '-f', 'tags[]=billing', '-F', 'tags[]=urgent'], {
      env: sandbox.env,
    });
    expect(tagged.code, tagged.stderr).toBe(0);
    expect(JSON.parse(tagged.stdout)).toMatchObject({ tags: ['billing', 'urgent'] });
    const due = await runWts(['api', 'PATCH', `/tasks/${created.id}`, '-F', 'dueDate=2099-01-01T00:00:00Z'], { env: sandbox.env });
    expect(JSON.parse(due.stdout)).toMatchObject({ dueDate: '2099-01-01T00:00:00.000Z' });
    const cleared = await runWts(['api', 'PATCH', `/tasks/${created.id}`, '-F', 'dueDate=null'], { env: sandbox.env });
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(JSON.parse(cleared.stdout)).toMatchObject({ dueDate: null });
    const page = JSON.parse(
      (await runWts(['api', 'GET', '/workspaces/ws_support/tasks', '-F', 'limit=2', '-F', 'unassigned=true'], { env: sandbox.env })).stdout,
    ) as { items: { assignees: unknown[] }[] };
    expect(page.items).toHaveLength(2);
    for (const t of page.items) expect(t.assignees).toEqual([]);
  });

  it('refuses bad fields before sending anything', async () => {
    const before = await sandbox.requests();
    expect((await runWts(['api', 'POST', '/workspaces', '-F', 'name=@/no/such/file'], { env: sandbox.env })).stderr).toBe(
      'wts: --field: cannot read /no/such/file: ENOENT\n',
    );
    expect((await runWts(['api', 'POST', '/workspaces', '-F', 'a]b=1'], { env: sandbox.env })).stderr).toBe(
      'wts: --field: "a]b" is not a key (name, name[sub] or name[])\n',
    );
    expect((await runWts(['api', 'POST', '/workspaces', '-f', 'a=1', '-f', 'a[b]=2'], { env: sandbox.env })).stderr).toBe(
      'wts: --raw-field: "a[b]": a is already a value, not an object\n',
    );
    expect((await runWts(['api', 'GET', '/workspaces', '-f', 'a[]=1'], { env: sandbox.env })).stderr).toBe(
      'wts: --field: a: a query parameter is one value, not an object or a list\n',
    );
    expect(await sandbox.requests()).toBe(before);
  });

  it('sends a JSON body from --input, a file or standard input', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wts-test-')), 'change.json');
    writeFileSync(file, JSON.stringify({ title: 'Renamed through wts api' }));
    const patched = await runWts(['api', 'PATCH', '/tasks/task_s002', '--input', file], { env: sandbox.env });
    expect(JSON.parse(patched.stdout)).toMatchObject({ id: 'task_s002', title: 'Renamed through wts api' });
    const created = await runWts(['api', 'POST', '/tasks/task_s002/reminders', '--input', '-'], {
      env: sandbox.env,
      stdin: JSON.stringify({ message: 'ping', remindAt: '2099-01-01T00:00:00Z' }),
    });
    const reminder = JSON.parse(created.stdout) as { id: string };
    const deleted = await runWts(['api', 'DELETE', `/reminders/${reminder.id}`], { env: sandbox.env });
    expect(JSON.parse(deleted.stdout)).toMatchObject({ id: reminder.id, state: 'cancelled' });
  });
});

describe('wts api errors', () => {
  it('refuses bad input before sending anything', async () => {
    const before = await sandbox.requests();
    expect(await runWts(['api', 'PUT', '/workspaces'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: METHOD: must be one of GET, POST, PATCH, DELETE, not "PUT"\n',
    });
    expect((await runWts(['api', 'GET', '//example.com/workspaces'], { env: sandbox.env })).stderr).toBe(
      'wts: PATH: must be a path under /api/v1, e.g. /workspaces, not "//example.com/workspaces"\n',
    );
    expect(await runWts(['api', 'GET', '/workspaces', '-X', 'POST'], { env: sandbox.env })).toMatchObject({
      code: 2,
      stderr: 'wts: --method: POST contradicts METHOD GET; give one\n',
    });
    expect((await runWts(['api', '/workspaces', '-X', 'PUT'], { env: sandbox.env })).stderr).toBe(
      'wts: --method: must be one of GET, POST, PATCH, DELETE, not "PUT"\n',
    );
    expect((await runWts(['api', '/workspaces', '-i', '--paginate'], { env: sandbox.env })).code).toBe(2);
    expect((await runWts(['api'], { env: sandbox.env })).code).toBe(2);
    expect((await runWts(['api', 'GET', '/../oauth/token'], { env: sandbox.env })).code).toBe(2);
    expect((await runWts(['api', 'GET', 'https://example.com/api/v1/workspaces'], { env: sandbox.env })).code).toBe(2);
    expect((await runWts(['api', 'GET', '/workspaces', '--input', '-'], { env: sandbox.env, stdin: '{}' })).stderr).toMatch(
      /^wts: --input: a GET request has no body/,
    );
    expect((await runWts(['api', 'POST', '/workspaces', '--paginate'], { env: sandbox.env })).stderr).toMatch(
      /^wts: --paginate: only a GET request/,
    );
    expect((await runWts(['api', 'POST', '/workspaces', '--input', '-'], { env: sandbox.env, stdin: '{nope' })).stderr).toMatch(
      /^wts: --input: not valid JSON/,
    );
    expect((await runWts(['api', 'POST', '/workspaces', '-f', 'name'], { env: sandbox.env })).stderr).toBe(
      'wts: --raw-field: expected key=value, not "name"\n',
    );
    expect(await sandbox.requests()).toBe(before);
  });

  it('maps the service errors to exit codes', async () => {
    expect((await runWts(['api', 'GET', '/nothing-here'], { env: sandbox.env })).code).toBe(3);
    expect((await runWts(['api', 'GET', '/tasks/task_nope'], { env: sandbox.env })).code).toBe(3);
    expect((await runWts(['api', 'POST', '/workspaces', '-f', 'name='], { env: sandbox.env })).code).toBe(2);
    expect((await runWts(['api', 'GET', '/workspaces'], { env: { ...sandbox.env, WTS_TOKEN: 'wrong' } })).code).toBe(4);
    const narrow = (await signIn(sandbox.origin, { scopes: ['workspace:read'] })).access_token;
    const forbidden = await runWts(['api', 'POST', '/tasks/task_s001/notes', '-f', 'content=x'], {
      env: { ...sandbox.env, WTS_TOKEN: narrow },
    });
    expect(forbidden.code).toBe(5);
  });
});

describe('retries through the fault controls', () => {
  afterEach(async () => {
    await sandbox.setFaults({ rate5xx: 0, rate429: 0, retryAfterSeconds: 1 });
  });

  it('retries a GET on 5xx, then exits 1', async () => {
    await sandbox.setFaults({ rate5xx: 1 });
    const before = await sandbox.requests();
    const r = await runWts(['api', 'GET', '/workspaces'], { env: sandbox.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^wts: the service failed \(503\): /);
    expect(await sandbox.requests()).toBe(before + 4); // the first attempt and 3 retries
  });

  it('retries the GETs of ordinary commands the same way', async () => {
    await sandbox.setFaults({ rate5xx: 1 });
    const before = await sandbox.requests();
    expect((await runWts(['knowledge', 'list'], { env: sandbox.env })).code).toBe(1);
    expect(await sandbox.requests()).toBe(before + 4);
  });

  it('sends a POST exactly once on 5xx: the service may have acted on it', async () => {
    await sandbox.setFaults({ rate5xx: 1 });
    const before = await sandbox.requests();
    const r = await runWts(['api', 'POST', '/tasks/task_s001/notes', '-f', 'content=once'], { env: sandbox.env });
    expect(r.code).toBe(1);
    expect(await sandbox.requests()).toBe(before + 1);
    // It says the change may or may not have been made, and how to look.
    expect(r.stderr).toMatch(
      /^wts: the service failed \(503\): .* — the change may or may not have been made; check with `wts task view task_s001` before trying again\n$/,
    );
    const viaCommand = await runWts(['schedule', 'run', 'sched_support_weekly'], { env: sandbox.env });
    expect(viaCommand.code).toBe(1);
    expect(viaCommand.stderr).toMatch(
      / — the change may or may not have been made; check with `wts schedule view sched_support_weekly` before trying again\n$/,
    );
    expect(await sandbox.requests()).toBe(before + 2);
  });

  it('says the same of a change whose answer was lost, which is not repeated', async () => {
    await sandbox.setFaults({ dropRate: 1 });
    try {
      const before = await sandbox.requests();
      const r = await runWts(['task', 'complete', 'task_s001'], { env: sandbox.env });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^wts: cannot reach http:\/\/127\.0\.0\.1:\d+: \w+ — the change may or may not have been made; check with `wts task view task_s001` before trying again\n$/,
      );
      // Completing is idempotent: it was tried again before giving up.
      expect(await sandbox.requests()).toBe(before + 4);
      const note = await runWts(['api', 'POST', '/tasks/task_s001/notes', '-f', 'content=lost'], { env: sandbox.env });
      expect(note.stderr).toMatch(
        / — the answer was lost and the request was not repeated; the change may or may not have been made; check with `wts task view task_s001` before trying again\n$/,
      );
      expect(await sandbox.requests()).toBe(before + 5);
    } finally {
      await sandbox.setFaults({ dropRate: 0 });
    }
  });

  it('retries any request refused with 429, then exits 7', async () => {
    await sandbox.setFaults({ rate429: 1, retryAfterSeconds: 0 });
    const before = await sandbox.requests();
    // For as long as WTS_RATE_LIMIT_WAIT_MS allows: 250 ms then 500 ms fit in 750, the next 1 s does not.
    const limited = { ...sandbox.env, WTS_RATE_LIMIT_WAIT_MS: '750' };
    const r = await runWts(['api', 'POST', '/tasks/task_s001/notes', '-f', 'content=limited'], { env: limited });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/^wts: rate limited: .*; try again in 0 s\n$/);
    expect(await sandbox.requests()).toBe(before + 3);
    expect((await runWts(['approval', 'list', 'task_s021'], { env: limited })).code).toBe(7);
    expect((await runWts(['approval', 'list', 'task_s021'], { env: { ...sandbox.env, WTS_RATE_LIMIT_WAIT_MS: 'soon' } })).stderr).toBe(
      'wts: WTS_RATE_LIMIT_WAIT_MS must be a whole number of milliseconds, not "soon"\n',
    );
  });

  it('succeeds once the faults stop', async () => {
    await sandbox.setFaults({ rate5xx: 0, rate429: 0 });
    expect((await runWts(['api', 'GET', '/workspaces'], { env: sandbox.env })).code).toBe(0);
  });
});
