// `npm test`: make sure better-sqlite3 is built for Node, build what the end-to-end tests
// run, then run every suite once (Node, DOM, Chromium) and end with one line that adds
// them all up. On Linux the suites run inside a throwaway D-Bus session with its own
// unlocked keyring, so the real Secret Service is tested and the user's own is never touched.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { combine, crashMarksDir, crashedFiles, filesToRunAgain } from './test-run/crash-rerun.mjs';

const vitestArgs = process.argv.slice(2);
const report = 'test-results/vitest.json';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (run(process.execPath, ['scripts/ensure-native.mjs', 'node']) !== 0) process.exit(1);
if (run(process.execPath, ['scripts/build.mjs']) !== 0) process.exit(1);

rmSync(report, { force: true });
rmSync(crashMarksDir, { recursive: true, force: true });
const withKeyring = process.platform === 'linux' && existsSync('/usr/bin/dbus-run-session') && existsSync('/usr/bin/gnome-keyring-daemon');
const status = vitest(report, vitestArgs);

if (!existsSync(report)) {
  console.log('0 passed, 1 failed');
  console.log('(vitest wrote no report: see above)');
  process.exit(status);
}
const first = JSON.parse(readFileSync(report, 'utf8'));
let totals = { passed: first.numPassedTests, failed: first.numFailedTests, skipped: (first.numPendingTests ?? 0) + (first.numTodoTests ?? 0), status };

// A file whose Chromium died on its own (not a page, not a test) runs once more: chromium-crash.ts.
const again = status === 0 ? [] : filesToRunAgain(first, crashedFiles());
if (again.length > 0) {
  const names = again.map((f) => relative(process.cwd(), f));
  console.log(`\nChromium's own process died during ${names.join(', ')}: running ${again.length === 1 ? 'it' : 'them'} once more.`);
  const againReport = 'test-results/vitest-again.json';
  rmSync(againReport, { force: true });
  const againStatus = vitest(againReport, ['--project', 'e2e', ...names]);
  if (existsSync(againReport)) totals = combine(first, status, JSON.parse(readFileSync(againReport, 'utf8')), againStatus);
  console.log(`Run again: ${totals.status === 0 ? 'passed' : 'still failing'} (${names.join(', ')}).`);
}

console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
if (totals.failed === 0 && totals.status !== 0) console.log('(a suite failed to load or run: see above)');
process.exit(totals.status);

function vitest(reportPath, args) {
  const command = ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportPath}`, ...args];
  return withKeyring ? run('bash', ['scripts/with-keyring.sh', process.execPath, ...command]) : run(process.execPath, command);
}
