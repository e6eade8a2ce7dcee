// Exports written to a file as they are read: one read transaction (a single snapshot of the
// ledger, so payments added meanwhile are neither repeated nor skipped), a window of rows at a
// time by keyset, each written before the next is read (memory flat in the row count), with
// progress and cancel. Runs in a worker thread (export-worker.ts) or, without one, on main's
// event loop a window per turn. The file appears under its name only when complete.
import Database from 'better-sqlite3';
import { renameSync, rmSync } from 'node:fs';
import { isDiskFull } from '../core/disk-full';
import { discardPartial, exportStream } from './export-path';
import type { PaymentFilter } from '../../contract/methods/payments';
import { csvLine } from './csv';
import { auditCells, auditFileHeader, paymentHeader, profileNameCell, type AuditRow, type LocalColumns, type ProfileNames } from './export';
import { paymentColumns, paymentLine } from './export-rows';
import { auditEntryColumns, auditMatch, auditPeriodRange, type AuditSearch } from './audit-query';
import { localColumns } from './local-time';
import { allPaymentRows, planWhere, windowQuery, type PaymentSort } from './search';
import { countCommon } from './count-tables';
import type { LedgerDb } from './database';

/** What is exported: the list's filter and sort, or the audit log (only the entries a search finds, with one). */
export type ExportRequest = { kind: 'payments'; filter: PaymentFilter; sort: PaymentSort } | { kind: 'audit'; search?: AuditSearch };
/** timeZone: the local columns' zone (local-time.ts), an IANA name Intl knows. */
export type ExportJob = ExportRequest & { ledgerFile: string; path: string; timeZone: string; profileNames?: ProfileNames };
/** diskFull: it failed for room (the person is told the disk is full, not only that it failed). */
export type ExportProgress = { rows: number; total: number; done: boolean; cancelled?: boolean; failed?: boolean; diskFull?: boolean };

const window = 1_000;

/**
 * The audit log's entries (those a search finds, with one), oldest first, in keyset windows. Each
 * window's LIMIT is written in: SQLite (3.51) reads a bound LIMIT while planning and would plan the
 * statement again at every window (docs/performance.md, "The other reads planned once").
 */
export function auditReader(db: LedgerDb, search: AuditSearch | undefined): { count(): number; window(after: number): AuditRow[] } {
  const query = search?.query?.trim();
  const match = query ? auditMatch(db, { ...search, query }) : undefined;
  // The screen's period, as the screen finds it (audit-period.ts): the entries first..last.
  const last = (db.prepare('SELECT ifnull(max(seq), 0) AS n FROM audit_log').get() as { n: number }).n;
  const range = (search && auditPeriodRange(db, search, last)) ?? { first: 1, last };
  if (match === 'none' || range.first > range.last) return { count: () => 0, window: () => [] };
  if (!match) {
    const statement = db.prepare(`SELECT * FROM audit_log WHERE seq > ? AND seq >= ? AND seq <= ? ORDER BY seq LIMIT ${window}`);
    const count = range.last < last || range.first > 1 ? () => range.last - range.first + 1 : () => (db.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n;
    return { count, window: (after) => statement.all(after, range.first, range.last) as AuditRow[] };
  }
  const where = `WITH words AS (SELECT value FROM json_each(@words)) SELECT %s FROM ledger_audit a WHERE a.seq > @after AND a.seq BETWEEN @first AND @last AND ${match.test}`;
  const statement = db.prepare(`${where.replace('%s', auditEntryColumns)} ORDER BY a.seq LIMIT ${window}`);
  const params = { ...match.params, first: range.first, last: range.last };
  return {
    count: () => (db.prepare(where.replace('%s', 'count(*) AS n')).get({ ...params, after: 0 }) as { n: number }).n,
    window: (after) => statement.all({ ...params, after }) as AuditRow[],
  };
}

/** The audit log a window at a time, as CSV text. */
function* auditLines(reader: ReturnType<typeof auditReader>, local: LocalColumns, names: ProfileNames): Generator<{ text: string; rows: number }> {
  let after = 0;
  for (;;) {
    const rows = reader.window(after);
    let text = '';
    for (const row of rows) text += csvLine([...auditCells(row, local), profileNameCell(names, row.profile_id)]);
    yield { text, rows: rows.length };
    if (rows.length < window) return;
    after = rows.at(-1)!.seq;
  }
}

/** The payments a window at a time, as CSV text (export-rows.ts: no object per row). */
function* paymentLines(db: LedgerDb, filter: PaymentFilter, sort: PaymentSort, local: LocalColumns, names: ProfileNames): Generator<{ text: string; rows: number }> {
  for (const rows of allPaymentRows(db, filter, sort, paymentColumns, window)) {
    let text = '';
    for (const row of rows) text += paymentLine(row, local, names);
    yield { text, rows: rows.length };
  }
}

const common = ['states', 'kinds', 'currency', 'profileId', 'needsAttention'];

function countOf(db: LedgerDb, job: ExportJob, audit: ReturnType<typeof auditReader> | undefined): number {
  if (job.kind === 'audit') return audit!.count();
  // The common filters are counted by payment_counts (kept by triggers, so of this snapshot too).
  const keys = Object.keys(job.filter).filter((k) => job.filter[k as keyof PaymentFilter] !== undefined);
  if (keys.every((k) => common.includes(k))) return countCommon(db, job.filter);
  const query = windowQuery(db, planWhere(db, job.filter), job.sort, undefined, '1');
  return (db.prepare(`SELECT count(*) AS n FROM (${query.sql})`).get(query.params) as { n: number }).n;
}

/** Runs one export; `yieldTurn` lets the caller's event loop (messages, other calls) run between windows. */
export async function runExport(job: ExportJob, report: (p: ExportProgress) => void, cancelled: () => boolean, yieldTurn: () => Promise<void>): Promise<ExportProgress> {
  const db = new Database(job.ledgerFile, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const partial = `${job.path}.part`;
  const file = exportStream(partial);
  let rows = 0;
  let total = 0;
  try {
    db.exec('BEGIN');
    const audit = job.kind === 'audit' ? auditReader(db, job.search) : undefined;
    total = countOf(db, job, audit); // the first read fixes the snapshot every later window sees
    const header = job.kind === 'audit' ? auditFileHeader : paymentHeader;
    await file.write(`\uFEFF${csvLine(header)}`);
    const local = localColumns(job.timeZone);
    const source = job.kind === 'payments' ? paymentLines(db, job.filter, job.sort, local, job.profileNames ?? {}) : auditLines(audit!, local, job.profileNames ?? {});
    for (const chunk of source) {
      rows += chunk.rows;
      await file.write(chunk.text);
      if (chunk.rows < window) break;
      if (rows % (window * 10) === 0) report({ rows, total, done: false });
      await yieldTurn();
      if (cancelled()) break;
    }
    db.exec('COMMIT');
    await file.end();
    if (cancelled()) {
      rmSync(partial, { force: true });
      return { rows, total, done: true, cancelled: true };
    }
    renameSync(partial, job.path);
    return { rows, total, done: true };
  } catch (error) {
    await discardPartial(file.out, partial);
    return { rows, total, done: true, failed: true, ...(isDiskFull(error) ? { diskFull: true } : {}) };
  } finally {
    db.close();
  }
}
