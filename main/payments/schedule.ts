// When to ask the gateway again about a payment that is not settled: soon at first, then
// less and less often. After `attentionAfter` checks without a settled answer the payment is
// flagged as needing a person's attention (it keeps being checked).
import { dayEndsAt } from '../core/zone-days';
import type { PaymentRow } from '../ledger/payment-rows';

export const checkDelaysSeconds = [30, 60, 120, 300, 900, 3600, 6 * 3600];
export const attentionAfter = 5;
/** How soon after an unpaid link's expiry date has ended it is checked: a few minutes, for a gateway's clock a little behind. */
export const afterExpirySeconds = 300;

/**
 * The latest a next check set at `now` can be (the longest delay, with a minute to spare): one set
 * later than this was set by a clock that was ahead and has been put right (a day ahead, set back
 * by NTP), and would wait those hours unchecked; it is due instead. Once checked, it is back on the
 * schedule: no second check before its delay.
 */
export const latestSensibleCheck = (now: Date) => new Date(now.getTime() + (Math.max(...checkDelaysSeconds) + 60) * 1000).toISOString();

export function nextCheckAt(now: Date, attempts: number): string {
  const delay = checkDelaysSeconds[Math.min(attempts, checkDelaysSeconds.length - 1)]!;
  return new Date(now.getTime() + delay * 1000).toISOString();
}

/**
 * The next check of a payment checked at `now`. An unpaid link whose expiry date ends (in `zone`,
 * the business's) before its usual next check is checked once soon after the date instead, so its
 * state turns Expired when the gateway says so, not up to 6 hours later; a check made once the date
 * has ended already was that check, and the usual schedule goes on.
 */
export function nextCheckOf(payment: Pick<PaymentRow, 'kind' | 'state' | 'expire_date'>, now: Date, attempts: number, zone: string): string {
  const usual = nextCheckAt(now, attempts);
  if (payment.kind !== 'link' || payment.state !== 'pending' || !payment.expire_date) return usual;
  const ends = dayEndsAt(payment.expire_date, zone).getTime();
  const afterExpiry = ends + afterExpirySeconds * 1000;
  return now.getTime() < ends && afterExpiry < Date.parse(usual) ? new Date(afterExpiry).toISOString() : usual;
}
