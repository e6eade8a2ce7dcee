// The words of main's own 3-D Secure pages (challenge-server.ts: the frame's wrapper, the return
// page, "over or unknown"), in English and Arabic, the type requiring both. A catalog of its own, as
// the practice pages' (page-words.ts): the preview's entry starts this server before main's services
// and their message formats are read (docs/performance.md), and these words fill in no values.
// test/i18n/catalogs.test.ts checks it with the other catalogs.
import type { Language } from '../core/fail';

const en = {
  frameTitle: '3-D Secure verification',
  finished: 'Verification finished. Paydesk shows the result.',
  failed: 'Verification did not succeed. Paydesk shows the result.',
  over: 'This verification is over or unknown. Close this window and check the payment in Paydesk.',
};
export type ChallengeWordKey = keyof typeof en;

export const challengeWords: Record<Language, Record<ChallengeWordKey, string>> = {
  en,
  ar: {
    frameTitle: 'التحقق بـ \u20663-D Secure\u2069',
    finished: 'انتهى التحقق. يعرض بايدسك النتيجة.',
    failed: 'لم ينجح التحقق. يعرض بايدسك النتيجة.',
    over: 'انتهى هذا التحقق أو أنه غير معروف. أغلق هذه النافذة وافحص الدفعة في بايدسك.',
  },
};
