// The few fields of a gateway answer worth keeping (the status word, the totals after it, a
// reason), with their exact text; ids, amount and currency are the payment's own columns
// already. A webhook keeps only what nothing else holds (webhookColumns). An applied operation's
// answer is not kept at all, and a failed or unclear one whole (redacted): payment-rows.ts.
const kept = ['status', 'type', 'capturedAmount', 'refundedAmount', 'reason'];
const value = String.raw`("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|null|true|false)`;
const patterns = kept.map((key) => [key, new RegExp(String.raw`"${key}"\s*:\s*${value}`)] as const);

/**
 * What a webhook's body does not keep (migration 11): its status and type have their own columns,
 * and its totals are not applied (the status check it triggers reads them from the gateway).
 */
export const webhookColumns = ['status', 'type', 'capturedAmount', 'refundedAmount'];

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
