// The practice gateway's records. Amounts are integer minor units; the state file holds only
// integers and strings, so it round-trips through JSON exactly.
import type { CurrencyCode } from '../../contract/money';
import type { GatewayOperation } from '../gateway/operations';

export type TxStatus =
  | 'PENDING' // hosted checkout or 3-D Secure under way
  | 'UNPAID' // payment link not yet paid
  | 'AUTHORIZED'
  | 'PARTIALLY_CAPTURED'
  | 'CAPTURED'
  | 'APPROVED' // sale (auth N) paid
  | 'PAID' // payment link paid
  | 'PARTIALLY_REFUNDED'
  | 'REFUNDED'
  | 'VOIDED'
  | 'DECLINED'
  | 'EXPIRED';

export type Customer = { name: string; email: string; phone: string };

export type Transaction = {
  transactionId: string;
  orderId: string;
  kind: 'checkout' | 'link' | 'sale' | 'recurring';
  currency: CurrencyCode;
  amountMinor: number;
  authOnly: boolean;
  recurringInit: boolean;
  status: TxStatus;
  capturedMinor: number;
  refundedMinor: number;
  customer: Customer;
  description?: string;
  successUrl: string;
  failureUrl: string;
  /** YYYY-MM-DD, for hosted checkout sessions and links. */
  issueDate?: string;
  expireDate?: string;
  sessionId?: string;
  linkId?: string;
  recurringToken?: string;
  parentTransactionId?: string;
  card?: { bin: string; last4: string; scheme: string };
  reason?: string;
  rrn?: string;
  createdAt: string;
  updatedAt: string;
};

export type Challenge = { challengeId: string; transactionId: string; used: boolean };

/** What the practice gateway accepted and acted on: the witness that nothing arrived twice. */
export type PracticeRecord = {
  operation: GatewayOperation;
  orderId?: string;
  transactionId?: string;
  amountMinor?: number;
  currency?: CurrencyCode;
  at: string;
};

export type PracticeState = {
  version: 1;
  apiKey: string;
  webhookSecret: string;
  transactions: Transaction[];
  challenges: Challenge[];
  records: PracticeRecord[];
};

/** The published sandbox test cards (decisions §5), with what each does. */
export const testCards: Record<string, { expiry: string; cvv: string; outcome: 'approve' | 'challenge' | 'decline'; scheme: string }> = {
  '5123450000000008': { expiry: '01/39', cvv: '100', outcome: 'approve', scheme: 'MASTERCARD' },
  '4111111111111111': { expiry: '01/39', cvv: '123', outcome: 'challenge', scheme: 'VISA' },
  '4000000000000002': { expiry: '01/39', cvv: '123', outcome: 'decline', scheme: 'VISA' },
};
export const challengeCode = '123456';
