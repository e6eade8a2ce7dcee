// A payment's last error as its detail and Needs attention show it: main's reason in the reader's
// language, or the English text an earlier Paydesk stored, marked as English (docs/ledger.md,
// "A payment's last error").
import type { PaymentView } from '../../../../contract/methods/payments';
import { useLanguage, wordReason } from '../../i18n';
import { useWords } from '../../i18n/words';
import { MainWords } from '../../ui/main-words';
import type { Notice } from '../../ui/notice';

export function LastError({ payment }: { payment: Pick<PaymentView, 'lastError' | 'lastErrorReason'> }) {
  return <MainWords reason={payment.lastErrorReason} english={payment.lastError} />;
}

/**
 * Whether the notice under a payment's buttons says its last error word for word: a refused "Check
 * status now", which main also keeps as the payment's last error. Said once then, in the notice
 * (the two lines one under the other read the same words twice).
 */
export function useNoticeSaysLastError(payment: Pick<PaymentView, 'lastError' | 'lastErrorReason'> | undefined, notice: Notice | undefined): boolean {
  const words = useWords();
  const language = useLanguage((s) => s.language);
  if (!payment || notice?.kind !== 'error') return false;
  const last = (payment.lastErrorReason && wordReason(language, payment.lastErrorReason)) || payment.lastError;
  return Boolean(last) && words(notice.words) === last;
}
