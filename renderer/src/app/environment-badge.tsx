import type { Environment } from '../../../contract/methods/app';
import { useT } from '../i18n';

/**
 * Practice, Sandbox or Production (red), in capitals: staff must never wonder which gateway they are using.
 * The capitals are drawn, not read: Chromium gives screen readers a text-transformed word in its capitals
 * ("Environment PRACTICE", which some readers spell; walk18), so the drawn word is the badge's `::before`
 * (its alternative text empty) and the word read is a hidden span in its own case (app.css, .env-badge).
 */
export function EnvironmentBadge({ environment, hint = true, testId = 'environment-badge' }: { environment: Environment; hint?: boolean; testId?: string }) {
  const t = useT();
  const word = t(`env.${environment}`);
  return (
    <span className={`env-badge env-${environment}`} data-word={word} title={hint ? t(`env.${environment}.hint`) : undefined} data-testid={testId || undefined}>
      <span className="env-badge-word visually-hidden">{word}</span>
    </span>
  );
}
