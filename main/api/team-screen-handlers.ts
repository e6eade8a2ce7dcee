// The screens' reads, exports and chain check on the team ledger: the same methods and answers as
// on this laptop's file (docs/team-ledger.md, "What works on the team ledger"); everything else
// goes through the store and services that composition.ts gives the team backend.
import type { Implementations } from './create-handlers';
import type { TeamScreens } from '../team/team-backend';

/** The screens' reads on the team ledger: the same methods and answers as on this laptop's ledger. */
export function teamLedgerScreenHandlers(screens: TeamScreens, activeEnvironment: () => string): Pick<Implementations, 'searchPayments' | 'listTotals' | 'listUnclearOperations' | 'listNeedsAttention' | 'countNeedsAttention' | 'listPaymentLinks' | 'listAuditLog' | 'listCustomers' | 'getOverview' | 'exportSettlement' | 'listRefundsMade' | 'exportRefundsMade' | 'exportToFile' | 'cancelExport' | 'verifyAuditChain' | 'cancelAuditVerify' | 'exportPayments' | 'exportAuditLog' | 'listCopiedAudit' | 'verifyCopiedAudit'> {
  const { reads, overview, exports, quick } = screens;
  return {
    searchPayments: (input) => reads.searchPayments(input),
    listTotals: (input) => reads.listTotals(input.filter),
    listUnclearOperations: (input) => reads.listUnclearOperations(input),
    listNeedsAttention: (input) => reads.listNeedsAttention(input),
    countNeedsAttention: () => reads.countNeedsAttention(),
    listPaymentLinks: (input) => reads.listPaymentLinks(input),
    listAuditLog: (input) => reads.listAuditLog(input),
    listCopiedAudit: (input) => reads.listCopiedAudit(input),
    verifyCopiedAudit: (input) => reads.verifyCopiedAudit(input),
    listCustomers: (input) => reads.listCustomers(input, activeEnvironment()),
    getOverview: (input) => overview.get(input),
    // The database records the export in the team's audit log itself (record_export).
    exportSettlement: (input, ctx) => overview.exportSettlement(input, ctx),
    listRefundsMade: (input) => overview.listRefundsMade(input),
    exportRefundsMade: (input, ctx) => overview.exportRefundsMade(input, ctx),
    exportToFile: (input, ctx) => exports.start(input.kind === 'audit' ? { kind: 'audit', search: input.search, timeZone: input.timeZone } : { kind: 'payments', filter: input.filter, sort: input.sort, timeZone: input.timeZone }, undefined, ctx),
    cancelExport: (input) => ({ cancelled: exports.cancel(input.exportId) }),
    // The full check of the database's chain (audit.verify events) and the quick CSV downloads, as on a laptop's file.
    verifyAuditChain: () => reads.verifyAuditChain(),
    cancelAuditVerify: () => reads.cancelAuditVerify(),
    exportPayments: (input, ctx) => quick.exportPayments(input, ctx.osUser),
    exportAuditLog: (input, ctx) => quick.exportAuditLog(ctx.osUser, input.timeZone),
  };
}
