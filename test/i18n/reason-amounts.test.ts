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

// Arabic currency abbreviations end in a full stop ("ر.س.", "د.ك."): a sentence ending on one
// takes a single full stop, in the page's texts and in main's own (an OS notification of a paid link).
it('ends an Arabic sentence on an amount with one full stop, not two', async () => {
  const { translate } = await import('../../renderer/src/i18n');
  const { reasonText } = await import('../../main/core/fail');
  const sar = formatAmount(1_250, 'SAR', 'ar');
  expect(translate('ar', 'action.done.refund', { amount: sar })).toBe(`تم استرداد \u2066${sar}\u2069`); // isolated left to right, as <Ltr> draws amounts
  expect(translate('ar', 'action.done.refund', { amount: sar }).replace(/[\u200e\u200f\u2066-\u2069]/g, '')).toMatch(/ر\.س\.$/);
  const paid = reasonText('ar', { key: 'notify.linkPaid', values: { orderId: 'PD-1', amountMinor: 2_000, currency: 'KWD' } });
  expect(paid.replace(/[\u200e\u200f\u2066-\u2069]/g, '')).toMatch(/^دُفع رابط الدفع PD-1: 2\.000\sد\.ك\.$/);
  // A currency whose sign has no full stop keeps the sentence's.
  expect(translate('ar', 'action.done.refund', { amount: formatAmount(1_250, 'USD', 'ar') })).toMatch(/\.$/);
  expect(translate('en', 'action.done.refund', { amount: formatAmount(1_250, 'SAR', 'en') })).toBe(`Refunded ${formatAmount(1_250, 'SAR', 'en')}.`);
});
