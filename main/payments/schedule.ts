// When to ask the gateway again about a payment that is not settled: soon at first, then
// less and less often. After `attentionAfter` checks without a settled answer the payment is
// flagged as needing a person's attention (it keeps being checked).
export const checkDelaysSeconds = [30, 60, 120, 300, 900, 3600, 6 * 3600];
export const attentionAfter = 5;

export function nextCheckAt(now: Date, attempts: number): string {
  const delay = checkDelaysSeconds[Math.min(attempts, checkDelaysSeconds.length - 1)]!;
  return new Date(now.getTime() + delay * 1000).toISOString();
}
