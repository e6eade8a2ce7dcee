// The audit log: who did what, when, on which profile, a page at a time (newer / older), and
// whether the chain is intact. Main verifies each entry once as the log is opened; "Verify the
// whole chain" checks every entry again off main's thread and shows its progress.
import { IsolatedRuns, StopAfterRuns } from '../../ui/isolated-runs';
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { RowMoment } from '../../ui/row-moment';
import type { MethodOutput } from '../../../../contract/methods';
import { api } from '../../api';
import { useLanguage, useT } from '../../i18n';
import { useWords, type Words } from '../../i18n/words';
import { ExportProgress } from './export-progress';
import { auditCodesFor } from './audit-search-codes';
import { exportToFile, exportWords } from './export-csv';
import { ltrIsolated } from '../../../../contract/amount-words';
import { AuditEntryCells } from './audit-entry-cells';
import { CopiedAudit } from './copied-audit';
import { useFocusAcrossSwap, useFocusFallback } from '../../ui/focus';
import { useSlashFocus } from '../../ui/slash-focus';
import { DateField } from '../../ui/date-field';
import { QuickDates, dayChoices } from './quick-dates';
import { fromField, fromInstant, toField, toInstant } from './date-fields';
import { pressed, shortcutKeys } from '../../ui/shortcuts';
import './transactions.css';
import { typedDir } from '../../ui/typed-dir';
import { useNavigation } from '../../app/navigation-store';
import { showPayment } from './find-payment';


const pageSize = 200;
// The times are this computer's wall time: the heading names its zone, as an auditor compares them with the CSV's UTC `at`.
const shownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
type Data = MethodOutput<'listAuditLog'>;

/**
 * The search and the days, kept while Paydesk runs: an entry's order reference opens its payment in
 * Transactions, and the way back (Alt+7) found the log unsearched, the 30 presses of "refunds,
 * yesterday and today" to make again (the fourth screen walk, docs/screens-walks.md).
 */
let kept: { query: string; period: { from?: string; to?: string } } = { query: '', period: {} };

