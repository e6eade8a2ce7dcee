// 3-D Secure for the virtual terminal. The gateway's challenge html is kept in memory under a
// random id and served, exactly as received, from a loopback server of main's own with
// `Content-Security-Policy: sandbox allow-forms allow-scripts`: it runs in an opaque origin
// that can reach nothing of the app (no API, no preload, no storage, no cookies). The sale's
// success and failure URLs point at `/3ds/<id>/done?result=…` here, so main sees the return.
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ChallengeView } from '../../contract/methods/challenge';
import type { Logger } from '../log/logger';

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

/** What the listener passes on of a request (bodies are not needed: a gateway may POST the return). */
export type ChallengeRequest = { method: string; url: string; host: string };
export type ChallengeResponse = { status: number; headers: Record<string, string>; body: string };
export type ChallengeListener = { origin: string; port: number; close(): Promise<void> };

/**
 * The loopback listener alone: each request answered by `respond`. The preview listens on its
 * main thread (the page's CSP names this origin before main's services have started) and answers
 * from the services thread (main/entry/preview-services.ts); startChallengeServer does both here.
 */
export async function listenForChallenges(respond: (request: ChallengeRequest) => ChallengeResponse | Promise<ChallengeResponse>): Promise<ChallengeListener> {
  const server = createServer((req, res) => {
    req.resume(); // bodies are not needed
    void Promise.resolve()
      .then(() => respond({ method: req.method ?? 'GET', url: req.url ?? '/', host: req.headers.host ?? '' }))
      .catch((): ChallengeResponse => ({ status: 500, headers: textHeaders, body: 'Internal error' }))
      .then((answer) => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** The challenges kept for a listener at `port` and its answers; `close` stops only the sweep. */
export function createChallenges(options: { port: number; onReturn(view: ChallengeView): void }): ChallengeServer & { respond(request: ChallengeRequest): ChallengeResponse } {
  const entries = new Map<string, Entry>();
  const { port } = options;
  const origin = () => `http://127.0.0.1:${port}`;
  const viewOf = (e: Entry): ChallengeView => ({ id: e.id, paymentId: e.paymentId ?? '', state: e.state, frameUrl: `${origin()}/3ds/${e.id}/frame` });

  function respond(req: ChallengeRequest): ChallengeResponse {
    const host = req.host;
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return send(421, 'Wrong host');
    const url = new URL(req.url, origin());
    const match = /^\/3ds\/([A-Za-z0-9_-]{16,64})(\/frame|\/done)?$/.exec(url.pathname);
    const entry = match ? entries.get(match[1]!) : undefined;
    if (!match || !entry) return send(404, 'This challenge is over or unknown. Close this window and check the payment in Paydesk.');
    if (match[2] === '/done') {
      if (entry.state === 'waiting') {
        entry.state = url.searchParams.get('result') === 'success' ? 'success' : 'failure';
        options.onReturn(viewOf(entry));
      }
      return page(entry.state === 'success' ? 'Verification finished. Paydesk shows the result.' : 'Verification did not succeed. Paydesk shows the result.');
    }
    if (req.method !== 'GET') return send(405, 'Method not allowed');
    if (entry.html === null) return send(404, 'Not ready');
    if (match[2] === '/frame') {
      // A wrapper of our own, framed by the preview: the challenge inside may navigate to any
      // bank's page (frame-src is judged by this document's policy, not the app's).
      return {
        status: 200,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src http: https:; frame-ancestors http://127.0.0.1:* http://localhost:*",
          'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff',
        },
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3-D Secure</title><style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}</style></head><body><iframe title="3-D Secure verification" sandbox="allow-forms allow-scripts" src="/3ds/${entry.id}"></iframe></body></html>`,
      };
    }
    // The gateway's html, byte for byte, in an opaque origin.
    return {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': 'sandbox allow-forms allow-scripts', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' },
      body: entry.html,
    };
  }

  const sweep = setInterval(() => {
    for (const [id, e] of entries) if (Date.now() - e.createdAt > maxAgeMs) entries.delete(id);
  }, 60_000);
  sweep.unref();

  const mustGet = (id: string) => entries.get(id);
  return {
    origin: origin(),
    respond,
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
    close: async () => clearInterval(sweep),
  };
}

export async function startChallengeServer(options: { logger: Logger; onReturn(view: ChallengeView): void }): Promise<ChallengeServer> {
  let challenges: ReturnType<typeof createChallenges> | undefined;
  const listener = await listenForChallenges((request) => challenges!.respond(request));
  challenges = createChallenges({ port: listener.port, onReturn: options.onReturn });
  const stopSweep = challenges.close;
  return {
    ...challenges,
    async close() {
      await stopSweep();
      await listener.close();
    },
  };
}

const textHeaders = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

function send(status: number, text: string): ChallengeResponse {
  return { status, headers: textHeaders, body: text };
}

function page(text: string): ChallengeResponse {
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'", 'cache-control': 'no-store' },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Paydesk</title></head><body style="font-family:sans-serif;padding:16px"><p>${text}</p></body></html>`,
  };
}
