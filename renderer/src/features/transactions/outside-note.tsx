// What happened at the gateway's dashboard that Paydesk did not do, and what to do about it: money
// refunded, voided or captured there, told of by a status answer that never says how much
// (../shared/gateway-decisions.md §3). Paydesk then sends no refund or capture of the payment (any
// amount could be more than is left: main/payments/rules.ts), and says so here (walk35).
import { ltrIsolated } from '../../../../contract/amount-words';
import { capturedAmountUnknown, isVoidWord, refundedAmountUnknown } from '../../../../contract/payment-states';
import { useT } from '../../i18n';
import type { PaymentDetail } from './detail-store';

type Payment = Pick<PaymentDetail['payment'], 'state' | 'capturedMinor' | 'refundedMinor' | 'statusWord' | 'orderId'>;

/** Which of the three it is, or null: money moved only by Paydesk's own operations, or its amount known. */
export function movedOutside(payment: Payment): 'capture' | 'void' | 'refund' | null {
  if (capturedAmountUnknown(payment)) return 'capture';
  if (!refundedAmountUnknown(payment)) return null;
  return isVoidWord(payment.statusWord) ? 'void' : 'refund';
}

export function OutsideNote({ payment }: { payment: Payment }) {
  const t = useT();
  const moved = movedOutside(payment);
  if (!moved) return null;
  return (
    <p className="attention-note" role="status" data-testid="detail-outside">
      {t(`detail.outside.${moved}`, { order: ltrIsolated(payment.orderId), word: ltrIsolated(payment.statusWord ?? '') })}
    </p>
  );
}
