// The set-up of the wire-fault cases (wire-answers.test.ts, answer-shapes.test.ts): a fault proxy in front
// of the file's sandbox, wts run behind it with a 2 s request deadline, and what the cases look for in
// the requests sent and in the sandbox's notes.
import { afterAll, beforeAll } from 'vitest';
import { faultProxy, type FaultProxy, type LoggedRequest, type Rule, runBehind } from './fault-proxy.js';
import type { SandboxFixture } from './sandbox-fixture.js';

type Sent = Pick<LoggedRequest, 'method' | 'path'>;

/** A note added to a task: `wts task note`'s request. */
export const isNotes = (e: Sent) => e.method === 'POST' && /^\/api\/v1\/tasks\/[^/]+\/notes$/.test(e.path);
/** A read of the task `taskId`. */
export const isTaskGet = (taskId: string) => (e: Sent) => e.method === 'GET' && e.path === `/api/v1/tasks/${taskId}`;
/** What wts says of a change whose answer could not be trusted. */
export const unknownSentence = (taskId: string) =>
  `the change may or may not have been made; check with \`wts task view ${taskId}\` before trying again`;

/**
 * In a test file (or describe block) that uses `sandbox`: the proxy is started before its tests and
 * closed after them. A request's deadline is 2 s (WTS_REQUEST_TIMEOUT_MS), so stalls end fast.
 */
export function useWireCases(sandbox: SandboxFixture) {
  let proxy: FaultProxy | undefined;
  beforeAll(async () => {
    proxy = await faultProxy(sandbox.origin);
  });
  afterAll(async () => {
    await proxy?.close();
  });
  const started = (): FaultProxy => {
    if (!proxy) throw new Error('the fault proxy is started before the tests (useWireCases at the top of the file)');
    return proxy;
  };
  const env = () => ({ ...sandbox.env, WTS_ORIGIN: started().origin, WTS_REQUEST_TIMEOUT_MS: '2000' });
  let noteCount = 0;
  return {
    proxy: started,
    env,
    /** Runs wts behind the proxy with `rule`; returns the run and the requests it sent. */
    behind: (rule: Rule, args: string[], extraEnv: Record<string, string> = {}) =>
      runBehind(started(), rule, args, { ...env(), ...extraEnv }),
    /** The texts of the notes the sandbox holds on `taskId`. */
    notesOf: (taskId: string) => sandbox.ctx.store.state.data.tasks.find((t) => t.id === taskId)?.notes.map((n) => n.content) ?? [],
    /** A note text no other case uses. */
    noteText: () => `Wire answers note ${++noteCount} ${Date.now()}`,
  };
}
