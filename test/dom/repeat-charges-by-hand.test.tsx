// Nothing is charged on a schedule, and the screens say so where a person sets up or looks after a
// "monthly charge" (the eleventh walk, docs/screens-walks.md): support, asked to stop a customer's
// monthly charge, looked for a Stop that cannot exist (Paydesk charges only when someone presses
// "Charge again"; the gateway interface has no call to delete a stored card), and the card form's
// "Allow later recurring charges of this card" said nothing of how later charges are made. Since
// 2026-12-01 (repeatstop) the words name "Stop repeat charges" (test/dom/repeat-stop.test.tsx).
// English and Arabic; main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { useLanguage, type Language } from '../../renderer/src/i18n';

const first = cardSale({ id: 'pay-1', orderId: 'BOX-MUNA', recurringAvailable: true, recurringRequested: true });
const repeat = cardSale({ id: 'pay-2', orderId: 'PD-REPEAT-DEC', kind: 'recurring', parentPaymentId: 'pay-1' });
const plain = cardSale({ id: 'pay-3', orderId: 'SALE-1' });
const details: Record<string, unknown> = {
  'pay-1': { ...paymentDetail(first), related: { parent: null, repeats: [{ id: 'pay-2', orderId: 'PD-REPEAT-DEC', amountMinor: 9_900, currency: 'SAR', state: 'paid', createdAt: '2026-12-01T10:00:00Z', kind: 'recurring' }] } },
  'pay-2': { ...paymentDetail(repeat), related: { parent: { id: 'pay-1', orderId: 'BOX-MUNA', amountMinor: 9_900, recurringAvailable: true, cardMasked: '512345******0008' }, repeats: [] } },
  'pay-3': { ...paymentDetail(plain), related: { parent: null, repeats: [] } },
};
stubMain({
  getPayment: ({ paymentId }: { paymentId: string }) => ({ ok: true, value: unchecked(details[paymentId]) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe.each([
  ['en', 'Each charge of this card is made by hand, with “Charge again”: Paydesk charges nothing by itself, on a schedule or otherwise. When the customer cancels, choose “Stop repeat charges”: Paydesk then refuses to charge this card again. The gateway offers no way to delete the stored card.'],
  ['ar', 'كل خصم من هذه البطاقة يُجرى يدويًا بزر «خصم مرة أخرى»: لا يخصم بايدسك شيئًا من تلقاء نفسه، لا بجدول زمني ولا بغيره. إذا ألغى العميل فاختر «إيقاف الخصم المتكرر»: عندها يرفض بايدسك الخصم من هذه البطاقة مرة أخرى. ولا توفر البوابة طريقة لحذف البطاقة المحفوظة.'],
] as Array<[Language, string]>)('a stored card\'s payments in %s', (language, words) => {
  it.each([['the first payment', 'pay-1'], ['a repeat charge of it', 'pay-2']])('say on %s that charges are made by hand and how to stop', async (_, id) => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<PaymentDetailPanel paymentId={id} onClose={() => undefined} />);
    await screen.findByTestId('action-recurring');
    expect(screen.getByTestId('repeat-by-hand').textContent).toBe(words);
  });

  it('say nothing of it on a sale whose card was not stored', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<PaymentDetailPanel paymentId="pay-3" onClose={() => undefined} />);
    await screen.findByTestId('action-status');
    expect(screen.queryByTestId('repeat-by-hand')).toBeNull();
  });
});
