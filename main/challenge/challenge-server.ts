// 3-D Secure for the virtual terminal. The gateway's challenge html is kept in memory under a
// random id and served, exactly as received, from a loopback server of main's own with
// `Content-Security-Policy: sandbox allow-forms allow-scripts`: it runs in an opaque origin
// that can reach nothing of the app (no API, no preload, no storage, no cookies). The sale's
// success and failure URLs point at `/3ds/<id>/done?result=…` here, so main sees the return.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ChallengeView } from '../../contract/methods/challenge';
import type { Logger } from '../log/logger';
import type { Language } from '../core/fail';
import { challengeWords, type ChallengeWordKey } from './challenge-words';

type Entry = { id: string; html: string | null; paymentId: string | null; state: ChallengeView['state']; createdAt: number };

export type ChallengeServer = {
  origin: string;
  /** A new id and the URLs to give the sale, before it is sent. */
  reserve(): { id: string; successUrl: string; failureUrl: string };
  attach(id: string, html: string, paymentId: string): ChallengeView;
  drop(id: string): void;
  get(id: string): ChallengeView | undefined;
  markClosed(id: string): void;
  /** What the renderer frames (preview) and what a challenge window loads (Electron). */
  frameUrl(id: string): string;
  pageUrl(id: string): string;
  close(): Promise<void>;
};

const maxAgeMs = 60 * 60 * 1000; // a challenge older than an hour is forgotten

/** `language`: Paydesk's (main's, which follows the window's), for this server's own words; English when not given. */
export async function startChallengeServer(options: { logger: Logger; onReturn(view: ChallengeView): void; language?: () => Language }): Promise<ChallengeServer> {
  // Its own pages (the wrapper, the return, "over or unknown") in Paydesk's language: they showed in
  // English in the Arabic app's frame and window (challenge-words.ts). The gateway's html is never touched.
  const words = (): Words => {
    const language = options.language?.() ?? 'en';
    return { language, dir: language === 'ar' ? 'rtl' : 'ltr', say: (key) => challengeWords[language][key] };
  };
  const entries = new Map<string, Entry>();
  let port = 0;
  const origin = () => `http://127.0.0.1:${port}`;
  const viewOf = (e: Entry): ChallengeView => ({ id: e.id, paymentId: e.paymentId ?? '', state: e.state, frameUrl: `${origin()}/3ds/${e.id}/frame` });

  const server = createServer((req, res) => {
    try {
      route(req, res);
    } catch {
      if (!res.headersSent) send(res, 500, 'Internal error');
    }
  });

  function route(req: IncomingMessage, res: ServerResponse) {
    req.resume(); // bodies (a gateway may POST the return) are not needed
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return send(res, 421, 'Wrong host');
    const url = new URL(req.url ?? '/', origin());
    const match = /^\/3ds\/([A-Za-z0-9_-]{16,64})(\/frame|\/done)?$/.exec(url.pathname);
    const entry = match ? entries.get(match[1]!) : undefined;
    if (!match || !entry) return page(res, words(), 'over', 404);
    if (match[2] === '/done') {
      if (entry.state === 'waiting') {
        entry.state = url.searchParams.get('result') === 'success' ? 'success' : 'failure';
        options.onReturn(viewOf(entry));
      }
      return page(res, words(), entry.state === 'success' ? 'finished' : 'failed');
    }
    if (req.method !== 'GET') return send(res, 405, 'Method not allowed');
    if (entry.html === null) return send(res, 404, 'Not ready');
    if (match[2] === '/frame') {
      // A wrapper of our own, framed by the preview: the challenge inside may navigate to any
      // bank's page (frame-src is judged by this document's policy, not the app's).
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src http: https:; frame-ancestors http://127.0.0.1:* http://localhost:*",
        'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff',
      });
      const w = words();
      return res.end(`<!doctype html><html lang="${w.language}" dir="${w.dir}"><head><meta charset="utf-8"><title>3-D Secure</title><style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}</style></head><body><iframe title="${escapeHtml(w.say('frameTitle'))}" sandbox="allow-forms allow-scripts" src="/3ds/${entry.id}"></iframe></body></html>`);
    }
    // The gateway's html, byte for byte, in an opaque origin.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': 'sandbox allow-forms allow-scripts', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' });
    res.end(entry.html);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const sweep = setInterval(() => {
    for (const [id, e] of entries) if (Date.now() - e.createdAt > maxAgeMs) entries.delete(id);
  }, 60_000);
  sweep.unref();

  const mustGet = (id: string) => entries.get(id);
  return {
    origin: origin(),
    reserve() {
      const id = randomBytes(18).toString('base64url');
      entries.set(id, { id, html: null, paymentId: null, state: 'waiting', createdAt: Date.now() });
      const done = `${origin()}/3ds/${id}/done?result=`;
      return { id, successUrl: `${done}success`, failureUrl: `${done}failure` };
    },
    attach(id, html, paymentId) {
      const e = mustGet(id)!;
      e.html = html;
      e.paymentId = paymentId;
      return viewOf(e);
    },
    drop: (id) => void entries.delete(id),
    get: (id) => {
      const e = mustGet(id);
      return e && e.html !== null ? viewOf(e) : undefined;
    },
    markClosed(id) {
      const e = mustGet(id);
      if (e && e.state === 'waiting') e.state = 'closed';
    },
    frameUrl: (id) => `${origin()}/3ds/${id}/frame`,
    pageUrl: (id) => `${origin()}/3ds/${id}`,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

type Words = { language: Language; dir: 'ltr' | 'rtl'; say(key: ChallengeWordKey): string };

function page(res: ServerResponse, w: Words, key: ChallengeWordKey, status = 200) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'", 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="${w.language}" dir="${w.dir}"><head><meta charset="utf-8"><title>Paydesk</title></head><body style="font-family:sans-serif;padding:16px"><p>${escapeHtml(w.say(key))}</p></body></html>`);
}
