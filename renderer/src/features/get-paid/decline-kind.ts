// Which next step a declined card sale's reason points to. A wrong security code or a wrong expiry
// date is put right with the same card ("Enter the card again"); any other decline (the issuer's,
// insufficient funds, an expired card) needs another card. The reason is the gateway's own free
// text (no public source lists its words: docs/gateway.md), so this reads the common phrasings.
const codeWords = /\b(cvv2?|cvc2?|security code|card verification (?:code|value))\b/i;
const wrongWord = String.raw`\b(?:wrong|incorrect|invalid|bad|mismatch(?:ed)?|does not match)\b`;
const expiryWord = String.raw`\b(?:expiry|expiration)\b`;
const expiryWrong = new RegExp(`${wrongWord}[^.;]*${expiryWord}|${expiryWord}[^.;]*${wrongWord}`, 'i');

/** True when the reason says the card's details were typed wrong (security code or expiry), not the card refused. */
export const cardDetailsWrong = (reason: string | null | undefined): boolean => !!reason && (codeWords.test(reason) || expiryWrong.test(reason));
