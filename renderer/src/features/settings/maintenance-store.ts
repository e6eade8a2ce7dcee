// What the backups, updates and support sections show: main's maintenance view (backup
// settings and files, a pending restore, the update state), reloaded after every action.
import { create } from 'zustand';
import type { MaintenanceView, UpdateStatus } from '../../../../contract/methods/maintenance';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';

type MaintenanceState = {
  view?: MaintenanceView;
  error?: AppError;
  load(): Promise<void>;
  setUpdates(updates: UpdateStatus): void;
};

export const useMaintenance = create<MaintenanceState>((set, get) => ({
  async load() {
    const result = await api.getMaintenance({});
    if (!result.ok) return set({ error: result.error });
    set({ view: result.value, error: undefined });
  },
  setUpdates(updates) {
    const view = get().view;
    if (view) set({ view: { ...view, updates } });
  },
}));

export function formatSize(bytes: number, language: 'en' | 'ar'): string {
  const megabytes = Math.max(0.1, Math.round(bytes / 104_857.6) / 10);
  return new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-GB', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1, numberingSystem: 'latn' }).format(megabytes);
}
