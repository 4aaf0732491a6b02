// Every command that opens $VISUAL/$EDITOR sends nothing when the editor fails or the text is emptied,
// as git does: exit 1, one line, and what the editor held kept in a 0600 file whose path is printed.
// (`approval review`'s edit is tested on a real terminal in review-flow.test.ts.)
import { describe, expect, it } from 'vitest';
import { addPendingAction } from '../helpers/api.js';
import { runWts, tempConfigDir } from '../helpers/cli.js';
import { expectEditorTextSaved, fakeEditor } from '../helpers/editor.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();

interface Editing {
  command: () => string[];
  /** What the editor was given to edit, read from the service's state. */
  what: string;
  /** The service's record, to check it did not change. */
  state: () => unknown;
}

const EDITING: Record<string, Editing> = {
  'task note': {
    command: () => ['task', 'note', 'task_s005'],
    what: 'the note',
    state: () => sandbox.ctx.store.state.data.tasks.find((t) => t.id === 'task_s005'),
  },
  'approval edit': (() => {
    let id: string | undefined;
    const action = () => (id ??= addPendingAction(sandbox, 'task_s021', 'action', { subject: 'Refund', body: 'Hi Lena,\n\nDone.\n' }).id);
    return {
      command: () => ['approval', 'edit', action()],
      what: 'the draft',
      state: () => {
        const actionId = action();
        return sandbox.ctx.store.state.data.pendingActions.find((a) => a.id === actionId);
      },
    };
  })(),
  'handbook edit': {
    command: () => ['handbook', 'edit', 'sec_acme_company_1'],
    what: 'the entry',
    state: () => sandbox.ctx.store.state.data.sections.find((s) => s.id === 'sec_acme_company_1'),
  },
  'instructions edit': {
    command: () => ['instructions', 'edit', 'sec_support_1'],
    what: 'the entry',
    state: () => sandbox.ctx.store.state.data.sections.find((s) => s.id === 'sec_support_1'),
  },
};

/** Runs an editing command on a terminal with `editor`; returns its result and the requests it made. */
async function edit(name: string, editor: string, configDir = tempConfigDir()) {
  const before = await sandbox.requests();
  const state = structuredClone(EDITING[name]!.state());
  const r = await runWts(EDITING[name]!.command(), sandbox.tty({ env: { EDITOR: editor, WTS_CONFIG_DIR: configDir } }));
  expect(EDITING[name]!.state(), 'the record changed').toEqual(state);
  return { ...r, requests: (await sandbox.requests()) - before };
}

describe.each(Object.keys(EDITING))('wts %s', (name) => {
  it('sends nothing when the editor exits non-zero, keeping what it wrote in a 0600 file', async () => {
    // The reads a run makes when the editor changes nothing: the only requests a failed edit may make.
    const unchanged = await edit(name, fakeEditor('true'));
    const reads = unchanged.requests;
    const r = await edit(name, fakeEditor(`printf 'half-written\\n' >> "$1"\nexit 1`));
    expect(expectEditorTextSaved(r)).toMatch(/half-written\n$/);
    expect(r.requests).toBe(reads);
    if (name === 'task note') expect(reads).toBe(0);
    else expect(unchanged).toMatchObject({ code: 0, stdout: '', stderr: 'No changes; nothing was sent.\n' });
  });

  it('sends nothing when the text is emptied (exit 1), or the editor is killed or cannot start', async () => {
    const emptied = await edit(name, fakeEditor(': > "$1"'));
    expect(emptied.code).toBe(1);
    expect(emptied.stderr).toMatch(new RegExp(`^wts: aborting: ${EDITING[name]!.what} is empty, so nothing was sent( \\(.*\\))?\\n$`));
    const killed = await edit(name, fakeEditor('kill -9 $$'));
    expect(killed).toMatchObject({ code: 1, stdout: '' });
    expect(killed.stderr).toMatch(/^wts: the editor \(\S+\) was stopped by SIGKILL, so nothing was sent\n$/);
    const missing = await edit(name, '/nonexistent/editor');
    expect(missing).toMatchObject({
      code: 1,
      stderr: 'wts: the editor (/nonexistent/editor) could not start (ENOENT), so nothing was sent\n',
    });
    const reads = (await edit(name, fakeEditor('true'))).requests;
    expect([emptied.requests, killed.requests, missing.requests]).toEqual([reads, reads, reads]);
  });
});
