// Payment links walked as staff and finance (2026-11-29): a paid link's payment (its card, captured
// and refunded totals, operations) is in Transactions, and the links list led nowhere from a row.
// The order id of each row now opens the link's payment there, named for a screen reader in
// English and Arabic; and back on Payment links the link searched for is still there (the search
// came back empty and the whole list with it). And when the customer pays while the keyboard is in
// a row's share panel, the panel goes and the keyboard lands on the row's Send a receipt, not on the
// page's start. The whole app drawn; main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain, unchecked } from '../support/stub-main';
import { paymentDetail, paymentView } from '../support/payment-view';

const customer = { name: 'فاطمة الزهراء العنزي', email: 'fatima@example.com', phone: '+96550001234' };
const paid = paymentView({
  id: 'p-paid', kind: 'link', orderId: 'INV-1002', amountMinor: 12_345, currency: 'KWD', description: 'Spare parts', customer,
  state: 'paid', statusWord: 'PAID', capturedMinor: 12_345, transactionId: 'tx-1002', cardMasked: '512345******0008', url: 'http://127.0.0.1:9/link?linkId=lnk_2',
});
const unpaid = paymentView({ id: 'p-open', kind: 'link', orderId: 'INV-1003', amountMinor: 30_000, currency: 'SAR', description: 'Catering', customer: { name: 'Omar Khalid', email: 'omar@example.com', phone: '+966502223344' }, state: 'pending', statusWord: 'UNPAID', capturedMinor: 0, url: 'http://127.0.0.1:9/link?linkId=lnk_3' });
let links = [unpaid, paid];

const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: unchecked({ id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  listPaymentLinks: () => ({ ok: true, value: unchecked({ total: links.length, rows: links }) }),
  // The list's search and the Transactions list: what matches the query among the two links.
  searchPayments: (input) => {
    const q = input.filter?.query?.toLowerCase();
    const rows = links.filter((p) => !q || p.orderId.toLowerCase().includes(q) || (p.customer.name ?? '').includes(q));
    return { ok: true, value: unchecked({ total: rows.length, rows }) };
  },
  getPayment: (input) => ({ ok: true, value: unchecked(paymentDetail(links.find((p) => p.id === input.paymentId)!)) }),
  getInvoice: () => ({ ok: true, value: { invoice: null, creditNotes: [] } }),
  invoiceNumbers: () => ({ ok: true, value: {} }),
  listCustomers: () => ({ ok: true, value: unchecked({ customers: [] }) }),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const row = (orderId: string) => document.querySelector<HTMLElement>(`[data-testid="link-row"][data-order-id="${orderId}"]`);
async function openLinks(heading: string) {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('links'));
  await screen.findByRole('heading', { name: heading, level: 1 });
  await waitFor(() => expect(row('INV-1002')).toBeTruthy());
}
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

describe.each([
  ['en', 'Payment links', 'Open INV-1002 in Transactions', 'Search links'],
  ['ar', 'روابط الدفع', 'فتح INV-1002 في المعاملات', 'البحث في الروابط'],
] as const)('a paid link in %s', (language, linksHeading, openName, searchLabel) => {
  it('opens its payment in Transactions from its order id, and the search is still there back on Payment links', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    await openLinks(linksHeading);
    fireEvent.change(screen.getByLabelText(searchLabel), { target: { value: 'INV-1002' } });
    await waitFor(() => expect(row('INV-1003')).toBeNull());

    const open = within(row('INV-1002')!).getByRole('button', { name: openName });
    expect(open.textContent).toBe('INV-1002'); // the id as people read it; the name says where it goes
    fireEvent.click(open);
    const detail = await screen.findByTestId('payment-detail');
    expect(useNavigation.getState().screen).toBe('transactions');
    await waitFor(() => expect(detail.textContent).toContain('INV-1002'));
    expect(detail.textContent).toContain('0008'); // the card the customer paid with: the payment, not the link

    act(() => useNavigation.getState().go('links'));
    await screen.findByRole('heading', { name: linksHeading, level: 1 });
    expect((screen.getByLabelText(searchLabel) as HTMLInputElement).value).toBe('INV-1002');
    await waitFor(() => expect(row('INV-1002')).toBeTruthy());
    expect(row('INV-1003')).toBeNull();
    fireEvent.change(screen.getByLabelText(searchLabel), { target: { value: '' } }); // the next test starts from the whole list
    await waitFor(() => expect(row('INV-1003')).toBeTruthy()); // and it is drawn before this test ends
  });
});

it('keeps the keyboard on the row when the customer pays while its share panel has it', async () => {
  await openLinks('Payment links');
  fireEvent.click(within(row('INV-1003')!).getByRole('button', { name: 'Resend link INV-1003' }));
  const copy = within(screen.getByTestId('row-share')).getByTestId('share-copy');
  copy.focus();
  expect(document.activeElement).toBe(copy);

  links = [{ ...unpaid, state: 'paid', statusWord: 'PAID', capturedMinor: 30_000, transactionId: 'tx-1003', cardMasked: '512345******0008' }, paid];
  main.tell({ type: 'payments.changed', paymentIds: [unpaid.id] });
  await waitFor(() => expect(within(row('INV-1003')!).getByTestId('payment-state').textContent).toBe('Paid')); // no reload
  expect(screen.queryByTestId('row-share')).toBeNull(); // a paid page is not sent again
  await waitFor(() => expect(document.activeElement).toBe(within(row('INV-1003')!).getByRole('button', { name: 'Send a receipt for INV-1003' })));
  links = [unpaid, paid];
});
