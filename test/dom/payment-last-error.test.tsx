// A payment's last error in the reader's language: main answers its reason beside the English
// words (lastErrorReason, lastError), and the detail and Needs attention word the reason in
// Arabic; a payment an earlier Paydesk stored English text for shows that text as it is, marked
// English. main is a stub answering getPayment and searchPayments here; what main stores and
// answers is test/ledger/payments.test.ts ("what status checks leave on a payment").
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { paymentDetail, paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';

const base = paymentView({
  id: 'pay-1', kind: 'link', orderId: 'LE-1', amountMinor: 1_200, customer: { name: 'Sara Al-Harbi', email: null, phone: null }, transactionId: null,
  url: 'http://127.0.0.1/link?linkId=l-1', state: 'pending', capturedMinor: 0, needsAttention: true, attentionReason: 'unsettled', lastCheckedAt: '2026-11-23T10:05:00.000Z',
});
const refused = {
  lastError: 'The gateway refused the request. Correct it and try again. The gateway said: “Invalid amount”.',
  lastErrorReason: { key: 'gateway.request_rejected', values: { said: 'Invalid amount' } },
};
const legacy = { lastError: 'The gateway did not answer in time.', lastErrorReason: null };
let payment: Record<string, unknown> = base;
stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(payment)) }),
  searchPayments: () => ({ ok: true, value: unchecked({ total: 1, rows: [payment] }) }),
  listNeedsAttention: attentionQueue(() => [unchecked(payment)]),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

async function detailSays(over: Record<string, unknown>, language: 'en' | 'ar') {
  act(() => useLanguage.getState().setLanguage(language));
  payment = { ...base, ...over };
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  return screen.findByTestId('detail-last-error');
}

describe('a payment\'s last error in its detail', () => {
  it('is worded in Arabic when the window is in Arabic, the gateway\'s own words quoted', async () => {
    const line = await detailSays(refused, 'ar');
    // The gateway's English words isolated (U+2068 … U+2069) inside the Arabic sentence.
    expect(line.textContent).toBe('رفضت البوابة الطلب. صحّحه وحاول مجددًا. رد البوابة (بالإنجليزية): «\u2068Invalid amount\u2069».');
    expect(line.textContent).not.toContain('The gateway refused');
  });

  it('is worded in English in an English window', async () => {
    expect((await detailSays(refused, 'en')).textContent).toBe(refused.lastError);
  });

  it('shows an earlier Paydesk\'s English text as it is, marked as English, in an Arabic window', async () => {
    const line = await detailSays(legacy, 'ar');
    expect(line.textContent).toBe('The gateway did not answer in time.');
    expect(line.querySelector('bdi[lang="en"]')?.textContent).toBe('The gateway did not answer in time.');
  });
});

describe('Needs attention', () => {
  it('says why in Arabic, and an earlier Paydesk\'s English text as it is', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    payment = { ...base, ...refused };
    render(<AttentionScreen />);
    expect((await screen.findByTestId('attention-LE-1')).textContent).toContain('رفضت البوابة الطلب. صحّحه وحاول مجددًا.');
    cleanup();
    payment = { ...base, ...legacy };
    render(<AttentionScreen />);
    expect(within(await screen.findByTestId('attention-LE-1')).getByText('The gateway did not answer in time.').getAttribute('lang')).toBe('en');
  });
});
