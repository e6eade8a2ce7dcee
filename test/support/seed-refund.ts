// A refund recorded as the payments flow records one, without a gateway: its intent, then its
// outcome, each with its audit entry (on the team ledger the database writes its own entries).
import { randomUUID } from 'node:crypto';
import type { PaymentRow } from '../../main/ledger/payment-rows';
import type { LedgerStore } from '../../main/ledger/store';

export async function seedRefund(store: LedgerStore, payment: PaymentRow, options: { osUser: string; amountMinor: number; at: string; reason?: string }) {
  const { osUser, amountMinor, at } = options;
  const reason = options.reason ?? 'Damaged';
  const id = randomUUID();
  const entry = (result: string) => ({ osUser, profileId: payment.profile_id, environment: payment.environment, action: 'refund', paymentId: payment.id, orderId: payment.order_id, amountMinor, currency: payment.currency, reason, result });
  await store.transaction(async (tx) => {
    await tx.insertOperation({ id, payment_id: payment.id, kind: 'refund', amount_minor: amountMinor, base_minor: payment.refunded_minor, reason, os_user: osUser, outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: at, completed_at: null, settled_by: null, settled_reason: null });
    await tx.appendAudit(entry('sending'), at);
  });
  await store.transaction(async (tx) => {
    await tx.completeOperation(id, { outcome: 'succeeded', completed_at: at });
    await tx.update(payment.id, { refunded_minor: payment.refunded_minor + amountMinor, state: 'partially_refunded' }, 'refund', at);
    await tx.appendAudit(entry('succeeded'), at);
  });
}
