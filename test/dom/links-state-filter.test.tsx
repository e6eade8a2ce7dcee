// "Which links are still unpaid?" (links walk, 2026-11-29): the links list had a search and no State
// filter. Now a State filter (All, Unpaid, Paid, Expired, Declined) sits beside the search, works with
// it, says how many of that state there are ("4 unpaid links", in Arabic with its plural forms and
// Latin digits), follows a link paid meanwhile without a reload, and is still chosen back on
// Payment links after Home. The whole app drawn; main is a stub that filters as the ledger does.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain, unchecked } from '../support/stub-main';
import { paymentView } from '../support/payment-view';
import type { PaymentView } from '../../contract/methods/payments';

const link = (orderId: string, state: PaymentView['state'], name: string) =>
  paymentView({ id: orderId, kind: 'link', orderId, amountMinor: 10_000, currency: 'SAR', customer: { name, email: null, phone: null }, state, capturedMinor: state === 'paid' ? 10_000 : 0, url: `http://127.0.0.1:9/link?linkId=${orderId}` });
const start = [
  link('INV-6', 'pending', 'Omar Khalid'), link('INV-5', 'paid', 'Omar Khalid'), link('INV-4', 'pending', 'Noura Saleh'),
  link('INV-3', 'expired', 'Layla Haddad'), link('INV-2', 'pending', 'فاطمة العنزي'), link('INV-1', 'pending', 'Sara Al Mansouri'),
];
let links = start;
const totalsAsked: unknown[] = [];
const inState = (state: string | undefined) => links.filter((p) => !state || p.state === state);

