// `npm run mutation [-- <module> ...]`: StrykerJS on the money modules (all of them, or the ones
// named), then one line per module with its mutation score. Not part of `npm test` or CI.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mutationModules } from '../stryker.config.mjs';

const report = 'test-results/mutation/mutation.json';
const known = mutationModules.map((m) => m.file);
// `-- contract/money.ts`, or Stryker's own `-- --mutate contract/money.ts,main/ledger/csv.ts`.
const asked = process.argv.slice(2).filter((arg) => arg !== '--mutate').flatMap((arg) => arg.split(',')).map((arg) => arg.replace(/^\.\//, ''));
const unknown = asked.filter((file) => !known.includes(file));
if (unknown.length) {
  console.error(`Not a money module: ${unknown.join(', ')}. Known: ${known.join(', ')} (see stryker.config.mjs).`);
  process.exit(2);
}
const files = (asked.length ? asked : known).filter((file) => existsSync(file));

rmSync(report, { force: true });
const stryker = spawnSync(process.execPath, ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', '--mutate', files.join(',')], { stdio: 'inherit' });
if (!existsSync(report)) {
  console.error('Stryker wrote no report: see above.');
  process.exit(stryker.status || 1);
}

// Stryker's score: detected (killed or timed out) over every mutant that ran or had no test.
const detected = new Set(['Killed', 'Timeout']);
const counted = new Set([...detected, 'Survived', 'NoCoverage']);
const results = JSON.parse(readFileSync(report, 'utf8')).files;
let low = false;
for (const file of files) {
  const mutants = (results[file]?.mutants ?? []).filter((m) => counted.has(m.status));
  const killed = mutants.filter((m) => detected.has(m.status)).length;
  const score = mutants.length ? (100 * killed) / mutants.length : 100;
  if (score < 90) low = true;
  console.log(`${file}: ${score.toFixed(1)}% (${killed} of ${mutants.length} mutants detected)`);
}
process.exit(stryker.status || (low ? 1 : 0));
