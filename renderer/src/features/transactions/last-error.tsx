// A payment's last error as its detail and Needs attention show it: main's reason in the reader's
// language; the English text an earlier Paydesk stored (no reason) as it is, marked as English and
// isolated so an Arabic line does not reorder its words (docs/ledger.md, "A payment's last error").
import type { PaymentView } from '../../../../contract/methods/payments';
import { useLanguage, wordReason } from '../../i18n';

export function LastError({ payment }: { payment: Pick<PaymentView, 'lastError' | 'lastErrorReason'> }) {
  const language = useLanguage((s) => s.language);
  const worded = payment.lastErrorReason ? wordReason(language, payment.lastErrorReason) : undefined;
  if (worded) return <>{worded}</>;
  return payment.lastError ? <bdi lang="en">{payment.lastError}</bdi> : null;
}
