// Which currencies of "Authorised, not captured" get a line of their own on Home. Up to four, all of
// them, in the ledger's order (by code: what a business with one to three currencies always saw).
// Past four, the three with the most payments held (most work waiting; then the oldest hold, then
// the code), and the rest behind one line: a line hiding a single currency would take the very
// space that currency's own line takes.
import type { OverviewData } from './overview-store';

export type Held = NonNullable<OverviewData['authorised']>[number];

/** Every currency shown while there are at most this many. */
export const allShownUpTo = 4;
/** Past that, how many lead. */
export const leading = 3;

export function splitHeld(held: readonly Held[]): { lead: Held[]; rest: Held[] } {
  if (held.length <= allShownUpTo) return { lead: [...held], rest: [] };
  const ranked = [...held].sort((a, b) => b.count - a.count || Date.parse(a.oldestAt) - Date.parse(b.oldestAt) || (a.currency < b.currency ? -1 : 1));
  return { lead: ranked.slice(0, leading), rest: ranked.slice(leading) };
}

/** The oldest hold among some currencies: ages compare across currencies, amounts do not. */
export function oldestOf(held: readonly Held[]): string {
  return held.map((x) => x.oldestAt).reduce((oldest, at) => (Date.parse(at) < Date.parse(oldest) ? at : oldest));
}
