// The dates a payment link or checkout session is sent with (gateway-interface.md 4.1, 4.4), checked
// before anything is recorded or sent. The interface refuses neither order nor a past day; Paydesk
// does, so a customer is never sent a page that is dead on arrival. A link is payable through the
// whole of its expiry day in the business's zone (core/zone-days.ts, docs/screens-getting-paid.md,
// "A link's expiry on its row"), so an expiry of today is allowed and yesterday's is refused.
import { failField } from '../core/fail';
import { addDays } from '../ledger/local-midnight';

/** The expiry the page will have: the one sent, else the documented default (issue date plus 7 days); none known without either. */
export function expiryOf(issueDate: string | undefined, expireDate: string | undefined): string | undefined {
  return expireDate ?? (issueDate ? addDays(issueDate, 7) : undefined);
}

/** Throws a field failure on `expireDate` for an expiry already past on `today` (YYYY-MM-DD), or one before its issue date. */
export function checkOfferDates(issueDate: string | undefined, expireDate: string | undefined, today: string): void {
  // Passed first: with the issue date left at today, yesterday's expiry is both, and "passed" names the days.
  const expiry = expiryOf(issueDate, expireDate);
  if (expiry && expiry < today) throw failField('invalid_input', 'expireDate', 'input.expiryPassed', { expiryDay: expiry, today });
  if (issueDate && expireDate && expireDate < issueDate) throw failField('invalid_input', 'expireDate', 'input.expiryBeforeIssue');
}
