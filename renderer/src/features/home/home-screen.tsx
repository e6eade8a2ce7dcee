import { useSession } from '../../app/session-store';
import { useT } from '../../i18n';
import { Ltr } from '../../ui/ltr';

export function HomeScreen() {
  const t = useT();
  const { info, profile } = useSession();
  if (!info || !profile) return null;
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">{t('home.title')}</h1>
      <p>{t('home.intro')}</p>
      <h2>{t('home.about')}</h2>
      <dl className="facts">
        <dt>{t('home.version')}</dt>
        <dd>
          <Ltr testId="app-version">{info.version}</Ltr>
        </dd>
        <dt>{t('home.runtime')}</dt>
        <dd data-testid="app-runtime">{t(`home.runtime.${info.runtime}`)}</dd>
        <dt>{t('home.profile')}</dt>
        <dd data-testid="home-profile">{profile.name}</dd>
        <dt>{t('home.gateway')}</dt>
        <dd>
          <Ltr className="mono">{profile.baseUrl}</Ltr>
        </dd>
        <dt>{t('home.key')}</dt>
        <dd>
          {profile.key.configured
            ? t('home.key.configured', { lastFour: `\u2066${profile.key.lastFour ?? ''}\u2069` }) // isolated LTR run
            : t('home.key.missing')}
        </dd>
      </dl>
    </section>
  );
}
