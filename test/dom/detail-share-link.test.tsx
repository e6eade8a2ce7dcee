// An unpaid payment link's detail offers "Copy link" and "Resend link", as the links list does for
// it (walkthrough: support opened the link from Transactions and had to go to Payment links to send
// it again). Resend opens the same share panel (its address, QR code, e-mail and WhatsApp with the
// invoice's number); Copy puts the address on the clipboard, or, refused, shows it selected. A paid,
// expired or declined link, or a card sale, offers neither. English and Arabic; main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import type { PaymentView } from '../../contract/methods/payments';
import { paymentDetail, paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const url = 'https://pay.example/l/LINK-7';
let payment: PaymentView = paymentView();
const invoice = {
  id: 'inv-7', number: 'INV-2026-000007', paymentId: 'pay-7', orderId: 'LINK-7', currency: 'SAR', state: 'issued', pricesIncludeVat: false, language: 'ar-en',
  netMinor: 10_870, vatMinor: 1_630, totalMinor: 12_500, issuedAt: '2026-11-23T10:00:00.000Z', lines: [], breakdown: [], zatcaQr: '', creditNotes: [],
};
stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(payment)) }),
  getInvoice: () => ({ ok: true, value: unchecked({ invoice: payment.kind === 'link' ? invoice : null }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

const copied: string[] = [];
const clipboard = (allowed: boolean) => Object.defineProperty(navigator, 'clipboard', {
  configurable: true,
  value: { writeText: async (text: string) => (allowed ? void copied.push(text) : Promise.reject(new Error('not allowed'))) },
});

afterEach(() => {
  cleanup();
  copied.length = 0;
  act(() => useLanguage.getState().setLanguage('en'));
});

const link = (over: Partial<PaymentView> = {}) => paymentView({
  id: 'pay-7', kind: 'link', orderId: 'LINK-7', amountMinor: 12_500, currency: 'SAR', url, transactionId: null, capturedMinor: 0, state: 'pending',
  customer: { name: 'Sara Al-Harbi', email: 'sara@example.com', phone: '+966500000001' }, ...over,
});

async function openDetail(shown: PaymentView, language: 'en' | 'ar' = 'en') {
  act(() => useLanguage.getState().setLanguage(language));
  payment = shown;
  render(<PaymentDetailPanel paymentId={shown.id} onClose={() => undefined} />);
  return screen.findByTestId('payment-detail');
}

describe.each([
  ['en', 'Copy link', 'Resend link', 'Copied'],
  ['ar', 'نسخ الرابط', 'إعادة إرسال الرابط', 'تم النسخ'],
] as const)('an unpaid link\'s detail in %s', (language, copyWord, resendWord, copiedWord) => {
  it('Resend link opens the links list\'s share panel: its address, QR code, e-mail and WhatsApp naming its invoice', async () => {
    await openDetail(link(), language);
    const resend = screen.getByRole('button', { name: resendWord });
    expect(resend.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(resend);
    const panel = await screen.findByTestId('detail-share');
    expect(resend.getAttribute('aria-expanded')).toBe('true');
    expect((within(panel).getByTestId('share-url') as HTMLInputElement).value).toBe(url);
    expect(within(panel).getByTestId('link-qr')).toBeTruthy();
    await waitFor(() => expect(decodeURIComponent(within(panel).getByTestId('share-email').getAttribute('href')!)).toContain('INV-2026-000007'));
    expect(decodeURIComponent(within(panel).getByTestId('share-whatsapp').getAttribute('href')!)).toContain(url);
  });

  it('Copy link puts its address on the clipboard and says so', async () => {
    clipboard(true);
    await openDetail(link(), language);
    fireEvent.click(screen.getByRole('button', { name: copyWord }));
    await waitFor(() => expect(screen.getByTestId('detail-copy').textContent).toBe(copiedWord));
    expect(copied).toEqual([url]);
  });
});

it('Copy link refused by the clipboard opens the panel with the address to copy by hand', async () => {
  clipboard(false);
  await openDetail(link());
  fireEvent.click(screen.getByTestId('detail-copy'));
  expect((within(await screen.findByTestId('detail-share')).getByTestId('share-url') as HTMLInputElement).value).toBe(url);
});

it('a link whose state is not known yet is offered them too (its page may still take the money)', async () => {
  await openDetail(link({ state: 'unknown' }));
  expect(screen.getByTestId('detail-resend')).toBeTruthy();
});

it.each([
  ['a paid link', link({ state: 'paid', capturedMinor: 12_500, transactionId: 'tx-7' })],
  ['an expired link', link({ state: 'expired' })],
  ['a declined link', link({ state: 'declined' })],
  ['a card sale', paymentView({ id: 'pay-8', kind: 'sale', url: null, state: 'pending' })],
])('%s offers neither', async (_, shown) => {
  await openDetail(shown);
  await screen.findByTestId('action-status');
  expect(screen.queryByTestId('detail-copy')).toBeNull();
  expect(screen.queryByTestId('detail-resend')).toBeNull();
});

// A checkout session the customer has not paid yet: its page (the gateway's redirectUrl, kept in
// the ledger as a link's address is) offered the same way, so support sends it again from
// Transactions; before, the detail showed the address as text only (walkthrough 2026-11-29).
const sessionUrl = 'https://pay.example/checkout?sessionId=9689bf75-5af1-4d96-a133-6d25b3d5734d';
const session = (over: Partial<PaymentView> = {}) => link({ id: 'pay-9', kind: 'checkout', orderId: 'PD-20261129-ZEPEZNR2', amountMinor: 12_500, currency: 'KWD', url: sessionUrl, description: null, customer: { name: 'فاطمة الزهراء العنزي', email: 'fatima@example.com', phone: '+96550001234' }, ...over });

describe.each([
  ['en', 'Copy link', 'Resend link', 'Copied'],
  ['ar', 'نسخ الرابط', 'إعادة إرسال الرابط', 'تم النسخ'],
] as const)('an unpaid checkout session\'s detail in %s', (language, copyWord, resendWord, copiedWord) => {
  it('Copy link puts the session\'s page on the clipboard', async () => {
    clipboard(true);
    await openDetail(session(), language);
    fireEvent.click(screen.getByRole('button', { name: copyWord }));
    await waitFor(() => expect(screen.getByTestId('detail-copy').textContent).toBe(copiedWord));
    expect(copied).toEqual([sessionUrl]);
  });

  it('Resend link opens the share panel with the session\'s page, its amount in KWD', async () => {
    await openDetail(session(), language);
    fireEvent.click(screen.getByRole('button', { name: resendWord }));
    const panel = await screen.findByTestId('detail-share');
    expect((within(panel).getByTestId('share-url') as HTMLInputElement).value).toBe(sessionUrl);
    const body = decodeURIComponent(within(panel).getByTestId('share-email').getAttribute('href')!);
    expect(body).toContain(sessionUrl);
    expect(body).toContain('12.500');
  });
});

it.each([
  ['a paid session', session({ state: 'paid', capturedMinor: 12_500, transactionId: 'tx-9' })],
  ['an expired session', session({ state: 'expired' })],
  ['a session the gateway did not create (no page)', session({ state: 'not_created', url: null })],
])('%s offers neither', async (_, shown) => {
  await openDetail(shown);
  await screen.findByTestId('detail-amount');
  expect(screen.queryByTestId('detail-copy')).toBeNull();
  expect(screen.queryByTestId('detail-resend')).toBeNull();
});
