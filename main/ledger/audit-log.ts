// The audit log: who did what, on which profile, for how much, and how it ended. Each row's
// hash covers its content and the previous row's hash, so an edited or deleted row breaks
// the chain from that point on (tamper-evident, not tamper-proof: anyone with the file can
// rebuild a chain, but not without rewriting every later row).
import { createHash } from 'node:crypto';
import type { LedgerDb } from './database';
import type { AuditRow } from './export';

export type AuditEntry = {
  osUser: string;
  profileId?: string | null;
  environment?: string | null;
  action: string;
  paymentId?: string | null;
  orderId?: string | null;
  amountMinor?: number | null;
  currency?: string | null;
  reason?: string | null;
  result: string;
};

const genesis = '0'.repeat(64);
const columns = ['seq', 'at', 'os_user', 'profile_id', 'environment', 'action', 'payment_id', 'order_id', 'amount_minor', 'currency', 'reason', 'result'] as const;
type Row = Record<(typeof columns)[number], string | number | null> & { prev_hash: string; hash: string };

function hashRow(row: Omit<Row, 'hash'>): string {
  const content = JSON.stringify(columns.map((column) => row[column]));
  return createHash('sha256').update(row.prev_hash).update(content).digest('hex');
}

export function appendAudit(db: LedgerDb, entry: AuditEntry, at: string): void {
  const last = db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string } | undefined;
  const row = {
    seq: (last?.seq ?? 0) + 1,
    at,
    os_user: entry.osUser,
    profile_id: entry.profileId ?? null,
    environment: entry.environment ?? null,
    action: entry.action,
    payment_id: entry.paymentId ?? null,
    order_id: entry.orderId ?? null,
    amount_minor: entry.amountMinor ?? null,
    currency: entry.currency ?? null,
    reason: entry.reason ?? null,
    result: entry.result,
    prev_hash: last?.hash ?? genesis,
  };
  db.prepare(`INSERT INTO audit_log (${[...columns, 'prev_hash', 'hash'].join(', ')}) VALUES (${[...columns, 'prev_hash', 'hash'].map((c) => `@${c}`).join(', ')})`).run({ ...row, hash: hashRow(row) });
}

/** Walks the chain; the first row that does not match names where tampering starts. */
export function verifyAudit(db: LedgerDb): { ok: true; rows: number } | { ok: false; rows: number; brokenAt: number } {
  let previous = genesis;
  let expectedSeq = 1;
  let rows = 0;
  for (const row of db.prepare('SELECT * FROM audit_log ORDER BY seq').iterate() as Iterable<Row>) {
    rows++;
    if (row.seq !== expectedSeq || row.prev_hash !== previous || hashRow(row) !== row.hash) return { ok: false, rows, brokenAt: expectedSeq };
    previous = row.hash;
    expectedSeq++;
  }
  return { ok: true, rows };
}

/** A window of the audit log, newest first, optionally filtered by a text found in its words. */
export function listAudit(db: LedgerDb, query: string | undefined, offset: number, limit: number) {
  const text = query?.trim();
  const where = text ? "WHERE action LIKE @q ESCAPE '\\' OR order_id LIKE @q ESCAPE '\\' OR os_user LIKE @q ESCAPE '\\' OR result LIKE @q ESCAPE '\\'" : '';
  const params = { q: `%${(text ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit, offset };
  const total = (db.prepare(`SELECT count(*) AS n FROM audit_log ${where}`).get(params) as { n: number }).n;
  const rows = db.prepare(`SELECT * FROM audit_log ${where} ORDER BY seq DESC LIMIT @limit OFFSET @offset`).all(params) as AuditRow[];
  return { total, rows };
}
