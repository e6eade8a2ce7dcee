// Where a check-up run's steps and findings are kept beyond this run of Paydesk: on the team
// ledger in the team database (checkup-runs.sql: written by the login that started the run, read
// by support and admin), so another laptop, or this one after a restart, opens a run made
// elsewhere. A laptop's own ledger keeps none: its runs live in memory until Paydesk quits.
import type { CheckupRun, CheckupRunSummary } from '../../contract/methods/checkup';

/** What the report needs beyond the run itself: the gateway's host and the overridden paths' names, never more. */
export type CheckupRunContext = { gatewayHost: string; pathOverrides: string[] };

/** `savedState`: the state its laptop last saved (a run it saved as running that nobody holds any more is shown as interrupted). */
export type KeptCheckupRun = { run: CheckupRun; context: CheckupRunContext; savedState: CheckupRun['state'] };

export type CheckupRunStore = {
  /** The run as it is now (steps already stripped of the key and of anything like a card number). */
  save(run: CheckupRun, context: CheckupRunContext): Promise<void>;
  get(runId: string): Promise<KeptCheckupRun | undefined>;
  /** The profile's runs, newest first. */
  recent(profileId: string, limit: number): Promise<CheckupRunSummary[]>;
  /**
   * Held by this laptop while it runs (before its first save, until `release` after its last): a
   * run kept as running that no laptop holds can no longer finish, and is shown as interrupted.
   */
  hold(runId: string): Promise<{ release(): Promise<void> }>;
};

export const checkupCounts = (steps: CheckupRun['steps']): CheckupRunSummary['counts'] => {
  const count = (state: CheckupRun['steps'][number]['state']) => steps.filter((s) => s.state === state).length;
  return { passed: count('passed'), different: count('different'), failed: count('failed'), skipped: count('skipped'), cancelled: count('cancelled') };
};
