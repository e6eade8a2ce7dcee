// Search and filters over the ledger. "/" focuses the search box from anywhere on the screen.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { currencyCodes } from '../../../../contract/money';
import { ledgerStates, type LedgerState } from '../../../../contract/payment-states';
import type { PaymentFilter } from '../../../../contract/methods/payments';
import { paymentKinds } from '../../../../contract/payment-kinds';
import { useT } from '../../i18n';
import { useTransactions } from './transactions-store';
import { OverviewFilterNote } from '../overview/overview-filter-note';
import { useProfileList } from '../settings/settings-store';
import { optionLabel, profileName } from '../../ui/profile-name';
import { fromField, fromInstant, toField, toInstant } from './date-fields';
import { DateField } from '../../ui/date-field';
import { flushSync } from 'react-dom';
import { focusListRow, listCovered } from './payment-list';
import { useSlashFocus } from '../../ui/slash-focus';
import { pressed, shortcutKeys } from '../../ui/shortcuts';
import { AmountSearchHint } from './amount-search-hint';
import { ShortSearchHint } from './short-search-hint';
import { DocumentSearchHint } from '../invoices/document-search-hint';
import { CardLast4Field } from './card-last4-field';
import { QuickDates, listChoices } from './quick-dates';
import { FilterChips } from './filter-chips';
import { typedDir } from '../../ui/typed-dir';

/** The pause after a typed character before the list searches: shorter than most gaps between words, longer than most between keys. */
export const typingPause = 150;

