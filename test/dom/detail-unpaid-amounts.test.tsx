// A payment that took nothing yet (an unpaid link, a declined or expired one) shows its amount and
// state, not Captured, Refunded and "Left to refund" as 0.000 figures a finance person reads as
// money; one that took or holds money (authorised, paid, partly refunded) keeps them. English and
// Arabic, a KWD link (three decimals). main is a stub answering getPayment (as detail-truths.test.tsx).
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { paymentDetail, paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';

let payment: PaymentView = paymentView();
stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(payment)) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const link = (over: Partial<PaymentView>) => paymentView({
  id: 'pay-1', kind: 'link', orderId: 'LINK-1', amountMinor: 12_500, currency: 'KWD', url: 'https://pay.example/l/1', transactionId: null, capturedMinor: 0, ...over,
});

async function openDetail(over: Partial<PaymentView>, language: 'en' | 'ar' = 'en') {
  act(() => useLanguage.getState().setLanguage(language));
  payment = link(over);
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  return screen.findByTestId('payment-detail');
}
const moneyRows = ['detail-captured', 'detail-refunded', 'detail-refund-left', 'detail-capture-left'];
const shownRows = () => moneyRows.filter((id) => screen.queryByTestId(id));

describe('a payment that took nothing yet', () => {
  it.each(['pending', 'declined', 'expired'] as const)('%s: its amount and state, no zero Captured, Refunded or Left to refund', async (state) => {
    const detail = await openDetail({ state });
    expect(shownRows()).toEqual([]);
    expect(screen.getByTestId('detail-amount').textContent).toBe('KWD\u00a012.500');
    expect(detail.textContent).not.toMatch(/Captured|Refunded|Left to refund|0\.000/);
    expect(screen.getByTestId('action-status')).toBeTruthy();
  });

  it('an unpaid link keeps its actions: check its status, be told when it is paid', async () => {
    await openDetail({ state: 'pending' });
    expect(screen.getByText('Unpaid')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Tell me when it is paid' })).toBeTruthy();
  });

  it('an expired link offers a new one like it', async () => {
    await openDetail({ state: 'expired' });
    expect(screen.getByTestId('make-another')).toBeTruthy();
  });

  it('says the same in Arabic: the amount, no zero rows', async () => {
    const detail = await openDetail({ state: 'pending' }, 'ar');
    expect(shownRows()).toEqual([]);
    expect(screen.getByTestId('detail-amount').textContent).toContain('12.500');
    expect(detail.textContent).not.toMatch(/المتبقي للاسترداد|0\.000/);
  });
});

describe('a payment that took or holds money keeps its money rows', () => {
  it('authorised: captured 0.000 and the whole amount left to capture', async () => {
    await openDetail({ kind: 'sale', state: 'authorised', authOnly: true, transactionId: 'tx-1' });
    expect(shownRows()).toEqual(['detail-captured', 'detail-refunded', 'detail-refund-left', 'detail-capture-left']);
    expect(screen.getByTestId('detail-captured').textContent).toBe('KWD\u00a00.000');
    expect(screen.getByTestId('detail-capture-left').textContent).toBe('KWD\u00a012.500');
  });

  it('paid: captured and left to refund', async () => {
    await openDetail({ state: 'paid', transactionId: 'tx-1', capturedMinor: 12_500 });
    expect(screen.getByTestId('detail-captured').textContent).toBe('KWD\u00a012.500');
    expect(screen.getByTestId('detail-refund-left').textContent).toBe('KWD\u00a012.500');
  });

  it('partly refunded: refunded and what is left', async () => {
    await openDetail({ state: 'partially_refunded', transactionId: 'tx-1', capturedMinor: 12_500, refundedMinor: 2_500 });
    expect(screen.getByTestId('detail-refunded').textContent).toBe('KWD\u00a02.500');
    expect(screen.getByTestId('detail-refund-left').textContent).toBe('KWD\u00a010.000');
  });
});
