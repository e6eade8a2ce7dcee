// Settings → Backups: the folder, schedule and how many to keep; "Back up now"; the last good
// backup and the last failure (main's reason, worded in the window's language); the backups in the
// folder, each with Restore (checked first, put in place at restart).
import { useEffect, useRef, useState } from 'react';
import { ltrIsolated } from '../../../../contract/amount-words';
import type { BackupSchedule } from '../../../../contract/methods/maintenance';
import { api } from '../../api';
import { useLanguage, useT } from '../../i18n';
import { useWordedError } from '../../i18n/words';
import type { AppError } from '../../../../contract/result';
import { toAsciiDigits } from '../../../../contract/digits';
import { formatRowDateTime } from '../../i18n/format';
import { Field } from './field';
import { focusFirstError, focusIfLost } from '../../ui/focus';
import { MainWords } from '../../ui/main-words';
import { IsolatedRuns } from '../../ui/isolated-runs';
import { formatSize, useMaintenance } from './maintenance-store';
import { NoticeLine, refused, said, type Notice } from '../../ui/notice';

/** Example paths for the folder's hint: a path is never translated, and stays left to right inside Arabic. */
const folderExamples = { unixExample: ltrIsolated('/home/you/Dropbox/Paydesk'), windowsExample: ltrIsolated('D:\\Backups') };
/** Where restore keeps the ledger it replaces (restore.ts), a folder's name, never translated. */
const keptFolder = ltrIsolated('before-restore');
/** A backup's Restore button, by the backup's name (letters, digits and dashes): the keyboard goes back to it. */
const restoreButton = (name: string) => document.querySelector<HTMLElement>(`[data-restore="${name}"]`);

