// What the gateway said is quoted in the person's language; inside an Arabic sentence its English
// words are isolated in their own direction (FSI…PDI), or the bidi algorithm reorders its
// parentheses and final full stop with the «…» around it ("«(404 Payment not found (code».»").
import { describe, expect, it } from 'vitest';
import { wordReason } from '../../renderer/src/i18n';
import { reasonText } from '../../main/core/fail';
import { reasonTexts } from '../../contract/reasons';
import { reasonsAr } from '../../contract/reasons-ar';

const said = 'Payment not found (code 404).';
const why = { key: 'gateway.conflict', values: { said } };

it('isolates the gateway’s words inside the Arabic quotation, on screens and in main’s own texts', () => {
  expect(wordReason('ar', why)).toMatch(/«\u2068Payment not found \(code 404\)\.\u2069»\.$/);
  expect(reasonText('ar', why as Parameters<typeof reasonText>[1])).toMatch(/«\u2068Payment not found \(code 404\)\.\u2069»\.$/);
});

it('leaves the English quotation as it is', () => {
  expect(wordReason('en', why)).toMatch(/“Payment not found \(code 404\)\.”\.$/);
});

// The keychain's own words, quoted the same way ("X11 $DISPLAY" read "DISPLAY$" with the closing
// bracket out of place); "none" (nothing said) still selects no quotation at all.
it('isolates another program’s quoted words in Arabic, on screens and in main’s own texts', () => {
  const keychain = { key: 'keychain.unavailable', values: { os: 'linux', detail: 'Cannot autolaunch D-Bus without X11 $DISPLAY' } };
  for (const text of [wordReason('ar', keychain), reasonText('ar', keychain as Parameters<typeof reasonText>[1])]) {
    expect(text).toContain('(قالت سلسلة المفاتيح: \u2068Cannot autolaunch D-Bus without X11 $DISPLAY\u2069.)');
  }
  const silent = { key: 'keychain.unavailable', values: { os: 'linux', detail: 'none' } };
  expect(wordReason('ar', silent)).not.toContain('قالت سلسلة المفاتيح');
  expect(reasonText('ar', silent as Parameters<typeof reasonText>[1])).not.toContain('قالت سلسلة المفاتيح');
});

// The gateway's `message` is free English text (its codes' meanings are "not shown"): no text of
// ours may be the gateway's words alone. Every reason says something in its own words besides its
// values, and the gateway's words come only after our sentence, labelled, in
// Arabic as English (docs/decisions.md, "The gateway's words").
describe('no reason is the gateway’s words alone', () => {
  // bulk.storedText: an earlier Paydesk's own English words, shown as they are in English (labelled English in Arabic).
  const catalogs = { en: reasonTexts, ar: reasonsAr } as Record<string, Record<string, string>>;
  it.each(['en', 'ar'])('%s: every reason has words of its own besides its values', (language) => {
    for (const [key, text] of Object.entries(catalogs[language]!)) {
      if (language === 'en' && key === 'bulk.storedText') continue;
      expect(text.replace(/\{\w+\}/g, ''), key).toMatch(/\p{L}/u);
    }
  });

  it('labels the quotation as the gateway’s, and in Arabic as English, after our sentence', () => {
    expect(reasonsAr['gateway.saidSuffix']).toBe('رد البوابة (بالإنجليزية): «{said}».');
    const text = wordReason('ar', { key: 'gateway.request_rejected', values: { said: 'Invalid amount' } })!;
    expect(text).toBe('رفضت البوابة الطلب. صحّحه وحاول مجددًا. رد البوابة (بالإنجليزية): «\u2068Invalid amount\u2069».');
  });

  it('gives every reason main may send with the gateway’s words (`said`) a sentence of ours first', () => {
    const withSaid = Object.keys(reasonTexts).filter((key) => key.startsWith('gateway.') && key !== 'gateway.saidSuffix' && !/unreachable|connectionLost/.test(key));
    for (const key of [...withSaid, 'notify.refundFailed']) {
      const text = wordReason('ar', { key, values: { said: 'Invalid amount', operation: 'refund', orderId: 'A-1', profile: 'Souq sandbox', lastFour: '9c0d', status: '502', limit: 2 } })!;
      expect(text.indexOf('رد البوابة (بالإنجليزية)'), key).toBeGreaterThan(0);
      expect(text, key).toMatch(/^[\u0600-\u06FF]/);
    }
  });
});
