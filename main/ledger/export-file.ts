// Exports written to a file as they are read: one read transaction (a single snapshot of the
// ledger, so payments added meanwhile are neither repeated nor skipped), a window of rows at a
// time by keyset, each written before the next is read (memory flat in the row count), with
// progress and cancel. Runs in a worker thread (export-worker.ts) or, without one, on main's
// event loop a window per turn. The file appears under its name only when complete.
import Database from 'better-sqlite3';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import type { PaymentFilter } from '../../contract/methods/payments';
import { csvLine } from './csv';
import { auditCells, auditHeader, paymentCells, paymentHeader, type AuditRow } from './export';
import { allPayments, planWhere, windowQuery, type PaymentSort } from './search';
import type { LedgerDb } from './database';

export type ExportJob = { ledgerFile: string; path: string; kind: 'payments'; filter: PaymentFilter; sort: PaymentSort } | { ledgerFile: string; path: string; kind: 'audit' };
export type ExportProgress = { rows: number; total: number; done: boolean; cancelled?: boolean; failed?: boolean };

const window = 1_000;
// Only what the CSV shows (the sort keys among them): a third fewer values read per row.
const paymentColumns = ['created_at', 'kind', 'order_id', 'state', 'status_word', 'amount_minor', 'currency', 'captured_minor', 'refunded_minor', 'customer_name', 'customer_email', 'customer_phone', 'card_bin', 'card_last4', 'transaction_id', 'link_url', 'profile_id', 'environment', 'description', 'last_checked_at'].map((c) => `p.${c}`).join(', ');

function* auditRows(db: LedgerDb): Generator<AuditRow> {
  let after = 0;
  for (;;) {
    const rows = db.prepare('SELECT * FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ?').all(after, window) as AuditRow[];
    yield* rows;
    if (rows.length < window) return;
    after = rows.at(-1)!.seq;
  }
}

function countOf(db: LedgerDb, job: ExportJob): number {
  if (job.kind === 'audit') return (db.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n;
  const query = windowQuery(db, planWhere(db, job.filter), job.sort, undefined, '1');
  return (db.prepare(`SELECT count(*) AS n FROM (${query.sql})`).get(query.params) as { n: number }).n;
}

/** Runs one export; `yieldTurn` lets the caller's event loop (messages, other calls) run between windows. */
export async function runExport(job: ExportJob, report: (p: ExportProgress) => void, cancelled: () => boolean, yieldTurn: () => Promise<void>): Promise<ExportProgress> {
  const db = new Database(job.ledgerFile, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const partial = `${job.path}.part`;
  const out = createWriteStream(partial, { encoding: 'utf8' });
  let rows = 0;
  let total = 0;
  try {
    db.exec('BEGIN');
    total = countOf(db, job); // the first read fixes the snapshot every later window sees
    const header = job.kind === 'audit' ? auditHeader : paymentHeader;
    out.write(`\uFEFF${csvLine(header)}`);
    const source: Iterable<unknown> = job.kind === 'audit' ? auditRows(db) : allPayments(db, job.filter, job.sort, window, paymentColumns);
    let text = '';
    for (const row of source) {
      text += csvLine(job.kind === 'audit' ? auditCells(row as AuditRow) : paymentCells(row as never));
      if (++rows % window) continue;
      if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      text = '';
      if (rows % (window * 10) === 0) report({ rows, total, done: false });
      await yieldTurn();
      if (cancelled()) break;
    }
    out.write(text);
    db.exec('COMMIT');
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
    if (cancelled()) {
      rmSync(partial, { force: true });
      return { rows, total, done: true, cancelled: true };
    }
    renameSync(partial, job.path);
    return { rows, total, done: true };
  } catch {
    out.destroy();
    rmSync(partial, { force: true });
    return { rows, total, done: true, failed: true };
  } finally {
    db.close();
  }
}
