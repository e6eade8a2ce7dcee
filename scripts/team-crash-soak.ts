// A longer soak of the two-laptop crash test (test/e2e/team-crash.test.ts): the same run and the
// same judge (test/e2e/support/team-crash-run.ts, team-crash-check.ts), more kill rounds and runs
// one after the other, each with its own seed (printed, so a failing run can be replayed with
// `--seed`). Needs the build (node scripts/build.mjs), PostgreSQL's server binaries and the OS
// keychain: it runs itself inside a throwaway keyring (with-keyring.sh). Exits 1 if any run found a
// problem (each printed), 0 otherwise.
// Run: node scripts/run-ts.mjs scripts/team-crash-soak.ts [--runs 5] [--rounds 40] [--seed N]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';

const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};

if (!process.env.PAYDESK_IN_KEYRING_SESSION && process.platform === 'linux' && existsSync('/usr/bin/dbus-run-session') && existsSync('/usr/bin/gnome-keyring-daemon')) {
  const run = spawnSync('bash', ['scripts/with-keyring.sh', process.execPath, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
if (!existsSync('dist/main/preview.cjs')) throw new Error('build first: node scripts/build.mjs');
const { postgresMissing } = await import('../test/support/postgres-server');
const { runTeamCrash } = await import('../test/e2e/support/team-crash-run');
const missing = postgresMissing();
if (missing) {
  console.log(`team-crash-soak: skipped: ${missing}`);
  process.exit(0);
}

const runs = Number(option('runs') ?? 5);
const rounds = Number(option('rounds') ?? 40);
const firstSeed = option('seed');
let failed = 0;
for (let i = 0; i < runs; i++) {
  const seed = firstSeed !== undefined && i === 0 ? Number(firstSeed) : Math.floor(Math.random() * 2 ** 31);
  const load = loadavg()[0]!.toFixed(1);
  const report = await runTeamCrash({ seed, rounds, log: (line) => console.log(`  ${line}`) });
  console.log(`run ${i + 1}/${runs}, seed ${seed}, load ${load}: ${report.problems.length === 0 ? 'every money move exactly once' : `${report.problems.length} problem(s)`}; ${JSON.stringify({ ...report, problems: undefined })}`);
  for (const problem of report.problems) console.log(`  PROBLEM ${problem}`);
  if (report.problems.length) failed += 1;
}
console.log(`team-crash-soak: ${runs - failed} of ${runs} runs clean (${rounds} kill rounds each)`);
process.exit(failed ? 1 : 0);
