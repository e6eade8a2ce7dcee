// A payment's state as a word and a colour, the same everywhere it is shown.
import type { PaymentView } from '../../../../contract/methods/payments';
import { stateWordOf } from '../../../../contract/payment-states';
import { useT } from '../../i18n';

export function StateBadge({ payment }: { payment: Pick<PaymentView, 'state' | 'kind' | 'needsAttention' | 'operationInFlight'> }) {
  const t = useT();
  return (
    <span className={`state-badge state-${payment.state}`} data-state={payment.state}>
      {t(`state.${stateWordOf(payment)}`)}
      {payment.operationInFlight ? ` · ${t('tx.inFlight')}` : ''}
    </span>
  );
}
