// The finance overview: figures, charts and the settlement summary, parsed against the
// contract, handed to the overview service, answered.
import type { Implementations } from './create-handlers';
import type { Overview } from '../payments/overview';

type Names = 'getOverview' | 'exportSettlement' | 'listRefundsMade' | 'exportRefundsMade';

export function overviewHandlers(deps: { overview: Overview }): Pick<Implementations, Names> {
  const { overview } = deps;
  return {
    getOverview: (input) => overview.get(input),
    exportSettlement: (input, ctx) => overview.exportSettlement(input, ctx),
    listRefundsMade: (input) => overview.listRefundsMade(input),
    exportRefundsMade: (input, ctx) => overview.exportRefundsMade(input, ctx),
  };
}
