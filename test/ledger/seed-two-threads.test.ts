// `npm run seed` writes the payments in a second thread and copies them, their indexes and their
// search index into the ledger (scripts/seed-two-threads.ts). What it makes must be what the
// one-thread seed makes, row for row in every table, and a ledger the app goes on using: its
// search index whole and kept up by the app's writes afterwards, no scratch file left behind.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from 'esbuild';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ledgerFileName, openLedgerDb } from '../../main/ledger/database';
import { searchPayments } from '../../main/ledger/search';
import { seedLedger } from '../../scripts/seed-ledger';
import { seedFolder } from '../../scripts/seed-two-threads';

const options = { payments: 20_000, seed: 7, idTail: '5a5' };
const root = mkdtempSync(join(tmpdir(), 'paydesk-seed-threads-'));
const twoThreads = join(root, 'two-threads');
const oneThread = join(root, 'one-thread');
// The worker runs seed.ts bundled, as `npm run seed` does (scripts/run-ts.mjs); next to
// node_modules so its packages resolve.
const bundleDir = mkdtempSync(join(resolve('node_modules'), '.seed-test-'));
const workerFile = join(bundleDir, 'seed.mjs');
const phases: string[] = [];

beforeAll(async () => {
  for (const dir of [twoThreads, oneThread]) mkdirSync(dir);
  await build({ entryPoints: ['scripts/seed.ts'], outfile: workerFile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  await seedFolder(twoThreads, { ...options, onPhase: (name) => phases.push(name) }, workerFile);
  const db = openLedgerDb(oneThread);
  seedLedger(db, options);
  db.close();
}, 120_000);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

const open = (dir: string) => new Database(join(dir, ledgerFileName), { readonly: true });
/** Every row of a table, as one digest (the rows in a fixed order, bytes as hex). */
function digest(db: Database.Database, table: string): { rows: number; hash: string } {
  const lines = (db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][])
    .map((row) => JSON.stringify(row.map((v) => (Buffer.isBuffer(v) ? v.toString('hex') : typeof v === 'bigint' ? String(v) : v))))
    .sort();
  return { rows: lines.length, hash: createHash('sha256').update(lines.join('\n')).digest('hex') };
}

it('makes, table by table and row for row, the ledger the one-thread seed makes, search index included', () => {
  const [a, b] = [open(twoThreads), open(oneThread)];
  try {
    const schema = "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name";
    expect(a.prepare(schema).all()).toEqual(b.prepare(schema).all());
    // ANALYZE's samples are left out: they describe the same rows from B-trees built another way.
    const tables = a.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE 'sqlite_stat%'").pluck().all() as string[];
    expect(tables).toEqual(expect.arrayContaining(['payments', 'ledger_operations', 'ledger_audit', 'payments_search_data', 'payment_counts', 'money_hours', 'ledger_meta']));
    for (const table of tables) expect(digest(a, table), table).toEqual(digest(b, table));
    expect(digest(a, 'payments').rows).toBe(options.payments);
  } finally {
    a.close();
    b.close();
  }
});

it('leaves a whole ledger in WAL mode, no larger, and no scratch file', () => {
  const db = open(twoThreads);
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('freelist_count', { simple: true })).toBe(0);
  } finally {
    db.close();
  }
  expect(readdirSync(twoThreads).filter((f) => f.includes('tmp'))).toEqual([]);
  expect(statSync(join(twoThreads, ledgerFileName)).size).toBeLessThanOrEqual(statSync(join(oneThread, ledgerFileName)).size);
  expect(phases).toEqual(expect.arrayContaining(['analyze']));
});

it('leaves a search index the app keeps up: whole, and finding a payment written after the seed', () => {
  const db = openLedgerDb(twoThreads);
  try {
    const check = () => db.prepare("INSERT INTO payments_search (payments_search, rank) VALUES ('integrity-check', 1)").run();
    expect(check).not.toThrow();
    const row = db.prepare('SELECT * FROM payments WHERE rowid = 1').get() as Record<string, unknown>;
    const columns = Object.keys(row).filter((c) => c !== 'id' && c !== 'order_id' && c !== 'customer_name');
    db.prepare(`INSERT INTO payments (id, order_id, customer_name, ${columns.join(', ')}) VALUES ('after-seed', 'PD-AFTER-SEED', 'Zubaida Qarni', ${columns.map((c) => `@${c}`).join(', ')})`).run(row);
    // The list's own search (trigrams, then the text), newest first.
    const found = searchPayments(db, { query: 'Zubaida Qarni' }, { by: 'createdAt', direction: 'desc' }, 0, 10).rows.map((r) => r.id);
    expect(found).toEqual(['after-seed']);
    expect(check).not.toThrow();
  } finally {
    db.close();
  }
});

it('refuses a folder that already holds payments, and leaves it as it was', async () => {
  const before = digest(open(twoThreads), 'payments');
  await expect(seedFolder(twoThreads, { payments: 10 }, workerFile)).rejects.toThrow(/already holds [0-9,]+ payments; seed an empty data folder/);
  expect(digest(open(twoThreads), 'payments')).toEqual(before);
  expect(existsSync(join(twoThreads, 'paydesk-seed-payments.tmp.sqlite'))).toBe(false);
});
