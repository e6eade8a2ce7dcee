// Finding and exporting what the ledger holds: the input is parsed against the contract; each
// handler calls the reports service and answers.
import type { Implementations } from './create-handlers';
import type { Reports } from '../payments/reports';

type Names = 'searchPayments' | 'exportPayments' | 'listAuditLog' | 'exportAuditLog' | 'listCustomers';

export function reportHandlers(deps: { reports: Reports }): Pick<Implementations, Names> {
  const { reports } = deps;
  return {
    searchPayments: (input) => reports.search(input),
    exportPayments: (input, ctx) => reports.exportPayments(input, ctx),
    listAuditLog: (input) => reports.auditLog(input),
    exportAuditLog: (_input, ctx) => reports.exportAuditLog(ctx),
    listCustomers: (input) => reports.customers(input),
  };
}
