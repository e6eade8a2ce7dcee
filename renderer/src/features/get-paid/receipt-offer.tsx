// "Send a receipt" / "Send a refund confirmation" on a result or a payment's detail: the button, and
// pressed, the panel (receipt-panel.tsx, fetched then: a payment's detail is in the first screen's
// files, the messages and their sending are not).
import { lazy, Suspense, useId, useState } from 'react';
import type { PaymentView } from '../../../../contract/methods/payments';
import { useT } from '../../i18n';
import { receiptKindOf, receiptWords } from './receipt-kind';
import type { PaymentOperation } from './latest-refund';

const ReceiptPanel = lazy(() => import('./receipt-panel').then((m) => ({ default: m.ReceiptPanel })));

/**
 * The toggle and, pressed, its panel: for a result or a payment's detail (which gives its
 * operations: the refund just made is named from them). Nothing for a payment that took no money.
 */
export function ReceiptOffer({ payment, operations }: { payment: PaymentView; operations?: readonly PaymentOperation[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!receiptKindOf(payment)) return null;
  return (
    <div className="gp-receipt-offer">
      <button type="button" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={open ? panelId : undefined} data-testid="receipt-toggle">{t(receiptWords(payment)[0])}</button>
      {open && <Suspense fallback={null}><ReceiptPanel payment={payment} operations={operations} id={panelId} /></Suspense>}
    </div>
  );
}
