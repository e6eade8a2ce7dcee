// "Check status now" with the gateway slow to answer (the fifteenth screen walk, docs/screens-walks.md):
// main waits about half a minute before it gives up, and all there was to see was the greyed button
// beside the last action's line ("Refunded SAR 50.00."). The line now says it is asking, in English and
// Arabic, until the answer replaces it.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const sale = cardSale();
let release: () => void = () => undefined;
stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(sale)) }),
  checkPaymentStatus: async () => {
    await new Promise<void>((resolve) => (release = resolve));
    return { ok: true, value: unchecked(sale) };
  },
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useSession } = await import('../../renderer/src/app/session-store');
useSession.setState({ info: appInfo(null) });
const speak = (language: 'en' | 'ar') => act(() => useLanguage.getState().setLanguage(language));
const notice = () => screen.getByTestId('detail-notice').textContent;

afterEach(() => {
  cleanup();
  speak('en');
});

describe('a status check the gateway is slow to answer', () => {
  it('says it is asking while it waits, then what the answer said', async () => {
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-status'));
    await waitFor(() => expect(notice()).toBe('Asking the gateway for this payment’s status… Nothing is sent that changes it.'));
    expect(screen.getByTestId('action-status').hasAttribute('disabled')).toBe(true);
    speak('ar');
    expect(notice()).toBe('جارٍ سؤال البوابة عن حالة هذه الدفعة… لا يُرسل شيء يغيّرها.');
    speak('en');
    act(() => release());
    await waitFor(() => expect(notice()).toBe('Status checked: Paid.'));
  });
});
