import { useEffect } from 'react';
import { applyDocumentLanguage, useLanguage, useT } from '../i18n';
import { useWordedError } from '../i18n/words';
import { tellMainTheLanguage, useSession, watchSession } from './session-store';
import { Header } from './header';
import { CurrentScreen, Navigation } from './navigation';
import { Notifications } from './notifications';
import { LedgerUpdating } from './ledger-updating';
import { openFirstScreen } from './screens';
import { QuotedWords } from '../ui/quoted-words';

export function App() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { info, error, load } = useSession();
  const wordError = useWordedError();

  const mainLanguage = info?.language;
  useEffect(() => applyDocumentLanguage(language), [language]);
  // Main words OS notifications and its dialogs in the same language: told when it uses another.
  useEffect(() => tellMainTheLanguage(language), [language, mainLanguage]);
  useEffect(() => {
    void load();
    openFirstScreen(); // its data after the session's calls, so main answers those first
    return watchSession();
  }, [load]);

  return (
    <>
      <a className="skip-link" href="#main">{t('app.skipToContent')}</a>
      <Header />
      <div className="app-body">
        <Navigation />
        <main id="main" tabIndex={-1} data-ready={info ? 'true' : 'false'}>
          {/* In the page, where the eyes are: after the navigation it was below the fold (walk36). */}
          <LedgerUpdating />
          {error ? (
            <div role="alert" className="error-panel">
              <p><QuotedWords text={wordError(error).message} /></p>
              <button type="button" onClick={() => void load()}>{t('error.retry')}</button>
            </div>
          ) : info ? (
            <CurrentScreen />
          ) : (
            <p aria-live="polite">{t('app.loading')}</p>
          )}
        </main>
      </div>
      <Notifications />
    </>
  );
}