export function BackupsSection() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const wordError = useWordedError();
  const { view, load } = useMaintenance();
  const backup = view?.backup;
  const [folder, setFolder] = useState('');
  const [schedule, setSchedule] = useState<BackupSchedule>('daily');
  const [keep, setKeep] = useState('7');
  const [busy, setBusy] = useState<string>();
  const [confirming, setConfirming] = useState<string>();
  const [notice, setNotice] = useState<Notice>();
  // The keyboard stays where the person is: each of these buttons is disabled or replaced while it
  // works, and it fell to the page's start (walked as a new owner, docs/maintenance.md).
  const backupNowButton = useRef<HTMLButtonElement>(null);
  const pendingBox = useRef<HTMLDivElement>(null);
  const keepRestoreButton = useRef<HTMLButtonElement>(null);
  // Where the keyboard goes once that is drawn and usable (a button enabled again, the pending box
  // shown after main's answer), if it was lost meanwhile.
  const focusNext = useRef<() => HTMLElement | null | undefined>(undefined);
  // The button that kept the keyboard while main worked, handing it on (a checked restore: to the waiting restore).
  const handingOn = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const target = focusNext.current?.();
    if (!target || (target as HTMLButtonElement).disabled) return;
    focusNext.current = undefined;
    if (handingOn.current && document.activeElement === handingOn.current) target.focus();
    else focusIfLost(target);
    handingOn.current = null;
  });
  const wasConfirming = useRef<string>(undefined);
  useEffect(() => {
    if (confirming) keepRestoreButton.current?.focus(); // the safe choice, as a profile's removal does
    else if (wasConfirming.current) focusIfLost(restoreButton(wasConfirming.current)); // kept: back to its Restore
    wasConfirming.current = confirming;
  }, [confirming]);
  // A setting's problem under its own field (main's, such as a folder that cannot be written, or
  // the count's, checked here in the app's words rather than the browser's own English bubble).
  // Kept as main's error or the check's key and worded at each draw: they follow a change of language.
  const [keepWrong, setKeepWrong] = useState(false);
  const [refusal, setRefusal] = useState<AppError>();
  const mainFields = refusal ? wordError(refusal).fields ?? {} : {};
  const fieldErrors = { folder: mainFields.folder, keep: keepWrong ? t('maint.keep.range') : mainFields.keep };

  useEffect(() => {
    if (!backup) return;
    setFolder(backup.folder ?? '');
    setSchedule(backup.schedule);
    setKeep(String(backup.keep));
  }, [backup?.folder, backup?.schedule, backup?.keep]);

  /** `progress`: said in the status line while main works (a backup, a restore's check), so a screen reader hears it started. */
  async function act(what: string, run: () => Promise<Notice | undefined>, progress?: Notice) {
    setBusy(what);
    setNotice(progress);
    try {
      setNotice(await run());
    } finally {
      setBusy(undefined);
      await load();
    }
  }
  const showFieldErrors = (keepIsWrong: boolean, error?: AppError) => {
    setKeepWrong(keepIsWrong);
    setRefusal(error);
    if (keepIsWrong || error?.fields?.folder || error?.fields?.keep) focusFirstError('[data-testid="backups"] form');
  };
  const saveButton = useRef<HTMLButtonElement>(null);
  const save = () => {
    const count = toAsciiDigits(keep.trim());
    if (!/^\d{1,3}$/.test(count) || Number(count) < 1 || Number(count) > 100) return showFieldErrors(true);
    return act('save', async () => {
      // Disabled while main saves: the keyboard fell to the page's body (walked by keyboard, 2026-11-30).
      focusNext.current = () => saveButton.current;
      const result = await api.setBackupSettings({ folder: folder.trim() || null, schedule, keep: Number(count) });
      showFieldErrors(false, result.ok ? undefined : result.error);
      if (result.ok) return said('maint.saved');
      // A refusal main put under a field is said there alone, the keyboard taken to it: said again
      // below "Back up now", far from the field, it read as a second problem.
      return result.error.fields?.folder || result.error.fields?.keep ? undefined : refused(result.error);
    });
  };
  const backupNow = () => act('backup', async () => {
    focusNext.current = () => backupNowButton.current;
    const result = await api.backupNow({});
    return result.ok ? said('maint.backedUp', { file: ltrIsolated(result.value.name), payments: result.value.payments }) : refused(result.error);
  }, said('maint.backup.progress'));
  const [checking, setChecking] = useState<string>();
  const restore = (name: string, at: string) => act('restore', async () => {
    // The keyboard goes from "Check and restore" (gone with its box) to this backup's Restore, kept usable meanwhile.
    setChecking(name);
    setConfirming(undefined);
    const result = await api.restoreBackup({ name }).finally(() => setChecking(undefined));
    // Checked: the pending box, which says what the restore leaves out, is read first.
    focusNext.current = result.ok ? () => pendingBox.current : () => restoreButton(name);
    handingOn.current = result.ok ? restoreButton(name) : null;
    return result.ok ? said('maint.restore.checked') : refused(result.error);
  }, said('maint.restore.progress', { when: formatRowDateTime(at, language) }));
  const cancelRestore = (name: string) => act('cancel', async () => {
    const result = await api.cancelRestore({});
    focusNext.current = () => restoreButton(name);
    return result.ok ? said('maint.restore.cancelled') : refused(result.error);
  });
  const restart = () => act('restart', async () => {
    const result = await api.restartApp({});
    return result.ok ? undefined : refused(result.error);
  });

  if (!backup) return null;
  // A backup's moment as the lists and the audit log write one (30/11/2026 00:00), in both languages:
  // the Arabic read "2026/11/30، 12:00 ص" beside the English "30 Nov 2026, 00:00".
  const when = (iso: string) => formatRowDateTime(iso, language);
  return (
    <section aria-labelledby="backups-title" className="maintenance" data-testid="backups">
      <h2 id="backups-title">{t('maint.backups')}</h2>
      <p>{t('maint.backups.intro')}</p>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate>
        <Field id="backup-folder" label={t('maint.folder')} hint={t('maint.folder.hint', folderExamples)} value={folder} dir="ltr" onChange={(e) => setFolder(e.target.value)} error={fieldErrors.folder} />
        <div className="field">
          <label htmlFor="backup-schedule">{t('maint.schedule')}</label>
          <select id="backup-schedule" value={schedule} onChange={(e) => setSchedule(e.target.value as BackupSchedule)}>
            {(['off', 'daily', 'weekly'] as const).map((s) => <option key={s} value={s}>{t(`maint.schedule.${s}`)}</option>)}
          </select>
        </div>
        <Field id="backup-keep" label={t('maint.keep')} inputMode="numeric" value={keep} onChange={(e) => setKeep(e.target.value)} error={fieldErrors.keep} />
        <button type="submit" ref={saveButton} disabled={busy !== undefined}>{t('maint.save')}</button>
      </form>
      <p data-testid="last-backup">
        {backup.lastGood ? t('maint.lastGood', { when: when(backup.lastGood.at), payments: backup.lastGood.payments }) : t('maint.lastGood.none')}
      </p>
      {backup.lastError && <p className="notice-error" data-testid="last-backup-error">{t('maint.lastError', { when: when(backup.lastError.at) })} <MainWords reason={backup.lastError.reason} english={backup.lastError.message} /></p>}
      {/* aria-disabled while it backs up, not disabled: a disabled button dropped the keyboard to the page's body (as Run check-up). */}
      <button type="button" ref={backupNowButton} onClick={() => busy === undefined && !backup.running && void backupNow()}
        disabled={((busy !== undefined || backup.running) && busy !== 'backup') || !backup.folder} aria-disabled={busy === 'backup' || undefined} data-testid="backup-now">
        {busy === 'backup' || backup.running ? t('maint.backingUp') : t('maint.backupNow')}
      </button>
      <NoticeLine notice={notice} testId="backup-notice" />

      {view.pendingRestore && (
        <div className="confirm-box" role="status" data-testid="pending-restore" ref={pendingBox} tabIndex={-1}>
          <p>{t('maint.restore.pending', { payments: view.pendingRestore.payments })}</p>
          <p><IsolatedRuns as="code" text={t('maint.restore.pendingLoss', { now: view.pendingRestore.ledgerPayments, when: when(view.pendingRestore.at), folder: keptFolder })} /></p>
          <p>{t('maint.restore.keys')}</p>
          {view.canRestart ? (
            <button type="button" onClick={() => void restart()} disabled={busy !== undefined}>{t('maint.restore.restartNow')}</button>
          ) : (
            <p>{t('maint.restore.restartYourself')}</p>
          )}
          <button type="button" onClick={() => void cancelRestore(view.pendingRestore!.name)} disabled={busy !== undefined}>{t('maint.restore.cancel')}</button>
        </div>
      )}

      <h3>{t('maint.files')}</h3>
      {backup.files.some((f) => f.laptop !== 'this') && <p>{t('maint.files.shared', { keep: backup.keep })}</p>}
      {backup.files.length === 0 ? <p>{t('maint.files.none')}</p> : (
        <ul className="backup-list" data-testid="backup-list">
          {backup.files.map((file) => (
            <li key={file.name}>
              <div className="backup-row">
                <span>{t('maint.file', { when: when(file.at), size: formatSize(file.sizeBytes, language) })}</span>{' '}
                {/* Whose: a folder shared by two computers holds both's; each prunes only its own (backup-files.ts). */}
                <span className="backup-owner" data-owner={file.laptop}>{t(`maint.file.${file.laptop}`, { laptop: ltrIsolated(file.laptopName ?? '') })}</span>{' '}
                {confirming !== file.name && (
                  <button type="button" data-restore={file.name} aria-label={checking === file.name ? undefined : t('maint.restore.named', { when: when(file.at) })}
                    onClick={() => busy === undefined && setConfirming(file.name)} disabled={busy !== undefined && checking !== file.name} aria-disabled={checking === file.name || undefined}>
                    {checking === file.name ? t('maint.restore.checking') : t('maint.restore')}
                  </button>
                )}
              </div>
              {/* The file's name too, on a line of its own so that it stays whole: two backups in one
                  minute read alike, and it is what the folder shows. */}
              <div className="backup-name-line"><code className="backup-name" dir="ltr">{file.name}</code></div>
              {confirming === file.name && (
                <div className="confirm-box" role="alertdialog" aria-labelledby="restore-confirm">
                  <p id="restore-confirm"><IsolatedRuns as="code" text={t('maint.restore.confirm', { when: when(file.at), folder: keptFolder })} /></p>
                  <p>{t('maint.restore.keys')}</p>
                  <button type="button" onClick={() => void restore(file.name, file.at)}>{t('maint.restore.yes')}</button>
                  <button type="button" ref={keepRestoreButton} onClick={() => setConfirming(undefined)}>{t('settings.cancel')}</button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
