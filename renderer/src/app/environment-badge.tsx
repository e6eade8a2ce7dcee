import type { Environment } from '../../../contract/methods/app';
import { useT } from '../i18n';

/** Practice, Sandbox or Production (red), in capitals: staff must never wonder which gateway they are using. */
export function EnvironmentBadge({ environment }: { environment: Environment }) {
  const t = useT();
  return (
    <span className={`env-badge env-${environment}`} title={t(`env.${environment}.hint`)} data-testid="environment-badge">
      {t(`env.${environment}`)}
    </span>
  );
}