export function FilterBar() {
  const t = useT();
  const { filter, clearFilter, error } = useTransactions();
  const [query, setQuery] = useState(filter.query ?? '');
  const search = useRef<HTMLInputElement>(null);

  // Search as you type without a call per keystroke: typed characters wait for a short pause;
  // a paste, an autofill, a cleared box (more than one character at once) or Enter search at once.
  const send = useCallback((value: string) => {
    if ((useTransactions.getState().filter.query ?? '') !== value) setFilter({ query: value });
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => send(query), typingPause);
    return () => clearTimeout(timer);
  }, [query, send]);
  const onSearchChange = (next: string) => {
    setQuery(next);
    if (Math.abs(next.length - query.length) > 1 || next === '') send(next);
  };

  // ↓ from the search goes to the results, on the first: without it the keyboard reached them
  // through six controls (state, filters, sort, export, the lookup).
  const toList = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (!pressed(event.nativeEvent, 'searchToList') || event.shiftKey) return;
    event.preventDefault();
    send(query);
    toFirstRow();
  };
  // Drawn at once: a covered list is given back before the keyboard goes to it, so an Enter right after opens.
  const toFirstRow = () => {
    if (listCovered()) flushSync(() => useTransactions.getState().close());
    useTransactions.getState().select(0);
    focusListRow(0);
  };

  useSlashFocus(search);

  const fieldError = (name: string) => error?.fields?.[name];
  // The common filters (search, state) stay in one row; the rest fold behind "More filters", which
  // says how many of them are on. The list arrives with them folded, those on said as chips in the
  // row (filter-chips.tsx): a figure on Home opened it unfolded, its first rows below an 800 × 600
  // window. It opens by itself when the bar moves a filter into it (the search's "card ending 4242").
  const moreActive = [filter.kinds?.length, filter.currency, filter.from, filter.to, filter.minAmount, filter.maxAmount, filter.cardLast4, filter.profileId].filter(Boolean).length;
  const paidOnly = stateChoice(filter) === 'paid';
  // A refund state with dates lists the payments made in them: an auditor took it for the refunds made in
  // them (95 payments against the 108 refunds made in October, the fifteenth walk).
  const refundsByPaymentDay = [anyRefund, 'refunded', 'partially_refunded'].includes(stateChoice(filter)) && (filter.from !== undefined || filter.to !== undefined);
  const [more, setMore] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  // The folded filters are made the first time they open, then kept (a date field's typing stays):
  // the list's first draw, on a start's path, does not make their ten fields and fifty options.
  const [moreMade, setMoreMade] = useState(more);
  if (more && !moreMade) setMoreMade(true);
  const [cleared, setCleared] = useState(0); // "Clear filters" empties a date field holding a typing mistake too (its value may be '' already)
  // A date field's typing mistake leaves the list on its last good date, and says so.
  const dateKept = (day: string) => (day ? t('tx.filter.dateKept', { date: day }) : t('tx.filter.dateUnset'));
  const wasActive = useRef(moreActive);
  useEffect(() => {
    if (moreActive > wasActive.current) setMore(true);
    wasActive.current = moreActive;
  }, [moreActive]);
  return (
    <form className="filter-bar" role="search" onSubmit={(e) => { e.preventDefault(); send(query); }} aria-label={t('tx.filters')}>
      <div className="filter-row">
        <div className="field filter-search">
          <label htmlFor="tx-search">{t('tx.search')}</label>
          <input id="tx-search" ref={search} type="search" dir={typedDir(query)} value={query} onChange={(e) => onSearchChange(e.target.value)} onKeyDown={toList} aria-keyshortcuts={shortcutKeys('search')} placeholder={t('tx.search.placeholder')} />
        </div>
        {/* Said of the search, so next after it in tab order (one Tab to "List payments of card ending 4242";
            after the row's four controls it took five), though drawn under the row (transactions.css). */}
        <AmountSearchHint query={query} onMoved={() => { setQuery(''); search.current?.focus(); }} />
        <DocumentSearchHint query={query} onShowOrder={setQuery} />
        <ShortSearchHint query={query} />
        <div className="field">
          <label htmlFor="tx-state">{t('tx.filter.state')}</label>
          <select id="tx-state" value={stateChoice(filter)} aria-describedby={paidOnly ? 'tx-paid-only' : refundsByPaymentDay ? 'tx-refund-dates' : undefined} onChange={(e) => setFilter(stateFilter(e.target.value))}>
            <option value="">{t('tx.filter.any')}</option>
            {ledgerStates.map((s) => [
              // Before "Partly captured": "Paid" alone leaves out a payment refunded since, which finance asking "what was paid last month?" means too (Home's Captured).
              s === 'partially_captured' && <option key={anyCapture} value={anyCapture}>{t('tx.filter.anyCapture')}</option>,
              // Before "Partly refunded": "Refunded" alone leaves out the partly refunded, which a caller asking "was I refunded?" means too.
              s === 'partially_refunded' && <option key={anyRefund} value={anyRefund}>{t('tx.filter.anyRefund')}</option>,
              <option key={s} value={s}>{t(s === 'pending' ? 'state.pendingAnyKind' : `state.${s}`)}</option>,
            ])}
          </select>
        </div>
        <button type="button" ref={moreButton} className="more-filters" aria-expanded={more} aria-controls="tx-more-filters" onClick={() => setMore(!more)} data-testid="more-filters">
          {/* Folded, the chips after it name what is on: its count too made the row wrap in Arabic at 800 px. */}
          {t('tx.moreFilters', { count: more ? moreActive : 0 })}
        </button>
        {/* A chip taken off: the fields made earlier show the filter again, and the keyboard stays by the chips, on "More filters". */}
        {!more && <FilterChips setFilter={setFilter} onRemoved={() => { setCleared(cleared + 1); moreButton.current?.focus(); }} />}
        <button type="button" className="clear-filters" onClick={() => { setQuery(''); setCleared(cleared + 1); clearFilter(); }} data-testid="clear-filters">{t('tx.clearFilters')}</button>
      </div>
      {/* "Paid" is the state: a payment refunded since is under its refund's state, not here. Under the
          row, not under the field: there it widened the field and pushed "More filters" to a line of its own. */}
      {paidOnly && <p className="field-hint" id="tx-paid-only" data-testid="paid-only-hint">{t('tx.filter.paidOnly')}</p>}
      {refundsByPaymentDay && <p className="field-hint" id="tx-refund-dates" data-testid="refund-dates-hint">{t('tx.filter.refundDates')}</p>}
      <div className="filter-row filter-more" id="tx-more-filters" hidden={!more}>
        {moreMade && <>
        <div className="field">
          <label htmlFor="tx-kind">{t('tx.filter.kind')}</label>
          <select id="tx-kind" value={filter.kinds?.[0] ?? ''} onChange={(e) => setFilter({ kinds: e.target.value ? [e.target.value as never] : undefined })}>
            <option value="">{t('tx.filter.any')}</option>
            {paymentKinds.map((k) => <option key={k} value={k}>{t(`kind.${k}`)}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="tx-currency">{t('tx.filter.currency')}</label>
          <select id="tx-currency" value={filter.currency ?? ''} aria-invalid={fieldError('currency') ? true : undefined} aria-describedby={fieldError('currency') ? 'tx-currency-error' : undefined} onChange={(e) => setFilter({ currency: e.target.value || undefined })}>
            <option value="">{t('tx.filter.any')}</option>
            {currencyCodes.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
          {fieldError('currency') && <p id="tx-currency-error" className="field-error" role="alert">{fieldError('currency')}</p>}
        </div>
        <DateField key={`from ${cleared}`} id="tx-from" label={t('tx.filter.from')} value={fromField(filter.from)} onChange={(day) => setFilter({ from: fromInstant(day) })} stillUsing={dateKept} />
        <DateField key={`to ${cleared}`} id="tx-to" label={t('tx.filter.to')} value={toField(filter.to)} min={fromField(filter.from)} onChange={(day) => setFilter({ to: toInstant(day) })} stillUsing={dateKept} />
        {/* After From and To, which stay side by side: before them, To wrapped apart from From at 1280 px. */}
        <QuickDates from={filter.from} to={filter.to} choices={listChoices} choose={(period) => setFilter({ from: period.from, to: period.to })} toResults={toFirstRow} />
        <div className="field filter-amount">
          <label htmlFor="tx-min">{t('tx.filter.min')}</label>
          <input id="tx-min" inputMode="decimal" dir="ltr" value={filter.minAmount ?? ''} onChange={(e) => setFilter({ minAmount: e.target.value || undefined })} aria-invalid={fieldError('minAmount') ? true : undefined} aria-describedby={fieldError('minAmount') ? 'tx-min-error' : undefined} />
          {fieldError('minAmount') && <p id="tx-min-error" className="field-error">{fieldError('minAmount')}</p>}
        </div>
        <div className="field filter-amount">
          <label htmlFor="tx-max">{t('tx.filter.max')}</label>
          <input id="tx-max" inputMode="decimal" dir="ltr" value={filter.maxAmount ?? ''} onChange={(e) => setFilter({ maxAmount: e.target.value || undefined })} aria-invalid={fieldError('maxAmount') ? true : undefined} aria-describedby={fieldError('maxAmount') ? 'tx-max-error' : undefined} />
          {fieldError('maxAmount') && <p id="tx-max-error" className="field-error">{fieldError('maxAmount')}</p>}
        </div>
        <CardLast4Field key={`card ${cleared}`} setFilter={setFilter} />
        <ProfileFilter />
        </>}
      </div>
      <OverviewFilterNote />
    </form>
  );
}

/**
 * A filter changed while a payment's detail covers the list (a window too narrow for both): the
 * detail closes, so the list the change made is in view. Beside the list, the payment stays open.
 * Covered, a second search showed the old payment, "1 payment" and nothing of it.
 */
function setFilter(patch: Partial<PaymentFilter>) {
  const store = useTransactions.getState();
  if (listCovered()) store.close();
  store.setFilter(patch);
}

/**
 * The State field's choice that finds every payment refunded in full or in part: both badges'
 * states, so it finds what the list shows as refunded (main's withRefunded, Home's figures, counts
 * money Paydesk itself refunded, and misses a refund made elsewhere that a status check found).
 */
const anyRefund = 'any-refund';
const refundedStates: LedgerState[] = ['partially_refunded', 'refunded'];
/**
 * The State field's choice that finds every payment that took money, whatever happened since (paid,
 * partly captured, partly or wholly refunded): main's withCaptured, as Home's Captured figure opens
 * its list, so its totals' Captured is that figure.
 */
const anyCapture = 'any-capture';
const stateChoice = (filter: PaymentFilter) => {
  const states = filter.states ?? [];
  if (!states.length && filter.withCaptured) return anyCapture;
  return states.length === refundedStates.length && refundedStates.every((s) => states.includes(s)) ? anyRefund : (states[0] ?? '');
};
const stateFilter = (choice: string): Partial<PaymentFilter> => choice === anyCapture
  ? { states: undefined, withCaptured: true }
  : { states: choice === anyRefund ? refundedStates : choice ? [choice as LedgerState] : undefined, withCaptured: undefined };

function ProfileFilter() {
  const t = useT();
  const filter = useTransactions((s) => s.filter);
  // The header's list of profiles (settings-store.ts), not asked of main again.
  const profiles = useProfileList();
  return (
    <div className="field">
      <label htmlFor="tx-profile">{t('tx.filter.profile')}</label>
      <select id="tx-profile" value={filter.profileId ?? ''} onChange={(e) => setFilter({ profileId: e.target.value || undefined })}>
        <option value="">{t('tx.filter.any')}</option>
        {/* With its environment, as the header's list says it: a branch's sandbox and production profiles may be named alike. */}
        {profiles.map((p) => <option key={p.id} value={p.id}>{optionLabel(profileName(p, t), t(`env.${p.environment}`))}</option>)}
      </select>
    </div>
  );
}
