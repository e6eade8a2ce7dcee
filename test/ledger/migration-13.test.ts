// Migration 13 (the overview's money by hour and day): a version 12 ledger's payments are summed
// into money_hours and money_days in slices; a migration stopped between slices resumes at the next opening without
// counting a payment twice; the money index goes; and from then on the triggers keep the table
// equal to the payments summed again.
// SQLite only: migration 13 builds SQLite's own summary tables; the team ledger sums the payments
// (pg-overview.ts), and its schema's numbered steps are tested in postgres/schema-steps.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { migrateNow, migrationSteps, schemaVersion } from '../../main/ledger/migrate';
import { fillMoneyDaysSql, fillMoneyHoursSql, fillUnpaidLinksSql } from '../../main/ledger/migration-13';
import { periodTotals } from '../../main/ledger/overview';
import { latestVersion } from '../../main/ledger/migrations';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'paydesk-m13-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A version 12 ledger with n payments over ten days, some paid, refunded, voided, in three currencies. */
function oldLedger(n: number): void {
  const db = openLedgerDb(dir, { migrate: false });
  migrateNow(db, { to: 12 });
  const insert = db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, card_bin, state, captured_minor, refunded_minor, created_by, created_at, updated_at)
    VALUES (?, ?, 'practice', ?, ?, ?, ?, ?, ?, ?, ?, 'seed', ?, ?)`);
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const amount = 100 + ((i * 7_919) % 90_000);
      const state = ['paid', 'partially_refunded', 'voided', 'pending'][i % 4]!;
      const captured = state === 'paid' || state === 'partially_refunded' ? amount : 0;
      const at = new Date(Date.UTC(2026, 4, 1) + i * 1_234_567).toISOString();
      insert.run(`m13-${i}`, i % 5 ? 'practice' : 'shop', ['sale', 'link', 'checkout'][i % 3], `M13-${i}`, amount, ['SAR', 'KWD', 'JPY'][i % 3], ['400000', '512345', null][i % 3], state,
        captured, state === 'partially_refunded' ? Math.floor(amount / 3) : 0, at, at);
    }
  })();
  db.close();
}

// Every column of each table, so two copies compare row by row.
const order: Record<string, string> = { money_hours: '1, 2, 3, 4, 5', money_days: '1, 2, 3', unpaid_links: '1, 2' };
const summedAgain = (db: LedgerDb) =>
  (
    [
      ['money_hours', fillMoneyHoursSql(false)],
      ['money_days', fillMoneyDaysSql(false)],
      ['unpaid_links', fillUnpaidLinksSql],
    ] as const
  ).map(([table, fill]) => {
    db.exec(`CREATE TEMP TABLE again AS SELECT * FROM ${table} WHERE 0`);
    db.exec(fill.replace(`INSERT INTO ${table}`, 'INSERT INTO temp.again').replace(/ON CONFLICT[\s\S]*$/, ''));
    const rows = db.prepare(`SELECT * FROM temp.again ORDER BY ${order[table]}`).all();
    db.exec('DROP TABLE temp.again');
    return rows;
  });
const kept = (db: LedgerDb) => ['money_hours', 'money_days', 'unpaid_links'].map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY ${order[table]}`).all());

describe('migration 13', () => {
  it('sums a version 12 ledger in slices, resumes after a stop, and drops the money index', () => {
    oldLedger(600);
    const first = openLedgerDb(dir, { migrate: false });
    const steps = migrationSteps(first, { sliceRows: 50 });
    for (let i = 0; i < 4; i++) steps.next(); // stopped after a few slices (the app closed)
    expect(schemaVersion(first)).toBe(12);
    first.close();

    const db = openLedgerDb(dir); // the next start finishes it (and the versions after it)
    expect(schemaVersion(db)).toBe(latestVersion);
    expect(kept(db)[0]!.length).toBeGreaterThan(100);
    expect(kept(db)[1]!.length).toBeGreaterThan(10);
    expect(kept(db)[2]!.length).toBeGreaterThan(1);
    expect(kept(db)).toEqual(summedAgain(db));
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name IN ('payments_money', 'money_hours')").pluck().all()).toEqual(['money_hours']);
    expect(db.prepare("SELECT count(*) FROM ledger_meta WHERE key LIKE 'migration_13%'").pluck().get()).toBe(0);
    // The figures read through it equal the payments' own sums, here over a range at :45 past the hour.
    const range = { from: '2026-05-02T18:45:00.000Z', to: '2026-05-07T18:45:00.000Z' };
    const direct = db.prepare(`SELECT currency, sum(captured_minor) AS grossMinor, sum(refunded_minor) AS refundedMinor, sum(captured_minor - refunded_minor) AS netMinor,
      count(*) AS paidCount, count(CASE WHEN refunded_minor > 0 THEN 1 END) AS refundCount,
      count(CASE WHEN refunded_minor = 0 AND state IN ('partially_refunded', 'refunded') THEN 1 END) AS refundsNotKnown,
      (SELECT count(*) FROM payments q WHERE q.currency = p.currency AND q.state = 'partially_captured' AND q.captured_minor = 0 AND q.created_at >= ? AND q.created_at < ?) AS capturesNotKnown
      FROM payments p WHERE created_at >= ? AND created_at < ? AND captured_minor > 0 GROUP BY currency ORDER BY currency`).all(range.from, range.to, range.from, range.to);
    expect(periodTotals(db, range)).toEqual(direct);

    // Afterwards the triggers keep it: a refund, a void of what was never captured, a deletion.
    db.prepare("UPDATE payments SET refunded_minor = captured_minor, state = 'refunded' WHERE id = 'm13-0'").run();
    db.prepare("UPDATE payments SET state = 'voided' WHERE id = 'm13-3'").run();
    db.prepare("UPDATE payments SET state = 'paid', captured_minor = amount_minor WHERE id = 'm13-7'").run(); // a pending link paid
    db.prepare("DELETE FROM payments WHERE id = 'm13-1'").run();
    expect(kept(db)).toEqual(summedAgain(db));
    db.close();
  });
});
