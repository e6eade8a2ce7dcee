// The page's first calls in the preview, sent by index.html's first script (first-calls-entry.ts,
// under 1 KB, async) while the browser still fetches, compiles and runs the app's two scripts: the
// app's own first calls left only once those had run, ~120 ms after the HTML on this machine
// (docs/performance.md, fourteenth pass). In its first turn the app takes those answers for the
// very same calls (same method, same input) instead of asking again (bridge-transport.ts), once;
// what it asks besides goes to main as before. In Electron (`window.paydesk`, the preload's IPC)
// nothing is sent early. What the transport and the first script share; no imports (in the app's
// graph, an import here that the list's store also imports split the page into four scripts).
export type FirstCall = { method: string; body: string };
/** What the first script sent: the calls and the answer of their one request (main's `/api/calls`). */
export type SentFirst = { calls: FirstCall[]; response: Promise<Response> };

declare global {
  interface Window {
    /** The first script's calls, until the app takes them; 'app' once the app's transport is made (the first script, if later, sends nothing). */
    paydeskFirstCalls?: SentFirst | 'app';
  }
}

export const tokenKey = 'paydesk.previewToken';

/** The preview's per-launch token: in the address the preview printed, or kept for this tab (a reload). */
export function tokenInAddress(): string | undefined {
  return /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash)?.[1];
}

export const headersFor = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** The body of main's `/api/calls` for these calls (each input already JSON). */
export const batchBody = (calls: Array<{ method: string; body: string }>) => `{"calls":[${calls.map((c) => `{"method":${JSON.stringify(c.method)},"input":${c.body}}`).join(',')}]}`;

/** For the app's transport, once: what the first script sent, if anything; from then on it sends nothing. */
export function takeFirstCalls(): SentFirst | undefined {
  const sent = window.paydeskFirstCalls;
  window.paydeskFirstCalls = 'app';
  return typeof sent === 'object' ? sent : undefined;
}
