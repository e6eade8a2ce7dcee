// What does not work on the team ledger yet answers why, in words, instead of reading or writing
// this laptop's own file behind the person's back (docs/team-ledger.md, "What works on the team
// ledger"). Each method is answered with its feature's reason.
import type { MethodName } from '../../contract/methods';
import type { ReasonKey } from '../../contract/reasons';
import type { Implementations } from './create-handlers';
import { fail } from '../core/fail';
import type { TeamScreens } from '../team/team-backend';

/** The screens' reads on the team ledger: the same methods and answers as on this laptop's ledger. */
export function teamLedgerScreenHandlers(screens: TeamScreens): Pick<Implementations, 'searchPayments' | 'listPaymentLinks' | 'listAuditLog' | 'listCustomers' | 'getOverview' | 'exportSettlement' | 'exportToFile' | 'cancelExport' | 'verifyAuditChain' | 'exportPayments' | 'exportAuditLog'> {
  const { reads, overview, exports, quick } = screens;
  return {
    searchPayments: (input) => reads.searchPayments(input),
    listPaymentLinks: (input) => reads.listPaymentLinks(input),
    listAuditLog: (input) => reads.listAuditLog(input),
    listCustomers: (input) => reads.listCustomers(input),
    getOverview: (input) => overview.get(input),
    // The database records the export in the team's audit log itself (record_export).
    exportSettlement: (input, ctx) => overview.exportSettlement(input, ctx),
    exportToFile: (input, ctx) => exports.start(input.kind === 'audit' ? { kind: 'audit' } : { kind: 'payments', filter: input.filter, sort: input.sort }, undefined, ctx),
    cancelExport: (input) => ({ cancelled: exports.cancel(input.exportId) }),
    // The full check of the database's chain (audit.verify events) and the quick CSV downloads, as on a laptop's file.
    verifyAuditChain: () => reads.verifyAuditChain(),
    exportPayments: (input, ctx) => quick.exportPayments(input, ctx.osUser),
    exportAuditLog: (_input, ctx) => quick.exportAuditLog(ctx.osUser),
  };
}

/** Methods that read or write this laptop's own file, by the reason each answers on the team ledger. */
export const notOnTeamLedger = {
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
