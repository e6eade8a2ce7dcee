// The few fields of a gateway answer worth keeping (the status word, the totals after it, a
// reason, a notification's amount), with their exact text; ids and currency are the payment's own
// columns already. A webhook keeps only what nothing else holds (webhookColumns), its `amount` too:
// the amount of the operation it tells of (docs/practice-gateway.md), not the payment's, shown in
// the payment's history, where on the practice profile it stands in for a dashboard (walk35). An
// applied operation's answer is not kept at all, and a failed or unclear one whole (redacted): payment-rows.ts.
const kept = ['status', 'type', 'capturedAmount', 'refundedAmount', 'reason', 'amount'];
const value = String.raw`("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|null|true|false)`;
const patterns = kept.map((key) => [key, new RegExp(String.raw`"${key}"\s*:\s*${value}`)] as const);

/**
 * What a webhook's body does not keep (migration 11): its status and type have their own columns,
 * and its totals are not applied (the status check it triggers reads them from the gateway).
 */
export const webhookColumns = ['status', 'type', 'capturedAmount', 'refundedAmount'];

/** A kept field's text as the gateway wrote it (a number's digits, a string unquoted), or null. */
export function keptField(lean: string | null | undefined, key: string): string | null {
  const match = lean ? patterns.find(([name]) => name === key)?.[1].exec(lean) : undefined;
  return match ? match[1]!.replace(/^"(.*)"$/, '$1') : null;
}

/** `omit`: fields kept elsewhere, or not needed. */
export function leanAnswer(raw: string | null | undefined, omit: string[] = []): string | null {
  if (!raw) return raw ?? null;
  const parts: string[] = [];
  for (const [key, pattern] of patterns) {
    if (omit.includes(key)) continue;
    const match = pattern.exec(raw);
    if (match) parts.push(`"${key}":${match[1]}`);
  }
  return `{${parts.join(',')}}`;
}
