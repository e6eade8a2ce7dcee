// One word per meaning for a month end: the money a payment took is "Captured" on Home, in the
// payment's detail, in its state ("Partly captured") and in both CSVs' headers; what went back is
// "Refunded" everywhere. Home said "Taken" and the settlement CSV "gross"/"refunds" for the numbers
// finance matches against the payments CSV's `captured`/`refunded` (docs/ledger.md, "The words for money").
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { en } from '../../renderer/src/i18n/en';
import { ar } from '../../renderer/src/i18n/ar';
import { paymentHeader, settlementHeader } from '../../main/ledger/export';

describe.each([['en', en], ['ar', ar]] as const)('the money words in %s', (language, words) => {
  it('names Home’s figures, its charts and the detail’s totals with the same word', () => {
    expect(words['ov.col.gross']).toBe(words['detail.captured']);
    expect(words['ov.chart.gross']).toBe(words['detail.captured']);
    expect(words['ov.col.refunds']).toBe(words['detail.refunded']);
    expect(words['ov.chart.refunds']).toBe(words['detail.refunded']);
  });

  it('counts Home’s payments as captured ones, not as "payments" (the list counts every payment of the month)', () => {
    const count = new IntlMessageFormat(words['ov.count.payments'], language).format({ count: 67 }) as string;
    const refunded = new IntlMessageFormat(words['ov.count.refunds'], language).format({ count: 14 }) as string;
    expect({ count, refunded }).toEqual(language === 'en' ? { count: '67 captured', refunded: '14 refunded' } : { count: '67 محصَّلة', refunded: '14 مستردة' });
  });
});

it('names the money columns of both CSVs alike', () => {
  expect(paymentHeader).toEqual(expect.arrayContaining(['captured', 'refunded']));
  expect(settlementHeader.slice(0, 6)).toEqual(['date', 'currency', 'captured', 'refunded', 'net', 'captured_payments']);
  expect(en['ov.export.hint']).toBe('Per day and currency over the chosen dates: captured, refunded, net and counts.');
});
