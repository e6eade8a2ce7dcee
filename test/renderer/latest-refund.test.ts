// The refund a customer's refund confirmation names: the one just made, not the payment's whole
// refunded total, and no amount at all when Paydesk cannot be sure which refund was the latest.
import { describe, expect, it } from 'vitest';
import { latestRefundMinor, type PaymentOperation } from '../../renderer/src/features/get-paid/latest-refund';

const refund = (amountMinor: number | null, outcome = 'succeeded'): PaymentOperation => ({ kind: 'refund', outcome, amountMinor } as PaymentOperation);
const op = (kind: string, amountMinor: number | null, outcome = 'succeeded'): PaymentOperation => ({ kind, outcome, amountMinor } as PaymentOperation);

describe('the latest refund', () => {
  it('is the last confirmed refund when Paydesk\'s refunds add up to the refunded total', () => {
    expect(latestRefundMinor(11_000, [op('create', 20_000), refund(8_000), op('capture', 20_000), refund(3_000)])).toBe(3_000);
    expect(latestRefundMinor(5_000, [refund(5_000)])).toBe(5_000);
  });

  it('leaves out refunds that failed or are not settled yet', () => {
    expect(latestRefundMinor(8_000, [refund(8_000), refund(3_000, 'failed'), refund(1_000, 'unknown')])).toBe(8_000);
  });

  it('is not known when a refund made elsewhere is in the total (it may be the latest)', () => {
    expect(latestRefundMinor(12_000, [refund(8_000), refund(3_000)])).toBeUndefined();
    expect(latestRefundMinor(10_000, [refund(8_000), refund(3_000)])).toBeUndefined();
  });

  it('is not known when a confirmed refund has no amount, or there is none', () => {
    expect(latestRefundMinor(3_000, [refund(null), refund(3_000)])).toBeUndefined();
    expect(latestRefundMinor(3_000, [refund(3_000), refund(null)])).toBeUndefined();
    expect(latestRefundMinor(0, [])).toBeUndefined();
    expect(latestRefundMinor(0, [op('capture', 0)])).toBeUndefined();
  });
});
