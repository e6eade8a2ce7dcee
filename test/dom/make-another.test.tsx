// A link or checkout session that can no longer be paid (declined, expired): its row offers "New
// link like this", the form opens filled with the same amount, customer and description under a
// new order id, and nothing is sent until Create. Copy and Resend sent the customer a dead page.
import { afterEach, describe, expect, it } from 'vitest';
import { act, StrictMode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';
import { paymentView } from '../support/payment-view';

/** A link to Layla for KWD 1,234.567, unpaid; each test's differences on top (paymentView: the project's one default). */
const payment = (over: Partial<PaymentView>): PaymentView => paymentView({
  id: 'p1', kind: 'link', orderId: 'PD-1', amountMinor: 1234567, currency: 'KWD', description: 'Tiles, 3 boxes',
  customer: { name: 'ليلى حداد', email: 'layla@example.com', phone: '+96550123456' }, transactionId: 'tx1', sessionId: 'lnk_1', url: 'http://127.0.0.1:9/link?linkId=lnk_1',
  state: 'pending', statusWord: 'UNPAID', capturedMinor: 0, ...over,
});
const links = [
  payment({ id: 'p-declined', orderId: 'PD-DECLINED', state: 'declined', statusWord: 'DECLINED' }),
  payment({ id: 'p-expired', orderId: 'PD-EXPIRED', state: 'expired', statusWord: 'EXPIRED', amountMinor: 5000, currency: 'SAR' }),
  payment({ id: 'p-open', orderId: 'PD-OPEN' }),
  payment({ id: 'p-paid', orderId: 'PD-PAID', state: 'paid', statusWord: 'PAID', capturedMinor: 1234567 }),
];
const declinedSale = payment({ id: 'sale-1', kind: 'sale', orderId: 'SALE-1', state: 'declined', statusWord: 'DECLINED', amountMinor: 9990, currency: 'SAR', description: null, url: null, cardMasked: '512345******0008', customer: { name: 'Sara', email: 'sara@example.com', phone: '+966501234567' } });
const sessions = [payment({ id: 's-declined', kind: 'checkout', orderId: 'CO-DECLINED', state: 'declined', statusWord: 'DECLINED', amountMinor: 2500, currency: 'SAR', authOnly: true })];

/** The gateway's words for the next decline (changed by a test, put back after each). */
let declineReason = 'Insufficient funds';
const { calls } = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } }),
  listPaymentLinks: () => ({ ok: true, value: { total: links.length, rows: links } }),
  searchPayments: (input) => ({ ok: true, value: input.filter?.kinds?.[0] === 'checkout' ? { total: 1, rows: sessions } : { total: 0, rows: [] } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  getInvoice: () => ({ ok: true, value: { invoice: null, creditNotes: [] } }),
  terminalSale: () => ({ ok: true, value: { payment: declinedSale, challenge: null, declineReason } }),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage, translate } = await import('../../renderer/src/i18n');

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const row = (orderId: string) => document.querySelector<HTMLElement>(`[data-order-id="${orderId}"]`)!;
async function open(screenId: string, heading: string) {
  render(<StrictMode><App /></StrictMode>); // as the renderer draws it in development: every draw and effect twice
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go(screenId));
  await screen.findByRole('heading', { name: heading, level: 1 });
}
afterEach(() => {
  declineReason = 'Insufficient funds';
  calls.length = 0; // each test counts its own sends (a shuffled order runs a sale's test first)
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

describe('a link that can no longer be paid', () => {
  it('offers a new link like it, not Copy and Resend, and fills the form without sending', async () => {
    await open('links', 'Payment links');
    await waitFor(() => expect(row('PD-OPEN')).toBeTruthy());
    expect(within(row('PD-OPEN')).queryByTestId('row-resend')).toBeTruthy(); // an open link is still sent
    expect(within(row('PD-OPEN')).queryByTestId('make-another')).toBeNull();
    // A paid link's page says it is paid: a receipt, not its address, is what goes to the customer now.
    expect(within(row('PD-PAID')).queryByTestId('row-resend')).toBeNull();
    expect(within(row('PD-PAID')).queryByTestId('row-copy')).toBeNull();
    expect(within(row('PD-PAID')).queryByTestId('row-receipt')).toBeTruthy();
    for (const dead of ['PD-DECLINED', 'PD-EXPIRED']) {
      expect(within(row(dead)).queryByTestId('row-copy')).toBeNull();
      expect(within(row(dead)).queryByTestId('row-resend')).toBeNull();
    }
    field('link-amount').focus(); // typed into, then left for the other link: the new form replaces it
    fireEvent.change(field('link-amount'), { target: { value: '9' } });
    fireEvent.click(within(row('PD-DECLINED')).getByRole('button', { name: 'New link like PD-DECLINED' }));
    await waitFor(() => expect(field('link-amount').value).toBe('1234.567'));
    expect(field('link-orderId').value).toBe(''); // Paydesk makes a new one: the gateway keeps the declined one's
    expect(field('link-currency').value).toBe('KWD');
    expect(field('link-description').value).toBe('Tiles, 3 boxes');
    expect([field('link-customer-name').value, field('link-customer-email').value, field('link-customer-phone').value]).toEqual(['ليلى حداد', 'layla@example.com', '+96550123456']);
    expect(calls.filter((c) => c.name === 'createPaymentLink')).toHaveLength(0);
  });

  it('is named in Arabic', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await open('links', 'روابط الدفع');
    await waitFor(() => expect(row('PD-EXPIRED')).toBeTruthy());
    expect(within(row('PD-EXPIRED')).getByTestId('make-another').textContent).toBe('رابط جديد مثله');
    expect(within(row('PD-EXPIRED')).getByRole('button', { name: 'رابط جديد مثل PD-EXPIRED' })).toBeTruthy();
  });

  it('is offered on a paid link too: the same link again for another customer, nothing sent until Create', async () => {
    await open('links', 'Payment links');
    await waitFor(() => expect(row('PD-PAID')).toBeTruthy());
    expect(within(row('PD-PAID')).getByTestId('row-receipt')).toBeTruthy(); // its receipt stays beside it
    fireEvent.click(within(row('PD-PAID')).getByRole('button', { name: 'New link like PD-PAID' }));
    await waitFor(() => expect(field('link-amount').value).toBe('1234.567'));
    expect(field('link-currency').value).toBe('KWD');
    expect(field('link-description').value).toBe('Tiles, 3 boxes');
    expect(field('link-orderId').value).toBe(''); // a new order id: the gateway keeps the paid one's
    fireEvent.change(field('link-customer-name'), { target: { value: 'Omar Khalid' } });
    expect(field('link-customer-name').value).toBe('Omar Khalid');
    expect(calls.filter((c) => c.name === 'createPaymentLink')).toHaveLength(0);
  });

  it('is offered for a declined checkout session too, authorise-only kept', async () => {
    await open('checkout', 'Checkout sessions');
    await waitFor(() => expect(row('CO-DECLINED')).toBeTruthy());
    fireEvent.click(within(row('CO-DECLINED')).getByRole('button', { name: 'New session like CO-DECLINED' }));
    await waitFor(() => expect(field('checkout-amount').value).toBe('25.00'));
    expect(field('checkout-orderId').value).toBe('');
    expect((document.getElementById('checkout-authOnly') as HTMLInputElement).checked).toBe(true);
  });

  it('on a declined card sale: "Try another card" keeps all but the card, "Send a payment link instead" fills a link', async () => {
    await open('terminal', translate('en', 'gp.terminal.screen'));
    fireEvent.change(field('terminal-amount'), { target: { value: '99.90' } });
    fireEvent.change(field('terminal-card-number'), { target: { value: '4000 0000 0000 0002' } });
    fireEvent.change(field('terminal-card-holder'), { target: { value: 'SARA AHMED' } });
    fireEvent.change(field('terminal-card-expiryMonth'), { target: { value: '01' } });
    fireEvent.change(field('terminal-card-expiryYear'), { target: { value: '2039' } });
    fireEvent.change(field('terminal-card-cvv'), { target: { value: '123' } });
    fireEvent.change(field('terminal-customer-name'), { target: { value: 'Sara' } });
    fireEvent.change(field('terminal-customer-email'), { target: { value: 'sara@example.com' } });
    fireEvent.change(field('terminal-customer-phone'), { target: { value: '+966501234567' } });
    fireEvent.click(screen.getByTestId('terminal-submit'));
    const result = await screen.findByTestId('sale-result');
    fireEvent.click(within(result).getByRole('button', { name: 'Try another card' }));
    await waitFor(() => expect(field('terminal-amount').value).toBe('99.90'));
    expect(field('terminal-orderId').value).toBe(''); // a new one: the gateway keeps the declined sale's
    expect(field('terminal-card-number').value).toBe(''); // a card is never kept
    expect(field('terminal-customer-email').value).toBe('sara@example.com');
    await waitFor(() => expect(document.activeElement).toBe(field('terminal-card-number')));
    expect(calls.filter((c) => c.name === 'terminalSale')).toHaveLength(1);

    fireEvent.change(field('terminal-card-number'), { target: { value: '4000 0000 0000 0002' } });
    fireEvent.change(field('terminal-card-holder'), { target: { value: 'SARA AHMED' } });
    fireEvent.change(field('terminal-card-expiryMonth'), { target: { value: '01' } });
    fireEvent.change(field('terminal-card-expiryYear'), { target: { value: '2039' } });
    fireEvent.change(field('terminal-card-cvv'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('terminal-submit'));
    fireEvent.click(within(await screen.findByTestId('sale-result')).getByRole('button', { name: 'Send a payment link instead' }));
    await screen.findByRole('heading', { name: 'Payment links', level: 1 });
    await waitFor(() => expect(field('link-amount').value).toBe('99.90'));
    expect(field('link-orderId').value).toBe('');
    expect(field('link-customer-phone').value).toBe('+966501234567');
    expect(calls.filter((c) => c.name === 'createPaymentLink')).toHaveLength(0);
  });

  /** A declined sale of SAR 99.90 typed and sent on the terminal; its result. */
  async function declinedSaleResult() {
    fireEvent.change(field('terminal-amount'), { target: { value: '99.90' } });
    fireEvent.change(field('terminal-card-number'), { target: { value: '5123 4500 0000 0008' } });
    fireEvent.change(field('terminal-card-holder'), { target: { value: 'SARA AHMED' } });
    fireEvent.change(field('terminal-card-expiryMonth'), { target: { value: '02' } });
    fireEvent.change(field('terminal-card-expiryYear'), { target: { value: '2039' } });
    fireEvent.change(field('terminal-card-cvv'), { target: { value: '999' } });
    fireEvent.change(field('terminal-customer-name'), { target: { value: 'Sara' } });
    fireEvent.change(field('terminal-customer-email'), { target: { value: 'sara@example.com' } });
    fireEvent.change(field('terminal-customer-phone'), { target: { value: '+966501234567' } });
    fireEvent.click(screen.getByTestId('terminal-submit'));
    return screen.findByTestId('sale-result');
  }

  it.each([
    ['en', 'Wrong expiry date or security code for this test card'],
    ['en', 'Invalid CVV2'],
    ['ar', 'Incorrect expiration date'],
  ] as const)('(%s) declined for a wrong security code or expiry ("%s"): "Enter the card again" keeps all but the card, not "Try another card"', async (language, reason) => {
    declineReason = reason;
    act(() => useLanguage.getState().setLanguage(language));
    await open('terminal', translate(language, 'gp.terminal.screen'));
    const result = await declinedSaleResult();
    expect(within(result).getByTestId('declined-next').textContent).toBe(translate(language, 'gp.terminal.declinedCheckCard'));
    expect(within(result).queryByRole('button', { name: translate(language, 'gp.another.card') })).toBeNull();
    fireEvent.click(within(result).getByRole('button', { name: translate(language, 'gp.another.cardAgain') }));
    await waitFor(() => expect(field('terminal-amount').value).toBe('99.90'));
    expect(field('terminal-card-number').value).toBe(''); // the card number is never kept
    expect(field('terminal-card-cvv').value).toBe('');
    expect(field('terminal-customer-email').value).toBe('sara@example.com');
    await waitFor(() => expect(document.activeElement).toBe(field('terminal-card-number')));
  });

  it.each(['Declined by the issuer (test card)', 'Expired card', 'Insufficient funds'])('a real decline ("%s") still offers "Try another card"', async (reason) => {
    declineReason = reason;
    await open('terminal', translate('en', 'gp.terminal.screen'));
    const result = await declinedSaleResult();
    expect(within(result).getByTestId('declined-next').textContent).toBe(translate('en', 'gp.terminal.declinedNext'));
    expect(within(result).getByRole('button', { name: 'Try another card' })).toBeTruthy();
    expect(within(result).queryByRole('button', { name: 'Enter the card again' })).toBeNull();
  });
});
