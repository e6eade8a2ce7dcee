// The payment open in the detail panel, with its timeline, kept fresh by main's events.
import { create } from 'zustand';
import type { MethodOutput } from '../../../../contract/methods';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';

export type PaymentDetail = MethodOutput<'getPayment'>;

type State = {
  detail?: PaymentDetail;
  error?: AppError;
  load(paymentId: string): Promise<void>;
  clear(): void;
};

export const useDetail = create<State>((set) => ({
  async load(paymentId) {
    const result = await api.getPayment({ paymentId });
    if (result.ok) set({ detail: result.value, error: undefined });
    else set({ error: result.error });
  },
  clear: () => set({ detail: undefined, error: undefined }),
}));

/** What the state allows, and only that (main enforces the same rules). */
export function allowedActions(payment: PaymentDetail['payment']) {
  const captureLeft = payment.amountMinor - payment.capturedMinor;
  const refundLeft = payment.capturedMinor - payment.refundedMinor;
  const free = !payment.operationInFlight;
  return {
    capture: free && (payment.state === 'authorised' || payment.state === 'partially_captured') && captureLeft > 0,
    void: free && payment.state === 'authorised' && payment.capturedMinor === 0,
    refund: free && ['paid', 'partially_captured', 'partially_refunded'].includes(payment.state) && refundLeft > 0,
    recurring: free && payment.recurringAvailable && Boolean(payment.transactionId),
    captureLeft,
    refundLeft,
  };
}
