// The 3-D Secure challenge of a virtual-terminal sale, in a window of its own: no preload (so no
// Paydesk API), sandboxed, context-isolated, and an in-memory session of its own (a partition
// without "persist:"), so the bank's page shares no cookies or storage with the app and nothing
// survives the window. It is the one window allowed to navigate (the gateway's form posts to the
// bank, the bank redirects to main's loopback return page): an explicit exception to
// security-hooks.ts, limited to http(s) inside this window. New windows and permissions stay denied.
// Its requests ask for Paydesk's language, not the operating system's: the session's Accept-Language
// covers every request of the window (the gateway's form POST, the bank's redirects), where
// loadURL's extraHeaders would cover the first page only.
import { BrowserWindow, session } from 'electron';
import { randomBytes } from 'node:crypto';
import { allowNavigationInside } from './security-hooks';
import { lockedDown } from './window';
import { reason, reasonText, type Language } from '../core/fail';

export function challengeWindowOptions(partition: string, language: Language = 'en'): Electron.BrowserWindowConstructorOptions {
  return {
    width: 520,
    height: 680,
    title: reasonText(language, reason('os.challengeTitle')),
    autoHideMenuBar: true,
    webPreferences: { ...lockedDown, partition },
  };
}

/** Paydesk's language first, the other one after it (the bank's page may offer only one of them). */
export const acceptLanguages = (language: Language) => (language === 'ar' ? 'ar,en' : 'en,ar');

const webUrl = (url: string) => {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
};

export function openChallengeWindow(url: string, onClosed: () => void, language: Language = 'en', parent?: BrowserWindow): { close(): void } {
  const partition = `paydesk-3ds-${randomBytes(8).toString('hex')}`;
  const own = session.fromPartition(partition, { cache: false });
  own.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  own.setPermissionCheckHandler(() => false);
  // Before the window exists: a session's user agent does not reach a WebContents already made.
  own.setUserAgent(own.getUserAgent(), acceptLanguages(language));
  const window = new BrowserWindow({ ...challengeWindowOptions(partition, language), ...(parent ? { parent } : {}) });
  allowNavigationInside(window.webContents, webUrl);
  window.on('closed', onClosed);
  void window.loadURL(url);
  return {
    close() {
      if (!window.isDestroyed()) window.close();
    },
  };
}
