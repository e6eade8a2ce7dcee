// What finance and support read from the ledger: the transactions list, the audit log and its
// chain (checked once per entry; a full check in a worker), and the exports (to a file, in a
// worker, one snapshot). Their queries live in main/ledger/ (search.ts, count-tables.ts,
// audit-chain.ts, audit-query.ts, export.ts). Every export is itself recorded in the audit log.
import type { MethodOutput, MethodParsedInput } from '../../contract/methods';
import type { CallContext } from '../core/call-context';
import type { LedgerDb } from '../ledger/database';
import type { EventHub } from '../core/event-hub';
import { recentCustomers } from '../ledger/customers';
import { createPaymentRows } from '../ledger/payment-rows';
import { firstPageRows, searchPayments } from '../ledger/search';
import { onCounted } from '../ledger/count-tables';
import { listTotals } from '../ledger/list-totals';
import { holdWalks, usePositionsWorker } from '../ledger/positions-thread';
import { linksWindow } from '../ledger/links-query';
import { attentionTotal, attentionWindow, staleSendMinutes } from '../ledger/attention-queue';
import { exportAuditCsv, exportPaymentsCsv, type ProfileNames } from '../ledger/export';
import { appendAudit } from '../ledger/audit-log';
import { checkAuditChain } from '../ledger/audit-chain';
import { listAudit } from '../ledger/audit-query';
import { createAuditVerifier } from '../ledger/audit-verify';
import { createExportJobs } from '../ledger/export-jobs';
import { exportRecord } from '../ledger/export-record';
import { exportTimeZone } from '../ledger/local-time';
import { join } from 'node:path';

export type LedgerReadsDeps = {
  db: LedgerDb;
  events: Pick<EventHub, 'emit'>;
  /** Where file exports are written (the user's Downloads folder in the app). */
  exportDir: string;
  /** dist/main: the worker bundles (audit-verify-worker.cjs, export-worker.cjs); without them the work runs in slices on main. */
  workerDir?: string;
  now?: () => Date;
  /** The list's positions for deep jumps are walked no sooner than this (the app: after its first screen; positions-thread.ts holdWalks). */
  walksAfter?: Promise<void>;
  /** The profiles' names for the payments CSV's `profile_name` (export.ts ProfileNames). */
  profileNames?: () => ProfileNames;
};

