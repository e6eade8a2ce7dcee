// Settings → Backups, Updates and Support in a DOM, against the real maintenance services over
// a real ledger file, called in-process: set the folder, back up now, restore (checked, waiting
// for the restart), cancel it, save diagnostics; in English and in Arabic.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installDirectApi } from '../support/direct-api';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { appHandlers } from '../../main/api/app-handlers';
import { profileHandlers } from '../../main/api/profile-handlers';
import { maintenanceHandlers } from '../../main/api/maintenance-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { createMemoryLogger } from '../../main/log/logger';
import { createProfileStore } from '../../main/profiles/profile-store';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { createMaintenance } from '../../main/maintenance/create-maintenance';
import { absentKeychainVault, practice } from '../profiles/support';
import { addPayments } from '../maintenance/support';
import { createUiLanguage } from '../../main/core/ui-language';
import type { Updater } from '../../main/maintenance/update-service';

let dataDir: string;
let folder: string;
let db: LedgerDb;
let close: () => Promise<void>;
/** Payments in the ledger a test starts with. */
let paymentsInLedger = 12;
/** The updater main's update service drives (none: "cannot update itself", as in the preview). */
let updater: Updater | undefined;

function directBackend() {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-dom-maint-'));
  folder = mkdtempSync(join(tmpdir(), 'paydesk-dom-backups-'));
  const logger = createMemoryLogger();
  const events = createEventHub();
  db = openLedgerDb(dataDir);
  addPayments(db, paymentsInLedger, 'dom');
  const store = createProfileStore({ dataDir, practice, vault: absentKeychainVault(logger), logger, events });
  const maintenance = createMaintenance({ db, dataDir, logger, logFile: join(dataDir, 'paydesk.log'), app: { name: 'Paydesk', version: '1.2.3', runtime: 'test' }, profiles: () => store.list(), updater });
  close = () => maintenance.close();
  const handlers = createHandlers({ ...appHandlers({ name: 'Paydesk', version: '1.2.3', runtime: 'test' }, createUiLanguage(dataDir)), ...profileHandlers({ profiles: store }), ...maintenanceHandlers(maintenance) } as unknown as Implementations, logger);
  return { handlers, events };
}
let backend: ReturnType<typeof directBackend>;
installDirectApi(() => backend);
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

async function openSettings() {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('settings'));
  return screen.findByTestId('backups');
}

beforeEach(() => {
  backend = directBackend();
});
afterEach(async () => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
  await close();
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
});

