// What a payment's detail says is true, as support reads it:
// - a refund made at the gateway's dashboard, which a status check told of without its amount,
//   reads "Refunded: Not known…" and "Left to refund: Not known", never SAR 0.00 refunded and the
//   whole amount left; no refund is offered (any amount could be more than is left: walk35), and
//   the detail says what happened at the gateway and where to refund;
// - money moved at the gateway's dashboard otherwise (walk35): a paid sale the gateway now calls
//   VOID or REVERSAL (its money given back, in whole or part), an authorisation captured there
//   ("Approved", type Capture): never a figure Paydesk cannot know (Captured SAR 0.00, the whole
//   hold left to capture), no capture or refund that could be more than is left, what happened and
//   what to do said;
// - a lost part refund on the practice profile (walk35): the practice gateway has no dashboard, so
//   the note and the settle dialog send the person to its notifications, which the history says in
//   words ("a refund of SAR 40.00, approved"); they never settle it by themselves (docs/decisions.md);
// - a payment the gateway did not create says nothing was charged and offers no status check
//   (its answer can change nothing), by button or by "s", and offers to create it again.
// English and Arabic. main is a stub answering getPayment; what main records for such payments
// is test/ledger/refund-made-elsewhere.test.ts, test/payments/money-state.test.ts and test/ledger/payments.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

