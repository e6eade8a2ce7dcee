// The check-up runs as main reports them: the latest run of each profile, refreshed on every
// checkup.progress event (events carry the run's id only), and the one-time offer made right
// after a sandbox key is set. On the team ledger also the profile's recent runs, every laptop's
// (kept in the team database), any of which can be opened in place of the latest: read again by
// itself when main says a run was saved (checkups.changed, from the team database's notification,
// checkup-live.sql), and by Refresh.
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
  /**
   * The list read again, and the run shown when it is another laptop's (its steps as saved since).
   * Coalesced: one read in flight per profile and at most one more after it, however many saves a
   * running check-up makes meanwhile. `runId`: the run that was saved (none: any run).
   */
  refreshRecent(profileId: string, runId?: string): Promise<void>;
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
  refreshRecent(profileId, runId) {
    const queue = refreshes.get(profileId) ?? { queued: false, runs: new Set<string | undefined>(), done: Promise.resolve() };
    refreshes.set(profileId, queue);
    queue.runs.add(runId);
    if (queue.queued) return queue.done;
    queue.queued = true;
    queue.done = queue.done.then(async () => {
      queue.queued = false;
      const saved = new Set(queue.runs);
      queue.runs.clear();
      const shown = get().runs[profileId];
      const reopen = shown?.startedBy?.thisLaptop === false && (saved.has(undefined) || saved.has(shown.id));
      await Promise.all([get().loadRecent(profileId), reopen ? get().open(profileId, shown.id) : undefined]);
    }).catch(() => undefined); // a read that failed must not stop the ones after it
    return queue.done;
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

/** Per profile: a read of the recent runs queued behind the one in flight (if any), and the runs saved since it was queued. */
const refreshes = new Map<string, { queued: boolean; runs: Set<string | undefined>; done: Promise<void> }>();

/** The profiles whose check-up section is shown (a count each: the same profile may be shown twice). */
const watched = new Map<string, number>();
let unsubscribe: (() => void) | undefined;

/** Keeps every shown run current while main works through it, and the shown profiles' recent runs (one subscription however many sections watch). */
export function watchCheckups(profileId: string): () => void {
  const first = watched.size === 0;
  watched.set(profileId, (watched.get(profileId) ?? 0) + 1);
  if (first) {
    unsubscribe = api.subscribe((event) => {
      if (event.type === 'checkups.changed') {
        // A laptop's own ledger keeps no team list (kept 'thisRun'): nothing to read again.
        for (const id of watched.keys()) if (useCheckups.getState().recent[id]?.kept !== 'thisRun') void useCheckups.getState().refreshRecent(id, event.runId);
        return;
      }
      if (event.type !== 'checkup.progress') return;
      void api.getCheckup({ runId: event.runId }).then((result) => {
        const run = result.ok ? result.value.run : null;
        // Only over the run shown (another laptop's run opened from the list stays shown).
        if (run) useCheckups.setState((state) => (!state.runs[run.profileId] || state.runs[run.profileId]!.id === run.id || run.state === 'running' ? { runs: { ...state.runs, [run.profileId]: run } } : state));
        if (run && (run.state === 'finished' || run.state === 'cancelled')) void useCheckups.getState().loadRecent(run.profileId);
      });
    });
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    const left = watched.get(profileId)! - 1;
    if (left > 0) watched.set(profileId, left);
    else watched.delete(profileId);
    if (watched.size === 0) unsubscribe?.();
  };
}
