// A payment link's or checkout session's result once the customer has paid or been declined: its
// heading says so (it kept "… created"), a status line says it to a screen reader without taking
// the keyboard, and a link paid while the keyboard was in its share panel gives the keyboard to
// the result (the panel goes: a paid page is not sent again), as a session's does (the walkthrough
// of 2026-11-29 had pressed Copy there, and the keyboard went to the page's start). Main is a stub;
// the forms are filled by their labels and its events come as main sends them.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PaymentView } from '../../contract/methods/payments';
import { appInfo } from '../support/session';
import { paymentDetail, paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const customer = { name: 'فاطمة الزهراء العنزي', email: 'fatima@example.com', phone: '+96550001234' };
const session = paymentView({ id: 'CO-1', kind: 'checkout', orderId: 'PD-CO-1', amountMinor: 12_500, currency: 'KWD', capturedMinor: 0, state: 'pending', transactionId: null, customer, url: 'http://127.0.0.1:9/checkout?sessionId=s1' });
const link = paymentView({ id: 'LN-1', kind: 'link', orderId: 'PD-LN-1', amountMinor: 12_500, currency: 'KWD', capturedMinor: 0, state: 'pending', transactionId: null, description: 'Tea', customer, url: 'http://127.0.0.1:9/link?linkId=l1' });
let current: PaymentView = session;
const main = stubMain({
  createCheckoutSession: () => ({ ok: true, value: session }),
  createPaymentLink: () => ({ ok: true, value: link }),
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(current)) }),
  getInvoice: () => ({ ok: true, value: unchecked({ invoice: null }) }),
  getSellerDetails: () => ({ ok: true, value: unchecked({ seller: null }) }),
  searchPayments: () => ({ ok: true, value: unchecked({ total: 0, rows: [] }) }),
  listCustomers: () => ({ ok: true, value: unchecked({ customers: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { CheckoutScreen } = await import('../../renderer/src/features/get-paid/checkout-screen');
const { LinksScreen } = await import('../../renderer/src/features/get-paid/links-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });
Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async () => undefined } });
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const screens = {
  checkout: { draw: () => render(<CheckoutScreen />), made: session, testId: 'checkout-result', create: /^Create session for|^إنشاء جلسة بمبلغ/ },
  link: { draw: () => render(<LinksScreen />), made: link, testId: 'link-result', create: /^Create link for|^إنشاء رابط بمبلغ/ },
};
const labels = { en: { currency: 'Currency', amount: /^Amount/, name: /^Customer name/, email: /^Customer e-mail/, phone: /^Customer phone/ }, ar: { currency: 'العملة', amount: /^المبلغ/, name: /^اسم العميل/, email: /^البريد الإلكتروني للعميل/, phone: /^هاتف العميل/ } };

async function create(kind: keyof typeof screens, language: 'en' | 'ar') {
  act(() => useLanguage.getState().setLanguage(language));
  const { draw, made, testId, create } = screens[kind];
  current = made;
  draw();
  const label = labels[language];
  fireEvent.change(screen.getByLabelText(label.amount), { target: { value: '12.500' } });
  fireEvent.change(screen.getByLabelText(label.currency), { target: { value: 'KWD' } });
  fireEvent.change(screen.getByLabelText(label.name), { target: { value: customer.name } });
  fireEvent.change(screen.getByLabelText(label.email), { target: { value: customer.email } });
  fireEvent.change(screen.getByLabelText(label.phone), { target: { value: customer.phone } });
  fireEvent.click(screen.getByRole('button', { name: create }));
  return screen.findByTestId(testId);
}
function outcome(over: Partial<PaymentView>) {
  current = { ...current, ...over };
  main.tell({ type: 'payments.changed', paymentIds: [current.id] });
}

const words = {
  checkout: { en: ['Checkout session created', 'Checkout session paid', 'Checkout session declined'], ar: ['تم إنشاء جلسة الدفع', 'تم الدفع في جلسة الدفع', 'رُفض الدفع في جلسة الدفع'] },
  link: { en: ['Payment link created', 'Payment link paid', 'Payment link declined'], ar: ['تم إنشاء رابط الدفع', 'تم دفع رابط الدفع', 'رُفض الدفع عبر رابط الدفع'] },
} as const;

describe.each(['checkout', 'link'] as const)('the %s result', (kind) => {
  it.each(['en', 'ar'] as const)('says it was paid in its heading and to a screen reader, the keyboard left where it was (%s)', async (language) => {
    const [created, paid] = words[kind][language];
    const result = await create(kind, language);
    expect(within(result).getByRole('heading', { level: 2 }).textContent).toBe(created);
    expect(within(result).getByTestId('result-news').textContent).toBe(''); // nothing said at creation: the keyboard on the result reads it
    // The result takes the keyboard as it appears (an effect after its first draw): moved on before that, the effect took it back.
    await waitFor(() => expect(document.activeElement).toBe(result));
    const elsewhere = within(result).getByTestId('open-in-transactions');
    elsewhere.focus();
    outcome({ state: 'paid', capturedMinor: 12_500, transactionId: 'tx-1' });
    await waitFor(() => expect(within(result).getByRole('heading', { level: 2 }).textContent).toBe(paid));
    expect(within(result).getByTestId('result-news').textContent).toBe(paid);
    expect(within(result).getByTestId('result-news').getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(elsewhere);
  });

  it('says it was declined', async () => {
    const result = await create(kind, 'en');
    outcome({ state: 'declined' });
    await waitFor(() => expect(within(result).getByTestId('result-news').textContent).toBe(words[kind].en[2]));
    expect(within(result).getByRole('heading', { level: 2 }).textContent).toBe(words[kind].en[2]);
  });

  it('gives the keyboard to the result when it is paid while the keyboard was in the share panel', async () => {
    const result = await create(kind, 'en');
    const copy = within(result).getByRole('button', { name: 'Copy the payment address' });
    copy.focus();
    fireEvent.click(copy);
    expect(document.activeElement).toBe(copy); // pressed, the keyboard stays on it until the panel goes
    outcome({ state: 'paid', capturedMinor: 12_500, transactionId: 'tx-1' });
    await waitFor(() => expect(within(result).getByTestId('payment-state').getAttribute('data-state')).toBe('paid'));
    expect(within(result).queryByRole('button', { name: 'Copy the payment address' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(result));
  });
});
