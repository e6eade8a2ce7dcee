// Two laptops backing up into one folder (synced, or on a NAS): each prunes only its own backups by
// "keep", lists the other's as another laptop's (a new laptop restores from them), never deletes a
// backup it cannot tell is its own, and clears only its own leftovers of an interrupted backup.
// Real SQLite ledgers in two data folders, one backup folder.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBackupService, type BackupService } from '../../main/maintenance/backup-service';
import { laptopInName } from '../../main/maintenance/backup-files';
import { readMaintenanceSettings, writeMaintenanceSettings } from '../../main/maintenance/settings-file';
import { prepareRestore } from '../../main/maintenance/restore';
import { laptopId } from '../../main/team/team-backend';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { createMemoryLogger } from '../../main/log/logger';
import { addPayments } from './support';

const temps: string[] = [];
const opened: Array<{ db: LedgerDb; service: BackupService }> = [];
const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `paydesk-${name}-`));
  temps.push(dir);
  return dir;
};
let clock = new Date('2026-11-01T09:00:00.000Z');
const tick = () => (clock = new Date(clock.getTime() + 60_000));

function laptop(name: string, folder: string, keep: number) {
  const dataDir = temp(name);
  const db = openLedgerDb(dataDir);
  addPayments(db, 3, name);
  const service = createBackupService({ db, dataDir, logger: createMemoryLogger(), now: () => clock });
  service.setSettings({ folder, schedule: 'off', keep });
  opened.push({ db, service });
  return { dataDir, db, service, backup: async () => (tick(), (await service.backupNow()).name) };
}

afterEach(async () => {
  for (const { db, service } of opened.splice(0)) {
    await service.close();
    db.close();
  }
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('one backup folder, two laptops', () => {
  it('each laptop keeps its own newest N and never prunes the other’s; each lists which are whose', async () => {
    const folder = temp('shared');
    const a = laptop('omar', folder, 2);
    const b = laptop('noura', folder, 2);
    const madeByA: string[] = [];
    const madeByB: string[] = [];
    for (let i = 0; i < 4; i++) {
      madeByA.push(await a.backup());
      madeByB.push(await b.backup());
    }
    const names = a.service.files().map((f) => f.name);
    expect(names.filter((n) => madeByA.includes(n)).sort()).toEqual(madeByA.slice(2).sort());
    expect(names.filter((n) => madeByB.includes(n)).sort()).toEqual(madeByB.slice(2).sort());
    expect(names).toHaveLength(4);
    // Each says whose: this laptop's, or another's (with its name), the same folder seen from both.
    const seen = (files: ReturnType<BackupService['files']>) => Object.fromEntries(files.map((f) => [f.name, f.laptop]));
    expect(seen(a.service.files())).toEqual(Object.fromEntries([...madeByA.slice(2).map((n) => [n, 'this']), ...madeByB.slice(2).map((n) => [n, 'other'])]));
    expect(seen(b.service.files())).toEqual(Object.fromEntries([...madeByA.slice(2).map((n) => [n, 'other']), ...madeByB.slice(2).map((n) => [n, 'this'])]));
    expect(a.service.files().find((f) => f.name === madeByB[3])!.laptopName).toBe(laptopInName(laptopId(b.dataDir)));
    // Another laptop's backup is restorable here (a new laptop's way in), its profiles beside it.
    expect(existsSync(join(folder, madeByB[3]!.replace(/\.sqlite$/, '.profiles.json')))).toBe(true);
    const restore = await prepareRestore(a.service.backupPath(madeByB[3]!), madeByB[3]!, a.dataDir);
    expect(restore).toMatchObject({ payments: 3 });
  });

  it('prunes a backup made before names carried the laptop only when this laptop knows it wrote it', async () => {
    const folder = temp('shared');
    const a = laptop('omar', folder, 1);
    const b = laptop('noura', folder, 1);
    const old = (at: string) => `paydesk-backup-${at}.sqlite`;
    const aOld = old('2026-10-30T09-00-00-000Z');
    const unknownOld = old('2026-10-29T09-00-00-000Z');
    for (const name of [aOld, unknownOld]) {
      writeFileSync(join(folder, name), 'made by an earlier Paydesk');
      writeFileSync(join(folder, name.replace(/\.sqlite$/, '.profiles.json')), '{}');
    }
    // A's maintenance.json says it wrote aOld (its last good backup, from before the change).
    writeMaintenanceSettings(a.dataDir, { ...readMaintenanceSettings(a.dataDir), lastBackup: { at: '2026-10-30T09:00:00.000Z', name: aOld, payments: 3 } });
    expect(Object.fromEntries(a.service.files().map((f) => [f.name, f.laptop]))).toEqual({ [aOld]: 'this', [unknownOld]: 'unknown' });
    expect(b.service.files().map((f) => f.laptop)).toEqual(['unknown', 'unknown']);

    const b1 = await b.backup();
    await b.backup();
    expect(readdirSync(folder)).toEqual(expect.arrayContaining([aOld, unknownOld])); // B never touches them
    const a1 = await a.backup(); // aOld now carries A's name, and is pruned by keep 1
    expect(readdirSync(folder)).not.toContain(aOld);
    expect(readdirSync(folder).filter((n) => n.startsWith('paydesk-backup-2026-10-30'))).toEqual([]);
    expect(a.service.files().map((f) => [f.name, f.laptop])).toContainEqual([unknownOld, 'unknown']);
    expect(a.service.files().map((f) => f.name)).toContain(a1);
    expect(existsSync(join(folder, b1))).toBe(false); // B pruned its own by keep 1
  });

  it('clears only its own leftovers of an interrupted backup, and another’s only when a day old and unclaimed', async () => {
    const folder = temp('shared');
    const a = laptop('omar', folder, 3);
    const b = laptop('noura', folder, 3);
    const mineA = laptopInName(laptopId(a.dataDir));
    const mineB = laptopInName(laptopId(b.dataDir));
    const ownOrphan = `paydesk-backup-2026-10-31T09-00-00-000Z.${mineA}.profiles.json`; // killed between profiles and rename
    const ownPartial = `paydesk-backup-2026-10-31T09-01-00-000Z.${mineA}.sqlite.partial`;
    const bWriting = [`paydesk-backup-2026-11-01T10-00-00-000Z.${mineB}.profiles.json`, `paydesk-backup-2026-11-01T10-00-00-000Z.${mineB}.sqlite.partial`];
    const oldUnclaimed = 'paydesk-backup-2026-10-01T09-00-00-000Z.profiles.json';
    const freshUnclaimed = 'paydesk-backup-2026-11-01T09-30-00-000Z.sqlite.partial'; // an earlier Paydesk on another laptop, writing now
    for (const name of [ownOrphan, ownPartial, ...bWriting, oldUnclaimed, freshUnclaimed]) writeFileSync(join(folder, name), '{}');
    const twoDaysAgo = (Date.now() - 2 * 24 * 3600_000) / 1000;
    utimesSync(join(folder, oldUnclaimed), twoDaysAgo, twoDaysAgo);

    await a.backup();
    const left = readdirSync(folder);
    expect(left).not.toContain(ownOrphan);
    expect(left).not.toContain(ownPartial);
    expect(left).not.toContain(oldUnclaimed);
    expect(left).toEqual(expect.arrayContaining([...bWriting, freshUnclaimed]));
  });
});
