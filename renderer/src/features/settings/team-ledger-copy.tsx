// Settings → Team ledger → "Move this computer's ledger to the team ledger": starts the copy in
// main (copyToTeamLedger), follows it while it runs (getTeamLedgerCopy, twice a second), then shows
// its report: per table copied, already there, skipped, and why a row was skipped.
import { useEffect, useRef, useState } from 'react';
import type { TeamLedgerCopy } from '../../../../contract/methods/team-ledger';
import { api } from '../../api';
import { useNavigation } from '../../app/navigation-store';
import { useLanguage, useT, wordReason, type MessageKey } from '../../i18n';
import { useFocusAfterCheck } from '../../ui/focus';

/** adminOnly: the saved login's role is known and not admin's, whose copy the database refuses: why, in the button's place. */
export function TeamLedgerCopySection({ adminOnly = false }: { adminOnly?: boolean }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [copy, setCopy] = useState<TeamLedgerCopy>();
  const go = useNavigation((state) => state.go);

  useEffect(() => {
    void api.getTeamLedgerCopy({}).then((r) => r.ok && setCopy(r.value));
  }, []);
  const running = copy?.state === 'running';
  // The button is disabled while the copy runs (the keyboard dropped to the page's start): it takes it back after.
  const startButton = useRef<HTMLButtonElement>(null);
  useFocusAfterCheck(running, false, () => startButton.current);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void api.getTeamLedgerCopy({}).then((r) => r.ok && setCopy(r.value)), 500);
    return () => clearInterval(timer);
  }, [running]);

  const start = async () => {
    const result = await api.copyToTeamLedger({});
    if (result.ok) setCopy(result.value);
  };
  const report = copy?.state === 'done' ? copy.report : null;
  return (
    <div className="team-copy" data-testid="team-copy">
      <h3>{t('team.copy.title')}</h3>
      <p>{t('team.copy.intro')}</p>
      {adminOnly
        ? <p className="field-hint" data-testid="team-copy-admin-only">{wordReason(language, { key: 'teamLedger.copyAdminOnly' })}</p>
        : <button type="button" ref={startButton} disabled={running} onClick={() => void start()}>{t('team.copy.start')}</button>}
      <div role="status" data-testid="team-copy-status">
        {running && copy.progress && (
          <p>{t('team.copy.running', { part: t(`team.copy.part.${copy.progress.part}`), done: copy.progress.done, total: copy.progress.total })}</p>
        )}
        {copy?.state === 'failed' && copy.reason && <p className="notice notice-error">{wordReason(language, copy.reason) ?? copy.reason.key}</p>}
        {/* Operations still open are settled in Needs attention, on this computer only (walk 7: the words named Transactions, with nothing to press). */}
        {copy?.state === 'failed' && copy.reason?.key === 'teamLedger.copyOpenOperations' && (
          <p><button type="button" onClick={() => go('attention')}>{t('team.copy.openAttention')}</button></p>
        )}
        {report && (
          <>
            <p>{t('team.copy.done')}</p>
            <ul data-testid="team-copy-report">
              {/* A table this computer had nothing of reads "none", not "0 copied … (of 0)" (walk of the setup: invoices and credit notes). */}
              {(['payments', 'operations', 'invoices', 'creditNotes', 'bulkBatches', 'repeatStops', 'audit'] as const).filter((table) => report[table]).map((table) => (
                <li key={table}>{report[table].source === 0
                  ? t('team.copy.row.none', { what: t(`team.copy.${table}`) })
                  : t('team.copy.row', { what: t(`team.copy.${table}`), copied: report[table].copied, already: report[table].alreadyThere, skipped: report[table].skipped, source: report[table].source })}</li>
              ))}
              {report.skipped.map((s) => <li key={`${s.table}-${s.id}`}>{t(`team.copy.why.${s.why}` as MessageKey, { id: s.id })}</li>)}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
