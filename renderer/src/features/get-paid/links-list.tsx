// The payment links in the ledger, newest first: state (unpaid, paid, expired, unknown), search
// (payment-list.ts) and a State filter (all, unpaid, paid, expired, declined) beside it, the order id opening the link's payment in Transactions, and per link copy and
// resend (the share panel again) while it can be paid, then a receipt once it took money and a new
// link like it. Refreshed when main says payments changed.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { create } from 'zustand';
import type { LinkFilterState } from '../../../../contract/payment-states';
import { RowMoment } from '../../ui/row-moment';
import type { PaymentView } from '../../../../contract/methods/payments';
import type { InvoiceView } from '../../../../contract/methods/invoices';
import { api } from '../../api';
import { useT } from '../../i18n';
import { Ltr } from '../../ui/ltr';
import { SendError } from './form-kit';
import { Amount, PaymentStateLabel } from './outcome';
import { LinkExpiry, useToday } from './link-expiry';
import { SharePanel } from './share-panel';
import { InvoicePanel, useInvoice } from '../invoices/invoice-panel';
import { copyLinkAddress, LinkShareButtons, shareable } from './share-offer';
import { shareableOf } from './share-messages';
import { MakeAnother } from './make-another';
import { ClampedName } from './clamped-name';
import { RowReceiptButton, RowReceiptPanel } from './receipt-panel';
import { focusIfLost } from '../../ui/focus';
import { usePaymentList } from './payment-list';
import { useNavigation } from '../../app/navigation-store';
import { showPayment } from '../transactions/find-payment';
import { typedDir } from '../../ui/typed-dir';
import { CheckupMark } from '../transactions/payment-state';
import { FilterTotals } from '../transactions/list-totals';

/**
 * The list's search and State filter, kept while the window is open as the Transactions list keeps
 * its filter: from a link's payment in Transactions back to Payment links, the link searched for
 * (or the unpaid links chosen) is still there (it came back as the whole list, chosen again).
 */
const useLinksSearch = create<{ query: string; state: LinkFilterState | '' }>(() => ({ query: '', state: '' }));
const stateChoices = [['pending', 'state.unpaid'], ['paid', 'state.paid'], ['expired', 'state.expired'], ['declined', 'state.declined']] as const satisfies ReadonlyArray<readonly [LinkFilterState, string]>;

