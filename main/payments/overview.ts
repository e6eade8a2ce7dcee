// The Home overview and the settlement summary: figures read from the ledger's money state.
// Exporting the settlement summary is recorded in the audit log like every export. The overview's
// sums are read by the ledger's overview reader, in worker threads when the app is bundled.
import type { MethodOutput, MethodParsedInput } from '../../contract/methods';
import type { CallContext } from '../core/call-context';
import { appendAudit } from '../ledger/audit-log';
import type { LedgerDb } from '../ledger/database';
import { exportSettlementCsv } from '../ledger/export';
import { exportRecord, settlementScope } from '../ledger/export-record';
import { checkOverviewQuery, checkRanges } from '../ledger/overview-input';
import { createOverviewReader, type OverviewReader } from '../ledger/overview-reader';
import { warmUpQuery } from '../ledger/overview-warm-up';

export function createOverview(deps: { db: LedgerDb; now?: () => Date; reader?: OverviewReader }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const reader = deps.reader ?? createOverviewReader({ db });
  return {
    /** Read off main's event loop when the reader has its worker threads (ledger/overview-reader.ts). */
    async get(input: MethodParsedInput<'getOverview'>): Promise<MethodOutput<'getOverview'>> {
      checkOverviewQuery(input); // a bad instant fails here, in words, before any thread reads
      return reader.read(input);
    },
    /**
     * Home's questions asked empty (overview-warm-up.ts), for warming only: where Home is read now
     * (main's connection until the threads are up) its statements are then prepared. Reads no money.
     */
    async warmUp(): Promise<{ query: MethodParsedInput<'getOverview'>; answer: MethodOutput<'getOverview'> }> {
      const query = warmUpQuery();
      return { query, answer: await reader.read(query) };
    },
    exportSettlement(input: MethodParsedInput<'exportSettlement'>, ctx: CallContext): MethodOutput<'exportSettlement'> {
      checkRanges(input.days);
      const result = exportSettlementCsv(db, input.days, input.profileId, now());
      appendAudit(db, { osUser: ctx.osUser, action: 'export_settlement', result: exportRecord(result.rows, result.fileName, settlementScope(input)) }, now().toISOString());
      return result;
    },
  };
}

export type Overview = ReturnType<typeof createOverview>;
