// What the client's callers pass and get back: amounts as integer minor units with their
// currency, the app's own states, and never a raw gateway word without its mapping.
import type { CurrencyCode } from '../../contract/money';
import type { PaymentState } from './states';

export type Money = { minor: number; currency: CurrencyCode };
export type Customer = { name: string; email: string; phone: string };
export type CheckoutCustomer = Customer & { idNumber?: string; idType?: string; taxNumber?: string };
export type Address = { country?: string; state?: string; city?: string; address?: string; zip?: string };
/** Card data lives only for the duration of one sale call. */
export type Card = { number: string; holder: string; expiryMonth: string; expiryYear: string; cvv: string };
export type RedirectUrls = { successUrl: string; failureUrl: string };

export type InitiateCheckoutRequest = RedirectUrls & {
  orderId: string;
  amount: Money;
  customer: CheckoutCustomer;
  address?: Address;
  authOnly: boolean;
  recurringInit?: boolean;
  /** YYYY-MM-DD; the gateway defaults to today and today + 7 days. */
  issueDate?: string;
  expireDate?: string;
};
export type SaleRequest = RedirectUrls & {
  orderId: string;
  amount: Money;
  authOnly: boolean;
  card: Card;
  customer: Customer;
  recurringInit?: boolean;
};
export type CaptureRequest = { transactionId: string; amount: Money };
export type VoidRequest = { transactionId: string };
export type RefundRequest = { transactionId: string; amount: Money; reason?: string };
export type RecurringRequest = { transactionId: string; recurringToken: string; orderId: string; amount: Money; description: string };
export type StatusRequest = { orderId: string } | { transactionId: string };
export type PaymentLinkRequest = RedirectUrls & {
  orderId: string;
  amount: Money;
  description: string;
  customer: Customer;
  issueDate?: string;
  expireDate?: string;
};

/** A session's or link's own id is not a transaction: that comes later, from a status answer (decisions §3). */
export type CheckoutSession = { redirectUrl: string; sessionId?: string };
export type PaymentLink = { url: string; linkId?: string };
/** The result of a sale, capture, void, refund or recurring charge. */
export type OperationOutcome = {
  transactionId?: string;
  state: PaymentState;
  /** The gateway's own word, kept for the record and for display next to 'unknown'. */
  statusWord?: string;
  /** The operation the answer is about (Purchase, Authorization, Capture, Refund, Void), as sent. */
  type?: string;
  /** Present when the customer must pass a 3-D Secure challenge: shown unmodified in an iframe. */
  html?: string;
  recurringToken?: string;
  reason?: string;
};
export type StatusOutcome = OperationOutcome & {
  orderId?: string;
  currency?: CurrencyCode;
  amountMinor?: number;
  /** Totals: no public source shows them (decisions §3). Extra evidence where sent, never required. */
  capturedMinor?: number;
  refundedMinor?: number;
};
