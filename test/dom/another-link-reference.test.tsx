// "New link like this" offers the next free order reference when it is the same order, and an empty
// one with a hint when it is another (walk of 2026-12-01; it always started empty, and Paydesk made a
// PD-… reference the merchant's books did not know): a declined or expired link, and an unpaid one
// replaced for another amount (the gateway cannot cancel it: its detail says so), get the old
// reference numbered on (main's nextOrderId) with the hint saying why; a paid one starts empty, its
// hint saying it is another order. A check-up's test link offers none of this, and is marked.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';
import { paymentView } from '../support/payment-view';

const payment = (over: Partial<PaymentView>): PaymentView => paymentView({
  id: 'p1', kind: 'link', orderId: 'ORD-1', amountMinor: 35000, currency: 'SAR', description: 'Coffee cups',
  customer: { name: 'ريم الشهري', email: 'reem@example.com', phone: '+966551230001' }, sessionId: 'lnk_1', url: 'http://127.0.0.1:9/link?linkId=lnk_1',
  state: 'pending', statusWord: 'UNPAID', capturedMinor: 0, ...over,
});
const links = [
  payment({ id: 'p-declined', orderId: 'ORD-5510', state: 'declined', statusWord: 'DECLINED' }),
  payment({ id: 'p-expired', orderId: 'ORD-5520', state: 'expired', statusWord: 'EXPIRED' }),
  payment({ id: 'p-paid', orderId: 'ORD-5533', state: 'paid', statusWord: 'PAID', capturedMinor: 35000 }),
  payment({ id: 'p-checkup', orderId: 'CHK-20261130-R15665D-LINK', customer: { name: 'Paydesk check-up', email: 'checkup@example.com', phone: '+966500000000' }, checkupRun: 'run-1' }),
  // Expired at the day's end, as a check-up's unpaid link does: still no new link like it.
  payment({ id: 'p-checkup-expired', orderId: 'CHK-20261129-R0A11CE-LINK', state: 'expired', statusWord: 'EXPIRED', customer: { name: 'Paydesk check-up', email: 'checkup@example.com', phone: '+966500000000' }, checkupRun: 'run-0' }),
];
const open = payment({ id: 'p-open', orderId: 'ORD-5531', expiresOn: '2026-11-30' });
const orderOf = (id: string) => [...links, open].find((p) => p.id === id)!.orderId;
const { calls } = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } }),
  listPaymentLinks: () => ({ ok: true, value: { total: links.length, rows: links } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  getInvoice: () => ({ ok: true, value: { invoice: null, creditNotes: [] } }),
  nextOrderId: ({ paymentId }) => ({ ok: true, value: { orderId: `${orderOf(paymentId)}-2` } }),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { ShareOffer } = await import('../../renderer/src/features/get-paid/share-offer');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const hintOf = (id: string) => document.getElementById(field(id).getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent;
const row = (orderId: string) => document.querySelector<HTMLElement>(`[data-testid="link-row"][data-order-id="${orderId}"]`)!;
async function openLinks(heading = 'Payment links') {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('links'));
  await screen.findByRole('heading', { name: heading, level: 1 });
  await waitFor(() => expect(row('ORD-5533')).toBeTruthy());
}
afterEach(() => {
  calls.length = 0;
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

it.each([
  ['ORD-5520', 'ORD-5520-2', 'ORD-5520 has expired, and the gateway takes an order reference only once: this one is ORD-5520-2, the next one free.'],
  ['ORD-5510', 'ORD-5510-2', 'ORD-5510 was declined, and the gateway takes an order reference only once: this try is ORD-5510-2, the next one free.'],
])('offers %s numbered on, saying why', async (old, next, hint) => {
  await openLinks();
  fireEvent.click(within(row(old)).getByRole('button', { name: `New link like ${old}` }));
  await waitFor(() => expect(field('link-orderId').value).toBe(next));
  expect(hintOf('link-orderId')).toContain(hint);
  expect(field('link-amount').value).toBe('350.00');
  expect(calls.filter((c) => c.name === 'createPaymentLink')).toHaveLength(0);
  fireEvent.change(field('link-orderId'), { target: { value: 'ORD-9' } }); // changed: the usual hint
  expect(hintOf('link-orderId')).toBe('Leave empty and Paydesk makes one.');
});

it('leaves a paid link\'s new one empty, saying it is another order, in English and Arabic', async () => {
  await openLinks();
  fireEvent.click(within(row('ORD-5533')).getByRole('button', { name: 'New link like ORD-5533' }));
  await waitFor(() => expect(field('link-amount').value).toBe('350.00'));
  expect(field('link-orderId').value).toBe('');
  expect(hintOf('link-orderId')).toBe('ORD-5533 was paid, so this is another order: type its reference, or leave it empty and Paydesk makes one.');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(hintOf('link-orderId')).toBe('دُفع \u2068ORD-5533\u2069، فهذا طلب آخر: اكتب مرجعه، أو اتركه فارغًا لينشئه بايدسك.');
  expect(calls.filter((c) => c.name === 'nextOrderId')).toHaveLength(0);
});

it('says an unpaid link cannot be cancelled and until when it can be paid, and replaces it under the next reference', async () => {
  await openLinks();
  const { container } = render(<ShareOffer payment={open} />); // the unpaid link's detail in Transactions
  const note = within(container).getByTestId('link-no-cancel');
  expect(note.textContent).toContain('A payment link cannot be cancelled: the gateway offers no way to. This one can be paid until the end of 30\u00a0Nov, its expiry date. For another amount, make a new link like it');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(note.textContent).toContain('لا يمكن إلغاء رابط الدفع: لا توفر البوابة طريقة لذلك. يمكن دفع هذا الرابط حتى نهاية 30\u00a0نوفمبر، تاريخ انتهائه.');
  fireEvent.click(within(note).getByRole('button', { name: 'رابط جديد مثله' }));
  await waitFor(() => expect(field('link-orderId').value).toBe('ORD-5531-2'));
  expect(hintOf('link-orderId')).toContain('ما زال \u2068ORD-5531\u2069 قابلًا للدفع حتى تاريخ انتهائه (لا توفر البوابة طريقة لإلغائه)');
  expect(field('link-amount').value).toBe('350.00'); // the amount to change, the rest kept
  expect(field('link-customer-name').value).toBe('ريم الشهري');
});

it('marks a check-up\'s test link where the customer would be, and offers no Copy, Resend or new link for it', async () => {
  await openLinks();
  const checkup = row('CHK-20261130-R15665D-LINK');
  expect(within(checkup).getByTestId('checkup-mark').textContent).toBe('Gateway check-up');
  expect(checkup.textContent).not.toContain('Paydesk check-up');
  expect(within(checkup).queryByTestId('row-copy')).toBeNull();
  expect(within(checkup).queryByTestId('row-resend')).toBeNull();
  expect(within(checkup).queryByTestId('make-another')).toBeNull();
  // Nor once expired (the check-up's own expired link read as a link that may be made again).
  expect(within(row('CHK-20261129-R0A11CE-LINK')).queryByTestId('make-another')).toBeNull();
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(within(checkup).getByTestId('checkup-mark').textContent).toBe('فحص البوابة');
});
