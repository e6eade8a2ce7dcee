import { Suspense, useEffect, useLayoutEffect, useMemo, type ComponentType } from 'react';
import { useLanguage, useT } from '../i18n';
import { warmFormattersWhenIdle } from '../i18n/format';
import { useNavigation } from './navigation-store';
import { codeArrived, preloadScreens, screenComponent, screens, screensOfferedNow, useOfferedScreens } from './screens';
import { keepKeysUntilDrawn } from './keys-while-loading';
import { api } from '../api';
import { afterFirstScreenData } from './first-screen';
import { altShortcut } from '../ui/shortcut-key';
import { screenKeys } from '../ui/shortcuts';
import { ShortcutsHelp } from './shortcuts-help';
import { focusHeadingWhenDrawn, focusScreenHeading, screenDrawn } from './screen-heading';

export function Navigation() {
  const t = useT();
  const { go } = useNavigation();
  const offered = useOfferedScreens();
  const screen = useShownScreen();

  // Alt+<key> opens a screen from anywhere, so the whole app works without a mouse; a screen this
  // person is not offered (finance's create screens) is not opened by its key either.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = altShortcut(event);
      const target = key && screensOfferedNow().find((s) => s.shortcut === key);
      if (!target) return;
      event.preventDefault();
      if (target.id === useNavigation.getState().screen) focusScreenHeading();
      else {
        focusHeadingWhenDrawn(target.id);
        // Typed before its code is here, the keys would go nowhere: kept for its first field.
        if (!codeArrived(target.id)) keepKeysUntilDrawn();
        go(target.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  // The window's title names the screen ("Transactions — Paydesk"), in the language shown: a screen
  // reader says it when the screen changes, and the desktop's window list shows where Paydesk is.
  const label = screens.find((s) => s.id === screen)?.label;
  const title = label ? `${t(label)} — ${t('app.name')}` : t('app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <nav aria-label={t('nav.label')} className="app-nav">
      <ul>
        {offered.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              aria-current={screen === entry.id ? 'page' : undefined}
              aria-keyshortcuts={screenKeys(entry.id)}
              title={screenKeys(entry.id)}
              onClick={() => go(entry.id)}
              data-testid={`nav-${entry.id}`}
            >
              {t(entry.label)}
            </button>
          </li>
        ))}
        {/* The list's last entry, so under 1200 px it wraps with the screens' lines, not on a line of its own. */}
        <li className="nav-help"><ShortcutsHelp /></li>
      </ul>
    </nav>
  );
}

let shown = false;
/** Once the first screen is on screen with its data: the other screens' code, main's services it did not need, and Intl's first use. */
function firstScreenShown() {
  if (shown) return;
  shown = true;
  afterFirstScreenData(() => {
    preloadScreens();
    void api.firstScreenShown({});
    warmFormattersWhenIdle(() => useLanguage.getState().language);
  });
}

/**
 * The screen drawn: the one chosen, or Home when this person is not offered it (finance's laptop
 * last closed on a create screen, or a link that leads to one).
 */
function useShownScreen(): string {
  const chosen = useNavigation((s) => s.screen);
  return useOfferedScreens().some((entry) => entry.id === chosen) ? chosen : 'home';
}

export function CurrentScreen() {
  const screen = useShownScreen();
  const t = useT();
  // Chosen once per screen opened: a screen drawn through React.lazy stays so until another opens.
  const Screen = useMemo(() => screenComponent(screens.find((s) => s.id === screen) ?? screens[0]!), [screen]);
  useEffect(() => {
    const timer = setTimeout(firstScreenShown, 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
      <DrawnScreen key={screen} id={screen} Screen={Screen} />
    </Suspense>
  );
}

// Whether the page was scrolled down when a screen was chosen, read as it is chosen (in the press's
// handler, the layout still that of the last frame): read while the new screen commits, scrollY
// forced a layout in the middle of its first draw (about 14 ms more to the list's rows on a cold
// start, 9 ms from Home to the list). The page's first screen is chosen by no press: at its start.
let scrolledDown = false;
useNavigation.subscribe((now, before) => {
  if (now.screen !== before.screen) scrolledDown = window.scrollY > 0;
});

/** Its effect runs once the screen is on the page: a Suspense boundary commits it whole, after its code arrived. */
function DrawnScreen({ id, Screen }: { id: string; Screen: ComponentType }) {
  // A screen opens at its start: opened by a press low on another (Home's "needs attention", its
  // figures), it kept that scroll, Needs attention's title above the window. Before the screen's own
  // effects, so one that brings a part of it into view (Settings' section) still does.
  useLayoutEffect(() => {
    if (scrolledDown) window.scrollTo(0, 0);
  }, [id]);
  useEffect(() => screenDrawn(id), [id]);
  return <Screen />;
}
