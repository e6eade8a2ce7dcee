// What the practice gateway holds of a seeded payment the app will ask it about, as if the payment
// had been made through it: the reconciler checks the seed's open payments (pending, and those whose
// creation's answer was lost) on the practice profile, and a gateway that never made them answers
// "no such order", which turned every one of them "unsettled" within half an hour (Needs attention
// from 21 to 99+ on a 2,000-payment seed). Each transaction is in a state the practice gateway
// reaches by its own rules (engine.ts), so its answers stay the interface's: an unpaid link or
// checkout session with its expiry (the gateway's default 7 days, every other link a month: past
// it, Expired when asked), a card sale whose 3-D Secure check was failed, a recurring charge
// approved. Of the recent lost creations every other one reached the gateway; the rest never did
// (it answers "no such order": not created). The settled payments are not written: nothing asks
// about them unprompted, and the state file is read whole at every start (100,000 open payments
// took 1.1 s): the seed leaves open only its last week's payments (a month's for links given one;
// seed-ledger.ts), about 1,600 at 1M.
import { addDays } from '../main/practice/dates';
import type { Transaction } from '../main/practice/model';
import type { CurrencyCode } from '../contract/money';

export type SeededOpen = {
  /** The payment's number in the seed (0 up). */
  i: number;
  /** Made in the seed's last `days`. */
  recent: boolean;
  /** A link's or session's days to be paid. */
  days: number;
  kind: string;
  state: string;
  orderId: string;
  transactionId: string;
  amountMinor: number;
  currency: CurrencyCode;
  description: string | null;
  customer: { name: string; email: string; phone: string };
  card: { bin: string; last4: string } | null;
  /** When it was made (ISO). */
  at: string;
  /** When the gateway last changed it (ISO). */
  updatedAt: string;
};

/** A link's or checkout session's days when none are given (engine.ts): the seed's payments older than that are settled. */
export const openDays = 7;

/** The seed's open states: the payments the reconciler asks about (next_check_at set). */
export const openSeedStates: ReadonlySet<string> = new Set(['pending', 'unknown']);

const redirects = { successUrl: 'https://shop.example/paid', failureUrl: 'https://shop.example/failed' };

/** The gateway's transaction for a seeded open payment, or undefined when it never reached the gateway. */
export function gatewayTransactionOf(p: SeededOpen): Transaction | undefined {
  if (p.state === 'unknown' && (!p.recent || p.i % 2 === 1)) return undefined;
  const hosted = p.kind === 'link' || p.kind === 'checkout';
  const issueDate = p.at.slice(0, 10);
  const card = p.card && !hosted ? { ...p.card, scheme: 'MASTERCARD' } : undefined;
  // A sale (or one made elsewhere) the ledger last saw waiting for 3-D Secure was declined there; a
  // recurring charge is approved at once (the practice gateway never leaves one pending).
  const status: Transaction['status'] = p.kind === 'link' ? 'UNPAID' : p.kind === 'checkout' ? 'PENDING' : p.kind === 'recurring' || p.state === 'unknown' ? 'APPROVED' : 'DECLINED';
  return {
    transactionId: p.transactionId,
    orderId: p.orderId,
    kind: hosted ? (p.kind as 'link' | 'checkout') : p.kind === 'recurring' ? 'recurring' : 'sale',
    currency: p.currency,
    amountMinor: p.amountMinor,
    authOnly: false,
    recurringInit: false,
    status,
    capturedMinor: status === 'APPROVED' ? p.amountMinor : 0,
    refundedMinor: 0,
    customer: p.customer,
    description: p.description ?? undefined,
    ...redirects,
    ...(hosted ? { issueDate, expireDate: addDays(issueDate, p.days) } : {}),
    sessionId: p.kind === 'checkout' ? `cs_${p.i.toString(36)}` : undefined,
    linkId: p.kind === 'link' ? `ln_${p.i.toString(36)}` : undefined,
    card,
    reason: status === 'DECLINED' ? '3-D Secure authentication failed' : undefined,
    rrn: hosted ? undefined : String(100_000_000_000 + p.i),
    createdAt: p.at,
    updatedAt: p.updatedAt,
  };
}
