// Benchmark: what the async LedgerStore (main/ledger/store.ts, sqlite-store.ts) costs on SQLite
// against the synchronous row modules it wraps, on a seeded ledger: one money operation's two
// transactions as money-operations.ts writes them (the intent: read the payment and its open
// operations, insert the operation; the outcome: read, complete the operation, update the
// payment, its view), alternated round by round so load hits both alike.
// Run: node scripts/run-ts.mjs bench/ledger-store.ts [--payments N] [--rounds R]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openLedgerDb } from '../main/ledger/database';
import { createPaymentRows, type OperationRow } from '../main/ledger/payment-rows';
import { createSqliteLedgerStore } from '../main/ledger/sqlite-store';
import { seedLedger } from '../scripts/seed-ledger';
import { option, percentile, result, table } from './support';

const payments = Number(option('payments') ?? 20_000);
const rounds = Number(option('rounds') ?? 3_000);
const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-store-'));

async function main() {
  const db = openLedgerDb(dir);
  seedLedger(db, { payments });
  const ids = (db.prepare('SELECT id FROM payments').all() as Array<{ id: string }>).map((r) => r.id);
  const rows = createPaymentRows(db);
  const store = createSqliteLedgerStore(db);
  const intent = (paymentId: string): OperationRow => ({
    id: randomUUID(), payment_id: paymentId, kind: 'refund', amount_minor: 100, base_minor: 0, reason: 'bench', os_user: 'bench', outcome: 'sending',
    error_code: null, error_message: null, gateway_answer: null, created_at: new Date().toISOString(), completed_at: null,
  });
  const failed = { outcome: 'failed' as const, error_code: 'bench', error_message: 'bench', completed_at: new Date().toISOString() };

  function syncRows(paymentId: string) {
    const op = intent(paymentId);
    db.transaction(() => {
      rows.get(paymentId);
      rows.openOperations(paymentId);
      rows.insertOperation(op);
    }).immediate();
    db.transaction(() => {
      rows.get(paymentId);
      rows.completeOperation(op.id, failed, ['sending']);
      return rows.view(rows.update(paymentId, { last_error: 'bench' }, 'refund', failed.completed_at));
    }).immediate();
  }
  async function asyncStore(paymentId: string) {
    const op = intent(paymentId);
    await store.transaction(async (tx) => {
      await tx.get(paymentId);
      await tx.openOperations(paymentId);
      await tx.insertOperation(op);
    });
    await store.transaction(async (tx) => {
      await tx.get(paymentId);
      await tx.completeOperation(op.id, failed, ['sending']);
      return tx.view(await tx.update(paymentId, { last_error: 'bench' }, 'refund', failed.completed_at));
    });
  }

  const samples: Record<'rows' | 'store', number[]> = { rows: [], store: [] };
  for (let i = 0; i < rounds; i++) {
    const id = ids[(i * 7919) % ids.length]!;
    const order = i % 2 === 0 ? (['rows', 'store'] as const) : (['store', 'rows'] as const);
    for (const way of order) {
      const started = performance.now();
      if (way === 'rows') syncRows(id);
      else await asyncStore(id);
      samples[way].push((performance.now() - started) * 1000);
    }
  }
  const p = (way: 'rows' | 'store', q: number) => percentile(samples[way], q);
  table(['way', 'p50 µs', 'p95 µs'], (['rows', 'store'] as const).map((w) => [w, p(w, 50).toFixed(1), p(w, 95).toFixed(1)]));
  console.log(`${rounds} money operations each way (two transactions each), ${payments} payments, load average ${loadavg()[0]!.toFixed(1)}`);
  result('ledger_store_operation_rows_p50', p('rows', 50), 'us');
  result('ledger_store_operation_store_p50', p('store', 50), 'us');
  result('ledger_store_operation_overhead_p50', p('store', 50) - p('rows', 50), 'us');
  result('ledger_store_operation_store_p95', p('store', 95), 'us');
  db.close();
}

main().finally(() => rmSync(dir, { recursive: true, force: true }));
