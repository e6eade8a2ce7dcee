// Ledgers for the maintenance tests: real SQLite files with the real schema, filled with
// payments and a valid audit chain (fast, without a gateway, for the large ones).
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { appendAudit } from '../../main/ledger/audit-log';

export function addPayments(db: LedgerDb, count: number, prefix: string): void {
  const insert = db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, description, customer_name, customer_email, state, created_by, created_at, updated_at)
    VALUES (@id, 'practice', 'practice', 'sale', @order, @amount, 'SAR', @description, 'Fill Test', 'fill@example.com', 'paid', 'tester', @at, @at)`);
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  db.transaction(() => {
    const start = (db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
    for (let i = start; i < start + count; i++) {
      const id = `${prefix}-${String(i).padStart(7, '0')}`;
      insert.run({ id, order: `order-${id}`, amount: 100 + (i % 9000), description: `Invoice ${id} for services rendered`, at });
      appendAudit(db, { osUser: 'tester', profileId: 'practice', environment: 'practice', action: 'sale', paymentId: id, orderId: `order-${id}`, amountMinor: 100 + (i % 9000), currency: 'SAR', result: 'succeeded' }, at);
    }
  })();
}

export function makeLedger(dir: string, count: number, prefix: string): void {
  const db = openLedgerDb(dir);
  addPayments(db, count, prefix);
  db.close();
}

export function paymentIds(db: LedgerDb): string[] {
  return (db.prepare('SELECT id FROM payments ORDER BY id').all() as Array<{ id: string }>).map((r) => r.id);
}
