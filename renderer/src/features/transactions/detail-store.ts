// The payment open in the detail panel, with its timeline, kept fresh by main's events.
import { create } from 'zustand';
import type { MethodOutput } from '../../../../contract/methods';
import { savedCardState, tookMoneyStates } from '../../../../contract/payment-states';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';

export type PaymentDetail = MethodOutput<'getPayment'>;

type State = {
  detail?: PaymentDetail;
  error?: AppError;
  load(paymentId: string): Promise<void>;
  clear(): void;
};

let wanted: string | undefined;

export const useDetail = create<State>((set) => ({
  async load(paymentId) {
    wanted = paymentId;
    const result = await api.getPayment({ paymentId });
    if (wanted !== paymentId) return; // another payment was opened meanwhile: this answer is stale
    if (result.ok) set({ detail: result.value, error: undefined });
    else set({ error: result.error });
  },
  clear: () => set({ detail: undefined, error: undefined }),
}));

// What a payment's state allows and what is left to capture or refund: a module of its own, pure,
// so mutation testing judges it (allowed-actions.ts).
export { allowedActions, chargedCardOf, type ChargedCard } from './allowed-actions';

/**
 * A capture, refund or void whose outcome is still unknown on a payment that needs attention: a
 * person may settle it by hand (main allows it once the payment needs attention). Either the
 * answers could not decide it, or several checks brought none that settles it (the gateway's
 * status failing): then too, the dashboard is the way out.
 */
export function unclearOperation(detail: PaymentDetail) {
  if (!detail.payment.needsAttention) return undefined;
  return detail.operations.find((op) => op.outcome === 'unknown' && op.kind !== 'create');
}

/** A status check main answered with the payment's last error (not found, refused): its state is the ledger's, not the gateway's word. A "not created" payment's error is what the check found. */
export const checkNotConfirmed = (payment: Pick<PaymentDetail['payment'], 'lastError' | 'state'>) => payment.lastError !== null && payment.state !== 'not_created';
/** A status answer that leaves the open operation to a person (it cannot decide it): settled by hand, not waited for. */
export const leftToAPerson = (payment: Pick<PaymentDetail['payment'], 'operationInFlight' | 'needsAttention'>) => payment.operationInFlight && payment.needsAttention;
/** Money was taken but the gateway has not named the transaction yet (a paid session or link before its status check). */
export const waitsForTransaction = (payment: PaymentDetail['payment']) => tookMoneyStates.has(payment.state) && !payment.transactionId;
/**
 * Nothing taken, held or refunded yet (an unpaid link, a declined or expired payment, one the gateway
 * did not create or has not answered): its Captured, Refunded and "Left to refund" would read as 0.00 figures.
 */
export const nothingTaken = (payment: Pick<PaymentDetail['payment'], 'state' | 'capturedMinor' | 'refundedMinor'>) =>
  ['pending', 'declined', 'expired', 'creating', 'not_created', 'unknown'].includes(payment.state) && payment.capturedMinor === 0 && payment.refundedMinor === 0;
/** A repeat-charge token was asked for and money taken, but the gateway has not given the token yet. */
export const waitsForToken = (payment: PaymentDetail['payment']) => savedCardState(payment) === 'waiting';
