import type { Implementations } from './create-handlers';
import type { TeamLedgerSettingsService } from '../team/team-ledger-settings';

type Names = 'getTeamLedger' | 'saveTeamLedger' | 'testTeamLedger';

export function teamLedgerHandlers(deps: { teamLedger: TeamLedgerSettingsService }): Pick<Implementations, Names> {
  const { teamLedger } = deps;
  return {
    getTeamLedger: () => teamLedger.view(),
    saveTeamLedger: (input) => teamLedger.save(input),
    testTeamLedger: (input) => teamLedger.test(input),
  };
}
