// What an ended check-up means for the business, in one sentence under its counts, and for each
// failed step what it stops until the gateway's setup is put right. The owner's question is "is our
// sandbox set up right?": the counts alone ("8 passed, 2 answered differently, 1 failed") left the
// answer, and what to do, to someone who knows the gateway's interface (walk of 2026-12-01).
import type { CheckupStep } from '../../../../contract/methods/checkup';
import type { MessageKey } from '../../i18n';

type Counted = { state: string; steps: ReadonlyArray<Pick<CheckupStep, 'state'>> };

/** The verdict's message and its count, or null while the run goes on. */
export function verdictOf(run: Counted): { key: MessageKey; count: number } | null {
  if (run.state === 'running' || run.state === 'cancelling') return null;
  const failed = run.steps.filter((s) => s.state === 'failed').length;
  const different = run.steps.filter((s) => s.state === 'different').length;
  // A failure says most, whatever else happened: the same operation fails for real payments.
  if (failed > 0) return { key: 'checkup.verdict.failed', count: failed };
  if (run.state !== 'finished') return { key: 'checkup.verdict.unfinished', count: 0 };
  if (different > 0) return { key: 'checkup.verdict.different', count: different };
  return { key: 'checkup.verdict.ready', count: 0 };
}

/**
 * What a failed step stops, said to the business; null for a step in any other state. A link or
 * session made whose only failure is its page on plain http (walk39) can be made, not sent: "cannot
 * be made yet" was untrue of it.
 */
export function failedMeaning(step: Pick<CheckupStep, 'key' | 'state'> & { findings?: CheckupStep['findings'] }): MessageKey | null {
  if (step.state !== 'failed') return null;
  const failures = (step.findings ?? []).filter((f) => f.severity === 'failed');
  if (failures.length > 0 && failures.every((f) => f.code === 'insecure_pay_page')) return 'checkup.meaning.notSendable';
  return `checkup.meaning.${step.key}` as MessageKey;
}
