// Which failed test files `npm test` runs once more: only those whose Chromium's own process died
// (test/e2e/support/chromium-crash.ts leaves a mark for each), and how the two reports add up.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const crashMarksDir = join('test-results', 'chromium-crashes');

/** The files (absolute paths, as the report names them) whose Chromium died during the run. */
export function crashedFiles(dir = crashMarksDir) {
  if (!existsSync(dir)) return new Set();
  return new Set(readdirSync(dir).filter((n) => n.endsWith('.json')).map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')).file));
}

/** The report's failed files that had a Chromium crash: the ones to run again. */
export function filesToRunAgain(report, crashed) {
  return report.testResults.filter((r) => r.status === 'failed' && crashed.has(r.name)).map((r) => r.name);
}

function counts(assertionResults) {
  const c = { passed: 0, failed: 0, skipped: 0 };
  for (const a of assertionResults) {
    if (a.status === 'passed') c.passed++;
    else if (a.status === 'failed') c.failed++;
    else c.skipped++;
  }
  return c;
}

/**
 * The run's totals with the files run again counted by their second run only, and whether the
 * whole run passed: every file that failed the first time was run again and passed, and the
 * first run failed for no other reason (`firstStatus` non-zero with no failed file is kept).
 */
export function combine(first, firstStatus, again, againStatus) {
  const rerun = new Set(again.testResults.map((r) => r.name));
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const r of [...first.testResults.filter((r) => !rerun.has(r.name)), ...again.testResults]) {
    const c = counts(r.assertionResults);
    total.passed += c.passed;
    total.failed += c.failed;
    total.skipped += c.skipped;
  }
  const othersFailed = first.testResults.some((r) => r.status === 'failed' && !rerun.has(r.name));
  const firstFailedOnlyByFiles = first.testResults.some((r) => r.status === 'failed');
  const ok = firstStatus === 0 || (firstFailedOnlyByFiles && !othersFailed && againStatus === 0 && again.testResults.every((r) => r.status === 'passed'));
  return { ...total, status: ok ? 0 : 1 };
}
