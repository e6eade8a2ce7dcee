// DOM tests' payments as main's view answers them (contract/methods/payments.ts): one default, a
// paid SAR 10.00 card sale to Sara, and each test's own differences on top. A new field of the view
// is added here once, not to every test's copy of the whole object.
import type { PaymentView } from '../../contract/methods/payments';

export function paymentView(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    id: 'SALE-1', profileId: 'practice', environment: 'practice', kind: 'sale', orderId: 'SALE-1', amountMinor: 1_000, currency: 'SAR',
    description: null, customer: { name: 'Sara', email: null, phone: null }, cardMasked: null, transactionId: 'tx-SALE-1', sessionId: null,
    url: null, authOnly: false, recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'paid', statusWord: null,
    capturedMinor: 1_000, refundedMinor: 0, operationInFlight: false, openOperation: null, needsAttention: false, attentionReason: null, watched: false,
    lastError: null, lastErrorReason: null, createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', lastCheckedAt: null, expiresOn: null,
    ...overrides,
  };
}

/** getPayment's answer for `payment` with nothing else recorded: no operations, history, checks or webhooks. */
export const paymentDetail = (payment: unknown) => ({ payment, related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [] });

/** The card sale the dialogs' tests act on: DOC-1, SAR 80.00 captured, Sara Al-Harbi's card. */
export const cardSale = (overrides: Partial<PaymentView> = {}): PaymentView => paymentView({
  id: 'pay-1', orderId: 'DOC-1', amountMinor: 8_000, customer: { name: 'Sara Al-Harbi', email: null, phone: null }, cardMasked: '512345******0008',
  transactionId: 'tx-1', statusWord: 'CAPTURED', capturedMinor: 8_000, ...overrides,
});
