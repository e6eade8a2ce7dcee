// The check-up runs as main reports them: the latest run of each profile, refreshed on every
// checkup.progress event (events carry the run's id only), and the one-time offer made right
// after a sandbox key is set.
import { create } from 'zustand';
import type { CheckupRun } from '../../../../contract/methods/checkup';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';

type CheckupState = {
  runs: Record<string, CheckupRun>;
  errors: Record<string, AppError | undefined>;
  /** Profiles whose key was just set: the check-up is offered once. */
  offered: Record<string, boolean>;
  load(profileId: string): Promise<void>;
  start(profileId: string): Promise<void>;
  cancel(runId: string): Promise<void>;
  offer(profileId: string): void;
  dismiss(profileId: string): void;
};

export const useCheckups = create<CheckupState>((set, get) => ({
  runs: {},
  errors: {},
  offered: {},
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
        if (run) useCheckups.setState((state) => ({ runs: { ...state.runs, [run.profileId]: run } }));
      });
    });
  }
  return () => {
    if (--watchers === 0) unsubscribe?.();
  };
}
