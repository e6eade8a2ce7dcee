// What a payment's detail says is true, as support reads it:
// - a refund made at the gateway's dashboard, which a status check told of without its amount,
//   reads "Refunded: Not known…" and "Left to refund: Not known", never SAR 0.00 refunded and the
//   whole amount left; its refund dialog starts with no amount and says where to read what is left;
// - a payment the gateway did not create says nothing was charged and offers no status check
//   (its answer can change nothing), by button or by "s", and offers to create it again.
// English and Arabic. main is a stub answering getPayment; what main records for such payments
// is test/ledger/refund-made-elsewhere.test.ts and test/ledger/payments.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

let payment: Record<string, unknown> = cardSale();
const { asked } = stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(payment)) }),
  checkPaymentStatus: () => ({ ok: true, value: unchecked(payment) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

async function openDetail(over: Record<string, unknown>, language: 'en' | 'ar' = 'en') {
  act(() => useLanguage.getState().setLanguage(language));
  payment = cardSale(over);
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  return screen.findByTestId('payment-detail');
}
const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('a refund made outside Paydesk, its amount not known', () => {
  const elsewhere = { state: 'partially_refunded', statusWord: 'Approved', refundedMinor: 0 };

  it('says the refunded amount and what is left are not known, never SAR 0.00 refunded', async () => {
    await openDetail(elsewhere);
    expect(text('detail-refunded')).toBe('Not known: refunded outside Paydesk (at the gateway). See the gateway’s dashboard for the amount.');
    expect(text('detail-refund-left')).toBe('Not known');
    expect(text('detail-captured')).toContain('80.00'); // what Paydesk does know stays
  });

  it('says so in Arabic', async () => {
    await openDetail(elsewhere, 'ar');
    expect(text('detail-refunded')).toBe('غير معروف: استُرد خارج بايدسك (لدى البوابة). اطّلع على المبلغ في لوحة تحكم البوابة.');
    expect(text('detail-refund-left')).toBe('غير معروف');
  });

  it('starts its refund with no amount, the amount left not known, and says where to read it', async () => {
    await openDetail(elsewhere);
    fireEvent.click(screen.getByTestId('action-refund'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('action-left').textContent).toBe('Not known');
    expect((within(dialog).getByLabelText('Amount (SAR)') as HTMLInputElement).value).toBe('');
    expect(within(dialog).getByTestId('refund-left-unknown').textContent).toBe('Paydesk does not know how much was refunded at the gateway: see on its dashboard what is left, then type the amount. The gateway refuses more than is left.');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(within(dialog).getByTestId('refund-left-unknown').textContent).toBe('لا يعرف بايدسك كم استُرد لدى البوابة: انظر في لوحة تحكمها كم تبقّى ثم اكتب المبلغ. ترفض البوابة أكثر مما تبقّى.');
  });

  it('shows amounts Paydesk refunded itself as before', async () => {
    await openDetail({ state: 'partially_refunded', refundedMinor: 2_000 });
    expect(text('detail-refunded')).toBe('SAR\u00a020.00');
    expect(text('detail-refund-left')).toBe('SAR\u00a060.00');
    fireEvent.click(screen.getByTestId('action-refund'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Amount (SAR)') as HTMLInputElement).value).toBe('60.00');
    expect(within(dialog).queryByTestId('refund-left-unknown')).toBeNull();
  });
});

describe('a payment the gateway did not create', () => {
  const notCreated = { state: 'not_created', transactionId: null, capturedMinor: 0, lastError: 'The gateway has no such order: it was not created. You can create it again.', lastErrorReason: { key: 'gateway.notCreated' } };

  it('says nothing was charged and offers no status check, by button or by "s"', async () => {
    await openDetail(notCreated);
    expect(text('detail-not-created')).toBe('The gateway did not create this payment: nothing was charged.');
    expect(text('action-create-again')).toBe('Create it again…'); // its form, filled (test/e2e/create-again.test.ts)
    expect(screen.queryByTestId('action-status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check status now' })).toBeNull();
    fireEvent.keyDown(window, { key: 's', code: 'KeyS' });
    expect(asked('checkPaymentStatus')).toHaveLength(0);
  });

  it('says so in Arabic', async () => {
    await openDetail(notCreated, 'ar');
    expect(text('detail-not-created')).toBe('لم تُنشئ البوابة هذه الدفعة: لم يُخصم شيء.');
    expect(text('action-create-again')).toBe('أنشئها مرة أخرى…');
    expect(screen.queryByTestId('action-status')).toBeNull();
  });

  it('still offers the status check on a payment that may yet change', async () => {
    await openDetail({ state: 'unknown' });
    expect(screen.getByTestId('action-status').textContent).toBe('Check status now');
    expect(screen.queryByTestId('detail-not-created')).toBeNull();
    expect(screen.queryByTestId('action-create-again')).toBeNull();
  });
});
