// A payment's state as a word and a colour, the same everywhere it is shown.
import type { PaymentView } from '../../../../contract/methods/payments';
import { stateWordOf } from '../../../../contract/payment-states';
import { useT } from '../../i18n';

/**
 * The badge holds the state's word alone, on one line; "checking" (an operation whose outcome is
 * not known yet) follows it outside the badge: inside, "Awaiting verification · checking" was cut
 * in the list's one-line rows and took three lines in its two-line rows (CSS: under the badge there).
 */
export function StateBadge({ payment }: { payment: Pick<PaymentView, 'state' | 'kind' | 'needsAttention' | 'operationInFlight'> }) {
  const t = useT();
  return (
    <>
      <span className={`state-badge state-${payment.state}`} data-state={payment.state}>{t(`state.${stateWordOf(payment)}`)}</span>
      {payment.operationInFlight && <> <span className="in-flight">{t('tx.inFlight')}</span></>}
    </>
  );
}
