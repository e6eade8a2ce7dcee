// Recent checkout sessions: a session the customer has not paid yet offers Copy and Resend on its
// row, as an unpaid link's row in Payment links does (walkthrough 2026-11-29: the customer lost the
// page, and once the result was left the session's address could be sent again from nowhere on this
// screen). Resend opens the share panel under the row with the session's page; a paid, expired or
// declined session offers neither. English and Arabic; main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const customer = { name: 'فاطمة الزهراء العنزي', email: 'fatima@example.com', phone: '+96550001234' };
const page = (id: string) => `http://127.0.0.1:9/checkout?sessionId=${id}`;
const session = (orderId: string, over: Parameters<typeof paymentView>[0] = {}) =>
  paymentView({ id: orderId, kind: 'checkout', orderId, amountMinor: 12_500, currency: 'KWD', capturedMinor: 0, state: 'pending', description: null, customer, url: page(orderId), transactionId: null, ...over });
const rows = [
  session('CO-OPEN'),
  session('CO-PAID', { state: 'paid', capturedMinor: 12_500, transactionId: 'tx-1', cardMasked: '512345******0008' }),
  session('CO-EXPIRED', { state: 'expired' }),
  session('CO-DECLINED', { state: 'declined' }),
];
stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: rows.length, rows }) }),
  listCustomers: () => ({ ok: true, value: unchecked({ customers: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { CheckoutScreen } = await import('../../renderer/src/features/get-paid/checkout-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

const copied: string[] = [];
Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
afterEach(() => {
  cleanup();
  copied.length = 0;
  act(() => useLanguage.getState().setLanguage('en'));
});

const row = (orderId: string) => document.querySelector<HTMLElement>(`[data-testid="session-row"][data-order-id="${orderId}"]`)!;
async function showRecent(language: 'en' | 'ar') {
  act(() => useLanguage.getState().setLanguage(language));
  render(<CheckoutScreen />);
  await waitFor(() => expect(row('CO-OPEN')).toBeTruthy());
}

describe.each([
  ['en', 'Copy link CO-OPEN', 'Resend link CO-OPEN', 'Copied'],
  ['ar', 'نسخ الرابط CO-OPEN', 'إعادة إرسال الرابط CO-OPEN', 'تم النسخ'],
] as const)('an unpaid recent session in %s', (language, copyName, resendName, copiedWord) => {
  it('Resend opens the share panel under its row with the session\'s page, and closes it pressed again', async () => {
    await showRecent(language);
    const resend = within(row('CO-OPEN')).getByRole('button', { name: resendName });
    fireEvent.click(resend);
    expect(resend.getAttribute('aria-expanded')).toBe('true');
    const panel = within(row('CO-OPEN')).getByTestId('row-share');
    expect((within(panel).getByTestId('share-url') as HTMLInputElement).value).toBe(page('CO-OPEN'));
    expect(decodeURIComponent(within(panel).getByTestId('share-whatsapp').getAttribute('href')!)).toContain(page('CO-OPEN'));
    fireEvent.click(resend);
    expect(within(row('CO-OPEN')).queryByTestId('row-share')).toBeNull();
  });

  it('Copy puts the session\'s page on the clipboard and says so', async () => {
    await showRecent(language);
    fireEvent.click(within(row('CO-OPEN')).getByRole('button', { name: copyName }));
    await waitFor(() => expect(within(row('CO-OPEN')).getByTestId('row-copy').textContent).toBe(copiedWord));
    expect(copied).toEqual([page('CO-OPEN')]);
  });
});

it.each(['CO-PAID', 'CO-EXPIRED', 'CO-DECLINED'])('%s offers neither Copy nor Resend', async (orderId) => {
  await showRecent('en');
  expect(within(row(orderId)).queryByTestId('row-copy')).toBeNull();
  expect(within(row(orderId)).queryByTestId('row-resend')).toBeNull();
});
