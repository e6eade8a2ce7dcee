// How the team ledger sums a range from home-sums.sql's tables, as the laptop's overview.ts and
// refunds-made.ts do from theirs: the whole UTC days [df, dt) from the day rows, the whole hours
// [h1, h2) and [h3, h4) either side of them from the hour rows, and the instants [a1, b1) and
// [a2, b2) at the ends (a local midnight at :30 or :45, any instant) from the rows themselves.
import { splitByHours, type Range } from '../overview';

export type SumParts = { df: number; dt: number; h1: number; h2: number; h3: number; h4: number; a1: string; b1: string; a2: string | null; b2: string | null };

export function sumParts(range: Range): SumParts {
  const s = splitByHours(range);
  const df = Math.ceil(s.hf / 24);
  const dt = Math.floor(s.ht / 24);
  // No whole day: every whole hour in the first span.
  const days = df < dt ? { df, dt, h1: s.hf, h2: df * 24, h3: dt * 24, h4: s.ht } : { df: 0, dt: 0, h1: s.hf, h2: s.ht, h3: 0, h4: 0 };
  // No whole hour: all of it is the first edge, and the second is empty (null bounds match nothing).
  return { ...days, a1: s.a1, b1: s.b1, a2: s.a2 || null, b2: s.b2 || null };
}
