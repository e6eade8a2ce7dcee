import { create } from 'zustand';

/** Which screen is open. Screens register in screens.tsx; this store only remembers the choice. */
export type NavigationState = { screen: string; params: Record<string, string>; go(screen: string, params?: Record<string, string>): void };

// The screen last used is kept with the window's other preferences (the language, i18n/index.ts),
// so Paydesk reopens where the user left it: a support agent who closed it on Transactions gets
// Transactions; someone new gets Home. Read synchronously, so the first frame is already right.
// Only the screen is kept, not what was open on it. screens.tsx drops an id it does not know.
const lastScreenKey = 'paydesk.lastScreen';

function lastScreen(): string {
  try {
    return localStorage.getItem(lastScreenKey) || 'home';
  } catch {
    return 'home';
  }
}

export const useNavigation = create<NavigationState>((set) => ({
  screen: lastScreen(),
  params: {},
  go: (screen, params = {}) => {
    try {
      localStorage.setItem(lastScreenKey, screen);
    } catch {
      // Storage refused (a private window): the next start opens on Home.
    }
    set({ screen, params });
  },
}));
