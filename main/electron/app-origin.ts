// The renderer's origin in Electron: a privileged custom scheme, so the page never runs from
// file:// (where every local file is same-origin) and has an origin the IPC check can name.
export const appScheme = 'app';
export const appHost = 'paydesk';
export const appEntryUrl = `${appScheme}://${appHost}/index.html`;

/** True when url is a page of the app itself. WHATWG URL gives custom schemes the origin "null", so compare parts. */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${appScheme}:` && parsed.host === appHost && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}
