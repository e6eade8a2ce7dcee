// A payment's last error as its detail and Needs attention show it: main's reason in the reader's
// language, or the English text an earlier Paydesk stored, marked as English (docs/ledger.md,
// "A payment's last error").
import type { PaymentView } from '../../../../contract/methods/payments';
import { MainWords } from '../../ui/main-words';

export function LastError({ payment }: { payment: Pick<PaymentView, 'lastError' | 'lastErrorReason'> }) {
  return <MainWords reason={payment.lastErrorReason} english={payment.lastError} />;
}
