// A bulk batch's links read for its CSV (Download the links), on both ledgers: a batch of 5,000
// created links (`--links`), read payment by payment as Paydesk did until 2026-11-29 (the batch's
// rows, then each payment by its id, all at once on the pool, then the invoice numbers) against
// the bulk service's `links` now (one query joining the rows, their payments and invoices), and
// the whole CSV download (`linksCsv`: the read, the CSV and its audit entry). p50/p95 of `--runs`
// runs (7) after a warm-up, the two ways alternated run by run; both must give the same links.
// The team ledger is a throwaway PostgreSQL started here (support's login, a pool of 4 as the app's);
// without the server binaries its half is skipped, saying why.
// Run: node scripts/run-ts.mjs bench/bulk-links.ts [--links 5000] [--runs 7]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import type { BulkLink } from '../contract/methods/bulk';
import { createBulkService, type BulkDeps } from '../main/bulk/bulk-service';
import { createEventHub } from '../main/core/event-hub';
import { createSqliteBulkStore, type BulkRowRow, type BulkStore } from '../main/ledger/bulk-store';
import { openLedgerDb } from '../main/ledger/database';
import { createTeamBulkStore } from '../main/ledger/postgres/pg-bulk';
import { createPostgresLedgerStore } from '../main/ledger/postgres/pg-store';
import { applyTeamLedgerSecurity } from '../main/ledger/postgres/security';
import { createSqliteLedgerStore } from '../main/ledger/sqlite-store';
import type { LedgerStore } from '../main/ledger/store';
import { createMemoryLogger } from '../main/log/logger';
import { seedLedger } from '../scripts/seed-ledger';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { option, result, sizeLabel, stats, table } from './support';

const links = Number(option('links') || 5_000);
const runs = Number(option('runs') || 7);
const ctx = { transport: 'direct' as const, osUser: 'bench' };

/** The batch's stored rows, every one created, each pointing at one of the payments. */
const batchRows = (batchId: string, payments: Array<{ id: string; order_id: string }>): BulkRowRow[] => payments.map((p, i) => ({
  batch_id: batchId, line: i + 2, order_id: p.order_id, amount: '125.50', currency: 'SAR', description: 'Bench', customer_name: `Customer ${i}`, customer_email: `c${i}@example.com`,
  customer_phone: '+966500000000', issue_date: null, expire_date: null, state: 'created', payment_id: p.id, error: null, vat_rate: null, vat_reason: null,
}));

