// `npm test`: make sure better-sqlite3 is built for Node, build what the end-to-end tests
// run, then run every suite once (Node, DOM, Chromium) and end with one line that adds
// them all up. On Linux the suites run inside a throwaway D-Bus session with its own
// unlocked keyring, so the real Secret Service is tested and the user's own is never touched.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

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
const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs];
const withKeyring = process.platform === 'linux' && existsSync('/usr/bin/dbus-run-session') && existsSync('/usr/bin/gnome-keyring-daemon');
const status = withKeyring
  ? run('bash', ['scripts/with-keyring.sh', process.execPath, ...vitest])
  : run(process.execPath, vitest);

if (existsSync(report)) {
  const totals = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (totals.numPendingTests ?? 0) + (totals.numTodoTests ?? 0);
  console.log(`${totals.numPassedTests} passed, ${totals.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
  if (totals.numFailedTests === 0 && status !== 0) console.log('(a suite failed to load or run: see above)');
} else {
  console.log('0 passed, 1 failed');
  console.log('(vitest wrote no report: see above)');
}
process.exit(status);
