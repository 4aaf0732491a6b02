// CI's report, read from each run's vitest JSON report (CI may keep only the end of its output): one
// line per failed test (the run, the file, the test's full name, the first line of its failure), one per
// test file that failed outside its tests (an import, a hook), one per run whose test command failed with
// no failed test in its report (the build, typecheck or lint, an unhandled error) or wrote no report; then
// one plain closing line with the counts summed over every report.
// Usage: node scripts/ci-report.mjs LABEL EXIT-CODE REPORT-FILE [LABEL EXIT-CODE REPORT-FILE …]
// The texts go through the client's sanitizer and are cut to 200 columns (built into dist/ by the runs).
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** Each failure: what CI says about it, and the texts from the tests (a name, a message) to sanitize and cut. */
const failures = [];
const reports = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 3) {
  const [label, code, file] = args.slice(i, i + 3);
  if (!existsSync(file)) {
    failures.push({
      head: `ci: ${label}: its tests exited ${code} before writing a test report (the build, typecheck or lint failed; see its output)`,
    });
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  reports.push(report);
  const before = failures.length;
  for (const result of report.testResults) {
    const path = relative(process.cwd(), result.name);
    const failed = result.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) {
      const name = [...test.ancestorTitles, test.title].join(' > ');
      failures.push({ head: `ci: ${label} failed: ${path} > `, name, message: firstLine(test.failureMessages.join('\n')) });
    }
    // An error outside the tests (the file did not load) has a message; a failed hook (beforeAll,
    // afterAll) has none in the report, and its tests are counted as skipped.
    if (result.status === 'failed' && (result.message || failed.length === 0)) {
      const message = result.message ? firstLine(result.message) : 'a hook failed (beforeAll or afterAll; its error is in the output)';
      failures.push({ head: `ci: ${label} failed: ${path}, outside its tests: `, message });
    }
  }
  if (failures.length === before && code !== '0') {
    failures.push({
      head: `ci: ${label}: its tests exited ${code} with no failed test in its report (the lint, or an error outside the tests; see its output)`,
    });
  }
}

/** The first line of a message with text in it (after "Error:" alone on its line, the next one too). */
function firstLine(text) {
  const [first = '(no message)', next] = (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return /^\w*Error:$/.test(first) && next !== undefined ? `${first} ${next}` : first;
}

if (failures.length > 0) {
  // Test names and failure messages may quote what a test printed (hostile records too): they go through
  // the client sanitizer and width cut, built into dist/ by the run that wrote the report.
  let shown = () => '(not shown: dist/output could not be loaded)';
  try {
    const { terminalLine } = await import(`${process.cwd()}/dist/output/sanitize.js`);
    const { truncateToWidth } = await import(`${process.cwd()}/dist/output/width.js`);
    shown = (text) => truncateToWidth(terminalLine(text), 200);
  } catch {}
  for (const { head, name, message } of failures) {
    console.log(head + (name === undefined ? '' : `${shown(name)}: `) + (message === undefined ? '' : shown(message)));
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of reports) {
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failures.length > 0 ? 1 : 0;
