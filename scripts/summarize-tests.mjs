/**
 * Sums Vitest and Playwright JSON reports into one closing line: `tests: N passed, N failed, N skipped`, after
 * naming every failed test (file and title) and every end-to-end test that passed only on its retry.
 * Usage: node scripts/summarize-tests.mjs <report.json>...  Exit code 1 when anything failed or no test ran.
 */
import { readFileSync } from 'node:fs';

let passed = 0,
  failed = 0,
  skipped = 0,
  flaky = 0;
const failedNames = [];
const flakyNames = [];

/** Walks a Playwright suite tree, naming failed (`unexpected`) and `flaky` tests. */
function walkPlaywright(suite, report) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const name = `${report}: ${spec.file}:${spec.line} › ${spec.title}`;
      if (test.status === 'unexpected') failedNames.push(name);
      if (test.status === 'flaky') flakyNames.push(name);
    }
  }
  for (const child of suite.suites ?? []) walkPlaywright(child, report);
}

for (const file of process.argv.slice(2)) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log(`(no report: ${file})`);
    failed += 1;
    continue;
  }
  const label = file.replace(/^.*results-|\.json$/g, '');
  if ('numPassedTests' in report) {
    // Vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      for (const assertion of result.assertionResults ?? []) {
        if (assertion.status === 'failed') {
          failedNames.push(`${label}: ${result.name.replace(process.cwd() + '/', '')} › ${assertion.fullName}`);
        }
      }
      // A file that failed before its tests ran (a syntax error, a failed hook) has no failed assertion.
      if (result.status === 'failed' && !(result.assertionResults ?? []).some((a) => a.status === 'failed')) {
        failedNames.push(`${label}: ${result.name.replace(process.cwd() + '/', '')}: ${(result.message ?? '').split('\n')[0]}`);
      }
    }
  } else if (report.stats) {
    // Playwright
    // A test that failed and then passed on its retry counts as passed, and is listed as flaky.
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    flaky += report.stats.flaky ?? 0;
    for (const suite of report.suites ?? []) walkPlaywright(suite, label);
  }
}
for (const name of flakyNames) console.log(`flaky (passed on its retry): ${name}`);
for (const name of failedNames) console.log(`FAILED: ${name}`);
if (flaky > 0) console.log(`(${flaky} end-to-end test(s) passed only on their retry: flaky)`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
