// The Arabic as a Gulf merchant, support agent or accountant reads it (docs/words.md, "The Arabic
// read as a merchant reads it", 2026-11-30): Arabic punctuation in Arabic text, a payment called
// «دفعة» and never «عملية» (the word of an operation on it: a capture, refund or void), a void
// «إلغاء التفويض» and never a bare «إلغاء» (which reads as cancelling the payment), a transaction
// «معاملة» as the Transactions screen and its search say, and a count of 3 to 10 worded apart from
// 11 to 99 where a noun follows the number.
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { en } from '../../renderer/src/i18n/en';
import { ar } from '../../renderer/src/i18n/ar';
import { reasonTexts } from '../../contract/reasons';
import { reasonsAr } from '../../contract/reasons-ar';
import { pageWords } from '../../main/practice/page-words';
import { challengeWords } from '../../main/challenge/challenge-words';

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }> };
const ast = (text: string) => new IntlMessageFormat(text, 'ar').getAst() as unknown as Element[];

/** The words a text writes itself (no value's name, no plural or select syntax), joined. */
function ownWords(text: string): string {
  const out: string[] = [];
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      if (element.type === 0) out.push(element.value ?? '');
      for (const option of Object.values(element.options ?? {})) walk(option.value);
    }
  };
  walk(ast(text));
  return out.join('\n');
}

/** A branch as written, its count as "#" and a value as "{name}". */
const branchText = (elements: Element[]): string => elements.map((e) => (e.type === 0 ? e.value : e.type === 7 ? '#' : `{${e.value}}`)).join('');

const outsideIsolates = (text: string) => text.replace(/\u2066[^\u2069]*\u2069/g, '');
const readable = (text: string) => text.replace(/\{\w+\}/g, '');

