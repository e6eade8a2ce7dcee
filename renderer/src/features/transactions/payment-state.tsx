// A payment's state as a word and a colour, the same everywhere it is shown.
import type { PaymentView } from '../../../../contract/methods/payments';
import { useT, type MessageKey } from '../../i18n';

export function StateBadge({ payment }: { payment: Pick<PaymentView, 'state' | 'needsAttention' | 'operationInFlight'> }) {
  const t = useT();
  return (
    <span className={`state-badge state-${payment.state}`} data-state={payment.state}>
      {t(`state.${payment.state}` as MessageKey)}
      {payment.operationInFlight ? ` · ${t('tx.inFlight')}` : ''}
    </span>
  );
}
