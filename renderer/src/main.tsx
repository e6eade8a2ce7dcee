import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { askForSessionEarly, showSessionWhenReady } from './app/session-store';
import { openFirstScreen } from './app/screens';

// The session's calls and the first screen's data are asked for before React draws the frame
// (they used to wait for its first effects), so main answers them while React renders; the
// session is in the store as soon as it and the first screen's code are in.
askForSessionEarly();
showSessionWhenReady(openFirstScreen());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
