// A period of the audit log (the screen's From and To days, as instants: from included, to
// excluded) as the entries written in it, first and last seq. The log is written in time order
// and its seq numbers are gapless, so the range is found by halving on seq: about 20 entries read
// at 1,000,000, with no index on time, on both ledgers. An entry whose time is out of order (the
// computer's clock set back) is placed by its position (docs/screens-after-sale.md, "Audit log").

/** The screen's period; either end may be open. */
export type AuditPeriod = { from?: string; to?: string };
/** Entries first..last (inclusive) were written in the period; none when first > last. */
export type SeqRange = { first: number; last: number };

/** The halving, as the seqs it reads: yields a seq, is given its entry's time (ISO 8601; undefined if absent). */
function* rangeOf(period: AuditPeriod, lastSeq: number): Generator<number, SeqRange, string | undefined> {
  // The first seq in 1..lastSeq whose time is at or after `instant` (lastSeq + 1 if none).
  function* firstAtOrAfter(instant: string | undefined): Generator<number, number, string | undefined> {
    if (instant === undefined) return 1;
    const wanted = Date.parse(instant);
    let low = 1;
    let high = lastSeq + 1;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const at = yield middle;
      if (at !== undefined && Date.parse(at) >= wanted) high = middle;
      else low = middle + 1;
    }
    return low;
  }
  // A time that is not one matches nothing (the screen sends only instants it made).
  if ([period.from, period.to].some((end) => end !== undefined && Number.isNaN(Date.parse(end)))) return { first: 1, last: 0 };
  const first = yield* firstAtOrAfter(period.from);
  const end = period.to === undefined ? lastSeq + 1 : yield* firstAtOrAfter(period.to);
  return { first, last: end - 1 };
}

export const hasPeriod = (period: AuditPeriod | undefined): period is AuditPeriod => period?.from !== undefined || period?.to !== undefined;

/** The period's entries on a ledger read at once (SQLite). */
export function seqRangeNow(period: AuditPeriod, lastSeq: number, atOf: (seq: number) => string | undefined): SeqRange {
  const walk = rangeOf(period, lastSeq);
  for (let step = walk.next(undefined); ; step = walk.next(atOf(step.value as number))) if (step.done) return step.value;
}

/** The same on a ledger read by queries (the team's PostgreSQL). */
export async function seqRangeLater(period: AuditPeriod, lastSeq: number, atOf: (seq: number) => Promise<string | undefined>): Promise<SeqRange> {
  const walk = rangeOf(period, lastSeq);
  for (let step = walk.next(undefined); ; step = walk.next(await atOf(step.value as number))) if (step.done) return step.value;
}
