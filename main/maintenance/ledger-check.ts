// Checks a ledger file before Paydesk trusts it as a backup or a restore: SQLite's own
// integrity check, the audit log's hash chain, and the schema version. Opened read-only.
// At a million payments this takes many seconds, so main runs it in a worker thread
// (ledger-check-worker.ts, through `checkLedgerFileOffMain`).
import Database from 'better-sqlite3';
import { verifyAudit } from '../ledger/audit-log';
import { latestVersion } from '../ledger/migrations';
import { openLedgerDb, type LedgerDb } from '../ledger/database';

/** What is wrong, as a code with values: each language words it (`ledgerProblem` in contract/reasons.ts). */
export type LedgerProblem =
  | { problem: 'cannotOpen' | 'cannotRead'; code: string }
  | { problem: 'notLedger' | 'integrity' }
  | { problem: 'newer'; schema: number }
  | { problem: 'chainBroken'; entry: number };

export type LedgerCheck = { ok: true; payments: number; auditRows: number; schema: number } | { ok: false; problem: LedgerProblem };

const codeOf = (e: unknown) => (e as { code?: string }).code ?? 'unknown error';

export function checkLedgerFile(file: string): LedgerCheck {
  let db: LedgerDb | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return checkLedger(db);
  } catch (e) {
    return { ok: false, problem: { problem: 'cannotOpen', code: codeOf(e) } };
  } finally {
    db?.close();
  }
}

export function checkLedger(db: LedgerDb): LedgerCheck {
  const schema = db.pragma('user_version', { simple: true }) as number;
  if (schema < 1) return { ok: false, problem: { problem: 'notLedger' } };
  if (schema > latestVersion) return { ok: false, problem: { problem: 'newer', schema } };
  const integrity = db.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') return { ok: false, problem: { problem: 'integrity' } };
  const audit = verifyAudit(db);
  if (!audit.ok) return { ok: false, problem: { problem: 'chainBroken', entry: audit.brokenAt } };
  const payments = (db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
  return { ok: true, payments, auditRows: audit.rows, schema };
}

/**
 * A restore's staged copy: checked as it is, then opened the way Paydesk opens a ledger (which
 * migrates an older backup to this version's schema), and checked again.
 */
export function checkAndMigrateStaged(stagingDir: string, file: string): LedgerCheck {
  const before = checkLedgerFile(file);
  if (!before.ok) return before;
  let staged: LedgerDb;
  try {
    staged = openLedgerDb(stagingDir);
  } catch (e) {
    return { ok: false, problem: { problem: 'cannotOpen', code: codeOf(e) } };
  }
  try {
    return checkLedger(staged);
  } finally {
    staged.close(); // the last connection: SQLite folds the WAL back into the file
  }
}
