import { useEffect } from 'react';
import { applyDocumentLanguage, useLanguage, useT } from '../i18n';
import { useSession, watchProfiles } from './session-store';
import { Header } from './header';
import { HomeScreen } from '../features/home/home-screen';

export function App() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { info, error, load } = useSession();

  useEffect(() => applyDocumentLanguage(language), [language]);
  useEffect(() => {
    void load();
    return watchProfiles();
  }, [load]);

  return (
    <>
      <a className="skip-link" href="#main">{t('app.skipToContent')}</a>
      <Header />
      <main id="main" tabIndex={-1} data-ready={info ? 'true' : 'false'}>
        {error ? (
          <div role="alert" className="error-panel">
            <p>{error.message}</p>
            <button type="button" onClick={() => void load()}>{t('error.retry')}</button>
          </div>
        ) : info ? (
          <HomeScreen />
        ) : (
          <p aria-live="polite">{t('app.loading')}</p>
        )}
      </main>
    </>
  );
}
