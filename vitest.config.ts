import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files at once. Vitest's default is one less than the CPUs, a single file at a time on a 2-core
 * machine, where most of an e2e file's time is spent waiting (on deadlines, a sandbox's latency, a
 * pseudo-terminal's screen, child processes); one more than the CPUs keeps them busy.
 * WTS_TEST_WORKERS sets it (1: one file at a time).
 */
function workers(): number {
  const set = Number(process.env.WTS_TEST_WORKERS);
  return Number.isInteger(set) && set > 0 ? set : availableParallelism() + 1;
}

/**
 * Files left out on Windows (the CI matrix, .github/workflows/ci.yml): their editors, pagers and
 * notify-send stand-ins are /bin/sh scripts, or they drive a pseudo-terminal. Finer guards (permission
 * bits, SIGSTOP, /proc) are in the tests, by test/helpers/platform.ts.
 */
const POSIX_SHELL_FILES = [
  'test/e2e/cli-editor-abort.test.ts',
  'test/e2e/cli-handbook.test.ts',
  'test/e2e/cli-task.test.ts',
  'test/e2e/cli-approval.test.ts',
  'test/e2e/review-flow.test.ts',
  'test/e2e/review-pty.test.ts',
  'test/e2e/dash-actions.test.ts',
  'test/e2e/inbox-watch.test.ts',
  'test/e2e/pager-pty.test.ts',
];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(process.platform === 'win32' ? POSIX_SHELL_FILES : [])],
    // Builds first when dist/ is older than what it is built from (a partial run after a change).
    globalSetup: ['test/setup/fresh-build.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The V8 flag bin/wts sets where its process starts (see there), for the commands run in-process.
    execArgv: ['--liftoff-only'],
    maxWorkers: workers(),
    // The JSON report lets .ci/run print a plain "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: '.test-results.json' }]],
  },
});
