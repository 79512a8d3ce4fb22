/**
 * Sums Vitest and Playwright JSON reports into one closing line: `tests: N passed, N failed, N skipped`.
 * Usage: node scripts/summarize-tests.mjs <report.json>...  Exit code 1 when anything failed or no test ran.
 */
import { readFileSync } from 'node:fs';

let passed = 0,
  failed = 0,
  skipped = 0,
  flaky = 0;
for (const file of process.argv.slice(2)) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log(`(no report: ${file})`);
    failed += 1;
    continue;
  }
  if ('numPassedTests' in report) {
    // Vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // Playwright
    // A test that failed and then passed on its retry counts as passed, and is listed as flaky.
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    flaky += report.stats.flaky ?? 0;
  }
}
if (flaky > 0) console.log(`(${flaky} end-to-end test(s) passed only on their retry: flaky)`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