describe('Settings: backups, updates, support', () => {
  it('sets the folder, backs up now, shows the last good backup, and checks a restore for the next start', async () => {
    const backups = await openSettings();
    expect(within(backups).getByTestId('last-backup').textContent).toBe('No backup yet.');
    expect((within(backups).getByTestId('backup-now') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(within(backups).getByLabelText('Backup folder'), { target: { value: folder } });
    fireEvent.change(within(backups).getByLabelText('Back up automatically'), { target: { value: 'weekly' } });
    fireEvent.change(within(backups).getByLabelText('Backups to keep'), { target: { value: '3' } });
    fireEvent.click(within(backups).getByRole('button', { name: 'Save backup settings' }));
    await waitFor(() => expect(screen.getByTestId('backup-notice').textContent).toBe('Backup settings saved.'));

    await waitFor(() => expect((screen.getByTestId('backup-now') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('backup-now'));
    await waitFor(() => expect(screen.getByTestId('backup-notice').textContent).toMatch(/^Backup written: \u2066paydesk-backup-[-0-9TZ]+\.[A-Za-z0-9-]+\.sqlite\u2069, 12 payments\.$/));
    await waitFor(() => expect(screen.getByTestId('last-backup').textContent).toMatch(/^Last good backup: .+ \(12 payments\)\.$/));
    const list = await screen.findByTestId('backup-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    fireEvent.click(within(list).getByRole('button', { name: /^Restore the backup of / }));
    expect(within(list).getByText(/Paydesk checks the backup first/)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Check and restore' }));
    const pending = await screen.findByTestId('pending-restore');
    expect(pending.textContent).toContain('A checked backup (12 payments, audit chain intact) replaces the ledger at the next start.');
    expect(pending.textContent).toContain('Stop and start Paydesk to finish the restore.'); // no restart in this runtime
    expect(existsSync(join(dataDir, 'restore-pending.json'))).toBe(true);

    fireEvent.click(within(pending).getByRole('button', { name: 'Cancel the restore' }));
    await waitFor(() => expect(screen.getByTestId('backup-notice').textContent).toBe('Restore cancelled; the ledger was not changed.'));
    expect(screen.queryByTestId('pending-restore')).toBeNull();
  });

  // Walked as a new user: the refusal was said under the field and again, in full, below "Back up
  // now", far from it, where it read as a second problem. A person needs it once, at the field
  // the keyboard is taken to, whole (the drive, nothing changed); the line below stays empty.
  it('says a folder that cannot be used once, under the field with the keyboard there, in main’s words, and follows a change of language', async () => {
    await openSettings();
    act(() => useLanguage.getState().setLanguage('ar'));
    fireEvent.change(screen.getByLabelText('مجلد النسخ الاحتياطية'), { target: { value: join(folder, 'unplugged-drive') } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ إعدادات النسخ الاحتياطي' }));
    const field = screen.getByLabelText('مجلد النسخ الاحتياطية');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain('backup-folder-error');
    expect(screen.getByTestId('error-backup-folder').textContent).toBe('هذا المجلد غير متاح أو لا تمكن الكتابة فيه. هل القرص متصل؟ لم يتغير شيء.');
    const said = (text: string) => screen.getByTestId('backups').textContent!.split(text).length - 1;
    expect(said('غير متاح')).toBe(1);
    expect(screen.getByTestId('backup-notice').textContent).toBe('');

    // The language changed after the answer: the field's message follows it.
    act(() => useLanguage.getState().setLanguage('en'));
    expect(screen.getByTestId('error-backup-folder').textContent).toBe('This folder is not available or cannot be written. Is the drive connected? Nothing was changed.');
    expect(said('not available')).toBe(1);
    expect(screen.getByTestId('backup-notice').textContent).toBe('');
  });

  // Walked as a new user: a folder's name alone was taken, and the first copy written where Paydesk was started from.
  it('asks for a full path under the field, said once, in English and Arabic', async () => {
    await openSettings();
    fireEvent.change(screen.getByLabelText('Backup folder'), { target: { value: 'backups' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save backup settings' }));
    const english = 'Type the folder’s full path, as in the example: backups alone does not say where the folder is.';
    await waitFor(() => expect(screen.getByTestId('error-backup-folder').textContent).toBe(english));
    expect(screen.getByTestId('backups').textContent!.split('alone does not say').length - 1).toBe(1);
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('error-backup-folder').textContent).toBe('اكتب المسار الكامل للمجلد كما في المثال: \u2066backups\u2069 وحده لا يحدد مكان المجلد.');
    expect(screen.getByTestId('backups').textContent!.split('وحده لا يحدد').length - 1).toBe(1);
  });

  it('words the last backup failure in the window’s language, and shows one an earlier Paydesk kept in English as it is', async () => {
    // Before: the line read "فشلت آخر نسخة احتياطية (…)." followed by main's English words.
    await openSettings();
    fireEvent.change(screen.getByLabelText('Backup folder'), { target: { value: folder } });
    fireEvent.click(screen.getByRole('button', { name: 'Save backup settings' }));
    await waitFor(() => expect((screen.getByTestId('backup-now') as HTMLButtonElement).disabled).toBe(false));
    rmSync(folder, { recursive: true }); // the external drive was unplugged
    fireEvent.click(screen.getByTestId('backup-now'));
    const failed = await screen.findByTestId('last-backup-error');
    expect(failed.textContent).toMatch(new RegExp(`^The last backup failed \\(.+\\)\\. The backup folder ${folder} is not available or cannot be written\\. Is the drive connected\\? Nothing was changed\\.$`));
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(failed.textContent).toMatch(new RegExp(`^فشلت آخر نسخة احتياطية \\(.+\\)\\. مجلد النسخ الاحتياطية \u2066${folder}\u2069 غير متاح أو لا تمكن الكتابة فيه\\. هل القرص متصل؟ لم يتغير شيء\\.$`));
    expect(failed.querySelector('[lang="en"]')).toBeNull();
    cleanup();

    // A maintenance.json an earlier Paydesk wrote: English words, no reason.
    const earlier = 'The backup folder /media/usb is not available or cannot be written. Is the drive connected? Nothing was changed.';
    writeFileSync(join(dataDir, 'maintenance.json'), JSON.stringify({ backupFolder: folder, schedule: 'daily', keep: 7, updatesEnabled: true, lastBackup: null, lastBackupError: { at: '2026-10-30T08:00:00.000Z', message: earlier } }));
    await openSettings();
    const kept = await screen.findByTestId('last-backup-error');
    expect(kept.textContent).toMatch(/^فشلت آخر نسخة احتياطية \(.+\)\. /);
    expect(kept.querySelector('[lang="en"]')?.textContent).toBe(earlier);
  });

  it('says once that nothing was changed when the backup to restore is gone, in English and Arabic', async () => {
    await openSettings();
    fireEvent.change(screen.getByLabelText('Backup folder'), { target: { value: folder } });
    fireEvent.click(screen.getByRole('button', { name: 'Save backup settings' }));
    await waitFor(() => expect((screen.getByTestId('backup-now') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('backup-now'));
    const list = await screen.findByTestId('backup-list');
    for (const name of readdirSync(folder)) rmSync(join(folder, name)); // the drive's files went away meanwhile
    fireEvent.click(within(list).getByRole('button', { name: /^Restore the backup of / }));
    fireEvent.click(within(list).getByRole('button', { name: 'Check and restore' }));
    await waitFor(() => expect(screen.getByTestId('backup-notice').textContent).toBe('That backup is not in the backup folder any more. Nothing was changed.'));
    expect(screen.getByTestId('backups').textContent!.split('othing was changed').length - 1).toBe(1);
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('backup-notice').textContent).toBe('لم تعد هذه النسخة الاحتياطية في مجلد النسخ. لم يتغير شيء.');
  });

  it('checks the number of backups to keep in the app’s words, not the browser’s, in English and Arabic', async () => {
    await openSettings();
    const keep = screen.getByLabelText('Backups to keep');
    fireEvent.change(keep, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save backup settings' }));
    expect(screen.getByTestId('error-backup-keep').textContent).toBe('Keep between 1 and 100 backups.');
    await waitFor(() => expect(document.activeElement).toBe(keep));
    act(() => useLanguage.getState().setLanguage('ar'));
    fireEvent.click(screen.getByRole('button', { name: 'حفظ إعدادات النسخ الاحتياطي' }));
    expect(screen.getByTestId('error-backup-keep').textContent).toBe('احتفظ بنسخة واحدة على الأقل و100 نسخة على الأكثر.');
    fireEvent.change(keep, { target: { value: '١٢' } }); // typed on an Arabic keyboard
    fireEvent.change(screen.getByLabelText('مجلد النسخ الاحتياطية'), { target: { value: folder } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ إعدادات النسخ الاحتياطي' }));
    await waitFor(() => expect(screen.getByTestId('backup-notice').textContent).toBe('حُفظت إعدادات النسخ الاحتياطي.'));
    expect(screen.queryByTestId('error-backup-keep')).toBeNull();
  });

  it('shows the update state and saves diagnostics', async () => {
    await openSettings();
    expect(screen.getByTestId('update-state').textContent).toBe('This copy of Paydesk cannot update itself (a development run or the browser preview).');
    fireEvent.click(screen.getByTestId('save-diagnostics'));
    await waitFor(() => expect(screen.getByTestId('diagnostics-notice').textContent).toMatch(/^Saved to \u2068.*paydesk-diagnostics-.*\.json\u2069\. Send this file to support\.$/));
  });

  it('says why an update check failed in the window’s language, electron-updater’s words only under "Details for support"', async () => {
    // Before: "فشل التحقق من التحديث أو تنزيله…" and then "التفاصيل: net::ERR_INTERNET_DISCONNECTED", the updater's words as the only why.
    const failures = [
      new Error('net::ERR_INTERNET_DISCONNECTED'), // Electron's net module, with the Wi-Fi off
      new Error('net::ERR_NAME_NOT_RESOLVED'), // no DNS: the usual failure without network
      Object.assign(new Error('503 Service Unavailable\nHeaders: {}'), { statusCode: 503 }), // electron-updater's HttpError
    ];
    updater = {
      autoDownload: false, autoInstallOnAppQuit: true, quitAndInstall: () => {},
      checkForUpdates: async () => { throw failures.shift(); },
      feedServer: () => ({ name: 'updates.paydesk.example', address: 'updates.paydesk.example' }),
    };
    await close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
    backend = directBackend();
    updater = undefined;
    await openSettings();
    act(() => useLanguage.getState().setLanguage('ar'));
    const updates = screen.getByTestId('updates');
    fireEvent.click(within(updates).getByRole('button', { name: 'تحقق الآن' }));
    // Offline (walked 2026-11-30): said calmly, with what happens next, not as a failure in red; the
    // cause in the window's language and the updater's own line under "Details for support".
    await waitFor(() => expect(screen.getByTestId('update-state').textContent).toBe('بايدسك 1.2.3. تعذّر عليه الوصول إلى خادم التحديثات للبحث عن إصدار أحدث: ربما هذا الحاسوب غير متصل بالشبكة، أو تحجب شبكته الخادم. لا يلزمك فعل شيء: يبحث بايدسك مرة أخرى عند التشغيل التالي وكل يوم، أو اضغط «تحقق الآن» بعد اتصالك بالشبكة.'));
    expect(screen.queryByTestId('update-error')).toBeNull();
    expect(updates.querySelector('.notice-error')).toBeNull();
    const detail = screen.getByTestId('update-detail');
    expect(within(detail).getByText('تفاصيل للدعم').tagName).toBe('SUMMARY');
    expect(within(detail).getByTestId('update-why').textContent).toBe('لا يجد هذا الحاسوب طريقًا عبر الشبكة إلى \u2066updates.paydesk.example\u2069. تحقق من اتصالك بالشبكة (Wi-Fi أو الكابل أو VPN).');
    expect(detail.querySelector('pre[lang="en"]')?.textContent).toBe('net::ERR_INTERNET_DISCONNECTED');
    const outsideDetails = () => updates.textContent!.replace(screen.getByTestId('update-detail').textContent!, '');
    expect(outsideDetails()).not.toContain('ERR_');
    expect(outsideDetails()).not.toMatch(/فشل|failed/);

    act(() => useLanguage.getState().setLanguage('en'));
    expect(screen.getByTestId('update-state').textContent).toBe('Paydesk 1.2.3. It could not reach its update server to look for a newer version: this computer may be offline, or its network may block the server. Nothing needs doing: Paydesk looks again at the next start and every day, or press “Check now” once you are online.');
    expect(within(detail).getByTestId('update-why').textContent).toBe('This computer has no network route to updates.paydesk.example. Check your network connection (Wi-Fi, cable or VPN).');
    expect(within(detail).getByText('Details for support').tagName).toBe('SUMMARY');

    // The name not found (DNS), as most computers without network fail: the same calm line.
    fireEvent.click(within(updates).getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(screen.getByTestId('update-detail').querySelector('pre')?.textContent).toBe('net::ERR_NAME_NOT_RESOLVED'));
    expect(screen.getByTestId('update-state').textContent).toMatch(/^Paydesk 1\.2\.3\. It could not reach its update server/);
    expect(screen.queryByTestId('update-error')).toBeNull();

    // The update server answers with an error.
    fireEvent.click(within(updates).getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(screen.getByTestId('update-error').textContent).toBe('The update server answered with an error (HTTP 503). Try again later; if it keeps happening, tell support.'));
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('update-error').textContent).toBe('أجاب خادم التحديثات بخطأ (\u2066HTTP 503\u2069). حاول مرة أخرى لاحقًا؛ وإن تكرر ذلك فأخبر الدعم.');
    expect(screen.getByTestId('update-detail').querySelector('pre')?.textContent).toBe('503 Service Unavailable');
    expect(outsideDetails()).not.toContain('Service Unavailable');
  });

  it('speaks Arabic', async () => {
    await openSettings();
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(await screen.findByRole('heading', { name: 'النسخ الاحتياطية', level: 2 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'التحديثات', level: 2 })).toBeTruthy();
    expect(screen.getByTestId('backup-now').textContent).toBe('انسخ احتياطيًا الآن');
    expect(screen.getByTestId('save-diagnostics').textContent).toBe('حفظ ملف التشخيص');
    expect(screen.getByTestId('last-backup').textContent).toBe('لا توجد نسخة احتياطية بعد.');
  });

  it('in Arabic, shows the example path untranslated and left to right, and counts 7 payments with the plural ("7 دفعات", not "7 دفعة")', async () => {
    // A ledger of 7 payments: Arabic counts 3 to 10 with the plural noun.
    await close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
    paymentsInLedger = 7;
    backend = directBackend();
    paymentsInLedger = 12;
    await openSettings();
    act(() => useLanguage.getState().setLanguage('ar'));
    const hint = screen.getByLabelText('مجلد النسخ الاحتياطية').getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    expect(hint).toContain('\u2066/home/you/Dropbox/Paydesk\u2069'); // isolated (LRI…PDI): read as written, not "home/you/Dropbox//…"
    expect(hint).toContain('\u2066D:\\Backups\u2069');
    expect(hint).not.toContain('بايدسك');

    fireEvent.change(screen.getByLabelText('مجلد النسخ الاحتياطية'), { target: { value: folder } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ إعدادات النسخ الاحتياطي' }));
    await waitFor(() => expect((screen.getByTestId('backup-now') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('backup-now'));
    await waitFor(() => expect(screen.getByTestId('backup-notice').textContent).toMatch(/^كُتبت النسخة الاحتياطية: \u2066paydesk-backup-[-0-9TZ]+\.[A-Za-z0-9-]+\.sqlite\u2069، 7 دفعات\.$/));
    await waitFor(() => expect(screen.getByTestId('last-backup').textContent).toMatch(/^آخر نسخة احتياطية سليمة: .+ \(7 دفعات\)\.$/));
  });

  // Walked as a new owner: the confirmation said the ledger is "replaced" and the current one "kept
  // in the data folder", not that what was recorded after the backup goes from the screens; and the
  // keyboard fell to the page's start at Restore, at Cancel, at "Back up now" and once checked.
  it('names what a restore leaves out, before and after the check, with the keyboard where the person is', async () => {
    const press = (target: HTMLElement) => (target.focus(), fireEvent.click(target)); // as a click does in Chromium
    await openSettings();
    fireEvent.change(screen.getByLabelText('Backup folder'), { target: { value: folder } });
    fireEvent.click(screen.getByRole('button', { name: 'Save backup settings' }));
    await waitFor(() => expect((screen.getByTestId('backup-now') as HTMLButtonElement).disabled).toBe(false));
    press(screen.getByTestId('backup-now'));
    await waitFor(() => expect(screen.getByTestId('backup-notice').textContent).toMatch(/^Backup written: \u2066paydesk-backup-[-0-9TZ]+\.[A-Za-z0-9-]+\.sqlite\u2069, 12 payments\.$/));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('backup-now')));
    addPayments(db, 3, 'after-backup'); // taken after the backup: the restore leaves them out

    const list = await screen.findByTestId('backup-list');
    const restore = within(list).getByRole('button', { name: /^Restore the backup of / });
    press(restore);
    const asked = within(list).getByRole('alertdialog');
    const when = within(list).getByRole('listitem').querySelector('span')!.textContent!.split(', ').slice(0, -1).join(', ');
    expect(asked.textContent).toContain(`Payments, refunds, links and audit entries recorded after ${when} will no longer show in Paydesk.`);
    expect(asked.textContent).toContain('kept, not deleted, in the data folder’s \u2066before-restore\u2069 folder.');
    expect(document.activeElement).toBe(within(asked).getByRole('button', { name: 'Cancel' }));
    press(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(within(list).getByRole('button', { name: /^Restore the backup of / })));

    press(within(list).getByRole('button', { name: /^Restore the backup of / }));
    press(within(list).getByRole('button', { name: 'Check and restore' }));
    const pending = await screen.findByTestId('pending-restore');
    expect(pending.textContent).toContain(`The ledger holds 15 payments now: what was recorded after ${when} will no longer show in Paydesk`);
    await waitFor(() => expect(document.activeElement).toBe(pending));

    press(within(pending).getByRole('button', { name: 'Cancel the restore' }));
    await waitFor(() => expect(screen.queryByTestId('pending-restore')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(within(list).getByRole('button', { name: /^Restore the backup of / })));

    act(() => useLanguage.getState().setLanguage('ar'));
    press(within(list).getByRole('button', { name: /^استعادة النسخة الاحتياطية بتاريخ / }));
    expect(within(list).getByRole('alertdialog').textContent).toContain('ويُحتفظ بالسجل الحالي دون حذف في المجلد \u2066before-restore\u2069 داخل مجلد البيانات.');
    expect(within(list).getByRole('alertdialog').querySelector('code')?.textContent).toBe('\u2066before-restore\u2069'); // a folder's name, drawn whole
    press(within(list).getByRole('button', { name: 'افحص واستعد' }));
    expect((await screen.findByTestId('pending-restore')).textContent).toMatch(/^نسخة احتياطية مفحوصة \(12 دفعة، .+في السجل الآن 15 دفعة: لن يظهر في بايدسك ما سُجّل بعد /);
  });
  // Walked by keyboard and as a new laptop (2026-11-30): Save dropped the keyboard on the page's body;
  // every Restore read "Restore" to a screen reader, two backups of one minute read alike, and
  // nothing said what becomes of the profiles and their keys on the new computer.
  it('keeps the keyboard on Save, names each Restore by its backup, shows its file, and says what to do about keys', async () => {
    const press = (target: HTMLElement) => (target.focus(), fireEvent.click(target));
    const backups = await openSettings();
    expect(backups.textContent).toContain('API keys are never copied: they stay in this computer’s keychain.');
    fireEvent.change(screen.getByLabelText('Backup folder'), { target: { value: folder } });
    const save = screen.getByRole('button', { name: 'Save backup settings' });
    press(save);
    await waitFor(() => expect(screen.getByTestId('backup-notice').textContent).toBe('Backup settings saved.'));
    await waitFor(() => expect(document.activeElement).toBe(save));

    press(screen.getByTestId('backup-now'));
    await waitFor(() => expect(screen.getByTestId('backup-notice').textContent).toMatch(/^Backup written: /));
    const [name] = readdirSync(folder).filter((n) => n.endsWith('.sqlite'));
    expect(screen.getByTestId('backup-notice').textContent).toContain(name);
    const list = await screen.findByTestId('backup-list');
    expect(within(list).getByText(name!).tagName).toBe('CODE');
    const when = within(list).getByRole('listitem').querySelector('span')!.textContent!.split(', ').slice(0, -1).join(', ');
    press(within(list).getByRole('button', { name: `Restore the backup of ${when}` }));
    const asked = within(list).getByRole('alertdialog');
    expect(asked.textContent).toContain('added without their API keys: after the restart, set each one’s key in Settings → Profiles');
    press(within(asked).getByRole('button', { name: 'Check and restore' }));
    expect((await screen.findByTestId('pending-restore')).textContent).toContain('set each one’s key in Settings → Profiles');

    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('backups').textContent).toContain('ولا ينسخ مفاتيح API أبدًا');
    expect(screen.getByTestId('pending-restore').textContent).toContain('دون مفاتيح API الخاصة بها');
    expect(within(list).getByRole('button', { name: /^استعادة النسخة الاحتياطية بتاريخ / })).toBeTruthy();
  });
  it('says which backups in a shared folder are this computer’s and which another’s, in both languages', async () => {
    const mine = 'paydesk-backup-2026-11-30T09-00-00-000Z.omar-pc-1a2b3c4d.sqlite';
    const theirs = 'paydesk-backup-2026-11-30T08-00-00-000Z.noura-pc-9f8e7d6c.sqlite';
    const earlier = 'paydesk-backup-2026-11-29T08-00-00-000Z.sqlite';
    writeFileSync(join(dataDir, 'laptop-id'), 'omar-pc-1a2b3c4d\n');
    for (const name of [mine, theirs, earlier]) writeFileSync(join(folder, name), 'x');
    writeFileSync(join(dataDir, 'maintenance.json'), JSON.stringify({ backupFolder: folder, schedule: 'off', keep: 3 }));
    const backups = await openSettings();
    const owners = () => within(backups).getByTestId('backup-list').querySelectorAll('.backup-owner');
    await waitFor(() => expect(owners()).toHaveLength(3));
    expect([...owners()].map((o) => o.textContent)).toEqual(['(made by this computer)', '(made by another computer: \u2066noura-pc-9f8e7d6c\u2069)', '(computer not recorded: an earlier Paydesk made it)']);
    expect(backups.textContent).toContain('Each computer keeps only its own last 3: backups another computer made in this folder are listed to restore from, never removed here.');
    act(() => useLanguage.getState().setLanguage('ar'));
    await waitFor(() => expect([...owners()].map((o) => o.textContent)).toEqual(['(أنشأها هذا الحاسوب)', '(أنشأها حاسوب آخر: \u2066noura-pc-9f8e7d6c\u2069)', '(الحاسوب غير مسجَّل: أنشأها إصدار أقدم من بايدسك)']));
    expect(backups.textContent).toContain('يحتفظ كل حاسوب بآخر 3 من نسخه فقط');
  });
  // Walked by keyboard (2026-11-30): while a backup or a restore's check ran, a screen reader heard nothing.
  it('says in the status line that a backup and a restore’s check are under way and when they end, the button kept usable, in both languages', async () => {
    writeFileSync(join(dataDir, 'maintenance.json'), JSON.stringify({ backupFolder: folder, schedule: 'off', keep: 3 }));
    const backups = await openSettings();
    const status = () => screen.getByTestId('backup-notice');
    const backupNow = await within(backups).findByTestId('backup-now');
    await waitFor(() => expect((backupNow as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(backupNow);
    expect(status().getAttribute('role')).toBe('status');
    expect(status().textContent).toBe('Backing up the ledger: Paydesk copies it, then checks the copy. A large ledger takes a few seconds.');
    expect(backupNow.getAttribute('aria-disabled')).toBe('true');
    expect((backupNow as HTMLButtonElement).disabled).toBe(false);
    expect(backupNow.textContent).toBe('Backing up…');
    fireEvent.click(backupNow); // a second press while it works starts nothing
    await waitFor(() => expect(status().textContent).toMatch(/^Backup written: .+, 12 payments\.$/));
    expect(backupNow.getAttribute('aria-disabled')).toBeNull();

    const list = await screen.findByTestId('backup-list');
    fireEvent.click(within(list).getByRole('button', { name: /^Restore the backup of / }));
    fireEvent.click(within(list).getByRole('button', { name: 'Check and restore' }));
    const when = within(list).getByRole('listitem').querySelector('span')!.textContent!.split(', ').slice(0, -1).join(', ');
    expect(status().textContent).toBe(`Checking the backup of ${when} before the restore. This takes a few seconds.`);
    const checking = within(list).getByRole('button', { name: 'Checking the backup…' });
    expect([checking.getAttribute('aria-disabled'), (checking as HTMLButtonElement).disabled]).toEqual(['true', false]);
    await waitFor(() => expect(status().textContent).toBe('Backup checked: it replaces the ledger at the next start.'));
    fireEvent.click(within(screen.getByTestId('pending-restore')).getByRole('button', { name: 'Cancel the restore' }));
    await waitFor(() => expect(screen.queryByTestId('pending-restore')).toBeNull());

    act(() => useLanguage.getState().setLanguage('ar'));
    fireEvent.click(backupNow);
    expect(status().textContent).toBe('جارٍ النسخ الاحتياطي للسجل: ينسخه بايدسك ثم يفحص النسخة. يستغرق السجل الكبير بضع ثوانٍ.');
    await waitFor(() => expect(status().textContent).toMatch(/^كُتبت النسخة الاحتياطية: /));
    fireEvent.click(within(list).getAllByRole('button', { name: /^استعادة النسخة الاحتياطية بتاريخ / })[0]!);
    fireEvent.click(within(list).getByRole('button', { name: 'افحص واستعد' }));
    expect(status().textContent).toMatch(/^جارٍ فحص النسخة الاحتياطية بتاريخ .+ قبل الاستعادة\. يستغرق ذلك بضع ثوانٍ\.$/);
    await waitFor(() => expect(status().textContent).toBe('فُحصت النسخة الاحتياطية: ستحل محل السجل عند التشغيل التالي.'));
  });
});
