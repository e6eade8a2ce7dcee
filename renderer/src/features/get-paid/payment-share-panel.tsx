// The share panel for a payment's detail, fetched when Resend opens it (share-offer.tsx): the link's
// message names its invoice when it has one, as the links list's does.
import type { PaymentView } from '../../../../contract/methods/payments';
import { useInvoice } from '../invoices/invoice-panel';
import { SharePanel } from './share-panel';
import { shareableOf } from './share-messages';

export default function PaymentSharePanel({ payment }: { payment: PaymentView & { url: string } }) {
  const invoice = useInvoice(payment.id);
  return <SharePanel item={shareableOf(payment, invoice?.number)} testId="detail-share" />;
}
