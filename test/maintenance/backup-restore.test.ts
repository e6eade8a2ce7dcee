// Backups and restore with real payments on the practice gateway: an on-demand and a scheduled
// backup each restore into a working ledger with the same payments and an intact audit chain;
// the checks refuse a damaged or tampered backup; a backup holds no key or card number.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestLedger, customer, goodCard } from '../ledger/support';
import { createMaintenance } from '../../main/maintenance/create-maintenance';
import { applyPendingRestore, pendingRestore, prepareRestore } from '../../main/maintenance/restore';
import { openLedgerDb } from '../../main/ledger/database';
import { verifyAudit } from '../../main/ledger/audit-log';
import { createMemoryLogger } from '../../main/log/logger';
import { AppFailure } from '../../contract/result';
import type { Reason } from '../../contract/reasons';
import { reasonText } from '../../main/core/fail';
import { emptyProfilesFile, readProfilesFile, writeProfilesFile } from '../../main/profiles/profile-file';

let ledger: Awaited<ReturnType<typeof startTestLedger>>;
let folder: string;
let clock: Date;
const temps: string[] = [];
const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `paydesk-${name}-`));
  temps.push(dir);
  return dir;
};
const maintenanceOf = () =>
  createMaintenance({
    db: ledger.db, dataDir: ledger.dir, logger: createMemoryLogger(), logFile: join(ledger.dir, 'paydesk.log'),
    app: { name: 'Paydesk', version: '1.0.0', runtime: 'test' }, profiles: () => ({ profiles: [], activeId: 'practice' }), now: () => clock,
  });
const rowsOf = (db: Database.Database) => db.prepare('SELECT * FROM payments ORDER BY id').all();

async function charge(amount: string) {
  const result = await ledger.handlers.chargeCard({ amount, currency: 'SAR', card: goodCard, customer, authOnly: false }, ledger.ctx);
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return (result as { ok: true; value: { payment: { id: string } } }).value.payment.id;
}

