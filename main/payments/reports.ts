// What finance and support read from the ledger: searches, CSV exports and the audit log.
// Every export is itself recorded in the audit log.
import type { MethodOutput, MethodParsedInput } from '../../contract/methods';
import type { CallContext } from '../core/call-context';
import { appendAudit, listAudit, verifyAudit } from '../ledger/audit-log';
import type { LedgerDb } from '../ledger/database';
import { exportAuditCsv, exportPaymentsCsv } from '../ledger/export';
import { searchPayments } from '../ledger/search';
import { recentCustomers } from '../ledger/customers';
import type { PaymentRows } from '../ledger/payment-rows';

export function createReports(deps: { db: LedgerDb; rows: PaymentRows; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    search(input: MethodParsedInput<'searchPayments'>): MethodOutput<'searchPayments'> {
      const { total, rows } = searchPayments(db, input.filter, input.sort, input.offset, input.limit);
      return { total, rows: deps.rows.views(rows) };
    },
    exportPayments(input: MethodParsedInput<'exportPayments'>, ctx: CallContext): MethodOutput<'exportPayments'> {
      const result = exportPaymentsCsv(db, input.filter, input.sort, now(), input.offset, input.limit);
      if (result.done) appendAudit(db, { osUser: ctx.osUser, action: 'export_payments', result: `${result.total} rows` }, now().toISOString());
      return result;
    },
    auditLog(input: MethodParsedInput<'listAuditLog'>): MethodOutput<'listAuditLog'> {
      const { total, rows } = listAudit(db, input.query, input.offset, input.limit);
      return {
        total,
        chainIntact: verifyAudit(db).ok,
        rows: rows.map((r) => ({ seq: r.seq, at: r.at, osUser: r.os_user, profileId: r.profile_id, environment: r.environment, action: r.action, paymentId: r.payment_id, orderId: r.order_id, amountMinor: r.amount_minor, currency: r.currency, reason: r.reason, result: r.result })),
      };
    },
    customers(input: MethodParsedInput<'listCustomers'>): MethodOutput<'listCustomers'> {
      return { customers: recentCustomers(db, input.limit).map(({ name, email, phone }) => ({ name, email, phone })) };
    },
    exportAuditLog(ctx: CallContext): MethodOutput<'exportAuditLog'> {
      appendAudit(db, { osUser: ctx.osUser, action: 'export_audit_log', result: 'exported' }, now().toISOString());
      return exportAuditCsv(db, now());
    },
  };
}

export type Reports = ReturnType<typeof createReports>;
