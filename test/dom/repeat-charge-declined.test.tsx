// A repeat charge the gateway declined (an answer, not a refusal: a new payment recorded as declined)
// closes "Charge again", and its note says to ask the customer for another way to pay. That way is
// offered in one press where the result is shown, as a refused charge's dialog offers it: beside the
// note in the first payment's detail, and in the declined charge's own detail. It opens Payment links
// filled with that charge (amount, description, customer, a new order id), nothing sent until Create;
// not for a role that may not create payments. In the whole app, main a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo, newPracticeLaptop, type TestTeam } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { notStubbed, stubMain, unchecked } from '../support/stub-main';

const first = cardSale({
  orderId: 'SUB-1', amountMinor: 12_500, capturedMinor: 12_500, currency: 'KWD', recurringAvailable: true, recurringRequested: true,
  customer: { name: 'Huda Nasser', email: 'huda@example.com', phone: '+96550000044' },
});
// What main answers when the gateway declines the charge: the new payment, declined (test/ledger's recurring tests).
const declined = cardSale({
  id: 'pay-2', orderId: 'PD-REPEAT-2', kind: 'recurring', state: 'declined', amountMinor: 15_000, capturedMinor: 0, currency: 'KWD', parentPaymentId: first.id,
  description: 'اشتراك ديسمبر', customer: first.customer, transactionId: null, statusWord: 'DECLINED',
});
let team: TestTeam = null;
const { calls } = stubMain({
  ...newPracticeLaptop(),
  getAppInfo: () => ({ ok: true, value: appInfo(team) }),
  searchPayments: () => ({ ok: true, value: unchecked({ total: 1, rows: [first] }) }),
  getPayment: (input) => ({ ok: true, value: unchecked(input.paymentId === declined.id ? { ...paymentDetail(declined), related: { parent: first, repeats: [] } } : paymentDetail(first)) }),
  chargeRecurring: () => ({ ok: true, value: declined }),
  getInvoice: () => ({ ok: true, value: { invoice: null, creditNotes: [] } }),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { showPayment } = await import('../../renderer/src/features/transactions/find-payment');
const { useLanguage } = await import('../../renderer/src/i18n');

const field = (id: string) => document.getElementById(id) as HTMLInputElement;

/** "Charge again" on the first payment, 15.000 for «اشتراك ديسمبر», declined by the gateway. */
async function chargeDeclined() {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => showPayment(first.id, useNavigation.getState().go));
  fireEvent.click(await screen.findByTestId('action-recurring'));
  fireEvent.change(field('action-amount'), { target: { value: '15' } });
  fireEvent.change(field('action-description'), { target: { value: 'اشتراك ديسمبر' } });
  fireEvent.submit(screen.getByTestId('action-send').closest('form')!);
  await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
}

/** Payment links opened, filled with the declined charge, nothing sent. */
async function expectLinkFormOfTheCharge() {
  await screen.findByRole('heading', { name: 'روابط الدفع', level: 1 });
  await waitFor(() => expect(field('link-amount').value).toBe('15.000'));
  expect(field('link-currency').value).toBe('KWD');
  expect(field('link-description').value).toBe('اشتراك ديسمبر');
  expect(field('link-orderId').value).toBe(''); // a new order id, Paydesk's
  expect([field('link-customer-name').value, field('link-customer-email').value, field('link-customer-phone').value]).toEqual(['Huda Nasser', 'huda@example.com', '+96550000044']);
  expect(calls.filter((c) => c.name === 'createPaymentLink')).toHaveLength(0);
}

afterEach(() => {
  cleanup();
  calls.length = 0;
  team = null;
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

describe('a declined repeat charge', () => {
  it('its note in the detail offers "Send a payment link instead", in Arabic, filled with that charge', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await chargeDeclined();
    expect((await screen.findByTestId('detail-notice')).textContent).toMatch(/^رفضت البوابة الخصم المتكرر بمبلغ .*15\.000.*اطلب من العميل بطاقة أخرى أو طريقة دفع أخرى\.$/);
    fireEvent.click(screen.getByRole('button', { name: 'أرسل رابط دفع بدلًا من ذلك' }));
    await expectLinkFormOfTheCharge();
  });

  it('its own detail offers it too', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<App />);
    await screen.findByTestId('active-profile-name');
    act(() => showPayment(declined.id, useNavigation.getState().go));
    await screen.findByTestId('payment-detail');
    fireEvent.click(await screen.findByRole('button', { name: 'أرسل رابط دفع بدلًا من ذلك' }));
    await expectLinkFormOfTheCharge();
  });

  // Finance creates no payments (nor charges again: the note's button is for support and admins, who may).
  it('is not offered to a role that may not create payments', async () => {
    team = { role: 'finance' };
    render(<App />);
    await screen.findByTestId('active-profile-name');
    act(() => showPayment(declined.id, useNavigation.getState().go));
    await screen.findByTestId('action-status');
    expect(screen.getByTestId('payment-detail').getAttribute('data-state')).toBe('declined'); // the charge's own detail
    expect(screen.queryByRole('button', { name: 'Send a payment link instead' })).toBeNull();
  });
});
