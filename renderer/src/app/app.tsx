import { useEffect } from 'react';
import { applyDocumentLanguage, useLanguage, useT } from '../i18n';
import { warmFormatters } from '../i18n/format';
import { tellMainTheLanguage, useSession, watchSession } from './session-store';
import { Header } from './header';
import { CurrentScreen, Navigation } from './navigation';
import { Notifications } from './notifications';
import { LedgerUpdating } from './ledger-updating';
import { openFirstScreen } from './screens';

export function App() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { info, error, load } = useSession();

  const mainLanguage = info?.language;
  useEffect(() => applyDocumentLanguage(language), [language]);
  // Main words OS notifications and its dialogs in the same language: told when it uses another.
  useEffect(() => tellMainTheLanguage(language), [language, mainLanguage]);
  useEffect(() => {
    void load();
    openFirstScreen(); // its data after the session's calls, so main answers those first
    const unwatch = watchSession();
    // Intl's first use (ICU's data: 10–20 ms) in a moment the page is idle, waiting for main's
    // answers, not when the first rows are drawn. Only when idle: as a timer it ran while the
    // session's answers were in, and their bodies were read only after it (probe marks: 20–50 ms).
    if (typeof requestIdleCallback !== 'function') return unwatch; // a DOM without it (the tests)
    const warm = requestIdleCallback(() => warmFormatters(useLanguage.getState().language), { timeout: 2_000 });
    return () => {
      cancelIdleCallback(warm);
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