const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: unchecked({ id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  listPaymentLinks: (input) => {
    const rows = inState(input.state);
    return { ok: true, value: unchecked({ total: rows.length, rows }) };
  },
  searchPayments: (input) => {
    const q = input.filter?.query;
    const rows = inState(input.filter?.states?.[0]).filter((p) => !q || p.orderId.includes(q) || (p.customer.name ?? '').includes(q));
    return { ok: true, value: unchecked({ total: rows.length, rows }) };
  },
  // The links' totals as main sums them (list-totals.ts): per currency of the state's links.
  listTotals: (input) => {
    const rows = inState(input.filter?.states?.[0]).filter((p) => p.kind === 'link');
    totalsAsked.push(input.filter ?? {});
    const captured = rows.reduce((sum, p) => sum + p.capturedMinor, 0);
    return { ok: true, value: { stopped: false, currencies: rows.length ? [{ profileId: 'practice', currency: 'SAR', payments: rows.length, capturedPayments: rows.filter((p) => p.capturedMinor > 0).length, capturedMinor: captured, refundedMinor: 0, refundsNotKnown: 0, capturesNotKnown: 0 }] : [] } };
  },
  invoiceNumbers: () => ({ ok: true, value: {} }),
  getInvoice: () => ({ ok: true, value: { invoice: null, creditNotes: [] } }),
  listCustomers: () => ({ ok: true, value: unchecked({ customers: [] }) }),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const shown = () => [...document.querySelectorAll<HTMLElement>('[data-testid="link-row"]')].map((r) => r.dataset.orderId);
const count = () => screen.getByTestId('links-count').textContent;
async function openLinks(heading: string) {
  act(() => useNavigation.getState().go('links'));
  await screen.findByRole('heading', { name: heading, level: 1 });
  await main.loaded(); // its first loads answered and drawn (stub-main.ts)
}
afterEach(() => {
  cleanup();
  links = start;
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

describe.each([
  ['en', 'Payment links', 'State', 'Unpaid', 'Search links', '4 unpaid links', '1 unpaid link', '3 unpaid links', 'All', '6 links'],
  ['ar', 'روابط الدفع', 'الحالة', 'غير مدفوعة', 'البحث في الروابط', '4 روابط غير مدفوعة', 'رابط واحد غير مدفوع', '3 روابط غير مدفوعة', 'الكل', '6 روابط'],
] as const)('the State filter in %s', (language, heading, stateLabel, unpaidWord, searchLabel, fourUnpaid, oneUnpaid, threeUnpaid, allWord, sixLinks) => {
  it('shows the unpaid links with their count, with the search, kept after Home, following a payment without a reload', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<App />);
    await screen.findByTestId('active-profile-name');
    await openLinks(heading);
    await waitFor(() => expect(shown()).toHaveLength(6));
    const filter = screen.getByRole('combobox', { name: stateLabel }) as HTMLSelectElement;
    expect([...filter.options].map((o) => o.textContent)[0]).toBe(allWord);
    fireEvent.change(filter, { target: { value: [...filter.options].find((o) => o.textContent === unpaidWord)!.value } });
    await waitFor(() => expect(shown()).toEqual(['INV-6', 'INV-4', 'INV-2', 'INV-1']));
    expect(count()).toBe(fourUnpaid);
    expect(screen.getByTestId('links-count').getAttribute('role')).toBe('status'); // said to a screen reader

    // With the search: Omar's unpaid link only (his paid one stays out).
    fireEvent.change(screen.getByLabelText(searchLabel), { target: { value: 'Omar' } });
    await waitFor(() => expect(shown()).toEqual(['INV-6']));
    expect(count()).toBe(oneUnpaid);
    fireEvent.change(screen.getByLabelText(searchLabel), { target: { value: '' } });
    await waitFor(() => expect(shown()).toHaveLength(4));

    // Home and back: still the unpaid links.
    act(() => useNavigation.getState().go('home'));
    await waitFor(() => expect(screen.queryByTestId('links-screen')).toBeNull());
    await openLinks(heading);
    expect((screen.getByRole('combobox', { name: stateLabel }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(unpaidWord);
    await waitFor(() => expect(shown()).toEqual(['INV-6', 'INV-4', 'INV-2', 'INV-1']));

    // A customer pays INV-4: it leaves the list as main says so.
    links = links.map((p) => (p.id === 'INV-4' ? { ...p, state: 'paid' as const, capturedMinor: 10_000 } : p));
    main.tell({ type: 'payments.changed', paymentIds: ['INV-4'] });
    await waitFor(() => expect(shown()).toEqual(['INV-6', 'INV-2', 'INV-1']));
    expect(count()).toBe(threeUnpaid);

    // All again: every link, the plain count.
    fireEvent.change(screen.getByRole('combobox', { name: stateLabel }), { target: { value: '' } });
    await waitFor(() => expect(shown()).toHaveLength(6));
    expect(count()).toBe(sixLinks);
  });
});

describe('the links\' totals', () => {
  it('sums the links the count counts, per state, asked again when a link is paid; none for a search', async () => {
    render(<App />);
    await screen.findByTestId('active-profile-name');
    await openLinks('Payment links');
    await waitFor(() => expect(screen.getByTestId('tx-totals-line').textContent!.replace(/\u00a0/g, ' ')).toBe('Net of refunds, every link listed: \u2066SAR 100.00\u2069'));
    expect(totalsAsked.at(-1)).toEqual({ kinds: ['link'] });
    // The table's "Links" column counts links, and those paid: it said "6 payments, 1 captured".
    const linksCell = () => screen.getByTestId('tx-totals').querySelector('td[data-figure="payments"]')!.textContent;
    expect(linksCell()).toBe('6 links, 1 paid');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(linksCell()).toBe('6 روابط، واحد مدفوع');
    act(() => useLanguage.getState().setLanguage('en'));
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'paid' } });
    await waitFor(() => expect(totalsAsked.at(-1)).toEqual({ kinds: ['link'], states: ['paid'] }));
    links = links.map((p) => (p.id === 'INV-4' ? { ...p, state: 'paid' as const, capturedMinor: 10_000 } : p));
    main.tell({ type: 'payments.changed', paymentIds: ['INV-4'] });
    await waitFor(() => expect(screen.getByTestId('tx-totals-line').textContent!.replace(/\u00a0/g, ' ')).toBe('Net of refunds, every link listed: \u2066SAR 200.00\u2069'));
    // A search's list is its first matches (and an amount's): no totals claimed for it.
    fireEvent.change(screen.getByLabelText('Search links'), { target: { value: 'Omar' } });
    await waitFor(() => expect(shown()).toEqual(['INV-5']));
    expect(screen.queryByTestId('tx-totals')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search links'), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: '' } });
    await waitFor(() => expect(shown()).toHaveLength(6));
    await main.settled();
  });
});
