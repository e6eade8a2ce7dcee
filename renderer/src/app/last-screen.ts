// The screen last used, kept with the window's other preferences (the language, i18n/index.ts),
// so Paydesk reopens where the user left it. Apart from the navigation store (no imports), so the
// page's first script (api/first-calls.ts) reads it before the app's scripts run.
export const lastScreenKey = 'paydesk.lastScreen';

export function lastScreen(): string {
  try {
    return localStorage.getItem(lastScreenKey) || 'home';
  } catch {
    return 'home';
  }
}
