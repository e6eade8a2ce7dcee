// The windowed transactions list: only the rows in view (plus a little) are in the DOM, so
// 100,000 payments scroll like 30. Arrow keys (or j/k) move the keyboard's row (aria-activedescendant,
// outlined only while the keyboard is in use), Enter opens it; the open payment's row is the selected one.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLanguage, useT } from '../../i18n';
import { formatAmount } from '../../i18n/format';
import { MomentParts } from '../../ui/row-moment';
import { Ltr } from '../../ui/ltr';
import { CreatedHeading } from './created-heading';
import { inTwoDirections } from '../../ui/reading-cut';
import { TwoDirectionName } from '../../ui/two-direction-name';
import { pressed, type ShortcutId } from '../../ui/shortcuts';
import { CheckupMark, StateBadge } from './payment-state';
import { ProfileCell } from './profile-cell';
import { useSession } from '../../app/session-store';
import { useTransactions } from './transactions-store';
import { rowWindow, scrollToReveal } from './windowed-rows';
import type { CurrencyCode } from '../../../../contract/money';
import { capturedAmountUnknown, refundedAmountUnknown } from '../../../../contract/payment-states';

const rowHeight = 44;
/** The rows' part of the grid's height: the header row covers the top of it. */
const rowsHeight = (element: HTMLElement) => (element.clientHeight || 600) - ((element.firstElementChild as HTMLElement | null)?.offsetHeight ?? 0);

/** The window's height under the sticky header (its scroll-padding) holds the whole list. */
function fitsInWindow(grid: HTMLElement): boolean {
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingBlockStart) || 0;
  return grid.offsetHeight + padding <= window.innerHeight;
}

/** The keyboard's row in the window, not only in the list's own scroll (which `scrollToReveal` sets). */
function revealRowInWindow(index: number) {
  document.getElementById(`tx-row-${index}`)?.scrollIntoView?.({ block: 'nearest' });
}

/** The keyboard back on the list at this row (its active descendant), scrolled into view: a payment's detail closed. */
export function focusListRow(index: number) {
  const grid = document.querySelector<HTMLElement>('[data-testid="tx-list"]');
  if (!grid) return;
  const top = scrollToReveal(index, rowHeight, grid.scrollTop, rowsHeight(grid), Number(grid.dataset.total) || 0);
  if (top !== undefined) grid.scrollTop = top;
  grid.focus({ preventScroll: true });
  // The row in the window too, not only in the list: in a short window (800 × 600) the list starts
  // near the bottom edge, and a list opened from Home had its first row under it. The whole list
  // first where it fits: zoomed to 200% (683 × 384 CSS px) its first row was brought just above the
  // edge, then the totals above the list took a second line and pushed it under (walk20).
  if (fitsInWindow(grid)) grid.scrollIntoView?.({ block: 'nearest' }); // not in a DOM without layout (the tests)
  revealRowInWindow(index);
}

/** Whether an open payment's detail covers the list (a narrow screen): the list is inert then (transactions-screen.tsx). */
export function listCovered(): boolean {
  return document.querySelector('[data-testid="tx-list"]')?.hasAttribute('inert') ?? false;
}

