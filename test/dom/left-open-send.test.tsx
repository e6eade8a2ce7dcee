// A refund whose send was left open past two minutes (staleSendMinutes) on the team ledger: the
// laptop that sent it stopped mid-send and has not started again, so nothing settles it. Needs
// attention lists it; its row and the payment's detail must say who sent what, when and from which
// laptop, that the laptop may have stopped, what settles it and what to press meanwhile, in English
// and Arabic. Before, the row said "The outcome of the last operation is not known yet" and the
// detail "sue is doing a refund on this payment right now (team ledger). Wait for it to finish":
// support waited on a laptop that was off.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { paymentDetail, paymentView } from '../support/payment-view';
import { attentionQueue } from '../support/attention-queue';
import { rowMomentText } from '../support/row-moment-text';
import { stubMain, unchecked } from '../support/stub-main';

// Sent at 10:02 (the computer's zone) a day ago: long past two minutes.
const sentAt = new Date(2026, 10, 30, 10, 2).toISOString();
const payment = paymentView({ id: 'pay-left-open', orderId: 'LEFT-OPEN-1', state: 'paid', capturedMinor: 10_000, operationInFlight: true, openOperation: { kind: 'refund', outcome: 'sending', amountMinor: 5_000 }, createdAt: new Date(2026, 10, 30, 9, 0).toISOString() });
const refund = {
  id: 'op-1', kind: 'refund', amountMinor: 5_000, reason: 'Returned', osUser: 'sue-os', person: 'sue', laptop: 'front-desk-2', outcome: 'sending', errorCode: null, errorMessage: null,
  gatewayAnswer: null, createdAt: sentAt, completedAt: null,
};
// The name the ledger recorded for whoever sent it; a ledger can hold none (sentBy null).
let sentBy: string | null = 'sue';
const queue = attentionQueue(() => [{ payment, operation: { kind: 'refund', amountMinor: 5_000, sentAt, outcome: 'sending', sentBy, laptop: 'front-desk-2' } }]);
stubMain({
  listNeedsAttention: (input) => queue(input),
  getPayment: () => ({ ok: true, value: unchecked({ ...paymentDetail(payment), operations: [refund] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo({ role: 'support' }) });

afterEach(() => {
  cleanup();
  sentBy = 'sue';
  act(() => useLanguage.getState().setLanguage('en'));
});

const plain = (text: string | null) => (text ?? '').replace(/[\u200E\u200F\u2066-\u2069]/g, '').replace(/\u00A0/g, ' ');

describe.each([
  ['en', (sent: string) => `Refund of SAR 50.00 sent by sue at ${sent} from laptop front-desk-2, no answer recorded since: that laptop may have stopped. It settles when Paydesk starts again on that laptop (ask sue); meanwhile “Check status now” shows what the gateway says.`],
  ['ar', (sent: string) => `استرداد 50.00 SAR: أرسله sue في ${sent} من الحاسوب front-desk-2، ولم يُسجَّل أي رد منذ ذلك: ربما توقف ذلك الحاسوب. يُحسم حين يُشغَّل بايدسك على ذلك الحاسوب من جديد (اطلب ذلك من sue)؛ وفي الأثناء يُظهر «افحص الحالة الآن» ما تقوله البوابة.`],
] as const)('a send left open by a laptop that stopped, in %s', (language, words) => {
  it('Needs attention says who sent it, when, from which laptop, what settles it and what to press', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<AttentionScreen />);
    const row = await screen.findByTestId('attention-LEFT-OPEN-1');
    const said = plain(row.querySelectorAll('td')[4]!.textContent);
    expect(said).toBe(plain(words(await rowMomentText(sentAt))));
    // The button it names is on the row.
    expect(within(row).getByTestId('attention-check').textContent).toBe(language === 'en' ? 'Check status now' : 'افحص الحالة الآن');
  });

  it('the payment\'s detail says the same, not that someone is doing it right now', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<PaymentDetailPanel paymentId={payment.id} onClose={() => undefined} />);
    const line = await screen.findByTestId('detail-in-flight');
    expect(plain(line.textContent)).toBe(plain(words(await rowMomentText(sentAt))));
  });
});

describe.each([
  ['en', (sent: string) => `Refund of SAR 50.00 sent at ${sent} from laptop front-desk-2 (by whom was not recorded), no answer recorded since: that laptop may have stopped. It settles when Paydesk starts again on that laptop; meanwhile “Check status now” shows what the gateway says.`],
  ['ar', (sent: string) => `استرداد 50.00 SAR: أُرسل في ${sent} من الحاسوب front-desk-2 (لم يُسجَّل من أرسله)، ولم يُسجَّل أي رد منذ ذلك: ربما توقف ذلك الحاسوب. يُحسم حين يُشغَّل بايدسك على ذلك الحاسوب من جديد؛ وفي الأثناء يُظهر «افحص الحالة الآن» ما تقوله البوابة.`],
] as const)('a send left open whose sender\'s name was not recorded, in %s', (language, words) => {
  it('Needs attention says the name was not recorded, not a bare sign where the name goes', async () => {
    sentBy = null;
    act(() => useLanguage.getState().setLanguage(language));
    render(<AttentionScreen />);
    const row = await screen.findByTestId('attention-LEFT-OPEN-1');
    const said = plain(row.querySelectorAll('td')[4]!.textContent);
    expect(said).toBe(plain(words(await rowMomentText(sentAt))));
    expect(said).not.toContain('?');
    expect(said).not.toContain('؟');
  });
});
