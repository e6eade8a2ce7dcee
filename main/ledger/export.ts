// Exports of the ledger: any filtered view of payments, and the audit log.
import { formatMinor, type CurrencyCode } from '../../contract/money';
import type { PaymentFilter } from '../../contract/methods/payments';
import type { LedgerDb } from './database';
import { toCsv, type Cell } from './csv';
import { allPayments, countPayments, type PaymentSort } from './search';
import { verifyAudit } from './audit-log';
import { dailyTotals, type Day } from './overview';

const stamp = (now: Date) => now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/** One chunk of the export: rows [offset, offset + limit); the first chunk carries the BOM and the header. */
export function exportPaymentsCsv(db: LedgerDb, filter: PaymentFilter, sort: PaymentSort, now: Date, offset = 0, limit = Number.MAX_SAFE_INTEGER) {
  const header = ['created_at', 'kind', 'order_id', 'state', 'gateway_status', 'amount', 'currency', 'captured', 'refunded', 'customer_name', 'customer_email', 'customer_phone', 'card', 'transaction_id', 'url', 'profile_id', 'environment', 'description', 'last_checked_at'];
  const total = countPayments(db, filter);
  function* lines(): Generator<Cell[]> {
    for (const p of allPayments(db, filter, sort, offset, limit)) {
      yield [
        p.created_at, p.kind, p.order_id, p.state, p.status_word,
        formatMinor(p.amount_minor, p.currency), p.currency, formatMinor(p.captured_minor, p.currency), formatMinor(p.refunded_minor, p.currency),
        p.customer_name, p.customer_email, p.customer_phone, p.card_bin && p.card_last4 ? `${p.card_bin}******${p.card_last4}` : null,
        p.transaction_id, p.link_url, p.profile_id, p.environment, p.description, p.last_checked_at,
      ];
    }
  }
  const chunk = toCsv(header, lines());
  // Only the first chunk starts the file; later ones are bare lines to append.
  const csv = offset === 0 ? chunk.csv : chunk.csv.slice(chunk.csv.indexOf('\r\n') + 2);
  return { fileName: `paydesk-payments-${stamp(now)}.csv`, csv, rows: chunk.rows, total, done: offset + chunk.rows >= total };
}

export type AuditRow = { seq: number; at: string; os_user: string; profile_id: string | null; environment: string | null; action: string; payment_id: string | null; order_id: string | null; amount_minor: number | null; currency: string | null; reason: string | null; result: string; hash: string };

export function exportAuditCsv(db: LedgerDb, now: Date) {
  const header = ['seq', 'at', 'os_user', 'profile_id', 'environment', 'action', 'payment_id', 'order_id', 'amount', 'currency', 'reason', 'result', 'hash'];
  function* lines(): Generator<Cell[]> {
    for (const r of db.prepare('SELECT * FROM audit_log ORDER BY seq').iterate() as Iterable<AuditRow>) {
      const amount = r.amount_minor !== null && r.currency ? formatMinor(r.amount_minor, r.currency as never) : null;
      yield [r.seq, r.at, r.os_user, r.profile_id, r.environment, r.action, r.payment_id, r.order_id, amount, r.currency, r.reason, r.result, r.hash];
    }
  }
  return { fileName: `paydesk-audit-${stamp(now)}.csv`, ...toCsv(header, lines()), chainIntact: verifyAudit(db).ok };
}

/** The settlement summary: per day (the user's calendar days) and currency, gross, refunds, net and counts. */
export function exportSettlementCsv(db: LedgerDb, days: Day[], profileId: string | undefined, now: Date) {
  const header = ['date', 'currency', 'gross', 'refunds', 'net', 'payments', 'refunded_payments'];
  function* lines(): Generator<Cell[]> {
    for (const r of dailyTotals(db, days, profileId)) {
      const c = r.currency as CurrencyCode;
      yield [r.date, r.currency, formatMinor(r.grossMinor, c), formatMinor(r.refundedMinor, c), formatMinor(r.netMinor, c), r.paidCount, r.refundCount];
    }
  }
  return { fileName: `paydesk-settlement-${stamp(now)}.csv`, ...toCsv(header, lines()) };
}