/** `inert`: the open detail covers the list (a narrow screen): out of the tab order and the accessibility tree. */
export function PaymentList({ inert = false }: { inert?: boolean }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { total, rows, selected, select, open, ensureRows, openId, generation } = useTransactions();
  const cardLast4 = useTransactions((s) => s.filter.cardLast4);
  const unfiltered = useTransactions((s) => Object.keys(s.filter).length === 0);
  // Every profile's payments are listed: a row of another profile than the one in use says whose,
  // under its state (the eleventh walk: on a new sandbox profile the list showed 100,000 practice
  // payments as if they were the sandbox's; as Needs attention's Profile column, profile-cell.tsx).
  const activeId = useSession((s) => s.profile?.id);
  // The grid itself scrolls, its header row held at the top (CSS: sticky): the one element a
  // keyboard reaches is the one that scrolls (axe: a scrolling region needs keyboard access; an
  // inner scroller inside the focusable grid was flagged as soon as the list was long enough).
  const viewport = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 600, measured: false });
  // The first draw has only the rows in view (no overscan): fewer rows to render and lay out
  // before the list shows; the overscan follows once the browser has told the viewport's height.
  const win = rowWindow({ rowCount: total ?? 0, rowHeight, scrollTop: scroll.top, viewportHeight: scroll.height, overscan: scroll.measured ? undefined : 0 });

  // The viewport's height as the browser lays it out (CSS: 60vh), told by a ResizeObserver after
  // its own layout: reading clientHeight in an effect forced a layout of the whole screen right
  // after the first rows were put in (36 ms in a trace of the cold start), then drew them again.
  // Until then the rows of 600 px are drawn, without the overscan; also follows the window's resizes.
  const hasViewport = total !== 0;
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const measured = () => setScroll((now) => {
      const height = rowsHeight(element);
      return height === now.height && now.measured ? now : { top: element.scrollTop, height, measured: true };
    });
    if (typeof ResizeObserver === 'undefined') return measured(); // a DOM without layout (the tests)
    const observer = new ResizeObserver(measured);
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasViewport]);
  // Again for each new read of the list (`generation`): a change main announced empties the rows and
  // reads the first page only, and rows in view further down stayed "Loading…" until a scroll (walk17).
  useEffect(() => ensureRows(win.first, win.last), [win.first, win.last, ensureRows, total, generation]);

  const move = (index: number) => {
    const clamped = Math.max(0, Math.min(index, (total ?? 1) - 1));
    select(clamped);
    const element = viewport.current;
    if (!element) return;
    const next = scrollToReveal(clamped, rowHeight, element.scrollTop, rowsHeight(element), total ?? 0);
    if (next !== undefined) element.scrollTop = next;
    // And in the window: zoomed to 200%, ↓ moved the keyboard's row under the window's bottom edge
    // while the page stood still (walk20). After React has drawn it (it may be a row not drawn yet).
    requestAnimationFrame(() => revealRowInWindow(clamped));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Partial<Record<ShortcutId, () => void>> = {
      nextRow: () => move(selected + 1),
      previousRow: () => move(selected - 1),
      firstRow: () => move(0),
      lastRow: () => move((total ?? 1) - 1),
      pageDown: () => move(selected + 10),
      pageUp: () => move(selected - 10),
      openRow: () => {
        const row = rows.get(selected);
        if (row) open(row.id);
      },
    };
    const id = (Object.keys(actions) as ShortcutId[]).find((key) => pressed(event.nativeEvent, key));
    if (id) {
      event.preventDefault();
      actions[id]!();
    }
  };

  // The gateway's answers carry no card digits (gateway-interface.md): only cards typed in the
  // virtual terminal (and their repeat charges) have an end the ledger knows, so say where else to look.
  // With no filter, nothing was made yet: "No payments match." read as a search gone wrong to a new user.
  if (total === 0 && unfiltered) return <p className="empty" data-testid="tx-empty">{t('tx.empty.none')}</p>;
  if (total === 0) return <p className="empty" data-testid="tx-empty">{t('tx.empty')}{cardLast4 !== undefined && <> {t('tx.empty.cardLast4')}</>}</p>;
  // Named only while drawn: the keyboard's row may be out of the window (scrolled away, or a payment opened further down).
  const selectedRow = selected >= win.first && selected <= win.last ? rows.get(selected) : undefined;
  return (
    // The rows' width rules (a container query) ask this box, not the scrolling grid: when the grid was
    // the container, rows put back into it after it was emptied and the window's height changed were
    // never laid out (Chromium: "3 payments" over a blank list until the next resize; docs/testing.md).
    <div className="tx-list-box">
      <div
        ref={viewport}
        inert={inert}
        className="tx-table"
        role="grid"
        aria-label={t('tx.listLabel')}
        aria-rowcount={(total ?? 0) + 1}
        aria-activedescendant={selectedRow ? `tx-row-${selected}` : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onScroll={(e) => {
          const top = e.currentTarget.scrollTop; // the height stays the ResizeObserver's: no layout read per scroll
          setScroll((now) => ({ ...now, top }));
        }}
        data-testid="tx-list"
        data-total={total ?? ''}
      >
        <div role="row" aria-rowindex={1} className="tx-row tx-head">
          {/* Whose wall time the rows' times are: a London laptop shows a Riyadh sale of 00:10 on the 3rd as 21:10 on the 2nd (walk27). */}
          <span role="columnheader"><CreatedHeading /></span>
          <span role="columnheader">{t('tx.col.order')}</span>
          <span role="columnheader">{t('tx.col.customer')}</span>
          <span role="columnheader" className="num">{t('tx.col.amount')}</span>
          <span role="columnheader">{t('tx.col.state')}</span>
        </div>
        <div className="tx-rows">
          <div style={{ blockSize: win.totalHeight, position: 'relative' }}>
            <div style={{ position: 'absolute', insetBlockStart: win.offsetTop, insetInline: 0 }}>
              {Array.from({ length: win.last - win.first + 1 }, (_, i) => {
                const index = win.first + i;
                const row = rows.get(index);
                const opened = Boolean(row && row.id === openId);
                const classes = ['tx-row', index === selected ? 'tx-active' : '', opened ? 'tx-open' : ''].join(' ');
                return (
                  <div
                    key={index}
                    id={`tx-row-${index}`}
                    role="row"
                    aria-rowindex={index + 2}
                    aria-selected={opened}
                    className={classes}
                    style={{ blockSize: rowHeight }}
                    onClick={() => {
                      select(index);
                      if (row) open(row.id);
                    }}
                    data-testid={row ? `tx-row-${row.orderId}` : undefined}
                  >
                    {row ? (
                      <>
                        <span role="gridcell" className="date-cell"><MomentParts iso={row.createdAt} language={language} /></span>
                        <span role="gridcell" className="order-cell"><Ltr className="mono" cut={row.orderId}>{row.orderId}</Ltr></span>
                        <span role="gridcell" title={row.checkupRun ? undefined : row.customer.name ?? undefined}>
                          {/* A name in both directions is cut by its beginning in reading order; CSS cut it by position on screen. */}
                          {row.checkupRun ? <CheckupMark payment={row} /> : inTwoDirections(row.customer.name) ? <TwoDirectionName className="customer-name" name={row.customer.name} /> : <bdi className="customer-name">{row.customer.name ?? '—'}</bdi>}
                        </span>
                        <span role="gridcell" className="num">
                          <Ltr>{formatAmount(row.amountMinor, row.currency as CurrencyCode, language)}</Ltr>
                          {row.refundedMinor > 0 && <small className="refunded">{t('tx.refundedShort', { amount: formatAmount(row.refundedMinor, row.currency as CurrencyCode, language) })}</small>}
                          {refundedAmountUnknown(row) && <small className="refunded">{t('tx.refundedUnknownShort')}</small>}
                          {capturedAmountUnknown(row) && <small className="refunded">{t('tx.capturedUnknownShort')}</small>}
                          {/* Part of an authorisation captured: what took money, so a day's rows add up to Home's captured. One line under the amount fits the row: a refund's line says more then. */}
                          {row.capturedMinor > 0 && row.capturedMinor < row.amountMinor && row.refundedMinor === 0 && !refundedAmountUnknown(row) && <small className="refunded">{t('tx.capturedShort', { amount: formatAmount(row.capturedMinor, row.currency as CurrencyCode, language) })}</small>}
                        </span>
                        <span role="gridcell">
                          <StateBadge payment={row} />
                          {activeId !== undefined && row.profileId !== activeId && <small className="row-profile" data-testid="row-profile"><ProfileCell profileId={row.profileId} environment={row.environment} /></small>}
                        </span>
                      </>
                    ) : (
                      <span role="gridcell" className="loading-row">{t('app.loading')}</span>
                    )}
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

