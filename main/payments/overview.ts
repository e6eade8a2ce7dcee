// The Home overview and the settlement summary: figures read from the ledger's money state.
// Exporting the settlement summary is recorded in the audit log like every export. The overview's
// sums are read by the ledger's overview reader, in worker threads when the app is bundled.
import type { MethodOutput, MethodParsedInput } from '../../contract/methods';
import type { CallContext } from '../core/call-context';
import { appendAudit } from '../ledger/audit-log';
import type { LedgerDb } from '../ledger/database';
import { exportFileName, exportSettlementCsv, type ProfileNames } from '../ledger/export';
import { exportTimeZone } from '../ledger/local-time';
import { refundsMadeCsv, refundsMadeWindow, type RefundMade } from '../ledger/refunds-made';
import { exportRecord, refundsMadeScope, settlementScope } from '../ledger/export-record';
import { checkOverviewQuery, checkRanges, instant } from '../ledger/overview-input';
import { createOverviewReader, type OverviewReader } from '../ledger/overview-reader';
import { warmUpQuery } from '../ledger/overview-warm-up';

/** Refunds read per turn of main's event loop for the CSV (about 20 ms each at 1,000,000 payments). */
const exportWindow = 1_000;

/** profileNames: for the refunds made CSV's `profile_name` (export.ts ProfileNames). */
export function createOverview(deps: { db: LedgerDb; now?: () => Date; reader?: OverviewReader; profileNames?: () => ProfileNames }) {
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
    /** A window of the refunds made in a period (oldest first), and whether more follow. */
    listRefundsMade(input: MethodParsedInput<'listRefundsMade'>): MethodOutput<'listRefundsMade'> {
      checkRanges([input]);
      const after = input.after ? { at: instant(input.after.at, 'after'), id: input.after.id } : undefined;
      const rows = refundsMadeWindow(db, input, input.limit + 1, after);
      return { rows: rows.slice(0, input.limit) as never, more: rows.length > input.limit };
    },
    /**
     * The refunds made in a period as CSV, recorded in the audit log like every export. Read a window
     * at a time by keyset, main's event loop free between windows: 400 days at 1,000,000 payments are
     * 60,000 refunds, 2.5 s read at once (docs/performance.md). A refund recorded meanwhile is in the
     * file if its window is still to come, never twice.
     */
    async exportRefundsMade(input: MethodParsedInput<'exportRefundsMade'>, ctx: CallContext): Promise<MethodOutput<'exportRefundsMade'>> {
      checkRanges([input]);
      const zone = exportTimeZone(input.timeZone);
      const at = now();
      const rows: RefundMade[] = [];
      for (let window = refundsMadeWindow(db, input, exportWindow); ; ) {
        rows.push(...window);
        if (window.length < exportWindow) break;
        await new Promise((resolve) => setImmediate(resolve));
        const last = window.at(-1)!;
        window = refundsMadeWindow(db, input, exportWindow, { at: last.at, id: last.id });
      }
      const result = { fileName: exportFileName('refunds-made', at, zone), ...refundsMadeCsv(rows, zone, deps.profileNames?.()) };
      appendAudit(db, { osUser: ctx.osUser, action: 'export_refunds', result: exportRecord(result.rows, result.fileName, refundsMadeScope(input, zone), zone) }, at.toISOString());
      return result;
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