export function createLedgerReads(deps: LedgerReadsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const rows = createPaymentRows(db);
  const worker = (name: string) => (deps.workerDir ? join(deps.workerDir, name) : undefined);
  const verifier = createAuditVerifier({ db, emit: (event) => deps.events.emit(event), workerFile: worker('audit-verify-worker.cjs') });
  // The list's positions are walked in a worker thread with its own connection (positions.ts).
  usePositionsWorker(db, worker('positions-worker.cjs'));
  if (deps.walksAfter) holdWalks(db, deps.walksAfter);
  // The list's background counts are announced, so the list updates without asking again.
  onCounted(db, (counted) => deps.events.emit({ type: 'payments.counted', countId: counted.id, total: counted.total, exact: counted.exact }));
  const exports = createExportJobs({ db, emit: (event) => deps.events.emit(event), exportDir: deps.exportDir, workerFile: worker('export-worker.cjs'), now, profileNames: deps.profileNames });

  return {
    searchPayments(input: MethodParsedInput<'searchPayments'>): MethodOutput<'searchPayments'> {
      const found = searchPayments(db, input.filter, input.sort, input.offset, input.limit);
      return { total: found.total, totalExact: found.totalExact, countId: found.countId, rows: rows.views(found.rows) };
    },

    /** The list's sums per currency, after its page, in slices (ledger/list-totals.ts). */
    listTotals: (input: MethodParsedInput<'listTotals'>): Promise<MethodOutput<'listTotals'>> => listTotals(db, input.filter),

    listUnclearOperations(input: MethodParsedInput<'listUnclearOperations'>): MethodOutput<'listUnclearOperations'> {
      const ops = rows.unclearOperations(input.limit, input.direction);
      const views = rows.views(ops.map((op) => rows.get(op.payment_id)!));
      return { rows: ops.map((op, i) => ({ payment: views[i]!, operation: { kind: op.kind, amountMinor: op.amount_minor, sentAt: op.created_at } })) };
    },

    /** Needs attention's queue, a window at a time (attention-queue.ts), each row with its lost operation, if any (the first sent). */
    listNeedsAttention(input: MethodParsedInput<'listNeedsAttention'>): MethodOutput<'listNeedsAttention'> {
      const found = attentionWindow(db, input);
      const views = rows.views(found.rows);
      return {
        total: found.total,
        next: found.next,
        rows: views.map((payment) => {
          // The lost one; else a send left open past staleSendMinutes (listed for it), with who sent it.
          const open = rows.openOperations(payment.id);
          const lost = open.find((op) => op.outcome === 'unknown') ?? open.find((op) => op.outcome === 'sending' && Date.parse(op.created_at) < Date.now() - staleSendMinutes * 60_000);
          return { payment, operation: lost ? { kind: lost.kind, amountMinor: lost.amount_minor, sentAt: lost.created_at, outcome: lost.outcome as 'sending' | 'unknown', sentBy: lost.os_user, laptop: null } : null };
        }),
      };
    },

    /** The queue's total alone: the navigation's count of Needs attention. */
    countNeedsAttention: (): MethodOutput<'countNeedsAttention'> => ({ total: attentionTotal(db) }),

    /**
     * The list's first page read as `searchPayments` reads it, for warming only (its rows and
     * views, not its count): nothing walked, counted or announced (api/first-screens-warm-up.ts).
     */
    warmFirstPage(input: MethodParsedInput<'searchPayments'>): MethodOutput<'searchPayments'> {
      const found = firstPageRows(db, input.filter, input.sort, input.limit);
      return { total: found.length, totalExact: true, rows: rows.views(found) };
    },

    listPaymentLinks(input: MethodParsedInput<'listPaymentLinks'>): MethodOutput<'listPaymentLinks'> {
      const found = linksWindow(db, { after: input.after, limit: input.limit, state: input.state });
      return { total: found.total, rows: rows.views(found.rows), next: found.next };
    },

    exportPayments(input: MethodParsedInput<'exportPayments'>, ctx: CallContext): MethodOutput<'exportPayments'> {
      const timeZone = exportTimeZone(input.timeZone);
      const result = exportPaymentsCsv(db, input.filter, input.sort, now(), timeZone, input.offset, input.limit, deps.profileNames?.());
      if (result.done) appendAudit(db, { osUser: ctx.osUser, action: 'export_payments', result: exportRecord(input.offset + result.rows, result.fileName, { kind: 'payments', filter: input.filter }, timeZone) }, now().toISOString());
      return result;
    },

    listAuditLog(input: MethodParsedInput<'listAuditLog'>): MethodOutput<'listAuditLog'> {
      const chain = checkAuditChain(db);
      const found = listAudit(db, input);
      return {
        total: found.total,
        totalExact: found.totalExact,
        chainIntact: chain.intact,
        chain,
        rows: found.rows.map((r) => ({ seq: r.seq, at: r.at, osUser: r.os_user, profileId: r.profile_id, environment: r.environment, action: r.action, paymentId: r.payment_id, orderId: r.order_id, amountMinor: r.amount_minor, currency: r.currency, reason: r.reason, result: r.result })),
      };
    },

    verifyAuditChain(): MethodOutput<'verifyAuditChain'> {
      return verifier.start();
    },

    cancelAuditVerify(): MethodOutput<'cancelAuditVerify'> {
      return verifier.cancel();
    },

    exportToFile(input: MethodParsedInput<'exportToFile'>, ctx: CallContext): MethodOutput<'exportToFile'> {
      const request = input.kind === 'audit' ? { kind: 'audit' as const, search: input.search } : { kind: 'payments' as const, filter: input.filter, sort: input.sort };
      return exports.start({ ...request, timeZone: input.timeZone }, (p, file) => {
        if (db.open && !p.cancelled && !p.failed) appendAudit(db, { osUser: ctx.osUser, action: input.kind === 'audit' ? 'export_audit_log' : 'export_payments', result: exportRecord(p.rows, file.fileName, request, file.timeZone) }, now().toISOString());
      });
    },

    cancelExport(input: MethodParsedInput<'cancelExport'>): MethodOutput<'cancelExport'> {
      return { cancelled: exports.cancel(input.exportId) };
    },

    /** Earlier customers of an environment (the active profile's: a form makes its payment there), for picking one in a form. */
    listCustomers(input: MethodParsedInput<'listCustomers'>, environment: string): MethodOutput<'listCustomers'> {
      return { customers: recentCustomers(db, environment, input.limit).map(({ name, email, phone }) => ({ name, email, phone })) };
    },

    // Recorded once the log is read, as "Export to a file" records once its file is written: a read
    // that fails leaves no entry saying the log was exported (docs/maintenance.md).
    exportAuditLog(input: MethodParsedInput<'exportAuditLog'>, ctx: CallContext): MethodOutput<'exportAuditLog'> {
      const zone = exportTimeZone(input.timeZone);
      const download = exportAuditCsv(db, now(), zone, deps.profileNames?.());
      appendAudit(db, { osUser: ctx.osUser, action: 'export_audit_log', result: exportRecord(download.rows, download.fileName, { kind: 'audit' }, zone) }, now().toISOString());
      return download;
    },
  };
}

export type LedgerReads = ReturnType<typeof createLedgerReads>;
