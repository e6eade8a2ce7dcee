// index.html's first script (a classic script, async, about 1 KB; built by scripts/first-script.mjs):
// sends the page's first calls to the preview while the app's scripts load (api/first-calls.ts).
import { batchBody, headersFor, tokenInAddress, tokenKey, type FirstCall } from './api/first-calls';
import { lastScreen } from './app/last-screen';
import { firstPageQuery } from './features/transactions/list-query';

/**
 * What the app asks in its first turn (main.tsx): the session's two calls, then the first screen's
 * data: the list's first page when it opens on the list, and when it opens on Home, which asks for
 * it ahead of a click (screens.tsx). Other screens ask nothing more in that turn; a screen id the
 * app does not know (it opens Home then) gets the session only, and the app asks the rest itself.
 */
export function firstCalls(screen: string): FirstCall[] {
  const calls = [{ method: 'getAppInfo', input: {} }, { method: 'getActiveProfile', input: {} }];
  if (screen === 'transactions' || screen === 'home') calls.push({ method: 'searchPayments', input: firstPageQuery() });
  return calls.map((c) => ({ method: c.method, body: JSON.stringify(c.input) }));
}

/** The first script: sends the first calls in one request, unless in Electron, or the app already runs, or no token. */
export function sendFirstCalls(): void {
  if (window.paydesk || window.paydeskFirstCalls) return;
  let token = tokenInAddress();
  try {
    token ??= sessionStorage.getItem(tokenKey) ?? undefined;
  } catch {
    // no storage: the app asks itself
  }
  if (!token) return;
  const calls = firstCalls(lastScreen());
  const response = fetch('/api/calls', { method: 'POST', headers: headersFor(token), body: batchBody(calls) });
  response.catch(() => undefined); // the app's call settles with "not reachable"
  window.paydeskFirstCalls = { calls, response };
}

sendFirstCalls();
