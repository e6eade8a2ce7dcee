// The audit log: who did what, on which profile, for how much, and how it ended. Each row's
// hash covers its content and the previous row's hash, so an edited or deleted row breaks
// the chain from that point on (tamper-evident, not tamper-proof: anyone with the file can
// rebuild a chain, but not without rewriting every later row).
import { createHash } from 'node:crypto';
import type { LedgerDb } from './database';
import { createWords, packHash, packOrder, packTime, sqlUnpackHash } from './packing';
import { prepared, writtenLimit } from './statements';

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
  /** A check-up run's own entries name their run (the team ledger registers it: checkup.sql); not a column of the laptop's log. */
  checkupRun?: string;
};

const genesis = '0'.repeat(64);
const columns = ['seq', 'at', 'os_user', 'profile_id', 'environment', 'action', 'payment_id', 'order_id', 'amount_minor', 'currency', 'reason', 'result'] as const;
type Row = Record<(typeof columns)[number], string | number | null> & { prev_hash: string; hash: string };

/** The hash of an entry: SHA-256 of the previous entry's hash (64 lower-case hex digits) followed by the JSON array of its columns as written. */
function hashRow(row: Omit<Row, 'hash'>): string {
  const content = JSON.stringify(columns.map((column) => row[column]));
  return createHash('sha256').update(row.prev_hash).update(content).digest('hex');
}

// Stored packed (migration 11, child-tables.ts: ledger_audit); audit_log is the view that shows
// every entry as written, prev_hash included, and is what the chain is checked on.
export function appendAudit(db: LedgerDb, entry: AuditEntry, at: string): void {
  const last = db.prepare(`SELECT seq, ${sqlUnpackHash('hash')} AS hash FROM ledger_audit ORDER BY seq DESC LIMIT 1`).get() as { seq: number; hash: string } | undefined;
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
  const payment = row.payment_id === null ? undefined : db.prepare('SELECT rowid, order_id FROM payments WHERE id = ?').get(row.payment_id) as { rowid: number; order_id: string } | undefined;
  const word = createWords(db);
  db.prepare(`INSERT INTO ledger_audit (seq, at, os_user, profile_id, environment, action, payment, order_id, amount_minor, currency, reason, result, prev_hash, hash)
    VALUES (@seq, @at, @os_user, @profile_id, @environment, @action, @payment, @order_id, @amount_minor, @currency, @reason, @result, NULL, @hash)`).run({
    seq: row.seq, at: packTime(at), os_user: word(row.os_user), profile_id: word(row.profile_id), environment: word(row.environment), action: word(row.action),
    payment: payment ? BigInt(payment.rowid) : row.payment_id, order_id: packOrder(row.order_id, payment?.order_id), amount_minor: row.amount_minor,
    currency: word(row.currency), reason: word(row.reason), result: word(row.result), hash: packHash(hashRow(row)),
  });
}

/** Walks the chain; the first row that does not match names where tampering starts. */
export function verifyAudit(db: LedgerDb): { ok: true; rows: number } | { ok: false; rows: number; brokenAt: number } {
  let rows = 0;
  let position = { seq: 0, hash: genesis };
  for (;;) {
    const part = verifyAuditRange(db, position.seq, position.hash, 10_000);
    rows += part.rows;
    if (part.brokenAt !== undefined) return { ok: false, rows, brokenAt: part.brokenAt };
    if (part.rows < 10_000) return { ok: true, rows };
    position = { seq: part.seq, hash: part.hash };
  }
}

export type RangeCheck = { rows: number; seq: number; hash: string; brokenAt?: number };

/** Checks up to `limit` rows after `afterSeq`, whose hash must be `prevHash`. */
export function verifyAuditRange(db: LedgerDb, afterSeq: number, prevHash: string, limit: number): RangeCheck {
  let previous = prevHash;
  let expectedSeq = afterSeq + 1;
  let rows = 0;
  // The LIMIT written in (a bound one is planned again at every call: statements.ts), at least `limit`.
  for (const row of prepared(db, `SELECT * FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ${writtenLimit(limit)}`).iterate(afterSeq) as Iterable<Row>) {
    if (rows === limit) break;
    rows++;
    if (row.seq !== expectedSeq || row.prev_hash !== previous || hashRow(row) !== row.hash) return { rows, seq: expectedSeq - 1, hash: previous, brokenAt: expectedSeq };
    previous = row.hash;
    expectedSeq++;
  }
  return { rows, seq: expectedSeq - 1, hash: previous };
}


export const auditGenesis = genesis;
