// Checks done while the user fills a form, in the user's language, before anything is sent.
// Main checks everything again (and its messages show next to the same fields).
import { parseAmount, type CurrencyCode } from '../../../../contract/money';
import { toAsciiDigits } from '../../../../contract/digits';
import { phoneOk } from '../../../../contract/phone';
import type { Reason } from '../../../../contract/reasons';
import { returnAddressProblem } from '../../../../contract/return-address';
import { bidiOrInvisible, controlChars } from '../../../../contract/text-chars';
import type { MessageKey } from '../../i18n';

/** A problem is a message of the screens, or a reason main would give (an amount's, worded the same way). */
export type Problems = Record<string, MessageKey | Reason>;

export const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The customer as sent: the phone's digits in ASCII whatever keyboard typed them. */
export function customerToSend<C extends { phone: string }>(customer: C): C {
  return { ...customer, phone: toAsciiDigits(customer.phone) };
}

/** What is wrong with an amount as typed, or nothing: the text is never changed to fit. */
export function amountProblem(amount: string, currency: CurrencyCode): Reason | undefined {
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) return parsed.why;
  return parsed.minor <= 0 ? { key: 'amount.zero' } : undefined;
}

export function checkAmount(amount: string, currency: CurrencyCode, problems: Problems) {
  const problem = amountProblem(amount, currency);
  if (problem) problems.amount = problem;
}

/** Characters main refuses in typed text, with main's own reason (the same words in both languages). */
export function textCharsProblem(text: string): Reason | undefined {
  if (controlChars.test(text.trim())) return { key: 'input.controlChars' };
  if (bidiOrInvisible.test(text)) return { key: 'input.bidiChars' };
  return undefined;
}

export function checkCustomer(customer: { name: string; email: string; phone: string }, problems: Problems, prefix = 'customer') {
  const nameChars = textCharsProblem(customer.name);
  if (!customer.name.trim()) problems[`${prefix}.name`] = 'gp.check.name';
  else if (nameChars) problems[`${prefix}.name`] = nameChars;
  // Empty, a required field says it is missing; typed, what is wrong with its format.
  if (!customer.email.trim()) problems[`${prefix}.email`] = 'gp.check.emailMissing';
  else if (!emailPattern.test(customer.email.trim())) problems[`${prefix}.email`] = 'gp.check.email';
  if (!customer.phone.trim()) problems[`${prefix}.phone`] = 'gp.check.phoneMissing';
  else if (!phoneOk(customer.phone)) problems[`${prefix}.phone`] = 'gp.check.phone';
}

/**
 * A link's or session's dates. `expireDate` is the expiry the page would have (typed, or the issue
 * date plus 7 days); `today` the computer's day. A page payable through its expiry day: today is
 * allowed, yesterday is main's refusal, in its words (main/payments/offer-dates.ts).
 */
export function checkDates(issueDate: string, expireDate: string, problems: Problems, today: string) {
  const valid = (d: string) => !d || (/^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(new Date(`${d}T00:00:00Z`).getTime()));
  if (!valid(issueDate)) problems.issueDate = 'gp.check.date';
  if (!valid(expireDate)) problems.expireDate = 'gp.check.date';
  // Passed first, as main says it: yesterday's expiry under today's issue date is both.
  else if (expireDate && expireDate < today) problems.expireDate = { key: 'input.expiryPassed', values: { expiryDay: expireDate, today } };
  else if (issueDate && expireDate && expireDate < issueDate) problems.expireDate = 'gp.check.expiryBeforeIssue';
}

/** The expiry field's problem said as soon as a whole day is in it (typed, chosen, or an issue date moved), not only at Create. */
export function expiryProblem(issueDate: string, expireDate: string, today: string): Problems {
  const problems: Problems = {};
  checkDates(issueDate, expireDate, problems, today);
  return problems.expireDate ? { expireDate: problems.expireDate } : {};
}

/** A return address typed in the form, by the rule main applies (contract/return-address.ts); empty: the profile's default. */
export function checkUrl(value: string, path: string, problems: Problems, environment: string | undefined) {
  if (!value.trim()) return; // the profile's default is used
  const problem = returnAddressProblem(value, environment ?? '');
  if (problem === 'invalid' || problem === 'scheme') problems[path] = 'gp.check.url';
  else if (problem === 'production') problems[path] = { key: 'input.urlProduction' };
  else if (problem === 'credentials') problems[path] = { key: 'input.urlCredentials' };
}
