// The audit log: who did what, on which profile, for how much, and how it ended. Each row's
// hash covers its content and the previous row's hash, so an edited or deleted row breaks
// the chain from that point on (tamper-evident, not tamper-proof: anyone with the file can
// rebuild a chain, but not without rewriting every later row).
import { createHash } from 'node:crypto';
import type { LedgerDb } from './database';

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
  for (const row of db.prepare('SELECT * FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ?').iterate(afterSeq, limit) as Iterable<Row>) {
    rows++;
    if (row.seq !== expectedSeq || row.prev_hash !== previous || hashRow(row) !== row.hash) return { rows, seq: expectedSeq - 1, hash: previous, brokenAt: expectedSeq };
    previous = row.hash;
    expectedSeq++;
  }
  return { rows, seq: expectedSeq - 1, hash: previous };
}


export const auditGenesis = genesis;
