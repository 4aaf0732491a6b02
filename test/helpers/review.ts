// `wts approval review` on a terminal (tmux), as review-pty.test.ts and review-flow.test.ts drive it: what
// it will show, in its order, and a run of it with an editor of the test's choosing.
import type { PendingActionRec } from '../../src/sandbox/model.js';
import { waitingIn } from './api.js';
import type { SandboxFixture } from './sandbox-fixture.js';
import type { Terminal } from './tmux.js';

const KINDS: readonly PendingActionRec['kind'][] = ['action', 'human_task', 'question'];

/** What waits in ada's acme workspaces, in the order the review shows it (as `wts inbox` does): by kind, then oldest first. */
export const reviewOrder = (sandbox: SandboxFixture): PendingActionRec[] =>
  waitingIn(sandbox, 'org_acme').sort((x, y) => KINDS.indexOf(x.kind) - KINDS.indexOf(y.kind));

/** The screen after the last occurrence of `marker` ('' when it is not there). */
export const after = (text: string, marker: string) => (text.includes(marker) ? text.slice(text.lastIndexOf(marker)) : '');

/** Runs `wts approval review` on a terminal of its own, with EDITOR set to `editor`. */
export const startReview = (term: Terminal, sandbox: SandboxFixture, editor: string) =>
  term.run(['wts', 'approval', 'review'], { env: { ...sandbox.env, EDITOR: editor, NO_COLOR: '1' } });
