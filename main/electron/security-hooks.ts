// Default-deny for everything a page could do besides showing the app: navigating away,
// following redirects, opening windows, attaching webviews, asking for permissions. A link
// the user clicks that passes the external-link policy opens in the OS instead.
import { shell, type Session, type WebContents } from 'electron';
import { isAppUrl } from './app-origin';
import type { ExternalLinkPolicy } from './external-links';
import type { Logger } from '../log/logger';

// The one exception to "stay in the app": the 3-D Secure challenge window (challenge-window.ts)
// may navigate to the bank's pages. Registered per webContents, checked at each navigation.
const navigationExceptions = new WeakMap<WebContents, (url: string) => boolean>();
export function allowNavigationInside(contents: WebContents, allow: (url: string) => boolean): void {
  navigationExceptions.set(contents, allow);
}

/**
 * The app's own windows, told apart from other pages (the 3-D Secure window): only theirs may have
 * a payment page looked up in the ledger (a scan where the page is not held: a hostile page asking
 * in a loop would hold main's thread), and only theirs are told, in words, of a link refused.
 */
export type AppWindows = { has(contents: WebContents): boolean; refused(contents: WebContents, url: string): void };
const noAppWindows: AppWindows = { has: () => false, refused: () => undefined };

export function hardenWebContents(contents: WebContents, links: ExternalLinkPolicy, logger: Logger, appWindows: AppWindows = noAppWindows): void {
  const stayInApp = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url) && !navigationExceptions.get(contents)?.(url)) {
      event.preventDefault();
      logger.warn('Navigation away from the app was blocked');
    }
  };
  contents.on('will-navigate', stayInApp);
  contents.on('will-frame-navigate', (event) => stayInApp(event, event.url));
  contents.on('will-redirect', stayInApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  const openOutside = (url: URL) => void shell.openExternal(url.href).catch(() => logger.warn('The system could not open a link'));
  contents.setWindowOpenHandler(({ url }) => {
    const allowed = links.check(url);
    if (allowed) openOutside(allowed);
    else if (!appWindows.has(contents)) logger.warn('A link outside the allow-list was not opened');
    // Else a payment page the ledger holds (the gateway's pages on another host), asked of the ledger.
    else {
      void links.paymentPage(url).catch(() => undefined).then((page) => {
        if (page) return openOutside(page);
        logger.warn('A link outside the allow-list was not opened');
        appWindows.refused(contents, url);
      });
    }
    return { action: 'deny' };
  });
}

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler?.(() => false);
}
