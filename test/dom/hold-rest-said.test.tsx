// What became of the part of a card authorisation that was never captured, as support reads a
// hold's detail (walk24). After a part capture the rest stays capturable but can no longer be
// voided: only the capture dialog said so, and the detail just lost its Void button. After a refund
// the rest can be neither captured nor voided, and the detail said nothing of it at all: Amount KWD
// 12.500, Captured KWD 9.250, Refunded KWD 2.125, the KWD 3.250 between them unexplained. English
// and Arabic; a hold captured in full or voided, and a sale, say nothing more.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

let payment: Record<string, unknown> = cardSale();
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

/** The KWD 12.500 hold of the walk: 5.250 and 4.000 captured. */
const hold = { authOnly: true, currency: 'KWD', amountMinor: 12_500, capturedMinor: 9_250, statusWord: 'Approved' };

async function openDetail(over: Record<string, unknown>, language: 'en' | 'ar' = 'en') {
  act(() => useLanguage.getState().setLanguage(language));
  payment = cardSale(over);
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  return screen.findByTestId('payment-detail');
}
const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');

describe('the part of a hold never captured', () => {
  it('says, after a part capture, that the rest can still be captured but not voided', async () => {
    await openDetail({ ...hold, state: 'partially_captured' });
    expect(text('detail-capture-left')).toBe('KWD 3.250');
    expect(text('detail-hold-rest')).toBe('The other KWD 3.250 stays held on the customer’s card: it can still be captured, but not voided (a void is refused once anything is captured). Not captured, it lapses by itself.');
  });

  it('says, after a refund, that the rest was never taken and can no longer be captured or voided', async () => {
    await openDetail({ ...hold, state: 'partially_refunded', refundedMinor: 2_125 });
    expect(text('detail-not-captured')).toBe('KWD 3.250');
    expect(text('detail-hold-rest')).toBe('KWD 3.250 of the authorisation was never captured, so it was not taken from the customer. After a refund it can no longer be captured or voided. Not captured, it lapses by itself.');
  });

  it('says both in Arabic', async () => {
    await openDetail({ ...hold, state: 'partially_captured' }, 'ar');
    expect(text('detail-hold-rest')).toBe('يبقى الباقي، 3.250 KWD، محجوزًا على بطاقة العميل: يمكن تحصيله بعد، لكن لا يمكن إلغاء التفويض (يُرفض الإلغاء بعد أي تحصيل). وإن لم يُحصَّل يسقط الحجز من تلقاء نفسه.');
    cleanup();
    await openDetail({ ...hold, state: 'partially_refunded', refundedMinor: 2_125 }, 'ar');
    expect(text('detail-not-captured')).toBe('3.250 KWD');
    expect(text('detail-hold-rest')).toBe('لم يُحصَّل 3.250 KWD من التفويض، فلم يؤخذ من العميل. وبعد الاسترداد لا يمكن تحصيله ولا إلغاء تفويضه. وإن لم يُحصَّل يسقط الحجز من تلقاء نفسه.');
  });

  it('says nothing more of a hold captured in full, a voided one, an untouched one or a sale', async () => {
    for (const over of [
      { ...hold, capturedMinor: 12_500, state: 'paid' },
      { ...hold, capturedMinor: 12_500, refundedMinor: 2_125, state: 'partially_refunded' },
      { ...hold, capturedMinor: 0, state: 'voided' },
      { ...hold, capturedMinor: 0, state: 'authorised' },
      { state: 'partially_refunded', refundedMinor: 2_000 },
    ]) {
      await openDetail(over);
      expect(screen.queryByTestId('detail-hold-rest')).toBeNull();
      expect(screen.queryByTestId('detail-not-captured')).toBeNull();
      cleanup();
    }
  });
});
