// Where a check-up run's steps and findings are kept beyond this run of Paydesk: on the team
// ledger in the team database (checkup-runs.sql: written by the login that started the run, read
// by support and admin), so another laptop, or this one after a restart, opens a run made
// elsewhere. A laptop's own ledger keeps none: its runs live in memory until Paydesk quits.
import type { CheckupRun, CheckupRunSummary } from '../../contract/methods/checkup';

/** What the report needs beyond the run itself: the gateway's host and the overridden paths' names, never more. */
export type CheckupRunContext = { gatewayHost: string; pathOverrides: string[] };

export type KeptCheckupRun = { run: CheckupRun; context: CheckupRunContext };

export type CheckupRunStore = {
  /** The run as it is now (steps already stripped of the key and of anything like a card number). */
  save(run: CheckupRun, context: CheckupRunContext): Promise<void>;
  get(runId: string): Promise<KeptCheckupRun | undefined>;
  /** The profile's runs, newest first. */
  recent(profileId: string, limit: number): Promise<CheckupRunSummary[]>;
};

export const checkupCounts = (steps: CheckupRun['steps']): CheckupRunSummary['counts'] => {
  const count = (state: CheckupRun['steps'][number]['state']) => steps.filter((s) => s.state === state).length;
  return { passed: count('passed'), different: count('different'), failed: count('failed'), skipped: count('skipped'), cancelled: count('cancelled') };
};
