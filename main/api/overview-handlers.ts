// The finance overview: figures, charts and the settlement summary, parsed against the
// contract, handed to the overview service, answered.
import type { Implementations } from './create-handlers';
import type { Overview } from '../payments/overview';

type Names = 'getOverview' | 'exportSettlement';

/** The rest of this turn of the event loop first (setImmediate). */
const afterThisTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function overviewHandlers(deps: { overview: Overview }): Pick<Implementations, Names> {
  const { overview } = deps;
  return {
    // Home's figures can hold main's thread for tens of ms until its reader's threads are up
    // (after the first screen): calls that arrived with them and cost little (the list's first
    // page, prepared at start: a click on the list as Home shows) are answered first.
    getOverview: async (input) => {
      await afterThisTurn();
      return overview.get(input);
    },
    exportSettlement: (input, ctx) => overview.exportSettlement(input, ctx),
  };
}
