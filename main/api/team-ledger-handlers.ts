import type { Implementations } from './create-handlers';
import type { TeamLedgerSettingsService } from '../team/team-ledger-settings';
import type { TeamLedgerCopyService } from '../team/team-ledger-copy';
import type { TeamPeopleService } from '../team/team-people';
import type { TeamPasswordService } from '../team/team-password';

type Names = 'getTeamLedger' | 'saveTeamLedger' | 'testTeamLedger' | 'useTeamLedger';
type CopyNames = 'copyToTeamLedger' | 'getTeamLedgerCopy';

export function teamLedgerHandlers(deps: { teamLedger: TeamLedgerSettingsService }): Pick<Implementations, Names> {
  const { teamLedger } = deps;
  return {
    getTeamLedger: () => teamLedger.view(),
    saveTeamLedger: (input) => teamLedger.save(input),
    testTeamLedger: (input) => teamLedger.test(input),
    useTeamLedger: (input) => teamLedger.use(input.use),
  };
}

export function teamLedgerCopyHandlers(deps: { copy: TeamLedgerCopyService }): Pick<Implementations, CopyNames> {
  return {
    copyToTeamLedger: () => deps.copy.start(),
    getTeamLedgerCopy: () => deps.copy.view(),
  };
}

export function teamPeopleHandlers(deps: { people: TeamPeopleService }): Pick<Implementations, 'addTeamPerson' | 'listTeamPeople' | 'changeTeamPersonGroup' | 'removeTeamPerson'> {
  return {
    addTeamPerson: (input) => deps.people.add(input),
    listTeamPeople: () => deps.people.list(),
    changeTeamPersonGroup: (input) => deps.people.changeGroup(input),
    removeTeamPerson: (input) => deps.people.remove(input),
  };
}

export function teamPasswordHandlers(deps: { password: TeamPasswordService }): Pick<Implementations, 'changeTeamPassword' | 'getUnsavedTeamPassword' | 'saveTeamPasswordAgain'> {
  return {
    changeTeamPassword: (input) => deps.password.change(input),
    getUnsavedTeamPassword: () => deps.password.unsaved(),
    saveTeamPasswordAgain: () => deps.password.saveAgain(),
  };
}
