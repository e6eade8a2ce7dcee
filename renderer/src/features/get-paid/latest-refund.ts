// The refund a refund confirmation names: the one just made, from the payment's operations, not the
// payment's whole refunded total (after a second partial refund the customer read "a refund of
// KWD 8.000" when 3.000 went back that day).
import type { MethodOutput } from '../../../../contract/methods';

export type PaymentOperation = Pick<MethodOutput<'getPayment'>['operations'][number], 'kind' | 'outcome' | 'amountMinor'>;

/**
 * The amount of the latest refund the gateway confirmed to Paydesk (operations oldest first, as
 * both ledgers give them), or undefined when it is not known: no such refund, one without an
 * amount, or Paydesk's refunds not adding up to the refunded total (a refund the gateway reported
 * but Paydesk did not make is in it, and may be the latest).
 */
export function latestRefundMinor(refundedMinor: number, operations: readonly PaymentOperation[]): number | undefined {
  const amounts: number[] = [];
  for (const op of operations) {
    if (op.kind !== 'refund' || op.outcome !== 'succeeded') continue;
    if (op.amountMinor === null) return undefined;
    amounts.push(op.amountMinor);
  }
  const sum = amounts.reduce((total, amount) => total + amount, 0);
  // No refund at all: `at(-1)` is undefined too.
  return sum === refundedMinor ? amounts.at(-1) : undefined;
}
