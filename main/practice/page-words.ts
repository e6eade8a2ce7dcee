// The words of the practice gateway's customer pages (pay page, 3-D Secure, result page), in
// English and Arabic: a customer paying a link a merchant sent in Arabic read an English page.
// The pages are drawn in main, so their words live here, beside pages.ts; `{name}` is a value.
// Arabic must have every English key (the type says so; test/i18n/catalogs.test.ts checks the rest).

export type PageLanguage = 'en' | 'ar';

const en = {
  practiceNote: 'Practice gateway: no real money moves.',
  practiceGateway: 'Practice gateway',
  languages: 'Language',
  paymentTitle: 'Payment',
  noDescription: 'Payment',
  order: 'Order',
  cardNumber: 'Card number',
  cardHolder: 'Name on card',
  expiry: 'Expiry (MM/YY)',
  cvv: 'Security code',
  pay: 'Pay',
  testCards: 'Test cards',
  fillIn: 'Fill in',
  outcomeApprove: 'approved',
  outcomeChallenge: '3-D Secure (code {code})',
  outcomeDecline: 'declined',
  closedExpired: 'This payment page has expired.',
  closedDeclined: 'This payment was declined.',
  closedPaid: 'This payment has already been made.',
  notFoundTitle: 'Not found',
  notFoundHeading: 'No such payment page',
  notFoundBody: 'Check the address you were given.',
  challengeTitle: '3-D Secure',
  challengeContinue: 'Continue to the verification',
  challengeHeading: 'Verify your payment',
  challengeBody: 'Enter the one-time code. (Practice: {code}.)',
  challengeCode: 'One-time code',
  verify: 'Verify',
  doneSuccessTitle: 'Payment complete',
  doneSuccessBody: 'Thank you. You can close this page.',
  doneFailureTitle: 'Payment not completed',
  doneFailureBody: 'The payment did not go through. You can close this page.',
};

export type PageWordKey = keyof typeof en;

const ar: Record<PageWordKey, string> = {
  practiceNote: 'بوابة التدريب: لا تنتقل أي أموال حقيقية.',
  practiceGateway: 'بوابة التدريب',
  languages: 'اللغة',
  paymentTitle: 'الدفع',
  noDescription: 'دفعة',
  order: 'الطلب',
  cardNumber: 'رقم البطاقة',
  cardHolder: 'الاسم على البطاقة',
  expiry: 'تاريخ الانتهاء (الشهر/السنة)',
  cvv: 'رمز الأمان',
  pay: 'ادفع',
  testCards: 'بطاقات الاختبار',
  fillIn: 'املأ بها',
  outcomeApprove: 'مقبولة',
  outcomeChallenge: 'تحقق \u20663-D Secure\u2069 (الرمز {code})',
  outcomeDecline: 'مرفوضة',
  closedExpired: 'انتهت صلاحية صفحة الدفع هذه.',
  closedDeclined: 'رُفضت عملية الدفع هذه.',
  closedPaid: 'تم هذا الدفع من قبل.',
  notFoundTitle: 'غير موجودة',
  notFoundHeading: 'لا توجد صفحة دفع بهذا العنوان',
  notFoundBody: 'تحقق من العنوان الذي وصلك.',
  challengeTitle: 'التحقق عبر \u20663-D Secure\u2069',
  challengeContinue: 'متابعة إلى التحقق',
  challengeHeading: 'تحقق من عملية الدفع',
  challengeBody: 'أدخل رمز التحقق لمرة واحدة. (للتدريب: {code}.)',
  challengeCode: 'رمز التحقق لمرة واحدة',
  verify: 'تحقق',
  doneSuccessTitle: 'تم الدفع',
  doneSuccessBody: 'شكرًا لك. يمكنك إغلاق هذه الصفحة.',
  doneFailureTitle: 'لم يكتمل الدفع',
  doneFailureBody: 'لم تتم عملية الدفع. يمكنك إغلاق هذه الصفحة.',
};

export const pageWords: Record<PageLanguage, Record<PageWordKey, string>> = { en, ar };

/** Each language's own name, the same in both (the switch reads "English" / "العربية"). */
export const languageNames: Record<PageLanguage, string> = { en: 'English', ar: 'العربية' };

/** The words of one language; `{name}` filled from `values`. */
export function wordsOf(language: PageLanguage) {
  return (key: PageWordKey, values: Record<string, string> = {}) =>
    pageWords[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const isPageLanguage = (value: string | null | undefined): value is PageLanguage => value === 'en' || value === 'ar';

/**
 * The page's language: `lang` in its address or form when the customer chose one (the switch
 * link), else the app's that shows the page (`host`: Paydesk's, for the 3-D Secure page it frames,
 * server.ts), else the first of English and Arabic the browser's Accept-Language asks for, else English.
 */
export function pageLanguage(params: URLSearchParams, acceptLanguage: string | undefined, host?: PageLanguage): PageLanguage {
  const chosen = params.get('lang');
  if (isPageLanguage(chosen)) return chosen;
  if (host) return host;
  const asked = (acceptLanguage ?? '').split(',').map((part, order) => {
    const [tag = '', ...rest] = part.trim().split(';');
    const q = rest.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return { primary: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q), order };
  });
  asked.sort((a, b) => b.weight - a.weight || a.order - b.order);
  const first = asked.find((a) => a.weight > 0 && isPageLanguage(a.primary));
  return (first?.primary as PageLanguage | undefined) ?? 'en';
}
