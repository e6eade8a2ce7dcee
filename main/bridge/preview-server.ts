// The preview: the real main-process handlers behind a loopback HTTP bridge, and the built
// renderer served beside them. It is how Paydesk runs where Electron cannot, and what the
// end-to-end tests drive. No CORS headers are ever sent: only the app's own page may call.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { userInfo } from 'node:os';
import type { MethodName } from '../../contract/methods';
import type { Handlers } from '../api/create-handlers';
import type { EventHub } from '../core/event-hub';
import type { Logger } from '../log/logger';
import { checkApiRequest, checkHost } from './request-guard';
import { readStaticFile, type StaticFile } from './static-files';

export type PreviewServerOptions = {
  /** May still be loading: the page and its code are served meanwhile, calls wait for them. */
  handlers: Handlers | Promise<Handlers>;
  events: EventHub | Promise<EventHub>;
  logger: Logger;
  staticDir: string;
  port?: number;
  /** Told of each request: a static file once sent, an API call as it arrives (the preview starts main's services then). */
  onRequest?(path: string): void;
  /** Origins the page may frame besides its own: main's 3-D Secure challenge server. */
  frameSources?: string[];
  /** Files already read, by URL path (the page and what its HTML names: static-files.ts's readPageFiles), served from memory. */
  pageFiles?: Map<string, StaticFile>;
};

export type PreviewServer = { url: string; port: number; token: string; close(): Promise<void> };

const maxBodyBytes = 16 * 1024 * 1024; // bulk CSV uploads are the largest calls

// The preview's page may talk only to its own origin; the gateway's pages are reached by
// navigation in a new tab, never by the page's scripts.
const cspFor = (frameSources: string[] = []) => [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  `frame-src 'self' blob:${frameSources.map((o) => ` ${o}`).join('')}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export async function startPreviewServer(options: PreviewServerOptions): Promise<PreviewServer> {
  const token = randomBytes(24).toString('base64url');
  const osUser = safeUserName();
  const streams = new Set<ServerResponse>();
  let port = 0;
  const csp = cspFor(options.frameSources);

  const server = createServer((req, res) => {
    void route(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'text/plain', 'Internal error');
      else res.end();
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith('/api/')) {
      options.onRequest?.(path);
      return api(req, res, path);
    }
    const host = checkHost(req, port);
    if (!host.ok) return send(res, host.status, 'text/plain', host.reason);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method not allowed');
    const file = options.pageFiles?.get(path) ?? await readStaticFile(options.staticDir, path);
    if (!file) return send(res, 404, 'text/plain', 'Not found');
    res.writeHead(200, {
      'content-type': file.contentType,
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : file.body, () => options.onRequest?.(path));
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    const verdict = checkApiRequest(req, port, token);
    if (!verdict.ok) {
      req.resume();
      return send(res, verdict.status, 'application/json', JSON.stringify({ error: verdict.reason }));
    }
    if (req.method !== 'POST') return send(res, 405, 'application/json', '{"error":"Use POST."}');
    if (path === '/api/events') return openEventStream(res, await options.events);
    if (path === '/api/calls') return callMany(req, res);
    const name = path.slice('/api/call/'.length);
    // Every contract method has a handler (createHandlers), so the handlers are the list of names.
    const handlers = await options.handlers;
    if (!path.startsWith('/api/call/') || !Object.hasOwn(handlers, name)) {
      req.resume();
      return send(res, 404, 'application/json', '{"error":"No such method."}');
    }
    const body = await readJsonBody(req);
    if (!body.ok) return send(res, body.status, 'application/json', JSON.stringify({ error: body.reason }));
    const result = await handlers[name as MethodName](body.value, { transport: 'bridge', osUser });
    send(res, 200, 'application/json', JSON.stringify(result));
  }

  /**
   * Several calls the page made in one turn, in one request (bridge-transport.ts): each request
   * costs the browser, the network stack and main a few ms on a busy two-core machine, and a start
   * makes three at once (docs/performance.md, thirteenth pass). Each call is checked and answered
   * as if sent alone, in the order sent, and its answer goes out as soon as it is ready, one line
   * of JSON each (`{"i":index,"result":…}`), so a quick call never waits for a slow one.
   */
  async function callMany(req: IncomingMessage, res: ServerResponse) {
    const handlers = await options.handlers;
    const body = await readJsonBody(req);
    if (!body.ok) return send(res, body.status, 'application/json', JSON.stringify({ error: body.reason }));
    const calls = batchOf(body.value);
    if (!calls) return send(res, 400, 'application/json', JSON.stringify({ error: `Send {"calls": [{"method": name, "input": input}]}, 1 to ${maxBatch} calls.` }));
    if (calls.some((c) => !Object.hasOwn(handlers, c.method))) return send(res, 404, 'application/json', '{"error":"No such method."}');
    res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    await Promise.all(calls.map(async (c, i) => {
      // createHandlers answers every failure, but were a handler to throw, the others' answers
      // still go out and the response still ends (no write after its end); that call gets what
      // the page makes of a single call's 500. A page gone meanwhile (res destroyed) is not
      // written to: its calls still run, as a single call's would.
      const result = await handlers[c.method as MethodName](c.input, { transport: 'bridge', osUser }).catch(() => answered500);
      if (!res.destroyed) res.write(JSON.stringify({ i, result }) + '\n');
    }));
    res.end();
  }

  // Events go out as newline-delimited JSON on a long-lived POST response, read by fetch.
  function openEventStream(res: ServerResponse, events: EventHub) {
    res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' });
    res.write('\n');
    streams.add(res);
    const unsubscribe = events.subscribe((event) => res.write(JSON.stringify(event) + '\n'));
    res.on('close', () => {
      unsubscribe();
      streams.delete(res);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/#token=${token}`;
  options.logger.info('preview listening', { port });

  return {
    url,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams) stream.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const maxBatch = 8;
const answered500 = { ok: false, error: { code: 'internal', message: 'The preview answered 500.', reason: { key: 'bridge.failed', values: { status: 500 } } } };
/** `{ calls: [{ method, input }] }` with 1 to `maxBatch` calls, or undefined. */
function batchOf(value: unknown): Array<{ method: string; input: unknown }> | undefined {
  const calls = (value as { calls?: unknown } | null)?.calls;
  if (!Array.isArray(calls) || calls.length === 0 || calls.length > maxBatch) return undefined;
  const valid = calls.every((c) => typeof c === 'object' && c !== null && typeof (c as { method?: unknown }).method === 'string');
  return valid ? calls.map((c: { method: string; input?: unknown }) => ({ method: c.method, input: c.input ?? {} })) : undefined;
}

type BodyResult = { ok: true; value: unknown } | { ok: false; status: number; reason: string };

async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('application/json')) {
    req.resume();
    return { ok: false, status: 415, reason: 'Send JSON.' };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Past the limit the rest is read and dropped, so the page gets the 413 rather than a reset
    // connection; far past it, the connection is cut.
    if (size > maxBodyBytes * 8) break;
    if (size <= maxBodyBytes) chunks.push(chunk);
  }
  if (size > maxBodyBytes) return { ok: false, status: 413, reason: 'The request is too large.' };
  try {
    const text = Buffer.concat(chunks).toString('utf8');
    return { ok: true, value: text === '' ? {} : JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, reason: 'The request is not valid JSON.' };
  }
}

function send(res: ServerResponse, status: number, contentType: string, body: string) {
  res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(body);
}

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
