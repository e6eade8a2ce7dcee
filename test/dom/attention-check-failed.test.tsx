// A card sale whose answer was lost, whose status check then failed too: its Needs attention row said
// only the check's error ("The gateway reported an error. Try again later. The gateway said: …"), where
// a fresh one says "Payment of SAR 10.00 sent, answer not received; checking" (docs/screens-walks.md,
// the fourth walk: the list held more unclear operations than one query answers, so the new sale was
// not among them). Support must still learn that money may have moved: what was sent and that it is
// unclear come first, the check's error as why the check failed, then that Paydesk asks again by
// itself and how often. Listed or not; flagged after its checks or not. In English and Arabic.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { stubMain } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';
import { formatRowDateTime } from '../../renderer/src/i18n/format';

const sentAt = '2026-11-30T18:30:00.000Z';
const checkedAt = '2026-11-30T18:31:00.000Z';
const serverError = { lastError: 'The gateway reported an error. Try again later.', lastErrorReason: { key: 'gateway.gateway_error', values: { said: 'Practice fault: server error' } } };
const unclearSale = { state: 'unknown' as const, capturedMinor: 0, transactionId: null, operationInFlight: true, openOperation: { kind: 'create' as const, outcome: 'unknown' as const, amountMinor: 1_000 }, createdAt: sentAt };
// Listed without its operation (as listUnclearOperations' older answers left it out): its row names it.
const unlisted = paymentView({ id: 'WALK4-AR-3', orderId: 'WALK4-AR-3', ...unclearSale, ...serverError, lastCheckedAt: checkedAt, updatedAt: checkedAt });
// Listed, its check failed, flagged after five.
const flagged = paymentView({ id: 'WALK4-EN-1', orderId: 'WALK4-EN-1', ...unclearSale, ...serverError, lastCheckedAt: checkedAt, updatedAt: checkedAt, needsAttention: true, attentionReason: 'unsettled' });
// Listed, not checked since: the lost connection is its last error, no check failed.
const fresh = paymentView({ id: 'FRESH-1', orderId: 'FRESH-1', ...unclearSale, lastError: 'The connection to the gateway was lost.' });
// Listed, checked since, its last error still the loss's own: that check's answer came while an
// operation was being recorded and was not used (status-checks.ts), no failed check to tell.
const unused = paymentView({ id: 'UNUSED-1', orderId: 'UNUSED-1', ...unclearSale, lastCheckedAt: checkedAt, updatedAt: checkedAt, lastError: 'The connection broke before the answer came, so the gateway may or may not have processed it.', lastErrorReason: { key: 'gateway.outcome_unknown' } });
stubMain({
  listNeedsAttention: attentionQueue(() => [unlisted, ...[flagged, fresh, unused].map((payment) => ({ payment, operation: { kind: 'create' as const, amountMinor: 1_000, sentAt } }))]),
});
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const plain = (text: string) => text.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/[\u00a0\u202f]/g, ' ');
const why = (orderId: string) => plain(screen.getByTestId(`attention-${orderId}`).querySelectorAll('td')[4]!.textContent!);

it('keeps what was sent and its unclear state, the check’s error as why the check failed, and when it is asked again', async () => {
  render(<AttentionScreen />);
  await screen.findByTestId('attention-WALK4-AR-3');
  const at = (language: 'en' | 'ar') => plain(formatRowDateTime(checkedAt, language));
  const sent = (language: 'en' | 'ar') => plain(formatRowDateTime(sentAt, language));
  const again = 'Paydesk asks the gateway again by itself, less often as time goes by but never more than 6 hours apart, until an answer settles it; “Check status now” asks at once.';
  expect(why('WALK4-AR-3')).toBe(`Payment of SAR 10.00 sent, answer not received; checking. The status check at ${at('en')} failed. The gateway said: “Practice fault: server error”. ${again}`);
  expect(why('WALK4-EN-1')).toBe(`Payment of SAR 10.00 sent ${sent('en')}: no answer settles it yet. The status check at ${at('en')} failed. The gateway said: “Practice fault: server error”. ${again}`);
  expect(why('FRESH-1')).toBe('Payment of SAR 10.00 sent, answer not received; checking');
  expect(why('UNUSED-1')).toBe('Payment of SAR 10.00 sent, answer not received; checking');

  act(() => useLanguage.getState().setLanguage('ar'));
  const againAr = 'يعيد بايدسك سؤال البوابة بنفسه، على فترات تطول مع الوقت ولا تزيد على 6 ساعات، حتى يحسمها رد؛ و«افحص الحالة الآن» يسأل فورًا.';
  expect(why('WALK4-AR-3')).toBe(`أُرسلت دفعة بمبلغ 10.00 SAR، ولم يصل الرد؛ جارٍ الفحص. فشل فحص الحالة في ${at('ar')}. رد البوابة (بالإنجليزية): «Practice fault: server error». ${againAr}`);
  expect(why('WALK4-EN-1')).toBe(`أُرسلت دفعة بمبلغ 10.00 SAR في ${sent('ar')}: لم يحسمها أي رد بعد. فشل فحص الحالة في ${at('ar')}. رد البوابة (بالإنجليزية): «Practice fault: server error». ${againAr}`);
  expect(why('FRESH-1')).toBe('أُرسلت دفعة بمبلغ 10.00 SAR، ولم يصل الرد؛ جارٍ الفحص');
});
