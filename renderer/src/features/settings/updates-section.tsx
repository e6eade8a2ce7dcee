// Settings → Updates (automatic checks on or off, the update state, check and install; a failure in
// main's words, the updater's own under "Details for support") and Support ("Save diagnostics").
import { useState } from 'react';
import { api } from '../../api';
import { useT } from '../../i18n';
import { MainWords } from '../../ui/main-words';
import { useMaintenance } from './maintenance-store';
import { NoticeLine, refused, said, type Notice } from '../../ui/notice';

/**
 * No connection to the update server, as a laptop without network meets it (a name not found, no
 * route, no answer, a cut or refused connection): said calmly, not as a failure in red, with what
 * happens next; the cause's own words under "Details for support". A certificate or another
 * failure stays an error (walked offline, 2026-11-30, docs/maintenance.md).
 */
const offlineCauses = new Set(['dns', 'noRoute', 'timedOut', 'connectTimedOut', 'reset', 'refused']);
export const isOffline = (reason: { key: string; values?: Record<string, string | number> } | null) =>
  reason?.key === 'update.unreachable' && offlineCauses.has(String(reason.values?.cause));

export function UpdatesSection() {
  const t = useT();
  const { view, setUpdates } = useMaintenance();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const updates = view?.updates;
  if (!updates) return null;

  async function run(call: () => ReturnType<typeof api.checkForUpdates>) {
    setBusy(true);
    setNotice(undefined);
    const result = await call();
    setBusy(false);
    if (result.ok) setUpdates(result.value);
    else setNotice(refused(result.error));
  }
  const values = { current: updates.currentVersion, version: updates.version ?? '' };
  const offline = updates.state === 'error' && isOffline(updates.reason);
  return (
    <section aria-labelledby="updates-title" className="maintenance" data-testid="updates">
      <h2 id="updates-title">{t('maint.updates')}</h2>
      <label>
        <input type="checkbox" checked={updates.enabled} disabled={updates.offByPolicy || updates.state === 'unsupported' || busy} onChange={(e) => void run(() => api.setUpdateSettings({ enabled: e.target.checked }))} />{' '}
        {t('maint.updates.auto')}
      </label>
      {updates.offByPolicy && <p className="field-hint">{t('maint.updates.policy')}</p>}
      <p data-testid="update-state">{offline ? t('maint.updates.state.offline', values) : t(`maint.updates.state.${updates.state}`, values)}</p>
      {updates.deferred && <p data-testid="update-deferred">{t('maint.updates.deferred')}</p>}
      {updates.state === 'error' && updates.reason && !offline && <p className="notice-error" data-testid="update-error"><MainWords reason={updates.reason} english={null} /></p>}
      {updates.state === 'error' && (updates.detail || offline) && (
        <details className="support-detail" data-testid="update-detail">
          <summary>{t('maint.details')}</summary>
          {offline && <p data-testid="update-why"><MainWords reason={updates.reason} english={null} /></p>}
          {updates.detail && <pre dir="ltr" lang="en">{updates.detail}</pre>}
        </details>
      )}
      {updates.state !== 'unsupported' && updates.state !== 'off' && (
        <button type="button" onClick={() => void run(() => api.checkForUpdates({}))} disabled={busy || updates.state === 'checking' || updates.state === 'downloading'}>{t('maint.updates.check')}</button>
      )}
      {updates.state === 'ready' && (
        <button type="button" onClick={() => void run(() => api.installUpdate({}))} disabled={busy || updates.deferred}>{t('maint.updates.install')}</button>
      )}
      <NoticeLine notice={notice} testId="update-notice" />
    </section>
  );
}

export function SupportSection() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  async function save() {
    setBusy(true);
    const result = await api.saveDiagnostics({});
    setBusy(false);
    // The path first-strong isolated (FSI, left to right for a path) and so drawn as one unit (QuotedWords):
    // isolated left to right only, in Arabic it broke at a dash and read "-52" at a line's start.
    setNotice(result.ok ? said('maint.diagnostics.saved', { file: `\u2068${result.value.file}\u2069` }) : refused(result.error));
  }
  return (
    <section aria-labelledby="support-title" className="maintenance" data-testid="support">
      <h2 id="support-title">{t('maint.support')}</h2>
      <p>{t('maint.diagnostics.intro')}</p>
      <button type="button" onClick={() => void save()} disabled={busy} data-testid="save-diagnostics">{t('maint.diagnostics')}</button>
      <NoticeLine notice={notice} testId="diagnostics-notice" />
    </section>
  );
}