export function LinksList() {
  const t = useT();
  const query = useLinksSearch((s) => s.query);
  const state = useLinksSearch((s) => s.state);
  const setQuery = (text: string) => useLinksSearch.setState({ query: text });
  const [sharing, setSharing] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const { rows, total, error, loaded, shown, more } = usePaymentList('link', query, state || undefined);
  const numbers = useInvoiceNumbers(rows);
  const focusedRow = useRef<string | null>(null); // the row (or its panel) the keyboard was last in
  const on = useToday(); // rows' expiry words turn at midnight

  const copy = async (row: PaymentView) => {
    if (!row.url) return;
    if (await copyLinkAddress(row.url)) setCopied(row.id);
    else setSharing(row.id); // the share panel shows the address selected for copying
  };

  return (
    <section aria-labelledby="links-list-title" className="gp-list gp-links">
      <h2 id="links-list-title">{t('gp.links.title')}</h2>
      <div className="gp-links-filters">
        <div className="field gp-search">
          <label htmlFor="links-search">{t('gp.links.search')}</label>
          <input id="links-search" type="search" dir={typedDir(query)} value={query} onChange={(e) => setQuery(e.target.value)} aria-describedby="links-search-hint" data-testid="links-search" />
          <p id="links-search-hint" className="field-hint">{t('gp.links.search.hint')}</p>
        </div>
        <div className="field">
          <label htmlFor="links-state">{t('gp.state')}</label>
          <select id="links-state" value={state} onChange={(e) => useLinksSearch.setState({ state: e.target.value as LinkFilterState | '' })} data-testid="links-state">
            <option value="">{t('gp.links.state.all')}</option>
            {stateChoices.map(([value, word]) => <option key={value} value={value}>{t(word)}</option>)}
          </select>
        </div>
      </div>
      <SendError error={error} />
      <p role="status" className="gp-status" data-testid="links-count">{loaded ? t(state ? `gp.links.count.${state}` : 'gp.links.count', { count: total }) : t('app.loading')}</p>
      {/* The links the count counts (all, or one state's), summed as the Transactions list's totals;
          not for a search, whose list is its first 100 matches and those of an amount. */}
      {!query.trim() && <FilterTotals filter={{ kinds: ['link'], ...(state ? { states: [state] } : {}) }} list={shown} ready={loaded && shown > 0} total={total} of="links" />}
      {rows.length > 0 && (
        <div className="gp-table-box">
          <table className="gp-table" data-testid="links-table" aria-labelledby="links-list-title">
            <thead>
              <tr>
                <th scope="col">{t('gp.orderId')}</th>
                <th scope="col">{t('gp.customer.name')}</th>
                <th scope="col">{t('gp.amount')}</th>
                <th scope="col">{t('gp.state')}</th>
                <th scope="col">{t('gp.created')}</th>
                <th scope="col">{t('gp.actions')}</th>
              </tr>
            </thead>
            <tbody onFocus={(e) => (focusedRow.current = e.target.closest<HTMLElement>('[data-row-id]')?.dataset.rowId ?? null)}>
              {rows.map((row) => (
                <LinkRow key={row.id} row={row} on={on} hadFocus={() => focusedRow.current === row.id} invoiceNumber={numbers[row.id]} sharing={sharing === row.id} copied={copied === row.id} onShare={() => setSharing(sharing === row.id ? null : row.id)} onCopy={() => void copy(row)} receipt={receipt === row.id} onReceipt={() => setReceipt(receipt === row.id ? null : row.id)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more && <button type="button" onClick={() => void more()} data-testid="links-more">{t('gp.links.more')}</button>}
    </section>
  );
}

function LinkRow({ row, on, hadFocus, invoiceNumber, sharing, copied, onShare, onCopy, receipt, onReceipt }: { row: PaymentView; on: string; hadFocus(): boolean; invoiceNumber?: string; sharing: boolean; copied: boolean; onShare(): void; onCopy(): void; receipt: boolean; onReceipt(): void }) {
  const line = useRef<HTMLTableRowElement>(null);
  // The customer paid while the keyboard was on this row's Copy or in its share panel: both go with
  // the new state and the keyboard fell to the page's start. It lands on what the row offers now
  // (Send a receipt, New link like this), else its order id.
  useEffect(() => {
    if (hadFocus()) focusIfLost(line.current?.querySelector<HTMLElement>('.gp-row-actions button') ?? line.current?.querySelector('button'));
  }, [row.state]); // only a change of state moves it
  return (
    <>
      <tr data-testid="link-row" data-order-id={row.orderId} data-row-id={row.id} ref={line}>
        <td><OrderIdOpens row={row} />{invoiceNumber && <><br /><Ltr className="mono" testId="row-invoice-number">{invoiceNumber}</Ltr></>}</td>
        <td>{row.checkupRun ? <CheckupMark payment={row} /> : <ClampedName name={row.customer.name} />}</td>
        <td><Amount minor={row.amountMinor} currency={row.currency} /></td>
        <td><PaymentStateLabel payment={row} /><LinkExpiry payment={row} on={on} /></td>
        <td><RowMoment iso={row.createdAt} /></td>
        <td>
          {/* The flex box inside the cell: the cell itself a flex box is no table cell, and its line sat above the row's. */}
          <div className="gp-row-actions">
            {/* A paid link's receipt first: what the row is for now, and where the keyboard lands as it turns paid. */}
            <RowReceiptButton payment={row} open={receipt} onToggle={onReceipt} />
            <MakeAnother payment={row} named />
            {shareable(row) && <LinkShareButtons payment={row} copied={copied} sharing={sharing} onCopy={onCopy} onShare={onShare} inRow />}
          </div>
        </td>
      </tr>
      {sharing && shareable(row) && (
        <RowPanel row={row}>
          {(invoice) => <SharePanel item={shareableOf(row, invoice?.number)} testId="row-share" />}
        </RowPanel>
      )}
      {receipt && <RowPanel row={row}>{() => <RowReceiptPanel payment={row} />}</RowPanel>}
    </>
  );
}

/**
 * The order id opens the link's payment in Transactions (its operations, refunds, the audit trail),
 * named with the id for a screen reader. A paid link's payment was reached from nowhere here.
 */
function OrderIdOpens({ row }: { row: PaymentView }) {
  const t = useT();
  const go = useNavigation((s) => s.go);
  return (
    <button type="button" className="gp-order-open" onClick={() => showPayment(row.id, go)} aria-label={t('gp.links.openFor', { orderId: row.orderId })} data-testid="row-open-payment">
      <Ltr className="mono" cut={row.orderId}>{row.orderId}</Ltr>
    </button>
  );
}

/**
 * What opens under a row, under the link's invoice (PDFs, credit notes) when it has one: the share
 * panel while it can be paid, the receipt once it is (its PDFs were reached by Resend before).
 */
function RowPanel({ row, children }: { row: PaymentView; children(invoice: InvoiceView | null): ReactNode }) {
  const invoice = useInvoice(row.id);
  return (
    <tr data-row-id={row.id}>
      <td colSpan={6}>
        {invoice && <InvoicePanel invoice={invoice} />}
        {children(invoice)}
      </td>
    </tr>
  );
}

/** Invoice numbers of the rows on screen, asked for in one call whenever the rows change. */
function useInvoiceNumbers(rows: PaymentView[]): Record<string, string> {
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  const ids = rows.map((r) => r.id).join(',');
  useEffect(() => {
    if (!ids) return;
    let live = true;
    void api.invoiceNumbers({ paymentIds: ids.split(',') }).then((r) => live && r.ok && setNumbers(r.value));
    return () => void (live = false);
  }, [ids]);
  return numbers;
}
