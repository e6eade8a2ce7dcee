// The Home overview and the settlement summary: figures read from the ledger's money state.
// Exporting the settlement summary is recorded in the audit log like every export.
import type { MethodOutput, MethodParsedInput } from '../../contract/methods';
import type { CallContext } from '../core/call-context';
import { appendAudit } from '../ledger/audit-log';
import type { LedgerDb } from '../ledger/database';
import { exportSettlementCsv } from '../ledger/export';
import { chartFigures, chartRows, instant, needsAttentionCount, periodTotals, unpaidLinks } from '../ledger/overview';

const dayMs = 86_400_000;

export function createOverview(deps: { db: LedgerDb; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    get(input: MethodParsedInput<'getOverview'>): MethodOutput<'getOverview'> {
      const { profileId, days } = input;
      const at = new Date(instant(input.now, 'now')).getTime();
      const dayAgo = new Date(at - dayMs).toISOString();
      const weekAgo = new Date(at - 7 * dayMs).toISOString();
      const ages = [
        { age: 'day' as const, from: dayAgo, to: null },
        { age: 'week' as const, from: weekAgo, to: dayAgo },
        { age: 'older' as const, from: null, to: weekAgo },
      ];
      // The charts' days and shares in one pass (the shares cover the days' span).
      const charts = chartFigures(chartRows(db, days, profileId));
      return {
        periods: input.periods.map((range) => ({ ...range, totals: periodTotals(db, range, profileId) as never })),
        days: charts.days.map((r) => ({ ...r, currency: r.currency as never })),
        byBrand: charts.byBrand.map(({ key, ...r }) => ({ brand: key as never, ...r, currency: r.currency as never })),
        byKind: charts.byKind.map(({ key, ...r }) => ({ kind: key as never, ...r, currency: r.currency as never })),
        unpaidLinks: ages.map((a) => ({ ...a, ...(unpaidLinks(db, a.from, a.to, profileId) as { count: number; totals: never }) })),
        needsAttention: needsAttentionCount(db, profileId),
      };
    },
    exportSettlement(input: MethodParsedInput<'exportSettlement'>, ctx: CallContext): MethodOutput<'exportSettlement'> {
      const result = exportSettlementCsv(db, input.days, input.profileId, now());
      appendAudit(db, { osUser: ctx.osUser, action: 'export_settlement', result: `${result.rows} rows` }, now().toISOString());
      return result;
    },
  };
}

export type Overview = ReturnType<typeof createOverview>;
