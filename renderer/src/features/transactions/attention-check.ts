// "Check status now" on a Needs attention row: the check a support agent makes most, there, without
// opening the payment and coming back (Alt+6 again) for each. One check per payment at a time:
// pressed twice, or Enter held, it asks the gateway once. What the check found is said above the
// list, naming the payment, since a settled row leaves the list (docs/screens-after-sale.md).
import { useRef, useState } from 'react';
import type { PaymentView } from '../../../../contract/methods/payments';
import { ltrIsolated } from '../../../../contract/amount-words';
import { stateWordOf } from '../../../../contract/payment-states';
import { api } from '../../api';
import { refused, type Notice } from '../../ui/notice';
import type { Words } from '../../i18n/words';
import { leftToAPerson } from './detail-store';

/** What the answer means for the person, as the action dialog's check says it. */
function checkedWords(view: PaymentView): Words {
  if (leftToAPerson(view)) return { key: 'action.settleByHand' };
  if (view.operationInFlight) return { key: 'action.stillUnknown' };
  return { key: 'action.settled', values: { state: { key: `state.${stateWordOf(view)}` } } };
}

export function useAttentionCheck() {
  const [checking, setChecking] = useState<ReadonlySet<string>>(new Set());
  // Read and written at the press itself: a second press before React draws again finds it here.
  const asking = useRef(new Set<string>());
  const [notice, setNotice] = useState<Notice>();

  const check = async (row: PaymentView) => {
    if (asking.current.has(row.id)) return;
    asking.current.add(row.id);
    setChecking(new Set(asking.current));
    const result = await api.checkPaymentStatus({ paymentId: row.id });
    asking.current.delete(row.id);
    setChecking(new Set(asking.current));
    const order = ltrIsolated(row.orderId);
    setNotice(result.ok ? { kind: 'ok', words: { key: 'attention.checked', values: { order, result: checkedWords(result.value) } } } : { kind: 'error', words: { key: 'attention.checked', values: { order, result: refused(result.error).words } } });
  };

  return { checking, check, notice };
}
