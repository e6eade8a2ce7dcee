// What the practice gateway says about a transaction. By default only what the interface and
// the public evidence show (../shared/gateway-decisions.md §3, §4): a status word, the
// operation type, ids, the amount with its numeric currency code, the retrieval reference,
// the recurring token and a decline reason; never captured or refunded totals. The
// `extendedAnswers` option adds fields no public source shows (totals, card, dates), to try a
// client against a more generous gateway; it is off unless asked for.
import { formatMinor } from '../../contract/money';
import { JsonNumber, type Writable } from '../gateway/exact-json';
import { numericCurrency } from '../gateway/currency-numbers';
import type { Transaction, TxStatus } from './model';

export const money = (minor: number, tx: Transaction) => new JsonNumber(formatMinor(minor, tx.currency));

/** The documented words (webhooks: Approved, Declined, Pending; ACTIVE, PAID, REFUND, VOID, EXPIRED) and the type. */
const documentedWords: Record<TxStatus, { status: string; type?: string }> = {
  PENDING: { status: 'Pending' },
  UNPAID: { status: 'ACTIVE' },
  AUTHORIZED: { status: 'Approved', type: 'Authorization' },
  PARTIALLY_CAPTURED: { status: 'Approved', type: 'Capture' },
  CAPTURED: { status: 'Approved', type: 'Capture' },
  APPROVED: { status: 'Approved', type: 'Purchase' },
  PAID: { status: 'PAID', type: 'Purchase' },
  PARTIALLY_REFUNDED: { status: 'Approved', type: 'Refund' },
  REFUNDED: { status: 'REFUND', type: 'Refund' },
  VOIDED: { status: 'VOID', type: 'Void' },
  DECLINED: { status: 'Declined' },
  EXPIRED: { status: 'EXPIRED' },
};

export function statusWords(tx: Transaction): { status: string; type?: string } {
  const words = documentedWords[tx.status];
  if (tx.status === 'PENDING' && tx.sessionId && !tx.card) return { status: 'ACTIVE' }; // a checkout still open
  if (tx.status === 'DECLINED') return { status: 'Declined', type: tx.authOnly ? 'Authorization' : 'Purchase' };
  return words;
}

/** Before a card is used on a session or link there is no transaction to name (evidence: ACTIVE, "no transaction yet"). */
const hasTransaction = (tx: Transaction) => tx.kind === 'sale' || tx.kind === 'recurring' || Boolean(tx.card);

/** The status answer, and the body of the sale, capture, void, refund and recurring answers. */
export function transactionAnswer(tx: Transaction, origin: string, extended: boolean): Record<string, Writable> {
  const words = statusWords(tx);
  const documented: Record<string, Writable> = {
    transactionId: hasTransaction(tx) ? tx.transactionId : undefined,
    orderId: tx.orderId,
    status: words.status,
    type: words.type,
    amount: money(tx.amountMinor, tx),
    currencyCode: numericCurrency[tx.currency],
    rrn: hasTransaction(tx) ? tx.rrn : undefined,
    recurringToken: tx.recurringToken,
    reason: tx.status === 'DECLINED' ? tx.reason : undefined,
  };
  if (!extended) return documented;
  return {
    ...documented,
    transactionId: tx.transactionId,
    status: tx.status,
    currency: tx.currency,
    capturedAmount: money(tx.capturedMinor, tx),
    refundedAmount: money(tx.refundedMinor, tx),
    cardMasked: tx.card ? `${tx.card.bin}******${tx.card.last4}` : undefined,
    cardScheme: tx.card?.scheme,
    reason: tx.reason,
    redirectUrl: tx.sessionId ? `${origin}/checkout?sessionId=${tx.sessionId}` : undefined,
    url: tx.linkId ? `${origin}/link?linkId=${tx.linkId}` : undefined,
    createdAt: tx.createdAt,
    updatedAt: tx.updatedAt,
  };
}

/** The answer to a capture, void or refund: what happened, in the operation's own words. */
export function operationAnswer(tx: Transaction, type: 'Capture' | 'Void' | 'Refund', origin: string, extended: boolean): Record<string, Writable> {
  if (extended) return transactionAnswer(tx, origin, true);
  return { transactionId: tx.transactionId, orderId: tx.orderId, status: 'Approved', type };
}
