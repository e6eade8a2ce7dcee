// getOverview's answer as the DOM tests' stub of main gives it: every period asked with `totals`, no
// days or shares, and Home's figures (asked together with the periods) when periods were asked.
import type { MethodInput, MethodOutput } from '../../contract/methods';
import { unchecked } from './stub-main';

export function overviewAnswer(input: MethodInput<'getOverview'>, totals: unknown[], figures: Record<string, unknown>) {
  return {
    ok: true as const,
    value: unchecked<MethodOutput<'getOverview'>>({
      periods: (input.periods ?? []).map((p) => ({ ...p, totals })),
      days: [], byBrand: [], byKind: [],
      ...(input.periods?.length ? figures : {}),
    }),
  };
}
