// Why the gateway declined a payment, in its own words. The interface documents no decline
// codes; the public evidence shows a free-text `reason` with a failed status and
// `pgDetails.reason` in webhooks (../shared/gateway-decisions.md §3, §4), which the client reads
// (gateway/client.ts). It is shown verbatim, so anything shaped like a card number is masked.
import { outsideUuids } from '../log/logger';

const cardShaped = /\d(?:[ -]?\d){11,18}/g;
const maxLength = 300;

/** The reason as a person may see it: one line, no card number, not too long; null when none. */
export function shownReason(said: string | undefined | null): string | null {
  const text = said?.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const masked = outsideUuids(text, (part) => part.replace(cardShaped, (digits) => `••••${digits.replace(/\D/g, '').slice(-4)}`));
  return masked.length > maxLength ? `${masked.slice(0, maxLength - 1)}…` : masked;
}

/** The reason a create's answer gave (a sale's, a repeat charge's), when it has one. */
export function reasonIn(answer: unknown): string | undefined {
  const said = typeof answer === 'object' && answer !== null ? (answer as { reason?: unknown }).reason : undefined;
  return typeof said === 'string' ? said : undefined;
}
