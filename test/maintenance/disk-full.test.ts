// Files Paydesk writes on a full disk (docs/screens-walks.md, walk26; docs/maintenance.md, "A full
// disk"): a backup says the disk is full and leaves no file; saving the settings leaves no empty
// temp file beside them; the practice gateway's state file, cut part way by a full disk, stays one
// it can read (a torn line followed by the next save's stopped the gateway starting). `/dev/full`
// answers every write with ENOSPC, as a full disk does.
import { afterEach, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb } from '../../main/ledger/database';
import { createBackupService } from '../../main/maintenance/backup-service';
import { backupNameAt, partialName } from '../../main/maintenance/backup-files';
import { maintenanceFileName, writeFileAtomic, writeMaintenanceSettings, readMaintenanceSettings } from '../../main/maintenance/settings-file';
import { laptopId } from '../../main/team/team-backend';
import { createMemoryLogger } from '../../main/log/logger';
import { openPracticeStore } from '../../main/practice/store';
import { createEngine } from '../../main/practice/engine';
import { AppFailure } from '../../contract/result';
import type { Reason } from '../../contract/reasons';
import { reasonText } from '../../main/core/fail';
import { ctx, profileApp, sandboxInput } from '../profiles/support';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-disk-full-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const thrown = (run: () => unknown): unknown => {
  try {
    run();
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
};

it('a backup to a full disk says so in both languages and leaves no file', async () => {
  const dataDir = folder();
  const backups = folder();
  const db = openLedgerDb(dataDir);
  const at = new Date('2026-12-03T08:15:00Z');
  const service = createBackupService({ db, dataDir, logger: createMemoryLogger(), now: () => at });
  service.setSettings({ folder: backups, schedule: 'off', keep: 3 });
  symlinkSync('/dev/full', join(backups, partialName(backupNameAt(at, laptopId(dataDir)))));
  const failure = await service.backupNow().then(() => undefined, (e: unknown) => e);
  db.close();
  expect(failure).toBeInstanceOf(AppFailure);
  const why = (failure as AppFailure).extra.reason as Reason;
  expect(why.key).toBe('maintenance.backupDiskFull');
  expect(reasonText('en', why)).toMatch(/^The disk holding .* is full: the backup was not written and left no file\. Free some space there/);
  expect(reasonText('ar', why)).toMatch(/^القرص الذي يحمل .* ممتلئ: لم تُكتب النسخة الاحتياطية ولم يُترك أي ملف\./);
  expect(readdirSync(backups)).toEqual([]);
});

it('settings saved on a full disk keep the old file and leave no temp file beside it', () => {
  const dataDir = folder();
  writeMaintenanceSettings(dataDir, { ...readMaintenanceSettings(dataDir), keep: 3 });
  const path = join(dataDir, maintenanceFileName);
  symlinkSync('/dev/full', `${path}.${process.pid}.tmp`);
  expect(thrown(() => writeFileAtomic(path, '{}\n'))).toMatchObject({ code: 'ENOSPC' });
  expect(readdirSync(dataDir)).toEqual([maintenanceFileName]);
  expect(readMaintenanceSettings(dataDir).keep).toBe(3);
});

it('the practice gateway’s state file cut part way by a full disk is whole again, and the change is kept by the next save', () => {
  const stateFile = join(folder(), 'practice-gateway.json');
  let room = Infinity;
  // A disk with `room` bytes left: what fits is written, then ENOSPC.
  const append = (file: string, text: string) => {
    appendFileSync(file, text.slice(0, room));
    if (text.length > room) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  };
  const engine = createEngine(openPracticeStore({ stateFile, append }), { now: () => new Date('2026-12-03T08:15:00Z'), onChange: () => {} });
  const customer = { name: 'Omar Saleh', email: 'omar@example.com', phone: '+966500000002' };
  const card = { number: '5123450000000008', holder: 'OMAR SALEH', expiryMonth: '01', expiryYear: '2039', cvv: '100' };
  const sale = (orderId: string) => engine.startSale({ orderId, currency: 'SAR', amountMinor: 10_000, authOnly: false, recurringInit: false, customer, successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' }, card).tx;
  const first = sale('O-1');
  room = 40;
  expect(thrown(() => engine.refund(first.transactionId, 1_000, 'returned'))).toMatchObject({ code: 'ENOSPC' });
  room = Infinity; // space freed
  sale('O-2');

  const again = openPracticeStore({ stateFile });
  expect(again.state.transactions.map((t) => t.orderId)).toEqual(['O-1', 'O-2']);
  expect(again.byOrderId('O-1')).toMatchObject({ refundedMinor: 1_000 });
  expect(again.state.records.map((r) => `${r.operation} ${r.orderId}`)).toEqual(['sale O-1', 'refund O-1', 'sale O-2']);
});

it('a profile saved on a full disk says the disk is full in both languages, without its code, and the profiles stay as they were', async () => {
  const dataDir = folder();
  const made = await profileApp({ dataDir }).handlers.createProfile(sandboxInput, ctx);
  if (!made.ok) throw new Error(made.error.message);
  const before = readFileSync(join(dataDir, 'profiles.json'), 'utf8');
  // The profiles file's temp name is its own (pid, time, opened exclusively): a writer that meets /dev/full instead.
  const full = profileApp({ dataDir, writeFile: (_dir, file) => writeFileSync('/dev/full', JSON.stringify(file)) });
  const renamed = await full.handlers.updateProfile({ id: made.value.id, name: 'Souq renamed' }, ctx);
  expect(renamed).toMatchObject({ ok: false, error: { code: 'storage', reason: { key: 'profile.saveDiskFull' } } });
  if (renamed.ok) return;
  const why = renamed.error.reason as Reason;
  expect(reasonText('en', why)).toBe(`The disk is full: Paydesk could not save the profiles in ${dataDir}, so the profiles were not changed. Free some space on this computer, then try again.`);
  expect(reasonText('ar', why)).toMatch(/^القرص ممتلئ: تعذّر على بايدسك حفظ ملفات التعريف في .*، فلم تتغير ملفات التعريف\. أفرغ بعض المساحة/);
  expect(JSON.stringify(renamed)).not.toContain('ENOSPC');
  expect(readFileSync(join(dataDir, 'profiles.json'), 'utf8')).toBe(before);
  const list = await full.handlers.listProfiles({}, ctx);
  expect(list.ok && list.value.profiles.map((p) => p.name)).toEqual(['Practice', 'Shop sandbox']);
});
