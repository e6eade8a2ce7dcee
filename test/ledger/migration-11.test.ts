// Migration 11 (a leaner ledger): a version 10 ledger with history of every kind migrates with
// every payment, operation, state history entry, status check, webhook and audit entry kept as
// written, and its audit chain still verifies; a migration stopped midway (between slices, or
// failing inside one) resumes at the next opening and finishes without loss or duplicates; the
// app's start migrates in a worker thread or in slices, with progress.
// SQLite only: migration 11 rewrites the laptop's SQLite file; the team schema's own numbered
// steps are tested in postgres/schema-steps.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { migrateLedger, migrateNow, migrationSteps, schemaVersion, type MigrationProgress } from '../../main/ledger/migrate';
import { migrate11 } from '../../main/ledger/migration-11';
import { latestVersion } from '../../main/ledger/migrations';
import { appendAudit, verifyAudit } from '../../main/ledger/audit-log';
import { createPaymentRows } from '../../main/ledger/payment-rows';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'paydesk-m11-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const uuid = (n: number, tag: string) => `${tag}${n.toString(16).padStart(7, '0')}-1234-4abc-8def-${(n * 7919).toString(16).padStart(12, '0')}`;

/** A version 10 ledger as Paydesk 10 wrote it: n payments with operations, history, checks, webhooks and the audit chain. */
function oldLedger(n: number): void {
  const db = openLedgerDb(dir, { migrate: false });
  migrateNow(db, { to: 10 });
  const ins = (sql: string) => db.prepare(sql);
  const payment = ins(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, customer_name, state, status_word, captured_minor, refunded_minor, created_by, created_at, updated_at)
    VALUES (?, 'practice', 'practice', 'sale', ?, ?, 'SAR', ?, ?, ?, ?, 0, 'layla', ?, ?)`);
  const op = ins('INSERT INTO operations (id, payment_id, kind, amount_minor, base_minor, reason, os_user, outcome, error_code, error_message, gateway_answer, created_at, completed_at, settled_by, settled_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const history = ins('INSERT INTO state_history (payment_id, state, status_word, source, at) VALUES (?, ?, ?, ?, ?)');
  const check = ins('INSERT INTO status_checks (payment_id, at, outcome, status_word, state) VALUES (?, ?, ?, ?, ?)');
  const webhook = ins('INSERT INTO webhooks (received_at, dedup_key, payment_id, transaction_id, order_id, status_word, type, duplicate, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const audit = ins('INSERT INTO audit_log (seq, at, os_user, profile_id, environment, action, payment_id, order_id, amount_minor, currency, reason, result, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  let seq = 0;
  let prev = '0'.repeat(64);
  const chain = (values: Array<string | number | null>) => {
    seq++;
    const row = [seq, ...values];
    const hash = createHash('sha256').update(prev).update(JSON.stringify(row)).digest('hex');
    audit.run(...row, prev, hash);
    prev = hash;
  };
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const id = uuid(i, 'a');
      // Times as toISOString writes them, and now and then as some older code did (kept as text).
      const at = i % 50 === 7 ? `2025-03-0${1 + (i % 9)}T10:00:00Z` : new Date(Date.UTC(2025, 0, 1) + i * 61_001).toISOString();
      payment.run(id, `PD-${i}`, 100 + i, i % 3 ? `Layla ${i}` : 'مريم القحطاني', i % 4 ? 'paid' : 'refunded', 'CAPTURED', 100 + i, at, at);
      op.run(i % 10 === 3 ? `legacy-op-${i}` : uuid(i, 'b'), id, 'create', 100 + i, null, null, 'layla', 'succeeded', null, null, `{"status":"CAPTURED","n":${i}}`, at, at, null, null);
      history.run(id, 'creating', null, 'create', at);
      history.run(id, 'paid', 'CAPTURED', 'create', at);
      chain([at, 'layla', 'practice', 'practice', 'create_sale', id, `PD-${i}`, 100 + i, 'SAR', null, 'paid']);
      if (i % 4 === 0) {
        op.run(uuid(i, 'c'), id, 'refund', 50, 0, i % 8 ? 'Returned goods' : 'مرتجع', 'omar', i % 16 ? 'succeeded' : 'unknown', i % 16 ? null : 'timeout', i % 16 ? null : 'No answer in time.', null, at, null, null, null);
        history.run(id, 'refunded', 'REFUNDED', 'refund', at);
        // An entry naming a payment without its order id, and one naming an order of another payment.
        chain([at, 'omar', 'practice', 'practice', 'refund', id, i % 8 ? null : 'PD-other', 50, 'SAR', 'Returned goods', 'succeeded']);
      }
      if (i % 5 === 0) check.run(id, at, 'ok', 'CAPTURED', 'paid');
      if (i % 6 === 0) webhook.run(at, `tx${i}|CAPTURED`, i % 12 ? id : null, `tx${i}`, `PD-${i}`, 'CAPTURED', 'payment.status', i % 18 === 0 ? 1 : 0, '{"capturedAmount":1.00}');
      // Entries about no payment, or about an id no payment has.
      if (i % 7 === 0) chain([at, 'finance', null, null, i % 14 ? 'export_payments' : 'profile_saved', i % 14 ? null : 'not-a-payment', null, null, null, null, `${i} rows`]);
    }
  })();
  db.close();
}

const snapshot = (db: LedgerDb) => ({
  payments: db.prepare('SELECT * FROM payments ORDER BY rowid').all(),
  operations: db.prepare('SELECT * FROM operations ORDER BY id').all(),
  history: db.prepare('SELECT payment_id, state, status_word, source, at FROM state_history ORDER BY payment_id, id').all(),
  checks: db.prepare('SELECT payment_id, at, outcome, status_word, state FROM status_checks ORDER BY payment_id, id').all(),
  webhooks: db.prepare('SELECT * FROM webhooks ORDER BY id').all(),
  audit: db.prepare('SELECT * FROM audit_log ORDER BY seq').all(),
});

function before(n: number) {
  oldLedger(n);
  const db = openLedgerDb(dir, { migrate: false });
  const shot = snapshot(db);
  db.close();
  return shot;
}

/**
 * The rows after, in the columns the rows before had; a column a later migration added (a link's
 * expire_date, migration 20) must start empty on every kept row.
 */
function keptColumns(after: unknown[], before: unknown[]) {
  const columns = new Set(Object.keys((before[0] ?? {}) as object));
  return after.map((row) => Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([column, value]) => {
    if (columns.has(column)) return true;
    expect(value, `${column}, added after version 10`).toBeNull();
    return false;
  })));
}

function expectKept(shot: ReturnType<typeof snapshot>) {
  const db = openLedgerDb(dir);
  expect(schemaVersion(db)).toBe(latestVersion);
  const after = snapshot(db);
  for (const key of Object.keys(shot) as Array<keyof typeof shot>) expect(keptColumns(after[key], shot[key]), key).toEqual(shot[key]);
  expect(verifyAudit(db)).toEqual({ ok: true, rows: shot.audit.length });
  // The old tables are gone; the ledger goes on: a new entry chains onto the migrated ones.
  expect(db.prepare("SELECT type FROM sqlite_master WHERE name = 'operations'").pluck().get()).toBe('view');
  expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name LIKE 'ledger_%' AND sql IS NOT NULL ORDER BY name").pluck().all())
    .toEqual(['ledger_audit_amount', 'ledger_audit_own_order', 'ledger_audit_payment', 'ledger_operations_id', 'ledger_operations_refunds_made', 'ledger_operations_sending', 'ledger_operations_unclear', 'ledger_webhooks_dedup', 'ledger_webhooks_payment']); // the amount's from migration 17, by payment from 18, own order's from 12, the unclear one from 14, the refunds made from 21
  appendAudit(db, { osUser: 'layla', action: 'after', paymentId: (shot.payments[0] as { id: string }).id, orderId: 'PD-0', result: 'ok' }, new Date().toISOString());
  expect(verifyAudit(db)).toEqual({ ok: true, rows: shot.audit.length + 1 });
  db.close();
}

describe('migration 11', () => {
  it('keeps every row of a version 10 ledger as written, and the chain verifies', () => {
    const shot = before(600);
    expect(shot.operations.length).toBeGreaterThan(700);
    expectKept(shot);
  });

  it('stopped between slices (the app closed midway), resumes at the next opening without loss or duplicates', () => {
    const shot = before(600);
    const db = openLedgerDb(dir, { migrate: false });
    const steps = migrationSteps(db, { sliceRows: 100 });
    let seen: MigrationProgress | undefined;
    for (let i = 0; i < 9; i++) seen = steps.next().value as MigrationProgress;
    expect(seen).toMatchObject({ version: 11 });
    expect(seen!.percent).toBeGreaterThan(0);
    expect(seen!.percent).toBeLessThan(100);
    db.close();
    expectKept(shot);
  });

  it('failing inside a slice, leaves nothing of that slice, and the next opening finishes', () => {
    const shot = before(600);
    const db = openLedgerDb(dir, { migrate: false });
    let slices = 0;
    expect(() => {
      for (const step of migrate11(db, 100, (table) => {
        if (table === 'ledger_history' && ++slices === 3) throw new Error('power cut');
      })) void step;
    }).toThrow('power cut');
    expect(schemaVersion(db)).toBe(10);
    // Two history slices are in; the third rolled back with its position.
    expect(db.prepare('SELECT count(*) FROM ledger_history').pluck().get()).toBe(200);
    db.close();
    expectKept(shot);
  });

  it('at start, runs in slices on the event loop with progress when there is no worker bundle', async () => {
    const shot = before(400);
    const progress: MigrationProgress[] = [];
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await migrateLedger({ open: () => openLedgerDb(dir, { migrate: false }), onProgress: (p) => progress.push(p) });
    clearInterval(timer);
    expect(progress.at(-1)).toEqual({ version: latestVersion, percent: 100 });
    expect(ticks).toBeGreaterThan(0);
    expectKept(shot);
  });

  it('at start, runs in a worker thread with progress', async () => {
    const shot = before(400);
    const workerFile = resolve(`node_modules/.ledger-migrate-worker-${process.pid}.cjs`);
    await build({ entryPoints: [resolve('main/ledger/migrate-worker.ts')], outfile: workerFile, bundle: true, platform: 'node', format: 'cjs', packages: 'external', logLevel: 'silent', absWorkingDir: resolve('.') });
    try {
      const progress: MigrationProgress[] = [];
      await migrateLedger({ open: () => openLedgerDb(dir, { migrate: false }), workerFile, onProgress: (p) => progress.push(p) });
      expect(progress.at(-1)).toEqual({ version: latestVersion, percent: 100 });
      expectKept(shot);
    } finally {
      rmSync(workerFile, { force: true });
    }
  });

  it('the row modules read migrated payments as before', () => {
    const shot = before(50);
    const db = openLedgerDb(dir);
    const rows = createPaymentRows(db);
    const id = (shot.payments[0] as { id: string }).id;
    expect(rows.operationsOf(id).map((o) => o.kind)).toEqual(['create', 'refund']);
    expect(rows.openOperations(id).map((o) => o.outcome)).toEqual(['unknown']);
    expect(rows.historyOf(id).map((h) => h.state)).toEqual(['creating', 'paid', 'refunded']);
    expect(rows.webhooksOf(id)).toHaveLength(0);
    expect(rows.operation((shot.operations.find((o) => (o as { payment_id: string }).payment_id === id) as { id: string }).id)?.payment_id).toBe(id);
    db.close();
  });
});
