// What does not work on the team ledger yet answers why, in words, instead of reading or writing
// this laptop's own file behind the person's back (docs/team-ledger.md, "What works on the team
// ledger"). Each method is answered with its feature's reason.
import type { MethodName } from '../../contract/methods';
import type { ReasonKey } from '../../contract/reasons';
import type { Implementations } from './create-handlers';
import { fail } from '../core/fail';

/** Methods that read or write this laptop's own file, by the reason each answers on the team ledger. */
export const notOnTeamLedger = {
  'teamLedger.notYetReads': ['searchPayments', 'listPaymentLinks', 'exportPayments', 'listAuditLog', 'exportAuditLog', 'verifyAuditChain', 'exportToFile', 'cancelExport', 'listCustomers'],
  'teamLedger.notYetOverview': ['getOverview', 'exportSettlement'],
  'teamLedger.notYetInvoices': ['createInvoice', 'getInvoice', 'invoiceNumbers', 'invoiceDocument', 'openInvoiceDocument', 'recentCustomers'],
  'teamLedger.notYetBulk': ['bulkTemplate', 'bulkPreview', 'bulkCreateBatch', 'bulkRun', 'bulkCancel', 'getBulkBatch', 'listBulkBatches', 'bulkErrorReport'],
  'teamLedger.notYetCheckup': ['startCheckup', 'cancelCheckup', 'getCheckup', 'saveCheckupReport'],
  'teamLedger.notYetRecurring': ['chargeRecurring'],
} as const satisfies Partial<Record<ReasonKey, readonly MethodName[]>>;

/**
 * The methods of `notOnTeamLedger` answering their reason, except those given in `ported` (a
 * PostgreSQL version landed, e.g. the list's reads).
 */
export function unavailableOnTeamLedger(ported: readonly MethodName[] = []): Partial<Implementations> {
  const answers: Partial<Record<MethodName, () => never>> = {};
  for (const [key, names] of Object.entries(notOnTeamLedger) as Array<[ReasonKey, readonly MethodName[]]>) {
    for (const name of names) {
      if (ported.includes(name)) continue;
      answers[name] = () => {
        throw fail('rule_violation', key);
      };
    }
  }
  return answers as Partial<Implementations>;
}
