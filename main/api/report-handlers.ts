// Finding and exporting what the ledger holds: the input is parsed against the contract; each
// handler calls the reports service and answers.
import type { Implementations } from './create-handlers';
import type { Reports } from '../payments/reports';
import type { Overview } from '../payments/overview';

type Names = 'searchPayments' | 'exportPayments' | 'listAuditLog' | 'exportAuditLog' | 'listCustomers' | 'getOverview' | 'exportSettlement';

export function reportHandlers(deps: { reports: Reports; overview: Overview }): Pick<Implementations, Names> {
  const { reports, overview } = deps;
  return {
    searchPayments: (input) => reports.search(input),
    exportPayments: (input, ctx) => reports.exportPayments(input, ctx),
    listAuditLog: (input) => reports.auditLog(input),
    exportAuditLog: (_input, ctx) => reports.exportAuditLog(ctx),
    listCustomers: (input) => reports.customers(input),
    getOverview: (input) => overview.get(input),
    exportSettlement: (input, ctx) => overview.exportSettlement(input, ctx),
  };
}
