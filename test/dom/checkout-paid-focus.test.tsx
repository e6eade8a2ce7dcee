// A checkout session paid while its result is on screen: the share panel goes (a paid page is not
// sent again) and the receipt comes. The walkthrough of 2026-11-29 had pressed Copy in that panel, so
// the keyboard went with it, to the page's start; the result now takes it back. Main is a stub; the
// form is filled by its labels.
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PaymentView } from '../../contract/methods/payments';
import { appInfo } from '../support/session';
import { paymentDetail, paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const open = paymentView({ id: 'CO-1', kind: 'checkout', orderId: 'PD-20261129-ZEPEZNR2', amountMinor: 12_500, currency: 'KWD', capturedMinor: 0, state: 'pending', description: null, transactionId: null,
  customer: { name: 'فاطمة الزهراء العنزي', email: 'fatima@example.com', phone: '+96550001234' }, url: 'http://127.0.0.1:9/checkout?sessionId=s1' });
let current: PaymentView = open;
const main = stubMain({
  createCheckoutSession: () => ({ ok: true, value: open }),
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(current)) }),
  searchPayments: () => ({ ok: true, value: unchecked({ total: 0, rows: [] }) }),
  listCustomers: () => ({ ok: true, value: unchecked({ customers: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { CheckoutScreen } = await import('../../renderer/src/features/get-paid/checkout-screen');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });
Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async () => undefined } });
afterEach(cleanup);

it('gives the keyboard to the result when the session is paid while it was in the share panel', async () => {
  render(<CheckoutScreen />);
  fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '12.500' } });
  fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'KWD' } });
  fireEvent.change(screen.getByLabelText(/^Customer name/), { target: { value: 'فاطمة الزهراء العنزي' } });
  fireEvent.change(screen.getByLabelText(/^Customer e-mail/), { target: { value: 'fatima@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Customer phone/), { target: { value: '+96550001234' } });
  fireEvent.click(screen.getByRole('button', { name: /^Create session for/ }));
  const result = await screen.findByTestId('checkout-result');
  const copy = within(result).getByRole('button', { name: 'Copy' });
  copy.focus();
  fireEvent.click(copy);
  expect(document.activeElement).toBe(copy);

  current = { ...open, state: 'paid', capturedMinor: 12_500, transactionId: 'tx-1' };
  main.tell({ type: 'payments.changed', paymentIds: ['CO-1'] });
  await waitFor(() => expect(within(result).getByTestId('payment-state').getAttribute('data-state')).toBe('paid'));
  expect(within(result).queryByRole('button', { name: 'Copy' })).toBeNull();
  await waitFor(() => expect(document.activeElement).toBe(result));
});
