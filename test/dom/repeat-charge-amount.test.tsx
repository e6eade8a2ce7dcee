// "Charge again" offers the payment's own amount (a subscription's next charge is the same), as the
// refund offers what is left: it offered what was left to refund, so after a full refund it opened
// on 0.00 with "The amount must be more than zero." before anything was typed, and after a part
// refund on the rest (SAR 60.00 of an 80.00 payment). A repeat charge's detail says what it was for
// (its description was only in the CSV). main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { useLanguage } from '../../renderer/src/i18n';
import type { PaymentView } from '../../contract/methods/payments';

let payment: PaymentView = cardSale();
stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(payment)) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const stored = { recurringAvailable: true, recurringRequested: true };

describe.each([
  ['refunded in full', cardSale({ ...stored, state: 'refunded', refundedMinor: 8_000 })],
  ['refunded in part', cardSale({ ...stored, state: 'partially_refunded', refundedMinor: 2_000 })],
  ['not refunded', cardSale(stored)],
])('charging again the card of a payment %s', (_, refundedPayment) => {
  it.each(['en', 'ar'] as const)('offers the payment\'s amount, 80.00, with nothing to correct, in %s', async (language) => {
    act(() => useLanguage.getState().setLanguage(language));
    payment = refundedPayment;
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-recurring'));
    const amount = document.getElementById('action-amount') as HTMLInputElement;
    expect(amount.value).toBe('80.00');
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('action-send').textContent).toContain('80.00');
  });
});

describe.each([
  ['en', 'Description'],
  ['ar', 'الوصف'],
] as const)('a repeat charge\'s detail in %s', (language, label) => {
  it('says what it was for, the description typed when charging', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    payment = cardSale({ kind: 'recurring', parentPaymentId: 'pay-0', description: 'December box' });
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const description = await screen.findByTestId('detail-description');
    expect(description.textContent).toBe('December box');
    expect(description.closest('dd')?.previousElementSibling?.textContent).toBe(label);
  });
});
