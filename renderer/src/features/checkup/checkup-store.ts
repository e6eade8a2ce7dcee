// The check-up runs as main reports them: the latest run of each profile, refreshed on every
// checkup.progress event (events carry the run's id only), and the one-time offer made right
// after a sandbox key is set. On the team ledger also the profile's recent runs, every laptop's
// (kept in the team database), any of which can be opened in place of the latest.
import { create } from 'zustand';
import type { CheckupRun, CheckupRunSummary } from '../../../../contract/methods/checkup';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';

type CheckupState = {
  runs: Record<string, CheckupRun>;
  errors: Record<string, AppError | undefined>;
  /** Profiles whose key was just set: the check-up is offered once. */
  offered: Record<string, boolean>;
  /** The profile's recent runs and where they are kept (the team ledger: every laptop's). */
  recent: Record<string, { runs: CheckupRunSummary[]; kept: 'team' | 'thisRun' } | undefined>;
  /** Why the recent runs could not be read (the team ledger out of reach), until a read succeeds. */
  recentErrors: Record<string, AppError | undefined>;
  load(profileId: string): Promise<void>;
  loadRecent(profileId: string): Promise<void>;
  /** Shows a run of the list (another laptop's too) in place of the latest. */
  open(profileId: string, runId: string): Promise<void>;
  start(profileId: string): Promise<void>;
  cancel(runId: string): Promise<void>;
  offer(profileId: string): void;
  dismiss(profileId: string): void;
};

export const useCheckups = create<CheckupState>((set, get) => ({
  runs: {},
  errors: {},
  offered: {},
  recent: {},
  recentErrors: {},
  async loadRecent(profileId) {
    const result = await api.listCheckups({ profileId });
    if (result.ok) set({ recent: { ...get().recent, [profileId]: result.value }, recentErrors: { ...get().recentErrors, [profileId]: undefined } });
    else set({ recentErrors: { ...get().recentErrors, [profileId]: result.error } });
  },
  async open(profileId, runId) {
    const result = await api.getCheckup({ runId });
    if (result.ok && result.value.run) set({ runs: { ...get().runs, [profileId]: result.value.run } });
  },
  async load(profileId) {
    const result = await api.getCheckup({ profileId });
    if (result.ok && result.value.run) set({ runs: { ...get().runs, [profileId]: result.value.run } });
  },
  async start(profileId) {
    set({ errors: { ...get().errors, [profileId]: undefined }, offered: { ...get().offered, [profileId]: false } });
    const result = await api.startCheckup({ profileId });
    if (!result.ok) return set({ errors: { ...get().errors, [profileId]: result.error } });
    set({ runs: { ...get().runs, [profileId]: result.value } });
  },
  async cancel(runId) {
    const result = await api.cancelCheckup({ runId });
    if (result.ok) set({ runs: { ...get().runs, [result.value.profileId]: result.value } });
  },
  offer: (profileId) => set({ offered: { ...get().offered, [profileId]: true } }),
  dismiss: (profileId) => set({ offered: { ...get().offered, [profileId]: false } }),
}));

let watchers = 0;
let unsubscribe: (() => void) | undefined;

/** Keeps every shown run current while main works through it (one subscription however many sections watch). */
export function watchCheckups(): () => void {
  if (watchers++ === 0) {
    unsubscribe = api.subscribe((event) => {
      if (event.type !== 'checkup.progress') return;
      void api.getCheckup({ runId: event.runId }).then((result) => {
        const run = result.ok ? result.value.run : null;
        // Only over the run shown (another laptop's run opened from the list stays shown).
        if (run) useCheckups.setState((state) => (!state.runs[run.profileId] || state.runs[run.profileId]!.id === run.id || run.state === 'running' ? { runs: { ...state.runs, [run.profileId]: run } } : state));
        if (run && (run.state === 'finished' || run.state === 'cancelled')) void useCheckups.getState().loadRecent(run.profileId);
      });
    });
  }
  return () => {
    if (--watchers === 0) unsubscribe?.();
  };
}
