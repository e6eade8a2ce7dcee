// What the gateway said is quoted in the person's language; inside an Arabic sentence its English
// words are isolated in their own direction (FSI…PDI), or the bidi algorithm reorders its
// parentheses and final full stop with the «…» around it ("«(404 Payment not found (code».»").
import { expect, it } from 'vitest';
import { wordReason } from '../../renderer/src/i18n';
import { reasonText } from '../../main/core/fail';

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
