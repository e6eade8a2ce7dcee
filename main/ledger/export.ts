// Exports of the ledger: any filtered view of payments, and the audit log.
import { formatMinor, type CurrencyCode } from '../../contract/money';
import { capturedAmountUnknown, refundedAmountUnknown } from '../../contract/payment-states';
import type { PaymentFilter } from '../../contract/methods/payments';
import type { LedgerDb } from './database';
import { minorUnitsHeader, toCsv, type Cell } from './csv';
import { searchPayments, type PaymentSort } from './search';
import { openOperationsOf, type OpenOperation, type PaymentRow } from './payment-rows';
import { openOperationCells } from './export-rows';
import { checkAuditChain } from './audit-chain';
import { dailyTotals, type Day, type TotalsRow } from './overview';
import { localMidnight, nextDate } from './local-midnight';
import { exportTimeZone, localColumns } from './local-time';

/**
 * The moment in a file's name, to the second, as the user's clock showed it (the zone of the
 * file's local columns, else this process's): a file saved at 08:46 in Riyadh was named 054600,
 * UTC's time, three hours off the clock and the folder's "modified" column.
 */
const stamp = (now: Date, zone?: string) => {
  const [local] = localColumns(zone ?? exportTimeZone(undefined))(now.toISOString());
  return (local ?? now.toISOString()).slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
};

/** The local columns end both files (added 2026-11-29, after every older column: sheets reading by position still work). */
export const localHeader = ['local_time', 'local_day'];
export type LocalColumns = ReturnType<typeof localColumns>;
/**
 * Each profile's name by its id, as this computer's profiles name it (a removed profile's, or a
 * colleague's not here, has none: its cell is empty). The files' `profile_name` (walk37): with a
 * franchise's twenty branches `profile_id` alone was twenty UUIDs for finance to match by hand.
 */
export type ProfileNames = Readonly<Record<string, string>>;

/**
 * `refunded_known` (added 2026-11-29): "no" for a refund made outside Paydesk whose amount no
 * answer told (its `refunded` cell is then empty, never 0.00), else "yes". An authorisation
 * captured outside Paydesk, how much not told, has its `captured` cell empty (walk35), never 0.00. The open operation's
 * three (added 2026-11-29, last), as the list's row words it (export-rows.ts openOperationCells).
 * `profile_name` (walk37): the profile's name on this computer (ProfileNames). The money again in
 * integer minor units (walk38, last; `minorUnitsHeader`).
 */
export const paymentHeader = ['created_at', 'kind', 'order_id', 'state', 'gateway_status', 'amount', 'currency', 'captured', 'refunded', 'customer_name', 'customer_email', 'customer_phone', 'card', 'transaction_id', 'url', 'profile_id', 'environment', 'description', 'last_checked_at', ...localHeader, 'refunded_known', 'open_operation', 'open_operation_state', 'open_operation_amount', 'profile_name', ...minorUnitsHeader(['amount', 'captured', 'refunded'])];

export function paymentCells(p: PaymentRow, local: LocalColumns, open: OpenOperation | null, names: ProfileNames = {}): Cell[] {
  const unknown = refundedAmountUnknown({ state: p.state, refundedMinor: p.refunded_minor });
  const capturedNotKnown = capturedAmountUnknown({ state: p.state, capturedMinor: p.captured_minor });
  return [
    p.created_at, p.kind, p.order_id, p.state, p.status_word,
    formatMinor(p.amount_minor, p.currency), p.currency, capturedNotKnown ? null : formatMinor(p.captured_minor, p.currency), unknown ? null : formatMinor(p.refunded_minor, p.currency),
    p.customer_name, p.customer_email, p.customer_phone, p.card_bin && p.card_last4 ? `${p.card_bin}******${p.card_last4}` : null,
    p.transaction_id, p.link_url, p.profile_id, p.environment, p.description, p.last_checked_at, ...local(p.created_at), unknown ? 'no' : 'yes',
    ...openOperationCells(open, p.currency), names[p.profile_id] ?? null,
    p.amount_minor, capturedNotKnown ? null : p.captured_minor, unknown ? null : p.refunded_minor,
  ];
}

export const auditHeader = ['seq', 'at', 'os_user', 'profile_id', 'environment', 'action', 'payment_id', 'order_id', 'amount', 'currency', 'reason', 'result', 'hash', ...localHeader];
/**
 * The audit log's file on this computer: its columns, then `profile_name` (walk39, last): the profile's
 * name as it is named now (ProfileNames), for reading; `profile_id` stays what the entry recorded
 * (the log is history: a profile renamed since is named as it is now). The team's file: pg-export.ts.
 */
export const auditFileHeader = [...auditHeader, 'profile_name'];
/** An entry's profile_name cell: none for an entry of no profile, or a profile no one names any more. */
export const profileNameCell = (names: ProfileNames, profileId: string | null) => (profileId === null ? null : names[profileId] ?? null);

export function auditCells(r: AuditRow, local: LocalColumns): Cell[] {
  const amount = r.amount_minor !== null && r.currency ? formatMinor(r.amount_minor, r.currency as never) : null;
  return [r.seq, r.at, r.os_user, r.profile_id, r.environment, r.action, r.payment_id, r.order_id, amount, r.currency, r.reason, r.result, r.hash, ...local(r.at)];
}