export function AuditScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [query, setQuery] = useState(kept.query);
  const go = useNavigation((s) => s.go);
  const openPayment = (paymentId: string) => showPayment(paymentId, go);
  // The From and To days (local days, as the Transactions filter's): the entries written in them.
  const [period, setPeriod] = useState<{ from?: string; to?: string }>(kept.period);
  useEffect(() => { kept = { query, period }; }, [query, period]);
  const dated = period.from !== undefined || period.to !== undefined;
  const choosePeriod = (next: { from?: string; to?: string }) => { setPeriod(next); setPages([]); };

  // The seq each older page starts below; empty: the newest page.
  const [pages, setPages] = useState<number[]>([]);
  const [data, setData] = useState<Data>();
  // Which search and page `data` answers (a new one is on its way while they differ).
  const [loadedFor, setLoadedFor] = useState<string>();
  // The export's end or a refusal, kept as words: it follows a change of language.
  const [message, setMessage] = useState<Words>();
  const words = useWords();
  const [verify, setVerify] = useState<{ checked: number; total: number; done: boolean; intact: boolean; brokenAt?: number; headSeq?: number; cancelled?: true }>();
  const [exporting, setExporting] = useState<{ done: number; total: number }>();
  const cancel = useRef<AbortController | undefined>(undefined);
  const exportButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // "/" is the search here too, as on Home and Transactions (also typed while this screen's code loads).
  const searchField = useRef<HTMLInputElement>(null);
  useSlashFocus(searchField);
  useFocusAcrossSwap(exporting !== undefined, exportButton, cancelButton);
  // "Verify" is disabled while it checks, which dropped the keyboard on the page's body: it goes to
  // the line saying the progress, which then says the result (the button takes it if it was lost).
  const verifying = verify !== undefined && !verify.done;
  const verifyButton = useRef<HTMLButtonElement>(null);
  const verifyStatus = useRef<HTMLSpanElement>(null);
  useFocusAcrossSwap(verifying, verifyButton, verifyStatus);
  const beforeSeq = pages.at(-1);
  // Which search, period and page a window answers.
  const shownKey = `${beforeSeq}|${query}|${period.from ?? ''}|${period.to ?? ''}`;
  // A pager button disabled by its own press (the last page, or back at the newest) hands the
  // keyboard to the other one, or to the heading when both are, rather than to the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const newer = useRef<HTMLButtonElement>(null);
  const older = useRef<HTMLButtonElement>(null);
  const watchFocus = useFocusFallback(() => [newer.current, older.current].find((b) => b && !b.disabled && b !== document.activeElement) ?? heading.current, loadedFor === shownKey);

  useEffect(() => {
    let live = true;
    // The words on screen: the codes whose label, in this language or English, holds the text.
    const codes = query.trim() ? auditCodesFor(query, language) : undefined;
    const load = () => void api.listAuditLog({ query: query || undefined, ...(codes?.actions.length ? { actions: codes.actions } : {}), ...(codes?.results.length ? { results: codes.results } : {}), ...period, limit: pageSize, beforeSeq }).then((r) => {
      if (!live || !r.ok) return;
      setData(r.value);
      setLoadedFor(shownKey);
    });
    const timer = setTimeout(load, query ? 200 : 0);
    // New entries (and the chain's progress) show up when main says something changed.
    let again: ReturnType<typeof setTimeout> | undefined;
    const off = api.subscribe((event) => {
      if (event.type === 'audit.verify') setVerify(event);
      if (event.type === 'payments.changed' || (event.type === 'audit.verify' && event.done)) {
        clearTimeout(again);
        again = setTimeout(load, 300);
      }
    });
    return () => {
      live = false;
      clearTimeout(timer);
      clearTimeout(again);
      off();
    };
  }, [query, beforeSeq, language, period]);

  // The export follows the search on screen (as the Transactions export follows its filters):
  // the button says so, and a file of matching entries is said to be a part of the log.
  const searched = query.trim();
  async function exportShown() {
    cancel.current = new AbortController();
    setMessage(undefined);
    setExporting({ done: 0, total: 0 });
    const codes = searched ? auditCodesFor(searched, language) : undefined;
    const search = searched || dated ? { ...(searched ? { query: searched } : {}), ...(codes?.actions.length ? { actions: codes.actions } : {}), ...(codes?.results.length ? { results: codes.results } : {}), ...period } : undefined;
    const result = await exportToFile({ kind: 'audit', search }, (done, total) => setExporting({ done, total }), cancel.current.signal);
    setExporting(undefined);
    setMessage(result.ok && searched && dated ? { key: 'audit.exportSavedMatchingPeriod', values: { rows: result.rows, query: searched, path: ltrIsolated(result.path) } }
      : result.ok && searched ? { key: 'audit.exportSavedMatching', values: { rows: result.rows, query: searched, path: ltrIsolated(result.path) } }
      : result.ok && dated ? { key: 'audit.exportSavedPeriod', values: { rows: result.rows, path: ltrIsolated(result.path) } }
      // The whole log in entries, as the searches' lines and the screen's count say (it said "rows": the fifteenth walk).
      : result.ok ? { key: 'audit.exportSaved', values: { rows: result.rows, path: ltrIsolated(result.path) } } : exportWords(result));
  }

  async function verifyAll() {
    // Under way from the click: a short check's audit.verify events may arrive before this call's
    // answer (events and answers travel apart), and must not be overwritten by it.
    setVerify({ checked: 0, total: 0, done: false, intact: true });
    const started = await api.verifyAuditChain({});
    if (started.ok) setVerify((v) => (v && !v.done ? { ...v, total: Math.max(v.total, started.value.entries) } : v));
    else {
      // Refused (on the team ledger the database may refuse the person): said, not silently ignored.
      setVerify(undefined);
      setMessage({ error: started.error });
    }
  }

  const chain = data?.chain;
  // A break at the end (the team ledger's head is ahead of the log) or from an entry on.
  const brokenText = (brokenAt: number | undefined, headSeq: number | undefined) =>
    headSeq !== undefined && brokenAt !== undefined ? t('audit.chainCutAtEnd', { head: String(headSeq), last: String(brokenAt - 1) }) : t('audit.chainBrokenAt', { seq: String(brokenAt ?? '?') });
  const chainText = !data
    ? ''
    : chain?.brokenAt !== undefined || !data.chainIntact
      ? brokenText(chain?.brokenAt, chain?.headSeq)
      : chain && chain.checkedThrough < chain.last
        ? t('audit.chainChecking', { checked: chain.checkedThrough, total: chain.last })
        : t('audit.chainOk');
  const rows = data?.rows ?? [];
  // ↓ from the search goes to the entries, as in Transactions: they were eight controls further
  // (the days, five quick dates, the export) and, at 800 × 600, below the window (walked, 2026-11-30).
  const entries = useRef<HTMLTableElement>(null);
  const toEntries = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (!pressed(event.nativeEvent, 'searchToList') || event.shiftKey || !entries.current) return;
    event.preventDefault();
    entries.current.focus(); // which scrolls them into view
  };
  const hasOlder = data ? (query || dated ? data.totalExact === false : (rows.at(-1)?.seq ?? 1) > 1) : false;

  return (
    <div className="audit" data-testid="audit-screen">
      <h1 ref={heading} tabIndex={-1}>{t('audit.title')}</h1>
      {/* The chain's state and its full check together, first after the heading: Alt+7, Tab, Enter. */}
      <div className="tx-toolbar">
        {data && <p className={data.chainIntact ? 'chain-ok' : 'chain-broken'} role="status" data-testid="audit-chain">{chainText}</p>}
        <button type="button" ref={verifyButton} onClick={() => void verifyAll()} disabled={verifying} data-testid="audit-verify">{t('audit.verifyAll')}</button>
        <span role="status" className="notice" ref={verifyStatus} tabIndex={-1} data-testid="audit-verify-status">
          {/* Counts with their thousands (a busy year's log has over a million entries, walk17); before the check's first word of its size, no "0 of 0". */}
          {verify && (!verify.done ? (verify.total > 0 ? t('audit.verifying', { checked: verify.checked, total: verify.total }) : t('audit.verifyStarting')) : verify.cancelled ? t('audit.verifyStopped', { checked: verify.checked, total: verify.total }) : verify.intact ? t('audit.verifiedOk', { total: verify.checked }) : verify.brokenAt !== undefined ? brokenText(verify.brokenAt, verify.headSeq) : t('audit.verifyFailed'))}
        </span>
        {/* A busy year's log takes 10-20 s (walk17); gone with the check's end, the keyboard then back on Verify (useFocusAcrossSwap). */}
        {verifying && <button type="button" onClick={() => void api.cancelAuditVerify({})} data-testid="audit-verify-stop">{t('audit.verifyStop')}</button>}
      </div>
      <div className="tx-toolbar">
        <div className="field"><label htmlFor="audit-search">{t('audit.search')}</label><input id="audit-search" ref={searchField} type="search" dir={typedDir(query)} aria-keyshortcuts={shortcutKeys('search')} value={query} onKeyDown={toEntries} onChange={(e) => { setQuery(e.target.value); setPages([]); }} /></div>
        <DateField id="audit-from" label={t('tx.filter.from')} value={fromField(period.from)} onChange={(day) => choosePeriod({ ...period, from: fromInstant(day) })} testId="audit-from" />
        <DateField id="audit-to" label={t('tx.filter.to')} value={toField(period.to)} min={fromField(period.from)} onChange={(day) => choosePeriod({ ...period, to: toInstant(day) })} testId="audit-to" />
        <QuickDates from={period.from} to={period.to} choices={dayChoices} choose={(range) => choosePeriod({ from: range.from, to: range.to })} toResults={() => entries.current?.focus()} />
        {exporting ? (
          <ExportProgress id="audit-export-progress" done={exporting.done} total={exporting.total} of="entries" cancelButton={cancelButton} onCancel={() => cancel.current?.abort()} />
        ) : (
          <button type="button" ref={exportButton} onClick={() => void exportShown()} data-testid="audit-export">{searched && dated ? t('audit.exportMatchingPeriod', { query: searched }) : searched ? t('audit.exportMatching', { query: searched }) : dated ? t('audit.exportPeriod') : t('audit.export')}</button>
        )}
        <span role="status" className="notice" data-testid="audit-message">{message && <StopAfterRuns text={words(message)} />}</span>
      </div>
      {/* A search that finds nothing says so, as Transactions does (an empty table said nothing). */}
      {data && (query || dated) && rows.length === 0 && loadedFor === shownKey && <p className="empty" role="status" data-testid="audit-empty">{t('audit.empty')}</p>}
      {/* …and one that finds entries says how many (a screen reader heard nothing; at 800 × 600 they were below the window). */}
      {data && (query || dated) && rows.length > 0 && loadedFor === shownKey && <p className="found" role="status" data-testid="audit-found">{t(hasOlder ? 'audit.foundFirst' : 'audit.found', { count: rows.length })}</p>}
      {data && (rows.length > 0 || !(query || dated)) && (
        <>
          <table className="simple-table audit-table" data-testid="audit-table" ref={entries} tabIndex={-1}>
            <caption className="visually-hidden">{t('audit.title')}</caption>
            <thead><tr><th scope="col">#</th><th scope="col"><IsolatedRuns text={t('audit.when', { zone: ltrIsolated(shownZone()) })} /></th><th scope="col">{t('audit.who')}</th><th scope="col">{t('audit.profile')}</th><th scope="col">{t('audit.action')}</th><th scope="col">{t('tx.col.order')}</th><th scope="col" className="num">{t('tx.col.amount')}</th><th scope="col">{t('audit.result')}</th></tr></thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.seq}>
                  <td>{row.seq}</td>
                  <td><RowMoment iso={row.at} /></td>
                  {/* On the team ledger, the login the database stamped first: the OS user is only what a laptop said, and many say "root". */}
                  <td>{row.person && row.person !== row.osUser ? t('timeline.person', { person: row.person, osUser: row.osUser }) : row.osUser}</td>
                  <AuditEntryCells row={row} open={openPayment} />
                </tr>
              ))}
            </tbody>
          </table>
          <div className="form-actions">
            <button type="button" ref={newer} disabled={pages.length === 0} onClick={(e) => { watchFocus(e.currentTarget); setPages(pages.slice(0, -1)); }} data-testid="audit-newer">{t('audit.newer')}</button>
            <button type="button" ref={older} disabled={!hasOlder} onClick={(e) => { watchFocus(e.currentTarget); setPages([...pages, rows.at(-1)!.seq]); }} data-testid="audit-older">{t('audit.older')}</button>
          </div>
        </>
      )}
      <CopiedAudit query={query} period={period} />
    </div>
  );
}