describe.each([
  ['screens', en as Record<string, string>, ar as Record<string, string>],
  ['reasons from main', reasonTexts as Record<string, string>, reasonsAr as Record<string, string>],
  ['practice gateway pages', pageWords.en as Record<string, string>, pageWords.ar as Record<string, string>],
  ['3-D Secure frame pages', challengeWords.en as Record<string, string>, challengeWords.ar as Record<string, string>],
])('the %s catalog', (name, english, arabic) => {
  it('writes Arabic text with Arabic punctuation («،» «؟» «؛»), a Latin one only inside a left-to-right isolate or between digits', () => {
    // "(?)" and "(?…)" in a right-to-left line were drawn "(?)" mirrored and "(…?)": a Latin sign is
    // no letter, so it takes the Arabic side. "5,000" keeps its thousands comma.
    const latin = /(?<!\d)[?,;]|[?,;](?!\d)/;
    const found = Object.keys(arabic).filter((key) => /[\u0600-\u06ff]/.test(arabic[key]!) && latin.test(outsideIsolates(ownWords(arabic[key]!))));
    expect(found).toEqual([]);
  });

  it('isolates a web address or a scheme left to right inside Arabic text (⁦https://⁩)', () => {
    // Bare, "يبدأ بـ https://." was drawn "//:https" in a right-to-left line: the colon and slashes
    // after the letters take the Arabic side. The same for "::1".
    const found = Object.keys(arabic).filter((key) => /[\u0600-\u06ff]/.test(arabic[key]!) && /[A-Za-z]*:\/\/|::\d/.test(outsideIsolates(ownWords(arabic[key]!))));
    expect(found).toEqual([]);
  });

  it('calls a payment «دفعة» (مدفوعات) wherever the English says "payment", not «عملية», the word of an operation on it', () => {
    // "This payment was made on another profile" read «أُجريت هذه العملية»: a support agent could not
    // tell the payment from its last capture or refund, which the same screen calls «عملية».
    const found = Object.keys(english).filter((key) => /\bpayments?\b/i.test(readable(english[key]!)) && !/دفع|مدفوع/.test(arabic[key]!));
    expect(found).toEqual([]);
    // A rule's refusal names the payment whose state it gives ("… this one is Paid"): «وهذه العملية مدفوعة» read as an operation.
    // The practice pay pages speak to the customer («رُفضت عملية الدفع هذه»), not of a payment in the ledger.
    const thisOne = Object.keys(english).filter((key) => name !== 'practice gateway pages' && /\bthis payment\b(?! page)|\bthis one is \{state\}/i.test(english[key]!) && !/هذه الدفعة|الدفعة هذه|هذه الدفعات/.test(arabic[key]!));
    expect(thisOne).toEqual([]);
  });

  it('says «دفعة» only of a payment, and calls a bulk batch «مجموعة»', () => {
    // "Open batch march.csv" read «فتح الدفعة march.csv», "open the payment", beside the audit log's
    // «افتح الدفعة»; "This batch was made on another profile" read as a payment's refusal, word for word.
    // An authorisation's refusal names the payment's state («وهذه الدفعة مفوَّضة»): its word too.
    const payment = /payment|paid|\bpay|charge|sale|authoris/i;
    expect(Object.keys(arabic).filter((key) => /دفع(?:ة|ات|ت)/.test(arabic[key]!) && !payment.test(readable(english[key]!)))).toEqual([]);
    expect(Object.keys(english).filter((key) => /\bbatch/i.test(readable(english[key]!)) && !/مجموع/.test(arabic[key]!))).toEqual([]);
  });

  it('calls a person\'s group on the team ledger «دور», never «مجموعة», the word of a bulk batch', () => {
    // Settings' "Change group" read «تغيير المجموعة» beside the bulk screen's «فتح المجموعة» (a batch),
    // while "Add a person" said «بدور» of the same group.
    const found = Object.keys(english).filter((key) => /\bgroups?\b/i.test(readable(english[key]!)) && (!/دور/.test(arabic[key]!) || /مجموع/.test(arabic[key]!)));
    expect(found).toEqual([]);
  });

  it('says «تحصيل» only of a capture (take, get paid: «قبول»)', () => {
    // The navigation's "Get paid" said «تحصيل المدفوعات», the word of the Capture button on the same screens.
    expect(Object.keys(arabic).filter((key) => /تحصيل|حصّل|حصَّل|حُصّل|يحصّل|تحصّل/.test(arabic[key]!) && !/captur/i.test(english[key]!))).toEqual([]);
  });

  it('calls a void «إلغاء التفويض» (ألغِ التفويض, أُلغي تفويضها) wherever the English says "void", as its button does', () => {
    // «ولا إلغاءها» said "nor cancel them", the payments themselves. A state's badge keeps its one word («ملغاة»).
    const found = Object.keys(english).filter((key) => !key.startsWith('state.') && /\bvoid(?:s|ed|ing)?\b/i.test(readable(english[key]!)) && !/تفويض/.test(arabic[key]!));
    expect(found).toEqual([]);
  });

  it('calls a card\'s CVV «رمز الأمان», as the card form\'s field does', () => {
    // The diagnostics and the check-up's report said «رمز تحقق» ("a verification code", also the 3-D Secure one-time code's name).
    expect(Object.keys(english).filter((key) => /\bCVV\b|security code/i.test(english[key]!) && !/رمز الأمان/.test(arabic[key]!))).toEqual([]);
  });

  it('calls a transaction «معاملة» wherever the English says "transaction" (its id «رقم المعاملة», not «رقم العملية»)', () => {
    const found = Object.keys(english).filter((key) => /\btransactions?\b/i.test(readable(english[key]!)) && !/معامل/.test(arabic[key]!));
    expect(found).toEqual([]);
    expect(Object.keys(arabic).filter((key) => /رقم العملية/.test(arabic[key]!))).toEqual([]);
  });

  it('words a count of 3 to 10 apart from 11 to 99 where a noun follows the number ("3 محصَّلات", "11 محصَّلة")', () => {
    // Arabic takes the plural after 3 to 10 and the singular after 11 to 99: the same text in both
    // forms is the singular after 3 ("3 محصَّلة"), or the plural after 11.
    const same: string[] = [];
    const walk = (key: string, elements: Element[]) => {
      for (const element of elements) {
        const few = element.options?.few, many = element.options?.many;
        if (element.type === 6 && few && many && branchText(few.value).includes('#') && branchText(few.value) === branchText(many.value)) same.push(`${key}: ${branchText(few.value)}`);
        for (const option of Object.values(element.options ?? {})) walk(key, option.value);
      }
    };
    for (const [key, text] of Object.entries(arabic)) walk(key, ast(text));
    expect(same).toEqual([]);
  });
});
