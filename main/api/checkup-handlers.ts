// The gateway check-up's methods: the input is already parsed against the contract; each
// handler calls the check-up service and answers with what it returns.
import type { Implementations } from './create-handlers';
import type { CheckupService } from '../checkup/checkup-service';

type Names = 'startCheckup' | 'cancelCheckup' | 'getCheckup' | 'listCheckups' | 'saveCheckupReport';

export function checkupHandlers(deps: { checkup: CheckupService }): Pick<Implementations, Names> {
  const { checkup } = deps;
  return {
    startCheckup: (input, ctx) => checkup.start(input.profileId, ctx),
    cancelCheckup: (input) => checkup.cancel(input.runId),
    getCheckup: (input) => checkup.get(input),
    listCheckups: (input) => checkup.list(input.profileId),
    saveCheckupReport: (input, ctx) => checkup.report(input.runId, ctx),
  };
}
