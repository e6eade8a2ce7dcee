// "Try another card" after a decline: the same order, under a reference the gateway has not seen.
// The gateway's orderId is unique per transaction and the declined try keeps its own
// (gateway-decisions.md §4), so the next try is offered the declined one's reference with a
// number after it (OMAR-102 → OMAR-102-2), the first one free in this profile's ledger.

/** The longest order reference the contract takes (contract/methods/payments.ts, text(100)). */
const longest = 100;
/** How many numbers are tried before giving up (the form then leaves the field empty: Paydesk makes one). */
const tries = 50;

/**
 * The first free reference after `declined`. A try already numbered (OMAR-102-2, whose OMAR-102 is
 * in the ledger) goes on from its number, OMAR-102-3, never OMAR-102-2-2. Undefined when none fits.
 */
export async function nextFreeOrderId(declined: string, taken: (orderId: string) => Promise<boolean>): Promise<string | undefined> {
  const numbered = declined.match(/(.+)-(\d{1,2})$/); // from the first character: `.+` starts the leftmost match
  let base = declined;
  let next = 2;
  if (numbered && Number(numbered[2]) >= 2 && (await taken(numbered[1]!))) {
    base = numbered[1]!;
    next = Number(numbered[2]) + 1;
  }
  for (let i = 0; i < tries; i++, next++) {
    const candidate = `${base}-${next}`;
    if (candidate.length > longest) return undefined;
    if (!(await taken(candidate))) return candidate;
  }
  return undefined;
}
