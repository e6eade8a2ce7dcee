// A refusal that names an amount ("at most ... is left to refund") reads it as the app shows
// amounts in the person's language: main sends minor units and the currency, the page words them.
import { expect, it } from 'vitest';
import { AppFailure } from '../../contract/result';
import { localizeError } from '../../renderer/src/i18n';
import { formatAmount } from '../../renderer/src/i18n/format';
import { checkRefund, type RulePayment } from '../../main/payments/rules';

const paid: RulePayment = { state: 'paid', currency: 'KWD', amount_minor: 12_345, captured_minor: 12_345, refunded_minor: 0, transaction_id: 'tx-1' };

function refusal() {
  try {
    checkRefund(paid, 12_346, 'Damaged');
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
  expect(worded.message).not.toContain('KWD');
});

it('and in English as the English page shows amounts', () => {
  expect(localizeError('en', refusal()).message).toBe(`At most ${formatAmount(12_345, 'KWD', 'en')} is left to refund.`);
});