let payment: Record<string, unknown> = cardSale();
/** What else the detail lists: a practice payment's lost refund and its notification. */
let recorded: { operations: unknown[]; webhooks: unknown[] } = { operations: [], webhooks: [] };
const { asked } = stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ ...paymentDetail(payment), ...recorded }) }),
  checkPaymentStatus: () => ({ ok: true, value: unchecked(payment) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  recorded = { operations: [], webhooks: [] };
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

  // walk35: the refund was offered with no amount, "The gateway refuses more than is left": any amount typed could be more.
  it('offers no refund, any amount could be more than is left, and says what happened and where to refund', async () => {
    await openDetail(elsewhere);
    expect(screen.queryByTestId('action-refund')).toBeNull();
    fireEvent.keyDown(window, { key: 'r', code: 'KeyR' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(text('detail-outside')).toBe('The gateway reports a refund of this payment that Paydesk did not make (on the gateway’s dashboard, or by another tool), and not how much. Look up order reference \u2066DOC-1\u2069 on the gateway’s dashboard for the amount, and refund any more there: Paydesk sends no refund of this payment, as it cannot know what is left.');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(text('detail-outside')).toBe('تُبلغ البوابة عن استرداد من هذه الدفعة لم يُجرِه بايدسك (في لوحة تحكم البوابة أو بأداة أخرى)، ولا تذكر مبلغه. ابحث في لوحة تحكم البوابة عن مرجع الطلب \u2066DOC-1\u2069 لتعرف المبلغ، واسترد أي مبلغ آخر من هناك: لا يرسل بايدسك استردادًا لهذه الدفعة ما دام لا يعرف كم تبقّى.');
  });

  it('shows amounts Paydesk refunded itself as before', async () => {
    await openDetail({ state: 'partially_refunded', refundedMinor: 2_000 });
    expect(text('detail-refunded')).toBe('SAR\u00a020.00');
    expect(text('detail-refund-left')).toBe('SAR\u00a060.00');
    fireEvent.click(screen.getByTestId('action-refund'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Amount (SAR)') as HTMLInputElement).value).toBe('60.00');
    expect(screen.queryByTestId('detail-outside')).toBeNull();
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

const offered = () => ['capture', 'void', 'refund'].filter((kind) => screen.queryByTestId(`action-${kind}`));

describe('a paid sale the gateway now calls REVERSAL', () => {
  // What main records of it: refunded, its refunded total not known (money-state.ts, afterStatus).
  const reversed = { state: 'refunded', statusWord: 'REVERSAL', capturedMinor: 8_000, refundedMinor: 0 };

  it('says it was cancelled or reversed at the gateway, names the word, and offers no refund', async () => {
    await openDetail(reversed);
    expect(text('detail-outside')).toBe('The gateway now says “\u2066REVERSAL\u2069” of this payment, which Paydesk knew as paid: it was cancelled or reversed at the gateway, and its money went back to the customer, in whole or in part. Look up order reference \u2066DOC-1\u2069 on the gateway’s dashboard for the amount, and refund any more there: Paydesk sends no refund of this payment, as it cannot know what is left.');
    expect(text('detail-refunded')).toBe('Not known: refunded outside Paydesk (at the gateway). See the gateway’s dashboard for the amount.');
    expect(text('detail-refund-left')).toBe('Not known');
    expect(offered()).toEqual([]);
  });

  it('says so in Arabic', async () => {
    await openDetail(reversed, 'ar');
    expect(text('detail-outside')).toBe('تقول البوابة الآن «\u2066REVERSAL\u2069» عن هذه الدفعة التي عرفها بايدسك مدفوعة: أُلغيت أو عُكست لدى البوابة، وعاد مالها إلى العميل كله أو بعضه. ابحث في لوحة تحكم البوابة عن مرجع الطلب \u2066DOC-1\u2069 لتعرف المبلغ، واسترد أي مبلغ آخر من هناك: لا يرسل بايدسك استردادًا لهذه الدفعة ما دام لا يعرف كم تبقّى.');
  });
});

describe('an authorisation captured at the gateway, how much not said', () => {
  const captured = { authOnly: true, state: 'partially_captured', statusWord: 'Approved', capturedMinor: 0, refundedMinor: 0 };

  it('shows what was captured and what is left as not known, never SAR 0.00 and the whole hold', async () => {
    await openDetail(captured);
    expect(text('detail-captured')).toBe('Not known: captured outside Paydesk (at the gateway). See the gateway’s dashboard for the amount.');
    expect(text('detail-capture-left')).toBe('Not known');
    expect(text('detail-refund-left')).toBe('Not known');
    expect(screen.queryByTestId('detail-hold-rest')).toBeNull();
  });

  it('offers neither capture nor refund, by button or key, and says where to do them', async () => {
    await openDetail(captured);
    expect(offered()).toEqual([]);
    fireEvent.keyDown(window, { key: 'c', code: 'KeyC' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(text('detail-outside')).toBe('The gateway reports that this authorisation was captured by a capture Paydesk did not make (on the gateway’s dashboard, or by another tool), and not how much. Look up order reference \u2066DOC-1\u2069 on the gateway’s dashboard for the amount, and capture or refund there: Paydesk sends neither, as it cannot know what is left.');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(text('detail-captured')).toBe('غير معروف: حُصّل خارج بايدسك (لدى البوابة). اطّلع على المبلغ في لوحة تحكم البوابة.');
    expect(text('detail-outside')).toBe('تُبلغ البوابة أن هذا التفويض حُصّل بعملية تحصيل لم يُجرِها بايدسك (في لوحة تحكم البوابة أو بأداة أخرى)، ولا تذكر مبلغه. ابحث في لوحة تحكم البوابة عن مرجع الطلب \u2066DOC-1\u2069 لتعرف المبلغ، وحصّل أو استرد من هناك: لا يرسل بايدسك أيًّا منهما ما دام لا يعرف كم تبقّى.');
  });

  it('a hold Paydesk captured in part itself says nothing of the kind', async () => {
    await openDetail({ ...captured, capturedMinor: 3_000 });
    expect(text('detail-captured')).toBe('SAR\u00a030.00');
    expect(screen.queryByTestId('detail-outside')).toBeNull();
    expect(offered()).toEqual(['capture', 'refund']);
  });
});

const lostRefund = { id: 'op-2', kind: 'refund', amountMinor: 4_000, reason: 'Customer asked', osUser: 'layla', person: null, outcome: 'unknown', errorCode: 'network', errorMessage: null, gatewayAnswer: null, createdAt: '2026-11-23T10:01:00.000Z', completedAt: null };
const notification = { receivedAt: '2026-11-23T10:01:01.000Z', statusWord: 'Approved', type: 'Refund', duplicate: false, amount: '40.00', operation: 'refund', outcome: 'approved' };
const plain = (text: string | null | undefined) => text!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');
async function openLost(environment: 'practice' | 'sandbox') {
  recorded = { operations: [lostRefund], webhooks: [notification] };
  await openDetail({ environment, operationInFlight: true, needsAttention: true, attentionReason: 'undecidable' });
  await screen.findByTestId('attention-undecidable');
}
const note = () => plain(screen.getByTestId('attention-undecidable').textContent);
const history = () => [...document.querySelectorAll('.timeline > li > span:first-of-type')].map((span) => plain(span.textContent));

describe('a lost part refund on the practice profile, which has no dashboard', () => {
  it('no dashboard to look at: its notification named in words, in English and Arabic', async () => {
    await openLost('practice');
    expect(note()).toBe('The gateway’s answers cannot tell whether the last refund went through, and the practice gateway has no dashboard: its notifications, under What happened, say what it did. A notification of a refund of SAR 40.00, approved, after it was sent says it went through; none says nothing. Then settle it here.');
    expect(history()).toContain('Gateway notification: a refund of SAR 40.00, approved');
    // Settling asks what the notifications show, not the dashboard it does not have.
    fireEvent.click(screen.getByTestId('action-settle'));
    const dialog = await screen.findByTestId('settle-dialog');
    expect(dialog.querySelector('legend')!.textContent).toBe('By the practice gateway’s notifications, this refund…');
    expect(screen.getByTestId('settle-choose').textContent).toBe('Choose what its notifications show.');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(dialog.querySelector('legend')!.textContent).toBe('بحسب إشعارات بوابة التدريب، عملية الاسترداد هذه…');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(note()).toBe('لا تكفي ردود البوابة لمعرفة هل تمت آخر عملية استرداد، وليس لبوابة التدريب لوحة تحكم: إشعاراتها، تحت «ما حدث»، تقول ما فعلته. إشعار بعملية استرداد بمبلغ 40.00 SAR تمت الموافقة عليها بعد إرسالها يعني أنها تمت؛ وغيابه لا يعني شيئًا. ثم سوِّها هنا.');
    expect(history()).toContain('إشعار من البوابة: استرداد بمبلغ 40.00 SAR، تمت الموافقة عليه');
  });

  it('a sandbox’s payment keeps the gateway’s dashboard, as before', async () => {
    await openLost('sandbox');
    expect(note()).toBe('The gateway’s answers cannot tell whether the last refund went through. Look up order reference DOC-1 for SAR 40.00 on the gateway’s dashboard, then settle it here.');
  });
});
