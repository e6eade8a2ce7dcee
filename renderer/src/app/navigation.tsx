import { Suspense, useEffect, useLayoutEffect, useMemo, type ComponentType } from 'react';
import { useLanguage, useT } from '../i18n';
import { warmFormattersWhenIdle } from '../i18n/format';
import { useNavigation } from './navigation-store';
import { pageToStart } from './page-scroller';
import { codeArrived, preloadScreens, screenComponent, screens, screensOfferedNow, useOfferedScreens } from './screens';
import { keepKeysUntilDrawn } from './keys-while-loading';
import { api } from '../api';
import { afterFirstScreenData } from './first-screen';
import { altShortcut } from '../ui/shortcut-key';
import { screenKeys } from '../ui/shortcuts';
import { ShortcutsHelp } from './shortcuts-help';
import { focusHeadingWhenDrawn, focusScreenHeading, screenDrawn } from './screen-heading';
import { startAttentionCount, useAttentionCount } from './attention-count';

export function Navigation() {
  const t = useT();
  const { go } = useNavigation();
  const offered = useOfferedScreens();
  const screen = useShownScreen();
  const waiting = useAttentionCount((s) => s.total) ?? 0;

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
              {entry.id === 'attention' && waiting > 0 ? <AttentionEntry label={t(entry.label)} words={t('nav.attention.waiting', { count: waiting })} count={waiting} /> : t(entry.label)}
            </button>
          </li>
        ))}
        {/* The list's last entry, so under 1200 px it wraps with the screens' lines, not on a line of its own. */}
        <li className="nav-help"><ShortcutsHelp /></li>
      </ul>
    </nav>
  );
}

/**
 * Needs attention with how many wait: seen as its name and a pill (over 99 as "99+", digits and a
 * sign, no word), said as words ("Needs attention: 3 payments waiting"). The words are the button's
 * whole name and what is seen is hidden from screen readers: an aria-label over seen text that holds
 * the number is refused by axe (label-content-name-mismatch: "Needs attention1" is not in the name).
 */
function AttentionEntry({ label, words, count }: { label: string; words: string; count: number }) {
  return (
    <>
      <span aria-hidden="true">
        {label}
        {/* "99+" left to right in Arabic too; the pill itself follows the line's direction (its margin on the name's side). */}
        <span className="nav-count" data-testid="attention-waiting">
          <bdi dir="ltr">{count > 99 ? '99+' : count}</bdi>
        </span>
      </span>
      <span className="nav-count-words">{words}</span>
    </>
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
    startAttentionCount();
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

// The page's first screen opens at its start already; every later one is scrolled there. Reading
// whether the page is scrolled down (scrollY) forces a layout when the page has changed since its
// last frame: in a layout effect it forced one mid-draw, and at a press the moment a screen shows
// (Home's, before its first frame) it ran that screen's whole layout inside the press. Scrolling to
// the top needs no layout, as the top is never clamped (Chromium: 0.1 ms against 800 ms for a
// scrollY read over 20,000 changed rows; docs/performance.md, twenty-first pass).
let firstScreenOpened = false;

/** Its effect runs once the screen is on the page: a Suspense boundary commits it whole, after its code arrived. */
function DrawnScreen({ id, Screen }: { id: string; Screen: ComponentType }) {
  // A screen opens at its start: opened by a press low on another (Home's "needs attention", its
  // figures), it kept that scroll, Needs attention's title above the window. Before the screen's own
  // effects, so one that brings a part of it into view (Settings' section) still does.
  useLayoutEffect(() => {
    if (firstScreenOpened) pageToStart();
    firstScreenOpened = true;
  }, [id]);
  useEffect(() => screenDrawn(id), [id]);
  return <Screen />;
}
