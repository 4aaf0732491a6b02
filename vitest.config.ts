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

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
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
