// Needs attention: payments whose outcome or state has not settled after several checks, and
// payments with an operation whose answer was lost, listed as soon as it is (not once the checks
// flag it, ~23 minutes later), in one place.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { RowMoment } from '../../ui/row-moment';
import type { MethodOutput } from '../../../../contract/methods';
import type { PaymentView } from '../../../../contract/methods/payments';
import type { CurrencyCode } from '../../../../contract/money';
import { api } from '../../api';
import { useNavigation } from '../../app/navigation-store';
import { oncePerBurst } from '../../app/once-per-burst';
import { attentionScreenReads, showAttentionTotal } from '../../app/attention-count';
import { gatewaySaid, useLanguage, useT } from '../../i18n';
import { formatAmount, formatRowDateTime } from '../../i18n/format';
import { QuotedWords } from '../../ui/quoted-words';
import { Ltr } from '../../ui/ltr';
import { LastError } from './last-error';
import { leftOpenWords } from './left-open';
import { StateBadge } from './payment-state';
import { ProfileCell } from './profile-cell';
import { CreatedHeading } from './created-heading';
import { useSession } from '../../app/session-store';
import { showPayment } from './find-payment';
import { useAttentionCheck } from './attention-check';
import { NoticeLine } from '../../ui/notice';
import { focusIfLost, useFocusFallback } from '../../ui/focus';
import './transactions.css';

type UnclearOperation = NonNullable<MethodOutput<'listNeedsAttention'>['rows'][number]['operation']>;
type Window = MethodOutput<'listNeedsAttention'>;
type Order = 'asc' | 'desc';

/**
 * The list's order, oldest first until chosen (the longest unclear first, docs/overview.md), kept
 * for the session: with hundreds listed, the payment that just went wrong was the last row, 85
 * screens down, and "newest first" brings it to the top (docs/screens-walks.md, the fourth walk).
 */
let chosenOrder: Order = 'asc';
/**
 * The row last opened, and where it stood: coming back (Alt+6, the menu) brings the list to that
 * place with the keyboard on it, the opened row or, once it left the list, the one that took its
 * place. Opened 200 rows down, the way back was the list's top, 17,000 px above (the screen walk of
 * 2026-12-01). Used once, then forgotten: a later visit opens at the start.
 */
let leftAt: { id: string; index: number } | undefined;
type LostOperation = Pick<UnclearOperation, 'kind' | 'amountMinor'>;
/** A window of the queue: "Show more" asks for the next (main's keyset, docs/screens-after-sale.md). */
const pageLimit = 500;