/** `zone`: the export's time zone (its local columns'), else this process's. */
export const exportFileName = (kind: 'payments' | 'audit' | 'audit-matching' | 'refunds-made', now: Date, zone?: string) => `paydesk-${kind}-${stamp(now, zone)}.csv`;

/** A file's kind in its name: an audit search's or period's file is "audit-matching", a part of the log whose chain cannot be checked from it alone. */
export const exportKindOf = (request: { kind: 'payments' } | { kind: 'audit'; search?: { query?: string; from?: string; to?: string } }) =>
  request.kind === 'audit' && (request.search?.query?.trim() || request.search?.from !== undefined || request.search?.to !== undefined) ? 'audit-matching' : request.kind;

/** One chunk of the export: rows [offset, offset + limit); the first chunk carries the BOM and the header. */
export function exportPaymentsCsv(db: LedgerDb, filter: PaymentFilter, sort: PaymentSort, now: Date, zone: string, offset = 0, limit = Number.MAX_SAFE_INTEGER, names: ProfileNames = {}) {
  const local = localColumns(zone);
  // Chunk after chunk continues from where the last one ended (keyset, see search.ts).
  const size = Math.min(limit, 20_000);
  const window = searchPayments(db, filter, sort, offset, size);
  const open = openOperationsOf(db, window.rows.map((row) => row.id));
  const chunk = toCsv(paymentHeader, window.rows.map((row) => paymentCells(row, local, open.get(row.id) ?? null, names)));
  // Only the first chunk starts the file; later ones are bare lines to append.
  const csv = offset === 0 ? chunk.csv : chunk.csv.slice(chunk.csv.indexOf('\r\n') + 2);
  return { fileName: exportFileName('payments', now, zone), csv, rows: chunk.rows, total: window.total, done: chunk.rows < size || (window.totalExact && offset + chunk.rows >= window.total) };
}

export type AuditRow = { seq: number; at: string; os_user: string; profile_id: string | null; environment: string | null; action: string; payment_id: string | null; order_id: string | null; amount_minor: number | null; currency: string | null; reason: string | null; result: string; hash: string };

/** The whole log as one string: kept for small logs; large ones go to a file (export-file.ts). */
export function exportAuditCsv(db: LedgerDb, now: Date, zone: string, names: ProfileNames = {}) {
  const local = localColumns(zone);
  function* lines(): Generator<Cell[]> {
    for (const r of db.prepare('SELECT * FROM audit_log ORDER BY seq').iterate() as Iterable<AuditRow>) yield [...auditCells(r, local), profileNameCell(names, r.profile_id)];
  }
  return { fileName: exportFileName('audit', now, zone), ...toCsv(auditFileHeader, lines()), chainIntact: checkAuditChain(db).intact };
}

/** The last two: the day's start and the next day's, with the user's offset from UTC (the file's time zone). */
/**
 * `refunds_not_known` (added 2026-11-29): payments refunded outside Paydesk whose amount is not known, in none of the other figures;
 * `captures_not_known` (added 2026-12-03, last): authorisations captured outside Paydesk, amount not known, in none either.
 * The money columns are named as the payments CSV's (`captured`, `refunded`) and Home's figures
 * (Captured, Refunded): they read `gross`, `refunds` and `payments` until 2026-11-29, three names
 * for what the month end matches against the payments CSV (docs/ledger.md, "The words for money").
 */
export const settlementHeader = ['date', 'currency', 'captured', 'refunded', 'net', 'captured_payments', 'refunded_payments', 'day_starts_at', 'day_ends_at', 'refunds_not_known', 'captures_not_known', ...minorUnitsHeader(['captured', 'refunded', 'net'])];

/** The settlement summary's CSV from its rows (per day and currency) and the days asked for, on either backend. */
export function settlementCsv(rows: Iterable<TotalsRow & { date: string }>, days: Day[], now: Date) {
  const bounds = new Map(days.map((d) => [d.date, [localMidnight(d.date, d.from), localMidnight(nextDate(d.date), d.to)]]));
  function* lines(): Generator<Cell[]> {
    for (const r of rows) {
      const c = r.currency as CurrencyCode;
      const [starts, ends] = bounds.get(r.date) ?? [];
      yield [r.date, r.currency, formatMinor(r.grossMinor, c), formatMinor(r.refundedMinor, c), formatMinor(r.netMinor, c), r.paidCount, r.refundCount, starts, ends, r.refundsNotKnown, r.capturesNotKnown, r.grossMinor, r.refundedMinor, r.netMinor];
    }
  }
  return { fileName: `paydesk-settlement-${stamp(now)}.csv`, ...toCsv(settlementHeader, lines()) };
}

/** The settlement summary: per day (the user's calendar days) and currency, gross, refunds, net and counts. */
export function exportSettlementCsv(db: LedgerDb, days: Day[], profileId: string | undefined, now: Date) {
  return settlementCsv(dailyTotals(db, days, profileId), days, now);
}
