// Migrating an existing ledger to the latest schema as the app does at start (main/ledger/migrate.ts):
// node scripts/run-ts.mjs bench/ledger-migrate.ts --ledger DIR [--slices]. DIR holds an older ledger (paydesk.sqlite, for
// example one seeded by an older Paydesk); it is copied first, never changed. Prints the time,
// main's longest event-loop delay meanwhile (worker thread, or --slices: on main's event loop),
// the progress events, and bytes per payment before and after (SQLite's dbstat, per table and index).
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ledgerFileName, openLedgerDb } from '../main/ledger/database';
import { migrateLedger } from '../main/ledger/migrate';
import { option, table } from './support';

const source = option('ledger');
if (!source) throw new Error('usage: --ledger DIR [--slices]');
const dir = mkdtempSync(join(tmpdir(), 'paydesk-migrate-'));
copyFileSync(join(source, ledgerFileName), join(dir, ledgerFileName));

function sizes(label: string) {
  const db = new Database(join(dir, ledgerFileName), { readonly: true });
  const n = (db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
  const rows = db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC').all() as Array<{ name: string; bytes: number }>;
  db.close();
  const total = rows.reduce((s, r) => s + r.bytes, 0);
  console.log(`\n${label}: ${n.toLocaleString('en')} payments, ${(total / 1e6).toFixed(0)} MB, ${Math.round(total / n)} B a payment`);
  table(['table or index', 'B/payment'], rows.filter((r) => r.bytes / n >= 1).map((r) => [r.name, (r.bytes / n).toFixed(1)]));
}

sizes('before');
let workerFile: string | undefined;
if (option('slices') === undefined) {
  // Next to node_modules, where its better-sqlite3 resolves (the app's sits next to main's bundle).
  workerFile = resolve(`node_modules/.ledger-migrate-worker-${process.pid}.cjs`);
  await build({ entryPoints: [resolve('main/ledger/migrate-worker.ts')], outfile: workerFile, bundle: true, platform: 'node', format: 'cjs', packages: 'external', logLevel: 'silent', absWorkingDir: resolve('.') });
}
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const t0 = performance.now();
const marks: string[] = [];
await migrateLedger({ open: () => openLedgerDb(dir, { migrate: false }), workerFile, onProgress: (p) => marks.push(`${p.percent}% at ${((performance.now() - t0) / 1000).toFixed(1)} s`) });
const seconds = (performance.now() - t0) / 1000;
delay.disable();
console.log(`\nMigrated ${workerFile ? 'in a worker thread' : 'in slices on main'} in ${seconds.toFixed(1)} s; main's longest event-loop delay ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms); load average ${loadavg()[0]!.toFixed(1)}`);
console.log(`Progress: ${marks.filter((_, i) => i % Math.ceil(marks.length / 12) === 0 || i === marks.length - 1).join(', ')}`);
const db = openLedgerDb(dir);
db.pragma('wal_checkpoint(TRUNCATE)');
db.close();
sizes('after');
rmSync(dir, { recursive: true, force: true });
if (workerFile) rmSync(workerFile, { force: true });
