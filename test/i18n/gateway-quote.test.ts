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
