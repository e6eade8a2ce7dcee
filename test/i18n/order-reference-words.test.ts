// The order's own reference (the gateway's `orderId`) has one name wherever a person reads it:
// "order reference", «مرجع الطلب», as the forms' field and the invoice PDF call it. The search
// hints, the copy button, the lookup, the check-up and main's refusals said "order id" and
// «رقم الطلب» for the same thing (docs/words.md). A file's column names are a file format and keep
// their names (`orderId` in bulk files, `order_id` in the exports): the only allowed spellings.
import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/src/i18n/en';
import { ar } from '../../renderer/src/i18n/ar';
import { reasonTexts } from '../../contract/reasons';
import { reasonsAr } from '../../contract/reasons-ar';
import { pageWords } from '../../main/practice/page-words';
import { documentWords } from '../../main/invoices/document-words';

/** A file's column names, quoted in a sentence ("orderId (else Paydesk makes one)"). */
const columnNames = /\b(?:orderId|order_id)\b/g;
/** A value's name inside a message ("Order {orderId} already exists"). */
const valueNames = /\{\w+\}/g;
const readable = (text: string) => text.replace(valueNames, '').replace(columnNames, '');

/** "order id", "Order ids", "order number", "order or transaction id" (the other name for the same thing). */
const otherEnglish = /\border[\s_-]*(?:ids?|numbers?|no\.)(?![a-z])|\border or transaction ids?\b/i;
/** «رقم الطلب», «برقم طلب», «أرقام الطلبات», «رقم الطلب أو المعاملة»: "order number" in Arabic. */
const otherArabic = /(?:رقم|أرقام)\s+(?:ال)?طلب/;
const saysReference = (english: string) => /\border references?\b/i.test(readable(english));
const arabicReference = /(?:مرجع|مراجع)\s+(?:ال)?طلب/;

const documents = Object.fromEntries(Object.entries(documentWords).map(([key, [english]]) => [key, english]));
const documentsAr = Object.fromEntries(Object.entries(documentWords).map(([key, [, arabic]]) => [key, arabic]));

describe.each([
  ['screens', en as Record<string, string>, ar as Record<string, string>],
  ['reasons from main', reasonTexts as Record<string, string>, reasonsAr as Record<string, string>],
  ['practice gateway pages', pageWords.en as Record<string, string>, pageWords.ar as Record<string, string>],
  ['invoice documents', documents as Record<string, string>, documentsAr as Record<string, string>],
])('the %s catalog', (_name, english, arabic) => {
  it('never calls the order reference "order id" in English', () => {
    expect(Object.keys(english).filter((key) => otherEnglish.test(readable(english[key]!)))).toEqual([]);
  });

  it('never calls it «رقم الطلب» in Arabic', () => {
    expect(Object.keys(arabic).filter((key) => otherArabic.test(readable(arabic[key]!)))).toEqual([]);
  });

  it('says «مرجع الطلب» wherever the English says "order reference"', () => {
    expect(Object.keys(english).filter((key) => saysReference(english[key]!) && !arabicReference.test(arabic[key]!))).toEqual([]);
  });
});

it('keeps the bulk file’s column name, which is a file format, in the words that quote it', () => {
  expect(en['gp.bulk.needs']).toContain('orderId (else Paydesk makes one)');
  expect(readable('orderId: This order reference is already in the ledger.')).not.toMatch(otherEnglish);
  expect(readable('Check orderId')).not.toMatch(otherEnglish);
  expect('order id').toMatch(otherEnglish);
  expect('رقم الطلب').toMatch(otherArabic);
});
