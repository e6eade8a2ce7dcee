// The overview's arithmetic that reads no ledger: how a range splits into the whole UTC days and
// hours both ledgers keep sums of and the instants at its ends, and the charts' per-currency sums
// of the rows read. Pure, so mutation testing judges it (stryker.config.mjs); overview.ts reads.
import type { Range, TotalsRow } from './overview';

const hourMs = 3_600_000;
type Split = { hf: number; ht: number; a1: string; b1: string; a2: string; b2: string };

/** [from, to) as the whole hours [hf, ht) and the instants before and after them. */
export function splitByHours(range: Range): Split {
  const from = new Date(range.from).getTime();
  const to = new Date(range.to).getTime();
  const hf = Math.ceil(from / hourMs);
  const ht = Math.floor(to / hourMs);
  const at = (ms: number) => new Date(ms).toISOString();
  // Less than one whole hour: all of it from the payments.
  if (hf >= ht) return { hf: 0, ht: 0, a1: at(from), b1: at(to), a2: '', b2: '' };
  return { hf, ht, a1: at(from), b1: at(hf * hourMs), a2: at(ht * hourMs), b2: at(to) };
}

export type SumParts = { df: number; dt: number; h1: number; h2: number; h3: number; h4: number; a1: string; b1: string; a2: string | null; b2: string | null };

/**
 * A range as both ledgers sum it from their hour and day tables: the whole UTC days [df, dt) from
 * the day rows, the whole hours [h1, h2) and [h3, h4) either side of them from the hour rows, and
 * the instants [a1, b1) and [a2, b2) at the ends from the rows themselves (null bounds: no second edge).
 */
export function sumParts(range: Range): SumParts {
  const s = splitByHours(range);
  const df = Math.ceil(s.hf / 24);
  const dt = Math.floor(s.ht / 24);
  // No whole day: every whole hour in the first span.
  const days = df < dt ? { df, dt, h1: s.hf, h2: df * 24, h3: dt * 24, h4: s.ht } : { df: 0, dt: 0, h1: s.hf, h2: s.ht, h3: 0, h4: 0 };
  return { ...days, a1: s.a1, b1: s.b1, a2: s.a2 || null, b2: s.b2 || null };
}

export type ChartRow = { date: string; currency: string; kind: string; brand: string; grossMinor: number; refundedMinor: number; count: number };

/**
 * Code-unit order, not `localeCompare`: the first `localeCompare` in a process (or thread) builds
 * ICU's collator, 6-30 ms of main's CPU on the first charts answer (docs/performance.md, "Cold start,
 * eighth pass"). The same order here: dates are YYYY-MM-DD (the contract's pattern), currencies
 * three capital letters, brands and kinds small letters.
 */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The daily bars and the shares from `chartRows` (integer sums, each well under 2^53). */
export function chartFigures(rows: ChartRow[]) {
  const group = <T extends { grossMinor: number }>(keyOf: (r: ChartRow) => string, make: (r: ChartRow) => T, add: (g: T, r: ChartRow) => void) => {
    const groups = new Map<string, T>();
    for (const r of rows) {
      const id = keyOf(r);
      const g = groups.get(id) ?? make(r);
      add(g, r);
      groups.set(id, g);
    }
    return [...groups.values()];
  };
  const days = group((r) => `${r.date} ${r.currency}`, (r) => ({ date: r.date, currency: r.currency, grossMinor: 0, refundedMinor: 0 }), (g, r) => {
    g.grossMinor += r.grossMinor;
    g.refundedMinor += r.refundedMinor;
  }).sort((a, b) => byText(a.date, b.date) || byText(a.currency, b.currency));
  const share = (by: 'kind' | 'brand') =>
    group((r) => `${r.currency} ${r[by]}`, (r) => ({ key: r[by], currency: r.currency, grossMinor: 0, count: 0 }), (g, r) => {
      g.grossMinor += r.grossMinor;
      g.count += r.count;
    }).sort((a, b) => byText(a.currency, b.currency) || b.grossMinor - a.grossMinor || byText(a.key, b.key));
  return { days, byBrand: share('brand'), byKind: share('kind') };
}

/**
 * One range's totals with, per currency, the authorisations captured outside Paydesk whose amount no
 * answer told (capturedAmountUnknown: in no other figure, walk35). A currency with only those gets a
 * row of zeros, so Home says them rather than "Nothing yet". Both ledgers, in currency order.
 */
export function withCapturesNotKnown(rows: Array<Omit<TotalsRow, 'capturesNotKnown'>>, counts: Map<string, number>): TotalsRow[] {
  const all: TotalsRow[] = rows.map((r) => ({ ...r, capturesNotKnown: counts.get(r.currency) ?? 0 }));
  for (const [currency, n] of counts) {
    if (n > 0 && !rows.some((r) => r.currency === currency)) all.push({ currency, grossMinor: 0, refundedMinor: 0, netMinor: 0, paidCount: 0, refundCount: 0, refundsNotKnown: 0, capturesNotKnown: n });
  }
  return all.sort((a, b) => byText(a.currency, b.currency));
}
