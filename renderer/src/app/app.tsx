import { useEffect } from 'react';
import { api } from '../api';
import { applyDocumentLanguage, useLanguage, useT } from '../i18n';
import { warmFormatters } from '../i18n/format';
import { useSession, watchProfiles } from './session-store';
import { Header } from './header';
import { CurrentScreen, Navigation } from './navigation';
import { Notifications } from './notifications';
import { LedgerUpdating } from './ledger-updating';
import { openFirstScreen } from './screens';

export function App() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { info, error, load } = useSession();

  useEffect(() => {
    applyDocumentLanguage(language);
    // Main words OS notifications and its dialogs in the same language.
    void api.setLanguage({ language }).catch(() => undefined);
  }, [language]);
  useEffect(() => {
    void load();
    openFirstScreen(); // its data after the session's calls, so main answers those first
    // Once the frame is drawn, while main answers the first calls: Intl's first use (not the first rows').
    const warm = setTimeout(() => warmFormatters(useLanguage.getState().language), 0);
    const unwatch = watchProfiles();
    return () => {
      clearTimeout(warm);
      unwatch();
    };
  }, [load]);

  return (
    <>
      <a className="skip-link" href="#main">{t('app.skipToContent')}</a>
      <Header />
      <div className="app-body">
        <Navigation />
        <main id="main" tabIndex={-1} data-ready={info ? 'true' : 'false'}>
          {error ? (
            <div role="alert" className="error-panel">
              <p>{error.message}</p>
              <button type="button" onClick={() => void load()}>{t('error.retry')}</button>
            </div>
          ) : info ? (
            <CurrentScreen />
          ) : (
            <p aria-live="polite">{t('app.loading')}</p>
          )}
        </main>
      </div>
      <LedgerUpdating />
      <Notifications />
    </>
  );
}
