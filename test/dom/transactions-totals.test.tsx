// The list's totals under its count: asked only once the list's first page is in, "Adding up the
// totals…" meanwhile, then per currency (largest count first, each amount with its ISO code and
// exponent: Captured, Refunded, Net), and never another filter's figures: a filter changed while
// main adds up shows "Adding up…" until its own answer, even when the older answer comes last (the
// same filter read again after a change keeps its figures meanwhile).
// English and Arabic.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { PaymentFilter } from '../../contract/methods/payments';
import { stubMain, unchecked } from '../support/stub-main';

type Totals = { stopped: boolean; currencies: Array<{ profileId: string; currency: string; payments: number; capturedPayments: number; capturedMinor: number; refundedMinor: number; refundsNotKnown: number; capturesNotKnown?: number }> };
const sar = { profileId: 'practice', currency: 'SAR', payments: 3, capturedPayments: 3, capturedMinor: 30_000, refundedMinor: 1_450, refundsNotKnown: 0 };
const kwd = { profileId: 'practice', currency: 'KWD', payments: 1, capturedPayments: 1, capturedMinor: 12_750, refundedMinor: 0, refundsNotKnown: 1 };
/** Main's totals, per filter (its JSON); each answer waits for the test's release. */
const pending: Array<{ filter: PaymentFilter; release(value: Totals): void }> = [];
let pageHeld: Promise<void> | undefined;
const events: string[] = [];
const main = stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: null }) }),
  searchPayments: async (input) => {
    events.push(`page ${JSON.stringify(input.filter)}`);
    await pageHeld;
    return { ok: true, value: { total: 4, totalExact: true, rows: [] } };
  },
  listTotals: (input) => {
    events.push(`totals ${JSON.stringify(input.filter)}`);
    return new Promise((resolve) => pending.push({ filter: input.filter ?? {}, release: (value) => resolve({ ok: true, value: unchecked(value) }) }));
  },
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const totals = () => screen.getByTestId('tx-totals');
// The code and the digits are held together by a no-break space, as every amount on screen.
const rowText = (currency: string) => [...totals().querySelectorAll(`tr[data-currency="${currency}"] > *`)].map((c) => c.textContent!.replace(/\u00a0/g, ' '));
const answer = async (index: number, value: Totals) => act(async () => pending[index]!.release(value));

