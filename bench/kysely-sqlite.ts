// Benchmark: what Kysely's SQLite dialect costs per query over raw better-sqlite3, on a seeded
// ledger (the team ledger's port puts both backends behind Kysely; docs/team-ledger-plan.md).
// Four ways to run the same statement, alternated round by round so load hits them alike:
//   raw        a statement prepared once and reused, as the row modules do today
//   raw-prep   db.prepare() on every call (what Kysely's driver does)
//   kysely     the query built with Kysely and executed (build, compile, prepare, run, await)
//   compiled   a query compiled by Kysely once, executed with new parameters (prepare, run, await)
//   cached     the query built with Kysely, over a database whose prepare() keeps each statement
//              (Kysely's dialect prepares on every call; this is the one-line wrapper the port uses)
// Run: node scripts/run-ts.mjs bench/kysely-sqlite.ts [--payments N] [--rounds R]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { openLedgerDb } from '../main/ledger/database';
import { seedLedger } from '../scripts/seed-ledger';
import { option, percentile, result, table } from './support';

type Db = {
  payments: { id: string; profile_id: string; order_id: string; amount_minor: number; currency: string; state: string; created_at: string; customer_name: string | null; watched: number };
};

const payments = Number(option('payments') ?? 20_000);
const rounds = Number(option('rounds') ?? 4_000);
const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-kysely-'));

async function main() {
  const db = openLedgerDb(dir);
  seedLedger(db, { payments });
  const ids = (db.prepare('SELECT id FROM payments').all() as Array<{ id: string }>).map((r) => r.id);
  const window = (db.prepare('SELECT created_at FROM payments ORDER BY created_at DESC LIMIT 1 OFFSET ?').all(Math.floor(payments / 2)) as Array<{ created_at: string }>)[0]!.created_at;
  const k = new Kysely<Db>({ dialect: new SqliteDialect({ database: db }) });
  // SqliteDialect uses only prepare() and close(): keep the prepared statements by their SQL.
  const statements = new Map<string, ReturnType<typeof db.prepare>>();
  const cachingDb = { close: () => db.close(), prepare: (sql: string) => statements.get(sql) ?? statements.set(sql, db.prepare(sql)).get(sql)! };
  const kc = new Kysely<Db>({ dialect: new SqliteDialect({ database: cachingDb as unknown as typeof db }) });
  const pick = (i: number) => ids[(i * 7919) % ids.length]!;

  // Each shape: the very SQL Kysely compiles, run four ways; every variant returns rows.
  const pointQuery = (id: string, q = k) => q.selectFrom('payments').select(['id', 'order_id', 'amount_minor', 'currency', 'state']).where('id', '=', id);
  const pageQuery = (before: string, q = k) =>
    q.selectFrom('payments').select(['id', 'order_id', 'amount_minor', 'currency', 'state', 'created_at', 'customer_name']).where('created_at', '<', before).orderBy('created_at', 'desc').limit(50);
  const updateQuery = (id: string, watched: number, q = k) => q.updateTable('payments').set({ watched }).where('id', '=', id);
  const pointCompiled = pointQuery('').compile();
  const pageCompiled = pageQuery('').compile();
  const updateCompiled = updateQuery('', 0).compile();
  const withParams = <R>(q: CompiledQuery<R>, parameters: unknown[]) => CompiledQuery.raw(q.sql, parameters) as CompiledQuery<R>;
  const [pointSql, pageSql, updateSql] = [pointCompiled.sql, pageCompiled.sql, updateCompiled.sql];
  const point = db.prepare(pointSql);
  const page = db.prepare(pageSql);
  const update = db.prepare(updateSql);

  const shapes: Record<string, Record<string, (i: number) => unknown>> = {
    point: {
      raw: (i) => point.get(pick(i)),
      'raw-prep': (i) => db.prepare(pointSql).get(pick(i)),
      kysely: (i) => pointQuery(pick(i)).executeTakeFirst(),
      compiled: (i) => k.executeQuery(withParams(pointCompiled, [pick(i)])),
      cached: (i) => pointQuery(pick(i), kc).executeTakeFirst(),
    },
    page: {
      raw: () => page.all(window, 50),
      'raw-prep': () => db.prepare(pageSql).all(window, 50),
      kysely: () => pageQuery(window).execute(),
      compiled: () => k.executeQuery(withParams(pageCompiled, [window, 50])),
      cached: () => pageQuery(window, kc).execute(),
    },
    update: {
      raw: (i) => update.run(i % 2, pick(i)),
      'raw-prep': (i) => db.prepare(updateSql).run(i % 2, pick(i)),
      kysely: (i) => updateQuery(pick(i), i % 2).execute(),
      compiled: (i) => k.executeQuery(withParams(updateCompiled, [i % 2, pick(i)])),
      cached: (i) => updateQuery(pick(i), i % 2, kc).execute(),
    },
  };

  const load = loadavg()[0]!.toFixed(2);
  console.log(`Kysely 0.28 SqliteDialect vs better-sqlite3, ${payments} payments, ${rounds} rounds per shape, load average ${load}`);
  const rows: string[][] = [];
  for (const [shape, variants] of Object.entries(shapes)) {
    const samples: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((v) => [v, []]));
    const names = Object.keys(variants);
    for (let i = 0; i < rounds + 200; i++) {
      // Alternate the order each round; the first 200 rounds warm up and are not kept.
      for (const name of i % 2 ? names : [...names].reverse()) {
        const t0 = performance.now();
        await variants[name]!(i);
        const us = (performance.now() - t0) * 1000;
        if (i >= 200) samples[name]!.push(us);
      }
    }
    const median = (name: string) => percentile(samples[name]!, 50);
    for (const name of names) {
      rows.push([shape, name, median(name).toFixed(1), percentile(samples[name]!, 95).toFixed(1), name === 'raw' ? '' : `+${(median(name) - median('raw')).toFixed(1)}`]);
    }
    result(`kysely_sqlite_${shape}_overhead_p50`, median('kysely') - median('raw'), 'us');
    result(`kysely_sqlite_${shape}_cached_overhead_p50`, median('cached') - median('raw'), 'us');
  }
  table(['query', 'way', 'p50 µs', 'p95 µs', 'vs raw p50'], rows);
  await k.destroy(); // closes the better-sqlite3 database too
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dir, { recursive: true, force: true }));
