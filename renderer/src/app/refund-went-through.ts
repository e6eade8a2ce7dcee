// A refund that went through on a second try: the note that said the first try failed is no longer
// true, and left in the band it contradicted the payment's "Refunded SAR 20.00." under it (walk of
// 2026-11-29). The refund's dialog says it here; the notes (notifications.tsx) take that note away.
type Listener = (paymentId: string) => void;
const listeners = new Set<Listener>();

export function refundWentThrough(paymentId: string) {
  for (const listener of listeners) listener(paymentId);
}

export function onRefundWentThrough(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
