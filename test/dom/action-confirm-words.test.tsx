// The sentence a refund dialog asks the person to confirm names where the money moves as a phrase
// that reads in a sentence, in both languages: it was the environment badge's word, "Refund SAR
// 25.00 to Sara on PRACTICE." and, in Arabic, "… في مباشر." ("in live"), which is no sentence.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';
import { useLanguage } from '../../renderer/src/i18n';

const payment = {
  id: 'pay-1', profileId: 'practice', environment: 'practice', kind: 'sale', orderId: 'DOC-1', amountMinor: 8_000, currency: 'SAR',
  description: null, customer: { name: 'Sara Al-Harbi', email: null, phone: null }, cardMasked: '512345******0008', transactionId: 'tx-1',
  sessionId: null, url: null, authOnly: false, recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'paid',
  statusWord: 'CAPTURED', capturedMinor: 8_000, refundedMinor: 0, operationInFlight: false, needsAttention: false, attentionReason: null,
  watched: false, lastError: null, createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', lastCheckedAt: null,
};
let environment = 'practice';
stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ payment: { ...payment, environment }, related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const confirmLine = async (language: 'en' | 'ar') => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  fireEvent.click(await screen.findByTestId('action-refund'));
  fireEvent.change(screen.getByLabelText(language === 'en' ? /^Amount/ : /^المبلغ/), { target: { value: '25' } });
  return screen.getByTestId('confirm-line').textContent!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\s+/g, ' ');
};

describe('the refund dialog\'s confirmation sentence', () => {
  it.each([
    ['practice', 'on the practice gateway.', 'عبر بوابة التدريب.'],
    ['sandbox', 'on the test gateway.', 'عبر بوابة الاختبار.'],
    ['production', 'on the live gateway.', 'عبر البوابة الحقيقية.'],
  ])('names a %s payment\'s gateway as a phrase in English and Arabic', async (name, english, arabic) => {
    environment = name;
    expect(await confirmLine('en')).toBe(`Refund SAR 25.00 to Sara Al-Harbi ${english}`);
    cleanup();
    expect(await confirmLine('ar')).toBe(`استرداد 25.00 ر.س. إلى Sara Al-Harbi ${arabic}`);
  });
});
