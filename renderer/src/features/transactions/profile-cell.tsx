// A row's profile as the audit log and Needs attention show it: the profile's name (the practice
// profile's in the reader's language, a removed one said so) and its environment's badge; a profile
// named as its environment (the practice profile) by its badge alone: "Practice PRACTICE" and
// «التدريب التدريب» said it twice (as the header's switcher says it once: withEnvironment); a name
// that says its environment («بيئة الاختبار») by its name alone.
import { useT } from '../../i18n';
import { EnvironmentBadge } from '../../app/environment-badge';
import { nameSaysEnvironment, namedAsEnvironment, profileName } from '../../ui/profile-name';
import { useProfileList } from '../settings/settings-store';

const isEnvironment = (value: string | null): value is 'practice' | 'sandbox' | 'production' => value === 'practice' || value === 'sandbox' || value === 'production';

export function ProfileCell({ profileId, environment }: { profileId: string | null; environment: string | null }) {
  const t = useT();
  // The header's list of profiles (settings-store.ts), not asked of main again.
  const profiles = useProfileList();
  const found = profileId ? profiles.find((p) => p.id === profileId) : undefined;
  const name = !profileId ? '—' : found ? profileName(found, t) : t('audit.profileRemoved');
  // A name the person gave, isolated in its own direction (as the header's dir="auto"): unisolated,
  // "Shop (2)" before the Arabic badge drew its closing bracket on the wrong side in Arabic.
  const shown = found ? <bdi className="user-text">{name}</bdi> : name;
  if (!isEnvironment(environment)) return <>{shown}</>;
  const badge = <EnvironmentBadge environment={environment} hint={false} testId="" />;
  const word = t(`env.${environment}`);
  if (namedAsEnvironment(name, word)) return badge;
  // A name that says its environment ("بيئة الاختبار") is shown alone (its environment as its hint).
  if (found && nameSaysEnvironment(name, word)) return <bdi className="user-text" title={word}>{name}</bdi>;
  return <>{shown} {badge}</>;
}
