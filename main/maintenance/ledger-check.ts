// Checks a ledger file before Paydesk trusts it as a backup or a restore: SQLite's own
// integrity check, the audit log's hash chain, and the schema version. Opened read-only.
import Database from 'better-sqlite3';
import { verifyAudit } from '../ledger/audit-log';
import { latestVersion } from '../ledger/migrations';
import type { LedgerDb } from '../ledger/database';

export type LedgerCheck =
  | { ok: true; payments: number; auditRows: number; schema: number }
  | { ok: false; problem: string };

export function checkLedgerFile(file: string): LedgerCheck {
  let db: LedgerDb | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return checkLedger(db);
  } catch (e) {
    return { ok: false, problem: `it cannot be opened as a database (${(e as { code?: string }).code ?? 'unknown error'})` };
  } finally {
    db?.close();
  }
}

export function checkLedger(db: LedgerDb): LedgerCheck {
  const schema = db.pragma('user_version', { simple: true }) as number;
  if (schema < 1) return { ok: false, problem: 'it is not a Paydesk ledger' };
  if (schema > latestVersion) return { ok: false, problem: `it was written by a newer Paydesk (schema ${schema})` };
  const integrity = db.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') return { ok: false, problem: 'SQLite’s integrity check failed' };
  const audit = verifyAudit(db);
  if (!audit.ok) return { ok: false, problem: `its audit chain is broken at entry ${audit.brokenAt}` };
  const payments = (db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
  return { ok: true, payments, auditRows: audit.rows, schema };
}
