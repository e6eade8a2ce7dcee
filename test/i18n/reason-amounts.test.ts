// A refusal that names an amount ("at most ... is left to refund") reads it as the app shows
// amounts in the person's language: main sends minor units and the currency, the page words them.
import { expect, it } from 'vitest';
import { AppFailure } from '../../contract/result';
import { localizeError } from '../../renderer/src/i18n';
import { formatAmount } from '../../renderer/src/i18n/format';
import { checkRefund, type RulePayment } from '../../main/payments/rules';

const paid: RulePayment = { state: 'paid', currency: 'KWD', amount_minor: 12_345, captured_minor: 12_345, refunded_minor: 0, transaction_id: 'tx-1', order_id: 'KWD-1' };

function refusal() {
  try {
    checkRefund(paid, 12_346, 'Damaged', []);
  } catch (e) {
    if (e instanceof AppFailure) return e.toError();
  }
  throw new Error('expected a refusal');
}

it('words what is left in Arabic with the page’s own money format, next to the field and for the whole form', () => {
  const worded = localizeError('ar', refusal());
  const amount = `\u2066${formatAmount(12_345, 'KWD', 'ar')}\u2069`;
  expect(worded.message).toBe(`المتبقي للاسترداد ${amount} على الأكثر.`);
  expect(worded.fields?.amount).toBe(worded.message);
  expect(worded.message).toContain('12.345\u00A0KWD'); // the ISO code, as the English and every screen (docs/words.md)
});

it('and in English as the English page shows amounts', () => {
  expect(localizeError('en', refusal()).message).toBe(`At most ${formatAmount(12_345, 'KWD', 'en')} is left to refund.`);
});

// An amount ends on its currency's code, so a sentence ending on one keeps its full stop, in the
// page's texts and in main's own (an OS notification of a paid link). An amount worded by an earlier
// Paydesk in Arabic symbols ("ر.س.", "د.ك.") ends in a full stop of its own: it takes no second one.
it('ends a sentence on an amount with one full stop, not two', async () => {
  const { translate } = await import('../../renderer/src/i18n');
  const { reasonText } = await import('../../main/core/fail');
  const sar = formatAmount(1_250, 'SAR', 'ar');
  expect(translate('ar', 'action.done.refund', { amount: sar })).toBe(`تم استرداد \u2066${sar}\u2069.`); // isolated left to right, as <Ltr> draws amounts
  const paid = reasonText('ar', { key: 'notify.linkPaid', values: { orderId: 'PD-1', amountMinor: 2_000, currency: 'KWD' } });
  expect(paid.replace(/[\u200e\u200f\u2066-\u2069]/g, '')).toMatch(/^دُفع رابط الدفع PD-1: 2\.000\sKWD\.$/);
  expect(translate('ar', 'action.done.refund', { amount: '\u200F12.50\u00A0ر.س.\u200F' }).replace(/[\u200e\u200f\u2066-\u2069]/g, '')).toMatch(/ر\.س\.$/);
  expect(translate('en', 'action.done.refund', { amount: formatAmount(1_250, 'SAR', 'en') })).toBe(`Refunded ${formatAmount(1_250, 'SAR', 'en')}.`);
});
