// "Charge again" on a saved card, in the whole app (main a stub): the dialog opens with the keyboard
// in the description, the one field to fill (the amount is the payment's), still named by its
// heading; a charge the gateway refuses says what happened and what to do, not "Correct it and try
// again" (nothing in the dialog to correct), the gateway's words quoted as before; and "Send a
// payment link instead" opens the link form with that charge, nothing sent (walk of 2026-11-29).
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { newPracticeLaptop } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { notStubbed, stubMain, unchecked } from '../support/stub-main';

const first = cardSale({
  orderId: 'SUB-1', amountMinor: 12_500, capturedMinor: 12_500, currency: 'KWD', recurringAvailable: true, recurringRequested: true,
  customer: { name: 'Huda Nasser', email: 'huda@example.com', phone: '+96550000044' },
});
const { calls } = stubMain({
  ...newPracticeLaptop(),
  searchPayments: () => ({ ok: true, value: unchecked({ total: 1, rows: [first] }) }),
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(first)) }),
  // What main answers when the gateway refuses a repeat charge (test/ledger/recurring-refused.test.ts).
  chargeRecurring: () => ({
    ok: false,
    error: { code: 'request_rejected', message: 'The gateway refused this charge of the saved card.', reason: { key: 'gateway.recurringRefused', values: { said: 'Card account closed' } } },
  }),
  getInvoice: () => ({ ok: true, value: { invoice: null, creditNotes: [] } }),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { showPayment } = await import('../../renderer/src/features/transactions/find-payment');
const { useLanguage } = await import('../../renderer/src/i18n');

const field = (id: string) => document.getElementById(id) as HTMLInputElement;

/** The first payment open in Transactions, "Charge again" pressed. */
async function openChargeAgain() {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => showPayment(first.id, useNavigation.getState().go));
  fireEvent.click(await screen.findByTestId('action-recurring'));
  return screen.getByTestId('action-dialog');
}

afterEach(() => {
  cleanup();
  calls.length = 0;
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

describe('Charge again', () => {
  it('opens with the keyboard in the description, the dialog still named by its heading', async () => {
    const dialog = await openChargeAgain();
    await waitFor(() => expect(document.activeElement?.id).toBe('action-description'));
    expect(field('action-amount').value).toBe('12.500');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Charge again');
  });

  it('refused by the gateway: says so and what to do in Arabic, the gateway\'s words quoted, and offers a payment link of that charge', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await openChargeAgain();
    fireEvent.change(field('action-amount'), { target: { value: '15' } });
    fireEvent.change(field('action-description'), { target: { value: 'اشتراك ديسمبر' } });
    fireEvent.submit(screen.getByTestId('action-send').closest('form')!);
    const said = (await screen.findByRole('alert')).textContent!;
    expect(said).toMatch(/^رفضت البوابة هذا الخصم من البطاقة المحفوظة، فلم يُخصم شيء\. اطلب من العميل بطاقة أخرى أو طريقة دفع أخرى، كرابط دفع\. رد البوابة \(بالإنجليزية\): «.*Card account closed.*»\.$/);
    expect(said).not.toContain('صحّحه');

    fireEvent.click(screen.getByRole('button', { name: 'أرسل رابط دفع بدلًا من ذلك' }));
    await screen.findByRole('heading', { name: 'روابط الدفع', level: 1 });
    await waitFor(() => expect(field('link-amount').value).toBe('15.000'));
    expect(field('link-currency').value).toBe('KWD');
    expect(field('link-description').value).toBe('اشتراك ديسمبر');
    expect(field('link-orderId').value).toBe(''); // a new order id, Paydesk's
    expect([field('link-customer-name').value, field('link-customer-email').value, field('link-customer-phone').value]).toEqual(['Huda Nasser', 'huda@example.com', '+96550000044']);
    expect(screen.queryByTestId('action-dialog')).toBeNull();
    expect(calls.filter((c) => c.name === 'createPaymentLink')).toHaveLength(0);
  });
});
