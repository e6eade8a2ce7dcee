// What the backups, updates and support sections show: main's maintenance view (backup
// settings and files, a pending restore, the update state), reloaded after every action.
import { create } from 'zustand';
import type { MaintenanceView, UpdateStatus } from '../../../../contract/methods/maintenance';
import type { AppError } from '../../../../contract/result';
import type { MessageKey } from '../../i18n';
import { api } from '../../api';
import type { Notice } from './notice';

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

const worded = { invalid_input: 'maint.error.invalid_input', storage: 'maint.error.storage', not_found: 'maint.error.not_found', busy: 'maint.error.busy' } as const satisfies Partial<Record<AppError['code'], MessageKey>>;

/** A failure in the user's language; main's own words follow as details for support. */
export function failed(error: AppError): Notice & { detail: string } {
  const key: MessageKey = worded[error.code as keyof typeof worded] ?? 'maint.error.other';
  return { kind: 'error', key, values: { message: Object.values(error.fields ?? {})[0] ?? error.message }, detail: `\u2068${error.message}\u2069` };
}

export function formatSize(bytes: number, language: 'en' | 'ar'): string {
  const megabytes = Math.max(0.1, Math.round(bytes / 104_857.6) / 10);
  return new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-GB', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1, numberingSystem: 'latn' }).format(megabytes);
}
