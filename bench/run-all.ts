// Every benchmark in one run, against the same seeded ledgers, one after the other (the machine
// is shared: nothing runs in parallel). Seeds DIR/100k and DIR/1m with `npm run seed`'s data the
// first time and reuses them after. Needs a build (npm run bench does it).
// At the end, one table puts every figure of issue 13's "done when" next to its goal, from the
// `RESULT <name> <value> <unit>` lines the benches print (bench/README.md).
// Run: npm run bench -- [--data-dir DIR] [--runs R: list runs per case, else ledger-search.ts's 41] [--skip-1m] [--skip-ui]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { ledgerFileName } from '../main/ledger/database';
import { option, sizeLabel, table } from './support';
import { summarize, type Figures } from './summary';

const root = resolve(option('data-dir') ?? join(tmpdir(), 'paydesk-bench-ledgers'));
const runs = option('runs');
const sizes = option('skip-1m') === undefined ? [100_000, 1_000_000] : [100_000];
const seeded: string[][] = [];
const figures: Figures = new Map();

function ledger(payments: number): string {
  const dir = join(root, payments >= 1_000_000 ? `${payments / 1_000_000}m` : `${payments / 1_000}k`);
  if (!existsSync(join(dir, ledgerFileName))) {
    mkdirSync(dir, { recursive: true });
    const t0 = performance.now();
    // As `npm run seed` makes it (two threads: scripts/seed-two-threads.ts).
    const seed = spawnSync(process.execPath, ['scripts/run-ts.mjs', 'scripts/seed.ts', '--payments', String(payments), '--data-dir', dir], { stdio: 'inherit' });
    if (seed.status !== 0) throw new Error(`Seeding ${payments} payments into ${dir} failed (exit code ${seed.status}).`);
    const size = statSync(join(dir, ledgerFileName)).size;
    seeded.push([payments.toLocaleString('en'), `${((performance.now() - t0) / 1000).toFixed(1)} s`, `${(size / 1e6).toFixed(0)} MB`, `${Math.round(size / payments)} B`]);
    figures.set(`ledger_bytes_per_payment_${sizeLabel(payments)}`, { value: size / payments, unit: 'B' });
  } else {
    const size = statSync(join(dir, ledgerFileName)).size;
    figures.set(`ledger_bytes_per_payment_${sizeLabel(payments)}`, { value: size / payments, unit: 'B' });
    seeded.push([payments.toLocaleString('en'), '(reused)', `${(size / 1e6).toFixed(0)} MB`, `${Math.round(size / payments)} B`]);
  }
  return dir;
}

/** Runs one bench, its output shown as it comes, its RESULT lines kept for the summary. */
function run(title: string, args: string[]): Promise<void> {
  console.log(`\n=== ${title}`);
  const child = spawn(process.execPath, ['scripts/run-ts.mjs', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^RESULT (\S+) (-?[\d.]+(?:e[+-]?\d+)?) (\S+)$/.exec(line.trim());
      if (match) figures.set(match[1]!, { value: Number(match[2]), unit: match[3]! });
    }
  });
  return new Promise((done) => child.once('close', () => done()));
}

const dirs = sizes.map(ledger);
console.log('\n=== seeded ledgers (npm run seed: states, currencies, refunds, Arabic and Latin names, audit entries)');
table(['payments', 'seed time', 'ledger file', 'per payment'], seeded);
for (const [i, payments] of sizes.entries()) await run(`list, search and audit screen at ${payments.toLocaleString('en')} payments`, ['bench/ledger-search.ts', '--data-dir', dirs[i]!, ...(runs ? ['--runs', runs] : [])]);
await run(`export and full chain check at ${sizes.at(-1)!.toLocaleString('en')} payments`, ['bench/ledger-work.ts', '--data-dir', dirs.at(-1)!]);
await run('practice gateway with its state on disk', ['bench/practice-store.ts', '--earlier', '100000', '--runs', '5']);
// Its own throwaway PostgreSQL (a few seconds to start); says so and skips without the server binaries.
await run('live update between two instances on a team ledger (PostgreSQL)', ['bench/team-live.ts', '--changes', '300']);
// Two built previews on one team ledger: a refund through A's API until B's event stream hears it and B's re-read shows it (its own keyring and server).
await run('live update between two previews (two laptops) on a team ledger (PostgreSQL)', ['bench/team-live-previews.ts', '--changes', '100']);
await run('copy of a laptop ledger into a team ledger (PostgreSQL)', ['bench/team-copy.ts', '--payments', '20000']);
await run('Home overview and CSV exports on a team ledger of 100,000 payments (PostgreSQL)', ['bench/team-reports.ts', '--payments', '100000']);
await run('the audit chain\'s full check and the quick audit download on a team ledger of 100,000 entries (PostgreSQL)', ['bench/team-audit.ts', '--entries', '100000']);
// The list's searches on a team ledger, the same payments as the SQLite ledger's (copied in with COPY; minutes at a million).
await run(`list searches on a team ledger (PostgreSQL) at ${sizes.at(-1)!.toLocaleString('en')} payments`, ['bench/team-search.ts', '--from', dirs.at(-1)!, ...(runs ? ['--runs', runs] : [])]);
if (option('skip-ui') === undefined) {
  await run('preview cold start and list (100,000 payments)', ['bench/transactions-ui.ts', '100000', '7']);
  await run('renderer heap while scrolling the list (100,000 payments)', ['bench/renderer-heap.ts', '100000']);
}
if (option('skip-ui') === undefined && sizes.includes(1_000_000)) await run('Home overview in Chromium at 1,000,000 payments', ['bench/overview-ui.ts', '--data-dir', dirs.at(-1)!, '--runs', '7']);
summarize(figures);
