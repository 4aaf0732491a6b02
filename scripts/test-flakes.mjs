// Runs a test tier N times and names every test that failed in some runs and passed in others (a flake),
// and every test that failed in all of them. Usage: node scripts/test-flakes.mjs [all|fast|lines] [N]
// (default: all 3). `all` is the whole suite (vitest run); the others are scripts/test-tier.mjs's tiers.
// Each run's vitest JSON report (.test-results.json, see vitest.config.ts) is read as it ends.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const [tier = 'all', runsText = '3'] = process.argv.slice(2);
const runs = Number(runsText);
if (!['all', 'fast', 'lines'].includes(tier) || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: node scripts/test-flakes.mjs [all|fast|lines] [N]');
  process.exit(2);
}
const command =
  tier === 'all'
    ? [fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url)), 'run']
    : [fileURLToPath(new URL('./test-tier.mjs', import.meta.url)), tier];

/** Each test's full name → how many runs it failed in and passed in. */
const tally = new Map();
const broken = [];
for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  rmSync('.test-results.json', { force: true });
  const exit = spawnSync(process.execPath, command, { stdio: ['ignore', 'ignore', 'inherit'] }).status;
  if (!existsSync('.test-results.json')) {
    broken.push(`run ${run}: exited ${exit} before writing a report`);
    continue;
  }
  const report = JSON.parse(readFileSync('.test-results.json', 'utf8'));
  for (const file of report.testResults) {
    const path = relative(process.cwd(), file.name);
    if (file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed'))
      broken.push(`run ${run}: ${path} failed outside its tests`);
    for (const test of file.assertionResults) {
      if (test.status !== 'passed' && test.status !== 'failed') continue;
      const name = `${path} > ${[...test.ancestorTitles, test.title].join(' > ')}`;
      const count = tally.get(name) ?? { failed: 0, passed: 0 };
      count[test.status]++;
      tally.set(name, count);
    }
  }
  console.log(
    `run ${run} of ${runs}: ${report.numPassedTests} passed, ${report.numFailedTests} failed in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}
const flaky = [...tally].filter(([, c]) => c.failed > 0 && c.passed > 0);
const failing = [...tally].filter(([, c]) => c.failed > 0 && c.passed === 0);
for (const [name, c] of flaky) console.log(`flaky (failed ${c.failed} of ${c.failed + c.passed}): ${name}`);
for (const [name] of failing) console.log(`failed every run: ${name}`);
for (const line of broken) console.log(line);
console.log(`${tier} × ${runs}: ${tally.size} tests, ${flaky.length} flaky, ${failing.length} failing every run`);
process.exitCode = flaky.length + failing.length + broken.length > 0 ? 1 : 0;