beforeEach(async () => {
  ledger = await startTestLedger();
  folder = temp('backups');
  clock = new Date('2026-11-01T09:00:00.000Z');
});
afterEach(async () => {
  await ledger.close();
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('backups', () => {
  it('an on-demand and a scheduled backup restore into working ledgers with the same payments and an intact audit chain', async () => {
    const maintenance = maintenanceOf();
    maintenance.backups.setSettings({ folder, schedule: 'daily', keep: 5 });
    const paid = await charge('120.50');
    await charge('75.00');
    const refund = await ledger.handlers.refundPayment({ paymentId: paid, amount: '20.00', currency: 'SAR', reason: 'damaged' }, ledger.ctx);
    expect(refund.ok).toBe(true);

    const onDemand = await maintenance.backups.backupNow();
    const atFirst = rowsOf(ledger.db);
    expect(onDemand.payments).toBe(2);
    expect(maintenance.view().backup.lastGood).toEqual(onDemand);

    // Not due again the same day; due a day later, with the payment made since.
    expect(await maintenance.backups.runDue()).toBeUndefined();
    await charge('10.00');
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
    const scheduled = await maintenance.backups.runDue();
    expect(scheduled?.payments).toBe(3);
    const atSecond = rowsOf(ledger.db);
    expect(maintenance.view().backup.files.map((f) => f.name)).toEqual([scheduled!.name, onDemand.name]);

    for (const [backup, rows] of [[onDemand, atFirst], [scheduled!, atSecond]] as const) {
      const fresh = temp('restored');
      await prepareRestore(join(folder, backup.name), backup.name, fresh);
      expect(applyPendingRestore(fresh, createMemoryLogger())?.payments).toBe(rows.length);
      const restored = openLedgerDb(fresh);
      try {
        expect(rowsOf(restored)).toEqual(rows);
        expect(verifyAudit(restored)).toMatchObject({ ok: true });
        expect((restored.prepare("SELECT count(*) AS n FROM operations WHERE kind = 'refund' AND outcome = 'succeeded'").get() as { n: number }).n).toBe(1);
        // A working ledger: search (its own index) finds a payment by order id.
        expect(restored.prepare("SELECT count(*) AS n FROM payments_search WHERE payments_search MATCH 'ord'").get()).toBeTruthy(); // one trigram (the index keeps no positions)
        restored.prepare("UPDATE payments SET description = 'still writable' WHERE id = ?").run(paid);
      } finally {
        restored.close();
      }
    }
    await maintenance.close();
  });

  // Walked as a new laptop (2026-11-30): pointed at the old laptop's backup folder to restore from it,
  // the fresh ledger's first scheduled backup (30 s after start) was written there, empty, and listed
  // first, above the backup to restore; each day another, until "keep" had pruned the real ones.
  it('writes no scheduled backup of a ledger with no payments, so a new laptop never buries the backups it restores from', async () => {
    const maintenance = maintenanceOf();
    await charge('10.00');
    maintenance.backups.setSettings({ folder, schedule: 'daily', keep: 1 });
    const real = await maintenance.backups.backupNow();
    expect(existsSync(join(folder, real.name))).toBe(true);
    // The new laptop: an empty ledger with the same folder, daily, keeping 1.
    await ledger.close();
    ledger = await startTestLedger();
    const fresh = maintenanceOf();
    fresh.backups.setSettings({ folder, schedule: 'daily', keep: 1 });
    clock = new Date(clock.getTime() + 60_000);
    await expect(fresh.backups.runDue()).resolves.toBeUndefined();
    expect(fresh.view().backup.files.map((f) => f.name)).toEqual([real.name]);
    expect(fresh.view().backup.lastGood).toBeNull();
    // On demand it is the person's choice; and once it holds a payment, the schedule runs.
    await charge('5.00');
    expect((await fresh.backups.runDue())?.payments).toBe(1);
    await fresh.close();
    await maintenance.close();
  });

  // Walked as a new laptop (2026-11-30): the restored ledger's payments named "a removed profile",
  // since profiles lived only in the old laptop's profiles.json, and nothing said what to do.
  it('carries the profiles beside each backup, never a key, and a restore adds the ones this computer lacks', async () => {
    const sandbox = { id: 'kw-sandbox', name: 'Kuwait sandbox', environment: 'sandbox' as const, baseUrl: 'https://sandbox.gateway.example/api/v1', pathOverrides: {}, successUrl: null, failureUrl: null, defaultCurrency: 'KWD', keyLastFour: '9f3Q' };
    writeProfilesFile(ledger.dir, { ...emptyProfilesFile(), practice: { ...emptyProfilesFile().practice, name: 'Training' }, profiles: [sandbox] });
    const maintenance = maintenanceOf();
    maintenance.backups.setSettings({ folder, schedule: 'off', keep: 1 });
    await charge('10.00');
    const backup = await maintenance.backups.backupNow();
    const beside = join(folder, backup.name.replace(/\.sqlite$/, '.profiles.json'));
    expect(readFileSync(beside, 'utf8')).toContain('Kuwait sandbox');
    expect(readFileSync(beside, 'utf8')).not.toContain('9f3Q'); // not even a key's last four
    expect(maintenance.view().backup.files.map((f) => f.name)).toEqual([backup.name]); // listed once, as the backup

    // A new laptop: its data folder has no profiles file yet.
    const fresh = temp('new-laptop');
    await prepareRestore(join(folder, backup.name), backup.name, fresh);
    applyPendingRestore(fresh, createMemoryLogger());
    const restored = readProfilesFile(fresh);
    expect(restored.ok && restored.file.profiles).toEqual([{ ...sandbox, keyLastFour: null }]);
    expect(restored.ok && restored.file.practice.name).toBe('Training');

    // A computer that has that profile keeps its own (and its key); another it lacks is added.
    const other = temp('other-laptop');
    writeProfilesFile(other, { ...emptyProfilesFile(), profiles: [{ ...sandbox, name: 'Renamed here', keyLastFour: 'ZZZZ' }] });
    writeProfilesFile(ledger.dir, { ...emptyProfilesFile(), profiles: [sandbox, { ...sandbox, id: 'kw-live', name: 'Kuwait live', environment: 'production' }] });
    clock = new Date(clock.getTime() + 60_000);
    const second = await maintenance.backups.backupNow();
    expect(existsSync(beside)).toBe(false); // pruned with its backup (keep 1)
    await prepareRestore(join(folder, second.name), second.name, other);
    applyPendingRestore(other, createMemoryLogger());
    const merged = readProfilesFile(other);
    expect(merged.ok && merged.file.profiles.map((p) => [p.name, p.keyLastFour])).toEqual([['Renamed here', 'ZZZZ'], ['Kuwait live', null]]);
    await maintenance.close();
  });

  it('restores over the live ledger at the next start, keeping the replaced ledger', async () => {
    const maintenance = maintenanceOf();
    maintenance.backups.setSettings({ folder, schedule: 'off', keep: 3 });
    await charge('50.00');
    const backup = await maintenance.backups.backupNow();
    const before = rowsOf(ledger.db);
    const later = await charge('60.00');

    const pending = await maintenance.restore(backup.name);
    expect(pending).toMatchObject({ name: backup.name, payments: 1 });
    // The screen says what goes: the backup's time and the 2 payments the ledger holds now.
    expect(maintenance.view().pendingRestore).toMatchObject({ name: backup.name, at: backup.at, payments: 1, ledgerPayments: 2 });
    expect(rowsOf(ledger.db)).toHaveLength(2); // nothing replaced yet

    ledger.db.close(); // the app stops …
    expect(applyPendingRestore(ledger.dir, createMemoryLogger())?.name).toBe(backup.name); // … and starts
    ledger.db = openLedgerDb(ledger.dir);
    expect(rowsOf(ledger.db)).toEqual(before);
    expect(verifyAudit(ledger.db)).toMatchObject({ ok: true });
    expect(pendingRestore(ledger.dir)).toBeNull();
    const kept = readdirSync(join(ledger.dir, 'before-restore')).filter((n) => n.endsWith('paydesk.sqlite'));
    expect(kept).toHaveLength(1);
    const old = new Database(join(ledger.dir, 'before-restore', kept[0]!), { readonly: true });
    expect((old.prepare('SELECT id FROM payments').all() as Array<{ id: string }>).map((r) => r.id)).toContain(later);
    old.close();
    await maintenance.close();
  });

  it('keeps the last N, and never holds a key or a card number', async () => {
    const maintenance = maintenanceOf();
    maintenance.backups.setSettings({ folder, schedule: 'off', keep: 2 });
    await charge('33.00');
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock = new Date(clock.getTime() + 1000);
      names.push((await maintenance.backups.backupNow()).name);
    }
    expect(maintenance.view().backup.files.map((f) => f.name)).toEqual([names[2], names[1]]);
    const profilesOf = (name: string) => name.replace(/\.sqlite$/, '.profiles.json');
    expect(readdirSync(folder).sort()).toEqual([names[1]!, names[2]!, profilesOf(names[1]!), profilesOf(names[2]!)].sort());
    const bytes = readFileSync(join(folder, names[2]!)).toString('latin1') + readFileSync(join(folder, profilesOf(names[2]!)), 'latin1');
    expect(bytes).not.toContain(ledger.practice.conn.apiKey);
    expect(bytes).not.toContain(goodCard.number.replace(/ /g, ''));
    expect(bytes).not.toContain(goodCard.number);
    await maintenance.close();
  });

  it('refuses a damaged or tampered backup and changes nothing', async () => {
    const maintenance = maintenanceOf();
    maintenance.backups.setSettings({ folder, schedule: 'off', keep: 10 });
    await charge('12.00');
    const good = await maintenance.backups.backupNow();

    clock = new Date(clock.getTime() + 1000);
    const tamperedName = (await maintenance.backups.backupNow()).name;
    const tampered = new Database(join(folder, tamperedName));
    tampered.prepare("UPDATE audit_log SET amount_minor = 1 WHERE seq = 1").run();
    tampered.close();
    const refusal = (await maintenance.restore(tamperedName).then(
      () => undefined,
      (e: unknown) => e,
    )) as AppFailure;
    expect(refusal).toBeInstanceOf(AppFailure);
    expect(refusal.message).toMatch(/audit chain is broken at entry 1.*Nothing was changed/);
    // Worded in both languages from codes, never an English phrase inside the Arabic.
    expect(refusal.extra.reason).toEqual({ key: 'maintenance.restoreRefused', values: { name: tamperedName, problem: 'chainBroken', entry: 1 } });
    expect(reasonText('ar', refusal.extra.reason as Reason)).toBe(`لا يمكن استعادة النسخة ${tamperedName}: سلسلة سجل التدقيق فيها مقطوعة عند القيد 1. لم يتغير شيء.`);

    const damagedName = good.name.replace('.sqlite', '').replace(/\d{3}Z$/, '999Z') + '.sqlite';
    copyFileSync(join(folder, good.name), join(folder, damagedName));
    const bytes = readFileSync(join(folder, damagedName));
    bytes.fill(0x41, 4096, 4096 * 3);
    writeFileSync(join(folder, damagedName), bytes);
    await expect(maintenance.restore(damagedName)).rejects.toBeInstanceOf(AppFailure);
    await expect(maintenance.restore('../paydesk.sqlite')).rejects.toThrow(/not in the backup folder/);
    expect(pendingRestore(ledger.dir)).toBeNull();
    expect(existsSync(join(ledger.dir, 'restore-staging'))).toBe(false);
    expect(rowsOf(ledger.db)).toHaveLength(1);
    await maintenance.close();
  });

  it('restarts to finish a restore only when no money is moving', async () => {
    let moving = true;
    let relaunched = 0;
    const maintenance = createMaintenance({
      db: ledger.db, dataDir: ledger.dir, logger: createMemoryLogger(), logFile: join(ledger.dir, 'paydesk.log'), app: { name: 'Paydesk', version: '1.0.0', runtime: 'electron' },
      profiles: () => ({ profiles: [], activeId: 'practice' }), moneyInFlight: () => moving, relaunch: () => void relaunched++,
    });
    expect(maintenance.view().canRestart).toBe(true);
    expect(() => maintenance.restart()).toThrow(/payment operation is in progress/);
    moving = false;
    expect(maintenance.restart()).toBe(true);
    expect(relaunched).toBe(1);
    await maintenance.close();
  });

  it('says so in words when the backup folder is not available, and remembers the failure', async () => {
    const maintenance = maintenanceOf();
    maintenance.backups.setSettings({ folder, schedule: 'daily', keep: 3 });
    rmSync(folder, { recursive: true }); // the external drive was unplugged
    await expect(maintenance.backups.backupNow()).rejects.toThrow(/backup folder .* is not available/);
    expect(maintenance.view().backup.lastError?.message).toMatch(/Is the drive connected\?/);
    await expect(maintenance.backups.runDue()).resolves.toBeUndefined();
    expect(() => maintenance.backups.setSettings({ folder: join(folder, 'nope'), schedule: 'daily', keep: 3 })).toThrow(/not available/);
    await maintenance.close();
  });

  // Walked as a new user: "backups" was taken, and the first copy written into the folder Paydesk was started from.
  it('refuses a folder that is not a full path, under the field, in both languages', async () => {
    const maintenance = maintenanceOf();
    const refusal = (() => {
      try {
        maintenance.backups.setSettings({ folder: 'backups', schedule: 'daily', keep: 3 });
      } catch (error) {
        return error as AppFailure;
      }
    })();
    expect(refusal?.code).toBe('invalid_input');
    const why = refusal!.extra.fieldReasons!.folder! as Reason;
    expect(reasonText('en', why)).toBe('Type the folder’s full path, as in the example: backups alone does not say where the folder is.');
    expect(reasonText('ar', why)).toBe('اكتب المسار الكامل للمجلد كما في المثال: \u2066backups\u2069 وحده لا يحدد مكان المجلد.');
    expect(maintenance.view().backup.folder).toBeNull();
    await maintenance.close();
  });

  it('keeps a failed backup’s reason, so Settings words it in the window’s language, also after a restart', async () => {
    const maintenance = maintenanceOf();
    maintenance.backups.setSettings({ folder, schedule: 'daily', keep: 3 });
    rmSync(folder, { recursive: true }); // the external drive was unplugged
    await expect(maintenance.backups.backupNow()).rejects.toThrow(/not available/);
    await maintenance.close();

    // Paydesk restarted: a new maintenance service reads the same maintenance.json.
    const failed = maintenanceOf().view().backup.lastError;
    expect(failed).toEqual({
      at: '2026-11-01T09:00:00.000Z',
      message: `The backup folder ${folder} is not available or cannot be written. Is the drive connected? Nothing was changed.`,
      reason: { key: 'maintenance.folderUnavailable', values: { folder } },
    });
    expect(reasonText('ar', failed!.reason as Reason)).toBe(`مجلد النسخ الاحتياطية \u2066${folder}\u2069 غير متاح أو لا تمكن الكتابة فيه. هل القرص متصل؟ لم يتغير شيء.`);
  });

  it('reads the last failure a file from an earlier Paydesk holds: its English words, no reason', () => {
    const written = (lastBackupError: unknown) => {
      writeFileSync(join(ledger.dir, 'maintenance.json'), JSON.stringify({ backupFolder: folder, schedule: 'weekly', keep: 4, updatesEnabled: true, lastBackup: null, lastBackupError }));
      return maintenanceOf().view().backup;
    };
    const earlier = { at: '2026-10-30T08:00:00.000Z', message: 'The backup folder /media/usb is not available or cannot be written.' };
    expect(written(earlier).lastError).toEqual({ ...earlier, reason: null });
    // A reason a newer Paydesk wrote, or one that does not read: the words are kept, and the settings too.
    expect(written({ ...earlier, reason: { key: 'maintenance.somethingNewer' } }).lastError).toEqual({ ...earlier, reason: null });
    const unreadable = written({ ...earlier, reason: 'not a reason' });
    expect(unreadable.lastError).toEqual({ ...earlier, reason: null });
    expect(unreadable).toMatchObject({ folder, schedule: 'weekly', keep: 4 });
  });
});