describe('the list\'s totals per currency', () => {
  afterEach(async () => {
    cleanup();
    pending.length = 0;
    events.length = 0;
    pageHeld = undefined;
    act(() => useLanguage.getState().setLanguage('en'));
    await act(async () => useTransactions.getState().clearFilter());
  });

  it('asks after the page, says it is adding up, then shows each currency largest count first', async () => {
    let release!: () => void;
    pageHeld = new Promise((resolve) => (release = resolve));
    render(<TransactionsScreen />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // Not before the page: the list's own answer comes first.
    expect(events.filter((e) => e.startsWith('totals'))).toEqual([]);
    expect(screen.queryByTestId('tx-totals')).toBeNull();
    await act(async () => release());
    await waitFor(() => expect(totals().textContent).toBe('Adding up the totals…'));
    expect(totals().getAttribute('aria-busy')).toBe('true');
    expect(totals().getAttribute('role')).toBe('status');
    expect(events.indexOf('totals {}')).toBeGreaterThan(events.indexOf('page {}'));
    await answer(0, { stopped: false, currencies: [sar, kwd] });
    // The line: each currency's net, largest count first; the table of captured and refunded under it.
    expect(screen.getByTestId('tx-totals-line').textContent!.replace(/\u00a0/g, ' ')).toBe('Net of refunds, every payment listed: \u2066SAR 285.50\u2069 · \u2066KWD 12.750\u2069');
    expect(within(totals()).getByRole('table', { hidden: true }).querySelector('caption')!.textContent).toContain('Totals of every payment listed');
    expect([...totals().querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-currency'))).toEqual(['SAR', 'KWD']);
    expect(rowText('SAR')).toEqual(['SAR', '3 payments, 3 captured', '\u2066SAR 300.00\u2069', '\u2066SAR 14.50\u2069', '\u2066SAR 285.50\u2069']);
    expect(rowText('KWD')).toEqual(['KWD', '1 payment, 1 captured', '\u2066KWD 12.750\u2069', '\u2066KWD 0.000\u2069', '\u2066KWD 12.750\u2069']);
    expect(screen.getByTestId('tx-totals-not-known').textContent).toBe('KWD: 1 refunded outside Paydesk: its amount is not known and not in Refunded');
    await main.settled();
  });

  it('a filter changed while main adds up: "Adding up…" until its own answer, the older one never shown', async () => {
    render(<TransactionsScreen />);
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    await act(async () => useTransactions.getState().setFilter({ currency: 'KWD' }));
    await waitFor(() => expect(pending.at(-1)!.filter).toEqual({ currency: 'KWD' }));
    const kwdAsked = pending.length - 1;
    // The whole ledger's answers arrive after the filter changed: not this list's.
    for (let i = 0; i < kwdAsked; i++) await answer(i, { stopped: false, currencies: [sar, kwd] });
    expect(totals().textContent).toBe('Adding up the totals…');
    await answer(kwdAsked, { stopped: false, currencies: [kwd] });
    expect([...totals().querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-currency'))).toEqual(['KWD']);
    expect(screen.getByTestId('tx-totals-line').textContent).not.toContain('SAR');
    // A change main announces: the list is read again, and its totals with it; the same filter's
    // figures stay meanwhile, said busy (walk17: "Adding up…" in their place shut an open table every 15 s).
    await act(async () => main.tell({ type: 'payments.changed', paymentIds: [] }));
    await waitFor(() => expect(pending.length).toBe(kwdAsked + 2));
    expect(screen.getByTestId('tx-totals-line').textContent).toContain('KWD\u00a012.750');
    expect(totals().getAttribute('aria-busy')).toBe('true');
    // Main stopped a call a newer one replaced: nothing drawn from it.
    await answer(kwdAsked + 1, { stopped: true, currencies: [] });
    expect(screen.getByTestId('tx-totals-line').textContent).toContain('KWD\u00a012.750');
    expect(screen.getByTestId('tx-totals-line').textContent).not.toContain('SAR');
    await main.settled();
  });

  // The thirteenth walk (docs/screens-walks.md): "SAR 4 payments" beside Captured SAR 725.49 when one of
  // the four was declined; read to a customer, one out. The cell says how many took money too.
  const walk13 = { profileId: 'practice', currency: 'SAR', payments: 4, capturedPayments: 3, capturedMinor: 72_549, refundedMinor: 0, refundsNotKnown: 0 };
  const noneTaken = { profileId: 'practice', currency: 'KWD', payments: 2, capturedPayments: 0, capturedMinor: 0, refundedMinor: 0, refundsNotKnown: 0 };

  it('says how many of the payments listed took money: "4 payments, 3 captured" (walk13)', async () => {
    render(<TransactionsScreen />);
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    for (let i = 0; i < pending.length; i++) await answer(i, { stopped: false, currencies: [walk13, noneTaken] });
    expect(rowText('SAR').slice(0, 3)).toEqual(['SAR', '4 payments, 3 captured', '\u2066SAR 725.49\u2069']);
    expect(rowText('KWD')[1]).toBe('2 payments, none captured');
    await main.settled();
  });

  it('in Arabic: how many took money, in Home\'s word for captured', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<TransactionsScreen />);
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    for (let i = 0; i < pending.length; i++) await answer(i, { stopped: false, currencies: [walk13, noneTaken] });
    expect(rowText('SAR')[1]).toBe('4 دفعات، 3 محصَّلات');
    expect(rowText('KWD')[1]).toBe('دفعتان، لا محصَّلة');
    await main.settled();
  });

  // walk35: an authorisation captured at the gateway's dashboard, how much not told: "Net SAR 0.00" alone read as nothing taken.
  it('says how many authorisations were captured outside Paydesk, their amounts in no sum, in English and Arabic', async () => {
    render(<TransactionsScreen />);
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    const held = { profileId: 'practice', currency: 'SAR', payments: 1, capturedPayments: 0, capturedMinor: 0, refundedMinor: 0, refundsNotKnown: 0, capturesNotKnown: 1 };
    for (let i = 0; i < pending.length; i++) await answer(i, { stopped: false, currencies: [held] });
    expect(screen.getByTestId('tx-totals-captures-not-known').textContent).toBe('SAR: 1 authorisation captured outside Paydesk: its amount is not known and not in Captured');
    expect(screen.queryByTestId('tx-totals-not-known')).toBeNull();
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('tx-totals-captures-not-known').textContent).toBe('\u2068SAR\u2069: تفويض واحد حُصّل خارج بايدسك: مبلغه غير معروف وليس في المحصَّل');
    await main.settled();
  });

  it('in Arabic: the money words of Home, amounts isolated with their ISO code', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<TransactionsScreen />);
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    await waitFor(() => expect(totals().textContent).toBe('جارٍ جمع المجاميع…'));
    for (let i = 0; i < pending.length; i++) await answer(i, { stopped: false, currencies: [sar, kwd] });
    expect([...totals().querySelectorAll('thead th')].map((c) => c.textContent)).toEqual(['العملة', 'المدفوعات', 'المحصَّل', 'المسترد', 'الصافي (المحصَّل ناقص المسترد)']);
    // As every amount in Arabic (i18n/format.ts), isolated left to right inside the table's right-to-left.
    expect(rowText('SAR')[4]).toBe('\u2066\u200f285.50 SAR\u2069');
    expect(screen.getByTestId('tx-totals-not-known').textContent).toContain('دفعة واحدة استُردت خارج بايدسك');
    await main.settled();
  });
});
