// The kill test's worker, in its own process so it can be killed with SIGKILL. MODE=backup:
// the real backup service backs up the ledger again and again while the ledger keeps being
// written to. MODE=restore: checks a backup into a fresh data folder, then puts it in place
// (what the next start does). Env: MODE, DATA_DIR, BACKUP_DIR, BACKUP_NAME.
import { openLedgerDb } from '../../main/ledger/database';
import { createBackupService } from '../../main/maintenance/backup-service';
import { writeMaintenanceSettings, defaultMaintenanceSettings } from '../../main/maintenance/settings-file';
import { applyPendingRestore, prepareRestore } from '../../main/maintenance/restore';
import { createMemoryLogger } from '../../main/log/logger';
import { addPayments } from './support';
import { join } from 'node:path';

const env = process.env as Record<string, string>;
const logger = createMemoryLogger();

if (env.MODE === 'backup') {
  const db = openLedgerDb(env.DATA_DIR!);
  writeMaintenanceSettings(env.DATA_DIR!, { ...defaultMaintenanceSettings(), backupFolder: env.BACKUP_DIR!, schedule: 'off', keep: 3 });
  const backups = createBackupService({ db, dataDir: env.DATA_DIR!, logger, pagesPerStep: 25 });
  let n = 0;
  // The ledger keeps changing while it is backed up, as it does when payments come in.
  const write = () => {
    addPayments(db, 5, `live-${process.pid}-${n++}`);
    setTimeout(write, 2);
  };
  write();
  process.stdout.write('started\n');
  for (;;) {
    const done = await backups.backupNow();
    process.stdout.write(`backup ${done.name}\n`);
  }
} else {
  process.stdout.write('started\n');
  await prepareRestore(join(env.BACKUP_DIR!, env.BACKUP_NAME!), env.BACKUP_NAME!, env.DATA_DIR!);
  process.stdout.write('prepared\n');
  applyPendingRestore(env.DATA_DIR!, logger);
  process.stdout.write('applied\n');
}
