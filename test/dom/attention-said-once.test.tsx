// Needs attention names a payment's unclear operation once per row: it said "refund unclear" beside
// the state and "Refund of SAR 50.00 sent, answer not received; checking" next to it. Where the Why cell names the operation, with its
// amount, the State cell shows the state alone. A row flagged after its checks failed says what is
// unclear in the app's words first, then the gateway's last words (it said the gateway's error alone,
// "The gateway reported an error. Try again later.", without the refund or its amount). In English and Arabic.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { stubMain } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';

const lostRefund = { kind: 'refund' as const, outcome: 'unknown' as const, amountMinor: 5_000 };
// A refund whose answer was lost, not yet flagged by the checks.
const lost = paymentView({ id: 'LOST-1', orderId: 'LOST-1', operationInFlight: true, openOperation: lostRefund, lastError: 'The connection to the gateway was lost.' });
// A capture no status answer can decide: a person settles it by hand.
const undecided = paymentView({ id: 'UNDECIDED-1', orderId: 'UNDECIDED-1', state: 'authorised', capturedMinor: 0, operationInFlight: true, openOperation: { kind: 'capture', outcome: 'unknown', amountMinor: 2_500 }, needsAttention: true, attentionReason: 'undecidable' });
// A refund that several checks did not settle, the gateway's status answering HTTP 500.
const unsettled = paymentView({
  id: 'UNSETTLED-1', orderId: 'UNSETTLED-1', operationInFlight: true, openOperation: lostRefund, needsAttention: true, attentionReason: 'unsettled',
  lastError: 'The gateway reported an error. Try again later.', lastErrorReason: { key: 'gateway.gateway_error', values: { said: 'Practice fault: HTTP 500' } },
});
const sentAt = '2026-11-29T12:00:00.000Z'; // 29 Nov in the computer's zone, whichever it is
stubMain({
  listNeedsAttention: attentionQueue(() => [lost, undecided, unsettled].map((payment) => ({ payment, operation: { kind: payment.openOperation!.kind, amountMinor: payment.openOperation!.amountMinor, sentAt } }))),
});
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const plain = (text: string) => text.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');
const row = (orderId: string) => screen.getByTestId(`attention-${orderId}`);
const cell = (orderId: string, index: number) => plain(row(orderId).querySelectorAll('td')[index]!.textContent!);
/** How often a row says a word, as it reads (the State cell's hover text, where it has one, adds the amount). */
const timesSaid = (orderId: string, word: string) => row(orderId).textContent!.split(new RegExp(word, 'i')).length - 1;

it('names the unclear operation once per row, with what to do, in English and Arabic', async () => {
  render(<AttentionScreen />);
  await screen.findByTestId('attention-LOST-1');
  expect(cell('LOST-1', 3)).toBe('Paid');
  expect(cell('LOST-1', 4)).toBe('Refund of SAR 50.00 sent, answer not received; checking');
  expect(cell('UNDECIDED-1', 3)).toBe('Authorised');
  expect(cell('UNDECIDED-1', 4)).toBe('The gateway’s answers cannot tell whether the capture of SAR 25.00 went through: check its dashboard and settle it by hand');
  expect(cell('UNSETTLED-1', 3)).toBe('Paid');
  expect(cell('UNSETTLED-1', 4)).toMatch(/^Refund of SAR 50\.00 sent 29\/11\/2026 \d\d:\d\d: no answer settles it yet\. The gateway said: “Practice fault: HTTP 500”\.$/);
  expect([timesSaid('LOST-1', 'refund'), timesSaid('UNDECIDED-1', 'capture'), timesSaid('UNSETTLED-1', 'refund')]).toEqual([1, 1, 1]);

  act(() => useLanguage.getState().setLanguage('ar'));
  expect(cell('LOST-1', 3)).toBe('مدفوعة');
  expect(cell('LOST-1', 4)).toBe('أُرسل استرداد 50.00 SAR، ولم يصل الرد؛ جارٍ الفحص');
  expect(cell('UNDECIDED-1', 4)).toBe('لا تكفي ردود البوابة لمعرفة هل تم تحصيل 25.00 SAR: تحقق من لوحة تحكمها وسوِّ العملية يدويًا');
  expect(cell('UNSETTLED-1', 3)).toBe('مدفوعة');
  expect(cell('UNSETTLED-1', 4)).toMatch(/^أُرسل استرداد 50\.00 SAR في 29\/11\/2026 \d{1,2}:\d\d [صم]: لم يحسمه أي رد بعد\. رد البوابة \(بالإنجليزية\): «Practice fault: HTTP 500»\.$/);
  expect([timesSaid('LOST-1', 'استرداد'), timesSaid('UNDECIDED-1', 'تحصيل'), timesSaid('UNSETTLED-1', 'استرداد')]).toEqual([1, 1, 1]);
});
