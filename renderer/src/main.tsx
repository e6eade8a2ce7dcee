import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { askForSessionEarly, showSessionWhenReady } from './app/session-store';
import { firstScreenData, firstScreenUsesIntl, openFirstScreen } from './app/screens';
import { useLanguage } from './i18n';
import { warmFormatters } from './i18n/format';

// The session's calls and the first screen's data are asked for before React draws the frame
// (they used to wait for its first effects), so main answers them while React renders; the
// session is in the store as soon as it and the first screen's code are in.
askForSessionEarly();
const sessionShown = showSessionWhenReady(openFirstScreen());

// The root is made now, while main is asked: createRoot sets up React's event listeners (a few
// ms in a trace) and would otherwise do so after main's answers, on the first draw's path.
const root = createRoot(document.getElementById('root')!);
const draw = () => root.render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// A screen with data of its own (a returning user's list; Home, which asks for the list's first
// page ahead) is drawn once, frame, screen and first rows together, when main has answered (it
// usually has by the time the page's scripts have run): drawn first with "Loading…", the frame's
// render, layout and paint came before the screen's render, which came before the rows'
// (docs/performance.md, ninth pass). The other screens draw at once.
const firstDrawWaitMs = 100; // at most: then the frame with "Loading…", and main's answers come into it as before
// Home's figures and dates use Intl, as do the other screens but the list: its first use (12–20 ms,
// whatever is made first) is paid here, while main is asked, before the first draw, rather than in
// an idle moment that may fall on main's answers or a click. The list needs none (plain-format.ts):
// a start on it pays Intl once its rows are shown (navigation.tsx).
if (firstScreenUsesIntl()) warmFormatters(useLanguage.getState().language);
const data = firstScreenData();
if (!data) draw();
else {
  let drawn = false;
  const drawOnce = () => {
    if (drawn) return;
    drawn = true;
    draw();
  };
  void Promise.all([sessionShown, data]).catch(() => undefined).then(drawOnce);
  setTimeout(drawOnce, firstDrawWaitMs);
}