/** How Paydesk read a batch's links until 2026-11-29: its rows, then each payment by id (all at once), then the invoice numbers. */
async function oneByOne(store: BulkStore, orders: LedgerStore, batchId: string): Promise<BulkLink[]> {
  await store.batch(batchId);
  const created = (await store.rows(batchId)).filter((r) => r.state === 'created' && r.payment_id);
  const payments = await Promise.all(created.map((r) => orders.get(r.payment_id!)));
  const numbers = await orders.invoices.numbersOf(created.map((r) => r.payment_id!));
  return created.flatMap((r, i) => {
    const p = payments[i];
    return p ? [{ line: r.line, orderId: p.order_id, amountMinor: p.amount_minor, currency: p.currency, description: p.description, customer: { name: p.customer_name, email: p.customer_email, phone: p.customer_phone }, state: p.state, url: p.link_url, invoiceNumber: numbers.get(p.id) ?? null }] : [];
  });
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Both ways on one ledger, alternated; the figures as a table row each and RESULT lines. */
async function measure(backend: 'sqlite' | 'team', store: BulkStore, orders: LedgerStore, batchId: string) {
  const bulk = createBulkService({ store, orders, logger: createMemoryLogger(), events: createEventHub() } as unknown as BulkDeps);
  const [before, now] = [await oneByOne(store, orders, batchId), await bulk.links(batchId)];
  if (before.length !== links || !isDeepStrictEqual(before, now)) throw new Error(`${backend}: the two ways gave different links (${before.length} and ${now.length})`);
  const samples = { before: [] as number[], now: [] as number[], csv: [] as number[] };
  for (let run = 0; run < runs; run++) {
    const ways = [['before', () => oneByOne(store, orders, batchId)], ['now', () => bulk.links(batchId)]] as const;
    for (const [name, work] of run % 2 ? [...ways].reverse() : ways) samples[name].push(await timed(work));
    samples.csv.push(await timed(() => bulk.linksCsv(batchId, {}, ctx)));
  }
  const size = sizeLabel(links);
  const rows = (['before', 'now', 'csv'] as const).map((name) => {
    const { p50, p95 } = stats(samples[name]);
    result(`bulk_links_${backend}_${name}_${size}_p50`, Number(p50), 'ms');
    return [`${backend} ${name === 'before' ? 'payment by payment (before)' : name === 'now' ? 'one query (now)' : 'whole CSV download (now)'}`, p50, p95];
  });
  return rows;
}

async function onSqlite() {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-bulk-links-'));
  const db = openLedgerDb(dir);
  try {
    seedLedger(db, { payments: links });
    const payments = db.prepare('SELECT id, order_id FROM payments ORDER BY created_at').all() as Array<{ id: string; order_id: string }>;
    const store = createSqliteBulkStore(db);
    const batchId = randomUUID();
    const at = new Date().toISOString();
    await store.insertBatch({ id: batchId, profile_id: 'practice', file_name: 'bench.csv', state: 'done', created_by: 'bench', created_at: at, updated_at: at, separator: null }, batchRows(batchId, payments));
    return await measure('sqlite', store, createSqliteLedgerStore(db), batchId);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onTeam() {
  const missing = postgresMissing();
  if (missing) {
    console.log(`team ledger: skipped: ${missing}`);
    return [];
  }
  const server = await startPostgres();
  try {
    const database = await server.createDatabase('team');
    const superuser = await server.connect({ database });
    await applyTeamLedgerSecurity(superuser);
    await superuser.query(`SELECT paydesk.add_person('sue', 'support', 'bench-password-s-1')`);
    const ids = Array.from({ length: links }, () => randomUUID());
    const payments = (await superuser.query(
      `INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, description, customer_name, customer_email, customer_phone, link_url, state)
       SELECT id, 'practice', 'practice', 'link', 'PD-' || n, 12550, 'SAR', 'Bench', 'Customer ' || n, 'c' || n || '@example.com', '+966500000000', 'https://pay.example/l/' || n, 'pending'
       FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n) RETURNING id, order_id`, [ids],
    )).rows as Array<{ id: string; order_id: string }>;
    // The app's pool: support's login, 4 connections.
    const pool = new pg.Pool({ host: '127.0.0.1', port: server.port, database, user: 'sue', password: 'bench-password-s-1', max: 4 });
    try {
      const store = createTeamBulkStore({ pool, laptop: 'bench' });
      const batchId = randomUUID();
      const at = new Date().toISOString();
      // Stored as the bulk screen stores a batch, then marked created as a run marks its rows.
      await store.insertBatch({ id: batchId, profile_id: 'practice', file_name: 'bench.csv', state: 'ready', created_by: 'bench', created_at: at, updated_at: at, separator: null }, batchRows(batchId, payments).map((r) => ({ ...r, state: 'pending' })));
      await superuser.query(`UPDATE paydesk.bulk_rows r SET state = 'created', payment_id = p.id FROM paydesk.payments p WHERE r.batch_id = $1 AND p.order_id = r.order_id`, [batchId]);
      await superuser.end();
      return await measure('team', store, createPostgresLedgerStore(pool, { laptop: 'bench' }), batchId);
    } finally {
      await pool.end();
    }
  } finally {
    await server.stop();
  }
}

console.log(`bulk-links: a batch of ${links} created links, ${runs} runs each (load ${loadavg()[0]!.toFixed(1)})`);
const figures = [...(await onSqlite()), ...(await onTeam())];
table(['read (ms)', 'p50', 'p95'], figures);
