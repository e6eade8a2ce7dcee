// "New link like this" / "New session like this": on a link or checkout session that can no
// longer be paid (declined, expired), its form filled with the same amount, customer and
// description under a new order id (create-again.ts). Nothing is sent until the person presses Create.
import type { PaymentView } from '../../../../contract/methods/payments';
import { useT } from '../../i18n';
import { useMayCreatePayments } from '../settings/team-role';
import { canMakeAnother, makeAnother } from './create-again';

/** The button, or nothing when the payment can still be paid or this person may not create payments. */
export function MakeAnother({ payment, named = false }: { payment: PaymentView; named?: boolean }) {
  const t = useT();
  const mayCreate = useMayCreatePayments();
  if (!mayCreate || !canMakeAnother(payment)) return null;
  const link = payment.kind === 'link';
  const label = named ? t(link ? 'gp.another.linkFor' : 'gp.another.sessionFor', { orderId: payment.orderId }) : undefined;
  return (
    <button type="button" onClick={() => makeAnother(payment)} aria-label={label} data-testid="make-another">
      {t(link ? 'gp.another.link' : 'gp.another.session')}
    </button>
  );
}
