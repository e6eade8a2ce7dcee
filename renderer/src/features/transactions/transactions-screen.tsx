// Transactions: the whole ledger, searchable and filterable, with the selected payment's
// detail beside the list. Export and status lookup sit above the list.
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useT } from '../../i18n';
import { useWordedError, useWords, type Words } from '../../i18n/words';
import { Field } from '../settings/field';
import { useFocusAcrossSwap } from '../../ui/focus';
import { ExportProgress } from './export-progress';
import { exportToFile, exportWords } from './export-csv';
import { FilterBar } from './filter-bar';
import { SortControl } from './sort-control';
import { PaymentDetailPanel } from './payment-detail';
import { focusListRow, PaymentList } from './payment-list';
import { openHiddenByFilter, useTransactions, watchPayments } from './transactions-store';
import './transactions.css';
import { QuotedWords } from '../../ui/quoted-words';
import { useMayCreatePayments } from '../settings/team-role';
import { RegisterButton } from '../invoices/register-button';
import { ListTotals } from './list-totals';

export function TransactionsScreen() {
  const t = useT();
  const { total, totalExact, openId, reloadUnlessVisiting, error } = useTransactions();
  const wordError = useWordedError();
  const hidden = useTransactions(openHiddenByFilter);
  const split = useRef<HTMLDivElement>(null);
  // Read after each draw: with the detail closed the list is no longer inert in that same draw (the
  // × gives it the keyboard at the next frame).
  const covered = useDetailCoversList(split, Boolean(openId)) && Boolean(openId);
  useEffect(() => {
    reloadUnlessVisiting();
    return watchPayments();
  }, [reloadUnlessVisiting]);
  // The keyboard is never left on the page's body: Home's "Find a payment" matching several payments
  // (or none) left it there, and the next Tab started again at the top. One match opens the payment,
  // whose title takes it (payment-detail.tsx). In a task of its own: after a click React runs a
  // draw's effects in the click's task, and the focus with its layout held the list's first frame by
  // about 20 ms (bench/start-ab.ts). Not after a frame: a page not drawn (hidden, or a busy
  // machine's) runs no frame, and the keyboard stayed on the body.
  useEffect(() => {
    if (total === undefined || openId) return;
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      if (total > 0) focusListRow(useTransactions.getState().selected);
      else document.getElementById('tx-search')?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [total, openId]);

  return (
    <div className="transactions" data-testid="transactions-screen" onKeyDown={(event) => openId && escapeClosesDetail(event) && closeDetail()}>
      <h1>{t('tx.title')}</h1>
      <FilterBar />
      <div className="tx-toolbar">
        {/* Main's refusal of the list ends "Loading…", which stayed for good: a filter's is said next to its field, any other here. */}
        <p className="tx-count" role="status" aria-busy={total === undefined && !error} data-testid="tx-count">{total === undefined ? (error ? (error.fields ? t('tx.count.refused') : <QuotedWords text={wordError(error).message} />) : t('app.loading')) : !totalExact ? t('tx.count.more', { count: Math.max(0, total - 1) }) : t('tx.count', { count: total })}</p>
        {/* The order beside the count it orders; after the filters in the keyboard's order, as it was. */}
        <SortControl />
        <ExportButton />
        <Lookup />
        {/* Last: the lookup stays level with the count and Export CSV; the register wraps under them. */}
        <RegisterButton />
      </div>
      <ListTotals />
      <div ref={split} className={`tx-split${openId ? ' with-detail' : ''}`}>
        <PaymentList inert={covered} />
        {openId && <PaymentDetailPanel paymentId={openId} coversList={covered} hiddenByFilter={hidden} onClose={closeDetail} />}
      </div>
    </div>
  );
}

/**
 * Whether the open detail covers the list: in a screen too narrow for both, CSS shows the detail in
 * the list's place and hides the list (a container query, transactions.css), so the list's computed
 * visibility says it, read again when the split's width changes. The covered list is then inert (out
 * of the tab order and the accessibility tree) and the detail takes the keyboard (payment-detail.tsx).
 */
function useDetailCoversList(split: RefObject<HTMLDivElement | null>, open: boolean): boolean {
  const [covered, setCovered] = useState(false);
  useEffect(() => {
    const element = split.current;
    if (!open || !element) return setCovered(false);
    const check = () => {
      const list = element.querySelector('[data-testid="tx-list"]');
      setCovered(list !== null && getComputedStyle(list).visibility === 'hidden');
    };
    check();
    if (typeof ResizeObserver === 'undefined') return; // a DOM without layout (the tests)
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [split, open]);
  return covered;
}

/**
 * Closed by its × or Escape: the keyboard goes back to the list (in a narrow window the detail had
 * taken its place), on the payment's row.
 */
function closeDetail() {
  useTransactions.getState().close();
  requestAnimationFrame(() => focusListRow(useTransactions.getState().selected));
}

/**
 * Escape closes the open payment from anywhere on the screen (the list, the filters, the detail),
 * unless something open on it takes the Escape: a dialog (an action's, settling, the production
 * confirmation) or the calendar (aria-modal; the calendar also stops it), or a search field holding
 * text, which the browser empties first. It used to close it only from inside the detail.
 */
function escapeClosesDetail(event: ReactKeyboardEvent): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  if (document.querySelector('[aria-modal="true"]')) return false;
  const target = event.target;
  return !(target instanceof HTMLInputElement && target.type === 'search' && target.value !== '');
}

function ExportButton() {
  const t = useT();
  const { filter, sort } = useTransactions();
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  // Kept as words: the line follows a change of language.
  const [message, setMessage] = useState<Words>();
  const words = useWords();
  const [path, setPath] = useState<string>();
  const cancel = useRef<AbortController | undefined>(undefined);
  const exportButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  useFocusAcrossSwap(progress !== undefined, exportButton, cancelButton);

  async function run() {
    cancel.current = new AbortController();
    setMessage(undefined);
    setPath(undefined);
    setProgress({ done: 0, total: 0 });
    const result = await exportToFile({ kind: 'payments', filter, sort }, (done, total) => setProgress({ done, total }), cancel.current.signal);
    setProgress(undefined);
    if (result.ok) setPath(result.path);
    setMessage(exportWords(result));
  }

  return (
    <div className="export">
      {progress ? (
        <ExportProgress id="export-progress" done={progress.done} total={progress.total} of="rows" cancelButton={cancelButton} onCancel={() => cancel.current?.abort()} />
      ) : (
        <button type="button" ref={exportButton} onClick={() => void run()} data-testid="export-csv">{t('export.button')}</button>
      )}
      <span role="status" className="notice" data-testid="export-status" data-path={path}>{message && words(message)}</span>
    </div>
  );
}

function Lookup() {
  const t = useT();
  const { open, reload } = useTransactions();
  const [id, setId] = useState('');
  // Main's refusal as it came, worded at each draw.
  const [error, setError] = useState<AppError>();
  const wordError = useWordedError();
  const [busy, setBusy] = useState(false);
  // What it finds is added to the ledger: the team database refuses finance that insert (it creates
  // no payments), so finance reads who adds them instead of a form that ends in a refusal.
  const mayAdd = useMayCreatePayments();

  async function find(by: 'orderId' | 'transactionId') {
    setBusy(true);
    setError(undefined);
    const result = await api.lookupPayment(by === 'orderId' ? { orderId: id } : { transactionId: id });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setId('');
    reload();
    open(result.value.id);
  }

  if (!mayAdd) return <p className="field-hint lookup-role-note" data-testid="lookup-role-note">{t('lookup.roleNote')}</p>;
  return (
    <form className="lookup" onSubmit={(e) => { e.preventDefault(); void find('orderId'); }}>
      <Field id="lookup-id" label={t('lookup.label')} value={id} onChange={(e) => setId(e.target.value)} dir="ltr" error={error && wordError(error).message} hint={t('lookup.hint')} />
      <div className="form-actions">
        <button type="submit" disabled={busy || !id.trim()} data-testid="lookup-order">{t('lookup.byOrder')}</button>
        <button type="button" disabled={busy || !id.trim()} onClick={() => void find('transactionId')}>{t('lookup.byTransaction')}</button>
      </div>
    </form>
  );
}
