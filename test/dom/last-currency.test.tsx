// "New checkout session" after a session in USD started in the profile's SAR again: a currency
// changed by hand before each payment. The next form, of any kind, starts in the currency just used
// on this profile (last-currency.ts), until the profile's default currency is changed in Settings.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';
import { paymentView } from '../support/payment-view';

let defaultCurrency = 'SAR';
const session = paymentView({ id: 's1', kind: 'checkout', orderId: 'CO-1', amountMinor: 7500, currency: 'USD', state: 'pending', statusWord: 'UNPAID', url: 'http://127.0.0.1:9/checkout?sessionId=s1' });
stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency, key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listPaymentLinks: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  createCheckoutSession: () => ({ ok: true, value: session }),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useSession } = await import('../../renderer/src/app/session-store');

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
async function go(screenId: string, heading: string) {
  act(() => useNavigation.getState().go(screenId));
  await screen.findByRole('heading', { name: heading, level: 1 });
}
afterEach(() => {
  cleanup();
  act(() => useNavigation.getState().go('home'));
});

describe('the currency a new payment starts in', () => {
  it('is the one just used: New checkout session, a new link and a card payment after a USD session', async () => {
    render(<App />);
    await screen.findByTestId('active-profile-name');
    await go('checkout', 'Checkout sessions');
    expect(field('checkout-currency').value).toBe('SAR'); // the profile's, before any payment
    type('checkout-amount', '75');
    type('checkout-currency', 'USD');
    type('checkout-customer-name', 'Sara');
    type('checkout-customer-email', 'sara@example.com');
    type('checkout-customer-phone', '+966501234567');
    fireEvent.click(screen.getByTestId('checkout-submit'));
    fireEvent.click(await screen.findByTestId('new-checkout'));
    expect(field('checkout-currency').value).toBe('USD');
    expect(field('checkout-amount').value).toBe(''); // the rest starts empty
    await go('links', 'Payment links');
    expect(field('link-currency').value).toBe('USD');
    await go('terminal', 'Card payment');
    expect(field('terminal-currency').value).toBe('USD');

    // A new default chosen in Settings is what the next form starts in.
    defaultCurrency = 'EUR';
    await act(() => useSession.getState().load());
    await go('checkout', 'Checkout sessions');
    expect(field('checkout-currency').value).toBe('EUR');
  });
});
