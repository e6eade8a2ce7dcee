// The ledger's read methods for the screens (the list, the audit log, exports, earlier
// customers): parsed against the contract, handed to the ledger reads service, answered.
import type { Implementations } from './create-handlers';
import type { LedgerReads } from '../payments/ledger-reads';

type Names = 'searchPayments' | 'listTotals' | 'listUnclearOperations' | 'listNeedsAttention' | 'countNeedsAttention' | 'listPaymentLinks' | 'exportPayments' | 'listAuditLog' | 'exportAuditLog' | 'verifyAuditChain' | 'cancelAuditVerify' | 'exportToFile' | 'cancelExport' | 'listCustomers' | 'listCopiedAudit' | 'verifyCopiedAudit';

/** `activeEnvironment`: that of the profile a form makes its payment on, whose earlier customers it offers. */
export function ledgerHandlers(deps: { reads: LedgerReads; activeEnvironment(): string }): Pick<Implementations, Names> {
  const { reads } = deps;
  return {
    searchPayments: (input) => reads.searchPayments(input),
    listTotals: (input) => reads.listTotals(input),
    listUnclearOperations: (input) => reads.listUnclearOperations(input),
    listNeedsAttention: (input) => reads.listNeedsAttention(input),
    countNeedsAttention: () => reads.countNeedsAttention(),
    listPaymentLinks: (input) => reads.listPaymentLinks(input),
    exportPayments: (input, ctx) => reads.exportPayments(input, ctx),
    listAuditLog: (input) => reads.listAuditLog(input),
    verifyAuditChain: () => reads.verifyAuditChain(),
    cancelAuditVerify: () => reads.cancelAuditVerify(),
    exportToFile: (input, ctx) => reads.exportToFile(input, ctx),
    cancelExport: (input) => reads.cancelExport(input),
    exportAuditLog: (input, ctx) => reads.exportAuditLog(input, ctx),
    listCustomers: (input) => reads.listCustomers(input, deps.activeEnvironment()),
    // A laptop's own ledger has nothing copied into it: only the team ledger lists laptops' entries.
    listCopiedAudit: () => ({ laptops: [], laptop: null, total: 0, rows: [] }),
    verifyCopiedAudit: () => ({ intact: true, entries: 0 }),
  };
}
