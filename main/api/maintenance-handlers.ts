import type { Implementations } from './create-handlers';
import type { Maintenance } from '../maintenance/create-maintenance';

type MaintenanceMethod = 'getMaintenance' | 'setBackupSettings' | 'backupNow' | 'restoreBackup' | 'cancelRestore' | 'restartApp' | 'setUpdateSettings' | 'checkForUpdates' | 'installUpdate' | 'saveDiagnostics';

export function maintenanceHandlers(maintenance: Maintenance): Pick<Implementations, MaintenanceMethod> {
  return {
    getMaintenance: () => maintenance.view(),
    setBackupSettings: (input) => {
      maintenance.backups.setSettings(input);
      return maintenance.view();
    },
    backupNow: () => maintenance.backups.backupNow(),
    restoreBackup: ({ name }) => maintenance.restore(name),
    cancelRestore: () => ({ cancelled: maintenance.cancelRestore() }),
    restartApp: () => ({ restarting: maintenance.restart() }),
    setUpdateSettings: ({ enabled }) => maintenance.updates.setEnabled(enabled),
    checkForUpdates: () => maintenance.updates.check(),
    installUpdate: () => maintenance.updates.install(),
    saveDiagnostics: () => maintenance.saveDiagnostics(),
  };
}