export function AttentionScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const go = useNavigation((s) => s.go);
  const [rows, setRows] = useState<PaymentView[]>();
  const [unclear, setUnclear] = useState<Map<string, UnclearOperation>>(new Map());
  const [order, setOrder] = useState<Order>(chosenOrder);
  // The queue's total now (main counts it on each read, so it follows every change) and where the next window starts.
  const [total, setTotal] = useState(0);
  const [next, setNext] = useState<string>();
  const shownCount = useRef(0);
  const reading = useRef(0);

  /**
   * The queue from its start, window after window, until at least `atLeast` rows (those shown
   * before): read as one run of main's keyset, so each item comes once and in order whatever left
   * or joined the queue meanwhile; rows settled meanwhile leave, the next ones come up behind.
   */
  const read = useCallback(async (atLeast: number) => {
    const run = ++reading.current;
    const found: Window['rows'] = [];
    let after: string | undefined;
    let last: Window | undefined;
    do {
      const answer = await api.listNeedsAttention({ direction: order, limit: pageLimit, ...(after ? { after } : {}) });
      if (!answer.ok || run !== reading.current) return;
      last = answer.value;
      found.push(...last.rows);
      after = last.next;
    } while (after && found.length < atLeast);
    show(found, last);
  }, [order]);
  const show = (found: Window['rows'], last: Window) => {
    const operations = new Map<string, UnclearOperation>();
    for (const { payment, operation } of found) if (operation) operations.set(payment.id, operation);
    setUnclear(operations);
    setTotal(last.total);
    // The navigation's count is this same total: it asks none of its own while the screen reads (attention-count.ts).
    showAttentionTotal(last.total);
    setNext(last.next);
    shownCount.current = found.length;
    setRows(found.map((r) => r.payment));
  };
  const load = useCallback(() => read(shownCount.current), [read]);
  useEffect(() => {
    // Back from a payment opened past the first window: read as far as it stood (below).
    shownCount.current = 0;
    void read(leftAt ? leftAt.index + 1 : 0);
    // A change re-reads as many rows as are shown, once per burst of events (a bulk run sends
    // hundreds a minute): each read is a window of up to 500 rows and the total, ~50 ms of main.
    const burst = oncePerBurst(load);
    const unsubscribe = api.subscribe((event) => {
      if (event.type === 'payments.changed') burst.soon();
    });
    const navigationReadsAgain = attentionScreenReads();
    return () => {
      unsubscribe();
      burst.stop();
      navigationReadsAgain();
    };
  }, [read, load]);

  // "Show more": the queue read again from its start through one more window (one run of main's
  // keyset: a window appended to rows a change re-read meanwhile could skip or repeat one). The
  // keyboard goes on to the row after the last one shown before (or the one in its place).
  const showMore = async () => {
    const lastId = rows?.at(-1)?.id;
    const before = rows?.length ?? 0;
    focusAfterMore.current = { lastId, before };
    // One row past those shown: one more window of main's. Raised first, so a change's re-read under way reads as far.
    shownCount.current = before + 1;
    await read(shownCount.current);
  };
  const focusAfterMore = useRef<{ lastId?: string; before: number } | undefined>(undefined);
  useEffect(() => {
    const asked = focusAfterMore.current;
    // Only the read that brought more rows: another read's answer (a change's, the first load's
    // second) can land first, and taking the keyboard then left it on nothing (seen under load).
    if (!asked || !rows || (rows.length <= asked.before && next !== undefined)) return;
    focusAfterMore.current = undefined;
    const last = rows.findIndex((row) => row.id === asked.lastId);
    table.current?.rows[last >= 0 ? last + 1 : asked.before]?.querySelector('button')?.focus();
  }, [rows]);

  // The operation whose answer was lost: as listed at once, or as the payment's row names it.
  const lostOperation = (row: PaymentView): LostOperation | undefined =>
    unclear.get(row.id) ?? (row.openOperation?.outcome === 'unknown' ? row.openOperation : undefined);
  const amountOf = (operation: LostOperation, row: PaymentView) => formatAmount(operation.amountMinor ?? row.amountMinor, row.currency as CurrencyCode, language);
  /**
   * Why a row is here, and whether it names the open operation: then its State cell shows the
   * state alone (it said "refund unclear" beside "Refund of SAR 50.00 sent, answer not received").
   * Not yet flagged by the checks: what was sent and that Paydesk is checking (the payment's last
   * error, the lost connection, says less to support). Undecidable: which operation to settle by hand.
   */
  const whyOf = (row: PaymentView): { why: ReactNode; namesOperation: boolean } => {
    // A send left open (its sender stopped mid-send): who sent what, when, from where, and what settles it.
    const open = unclear.get(row.id);
    if (open?.outcome === 'sending') return { why: leftOpenWords(t, language, { ...open, sentBy: open.sentBy ?? null, laptop: open.laptop ?? null }, row), namesOperation: true };
    const lost = lostOperation(row);
    if (row.attentionReason === 'undecidable') {
      return lost ? { why: t(`attention.reason.undecidable.${lost.kind}`, { amount: amountOf(lost, row) }), namesOperation: true } : { why: t('attention.reason.undecidable'), namesOperation: false };
    }
    if (!lost) return { why: row.lastError ? <LastError payment={row} /> : row.operationInFlight ? t('detail.inFlight') : t('detail.needsAttention'), namesOperation: false };
    // The operation as listed at once, or as the row names it: a list holding more unclear operations
    // than one query answers left a new sale out, and its row said the failed check's error alone
    // (the fourth walk): what was sent, and that money may have moved, come first whichever.
    const listed = unclear.get(row.id);
    const sentAt = listed?.sentAt ?? (lost.kind === 'create' ? row.createdAt : undefined);
    const failed = failedCheck(row, sentAt);
    // Flagged after its checks failed: when it was sent, in our words, then the gateway's last words
    // (its error alone, "The gateway reported an error. Try again later.", named no refund).
    const dated = row.needsAttention && sentAt !== undefined;
    const sent = dated
      ? t(`attention.reason.noAnswer.${lost.kind}`, { amount: amountOf(lost, row), sent: formatRowDateTime(sentAt, language) })
      : t(`attention.reason.unclear.${lost.kind}`, { amount: amountOf(lost, row) });
    if (failed) {
      const when = formatRowDateTime(failed, language);
      const check = dated ? `${sent} ${t('attention.checkFailed', { when })}` : t('attention.checkFailedAfter', { sent, when });
      return { why: <>{check}{lastWords(row)} {t('attention.checksAgain', { check: t('detail.checkStatus') })}</>, namesOperation: true };
    }
    return { why: dated ? <>{sent}{lastWords(row)}</> : sent, namesOperation: true };
  };

  /** The gateway's last words on a row, after our sentence: quoted when it said some, else its last error as worded. */
  const lastWords = (row: PaymentView): ReactNode => {
    const said = row.lastErrorReason?.values?.said;
    if (said !== undefined && said !== '') return <> <QuotedWords text={gatewaySaid(language, String(said))} /></>;
    return row.lastError || row.lastErrorReason ? <> <LastError payment={row} /></> : null;
  };

  // Every profile's payments are listed: once one is not the active profile's, each row says whose
  // (opening it offers the switch, other-profile-note.tsx).
  const activeId = useSession((s) => s.profile?.id);
  const otherProfiles = activeId !== undefined && (rows?.some((row) => row.profileId !== activeId) ?? false);

  // The list's filters from an earlier visit would leave the payment out ("Not in the list").
  const openPayment = (id: string, index: number) => {
    leftAt = { id, index };
    showPayment(id, go);
  };

  // A check that settles a row takes its button away: the keyboard goes on to the row that took
  // its place (or the one above, or "Nothing needs attention."), not to the page's start.
  const { checking, check, notice } = useAttentionCheck();
  const table = useRef<HTMLTableSectionElement>(null);
  const empty = useRef<HTMLParagraphElement>(null);
  const pressedAt = useRef(0);
  const watchFocus = useFocusFallback(() => {
    const left = table.current?.rows;
    return left?.length ? left[Math.min(pressedAt.current, left.length - 1)]!.querySelector('button') : empty.current;
  });
  const checkRow = async (row: PaymentView, index: number, button: HTMLElement) => {
    pressedAt.current = index;
    watchFocus(button);
    await check(row);
    await load();
  };
  // A check cannot decide what the gateway's answers cannot tell (settled by hand, in the payment's detail).
  const checkable = (row: PaymentView) => row.attentionReason !== 'undecidable' && row.state !== 'not_created';

  // Opened by a press on another screen (Home's "Needs attention: 2 payments"), whose button went
  // with it: the keyboard was on the page's body and a screen reader said nothing. The title takes it.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusIfLost(title.current), []);

  // Back from a payment opened here: the list's first answer brings the row left into view, the
  // keyboard on its Open (or on the first button of the row now in its place).
  useEffect(() => {
    if (!rows || !leftAt) return;
    const { id, index } = leftAt;
    leftAt = undefined;
    const shown = table.current?.rows;
    if (!shown?.length) return;
    const kept = rows.findIndex((row) => row.id === id);
    const row = shown[kept >= 0 ? kept : Math.min(index, shown.length - 1)]!;
    const target = kept >= 0 ? row.querySelector<HTMLElement>('[data-testid="attention-open"]') : row.querySelector<HTMLElement>('button');
    row.scrollIntoView?.({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [rows]);

  return (
    <div className="attention" data-testid="attention-screen">
      <h1 ref={title} tabIndex={-1}>{t('attention.title')}</h1>
      <p>{t('attention.intro')}</p>
      {/* Kept in view under the header: a row checked far down the list leaves it, and the line said
          what the check found thousands of pixels above, out of sight. */}
      <div className="attention-notice"><NoticeLine notice={notice} testId="attention-checked" /></div>
      {rows !== undefined && rows.length > 1 && (
        <div className="tx-sort attention-sort">
          <label htmlFor="attention-sort">{t('tx.sort')}</label>
          <select id="attention-sort" value={order} onChange={(e) => setOrder((chosenOrder = e.target.value as Order))}>
            <option value="asc">{t('tx.sort.createdAt.asc')}</option>
            <option value="desc">{t('tx.sort.createdAt.desc')}</option>
          </select>
        </div>
      )}
      {next !== undefined && rows !== undefined && <CutNote order={order} shown={rows.length} total={total} />}
      {rows === undefined ? <p>{t('app.loading')}</p> : rows.length === 0 ? <p ref={empty} tabIndex={-1} data-testid="attention-empty">{t('attention.empty')}</p> : (
        <table className="simple-table attention-table">
          <caption className="visually-hidden">{t('attention.title')}</caption>
          <thead><tr><th scope="col"><CreatedHeading /></th>{otherProfiles && <th scope="col">{t('audit.profile')}</th>}<th scope="col">{t('tx.col.order')}</th><th scope="col" className="num">{t('tx.col.amount')}</th><th scope="col">{t('tx.col.state')}</th><th scope="col">{t('attention.why')}</th><th scope="col"><span className="visually-hidden">{t('attention.open')}</span></th></tr></thead>
          <tbody ref={table}>
            {rows.map((row, index) => {
              const { why, namesOperation } = whyOf(row);
              return (
                <tr key={row.id} data-testid={`attention-${row.orderId}`}>
                  <td><RowMoment iso={row.createdAt} /></td>
                  {otherProfiles && <td><ProfileCell profileId={row.profileId} environment={row.environment} /></td>}
                  <td className="order-cell" id={`attention-order-${row.id}`}><Ltr className="mono" cut={row.orderId}>{row.orderId}</Ltr></td>
                  <td className="num"><Ltr>{formatAmount(row.amountMinor, row.currency as CurrencyCode, language)}</Ltr></td>
                  <td><StateBadge payment={row} withOpenOperation={!namesOperation} /></td>
                  <td>{why}</td>
                  {/* Each button is described by its row's order id: a screen reader heard "Open" six times over. */}
                  <td className="attention-actions"><div>
                    {checkable(row) && (
                      <button type="button" aria-disabled={checking.has(row.id) || undefined} aria-describedby={`attention-order-${row.id}`} onClick={(e) => void checkRow(row, index, e.currentTarget)} data-testid="attention-check">
                        {checking.has(row.id) ? t('gp.checking') : t('detail.checkStatus')}
                      </button>
                    )}
                    <button type="button" aria-describedby={`attention-order-${row.id}`} onClick={() => openPayment(row.id, index)} data-testid="attention-open">{t('attention.open')}</button>
                  </div></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {next !== undefined && rows !== undefined && rows.length > 0 && (
        <button type="button" className="attention-more" onClick={() => void showMore()} data-testid="attention-more">{t('attention.more')}</button>
      )}
    </div>
  );
}

/**
 * When a status check made after the operation was sent failed, if its error is the payment's last:
 * a check that answered clears the last error, and one made before the loss is older than it; the
 * loss's own error (outcome_unknown, a money call's only) stays after a check whose answer could not
 * be used (it came while an operation was recorded), which is no failed check. Without the moment it
 * was sent (not listed, not a creation), a check is taken as the last change of the row.
 */
function failedCheck(row: PaymentView, sentAt: string | undefined): string | undefined {
  const checked = row.lastCheckedAt;
  if (!row.lastError || !checked || row.lastErrorReason?.key.startsWith('gateway.outcome_unknown')) return undefined;
  const after = sentAt ? Date.parse(checked) > Date.parse(sentAt) : Date.parse(checked) >= Date.parse(row.updatedAt);
  return after ? checked : undefined;
}

/** The list holds the start of a longer queue: how many of how many (live), and how to see the other end. */
function CutNote({ order, shown, total }: { order: Order; shown: number; total: number }) {
  const t = useT();
  return (
    <p className="attention-cut" data-testid="attention-cut">
      {t(`attention.cut.${order}`, { shown, total: Math.max(total, shown) })}
    </p>
  );
}
