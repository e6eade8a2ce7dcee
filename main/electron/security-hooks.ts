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

export function hardenWebContents(contents: WebContents, links: ExternalLinkPolicy, logger: Logger): void {
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
  contents.setWindowOpenHandler(({ url }) => {
    const allowed = links.check(url);
    if (allowed) void shell.openExternal(allowed.href);
    else logger.warn('A link outside the allow-list was not opened');
    return { action: 'deny' };
  });
}

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler?.(() => false);
}
