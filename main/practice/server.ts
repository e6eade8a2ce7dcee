// The practice gateway's HTTP server, on loopback only: the JSON API under /api/v1 (the
// interface's paths, X-API-KEY, the envelope), the customer pages, and a small control API
// for faults, records and the webhook target. Faults are applied here, around the engine.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ExactJsonError, parseExact, stringifyExact, type Writable } from '../gateway/exact-json';
import type { GatewayOperation } from '../gateway/operations';
import type { Logger } from '../log/logger';
import { operationByPath, type createApiRoutes } from './api-routes';
import { parseFault, type FaultControl } from './faults';
import { isPersona, personaData } from './personas';
import type { createPages, PageRequest, PageResponse } from './pages';
import { pageLanguage, type PageLanguage } from './page-words';
import { Refusal } from './request-fields';
import type { PracticeStore } from './store';

export const apiPrefix = '/api/v1';
const controlPrefix = `${apiPrefix}/_practice`;
const maxBody = 1024 * 1024;
const pageCsp = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'";

export type ServerParts = {
  store: PracticeStore;
  routes: ReturnType<typeof createApiRoutes>;
  pages: ReturnType<typeof createPages>;
  faults: FaultControl;
  logger: Logger;
  setWebhookTarget(url: string | null): void;
  /** The language of the Paydesk that runs this gateway, for the 3-D Secure page (embedded.ts, `hostLanguage`). */
  hostLanguage?: () => PageLanguage;
};

export function createPracticeServer(parts: ServerParts) {
  const sockets = new Set<Socket>();
  let port = 0;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      parts.logger.error('Practice gateway: request failed', { error: error instanceof Error ? error.name : 'unknown' });
      if (!res.headersSent) envelope(res, 500, { code: 500, message: 'Internal error', errorCode: 'INTERNAL_ERROR', data: null });
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Loopback names only: a page on another site cannot reach us through DNS rebinding.
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return text(res, 421, 'Wrong host');
    const url = new URL(req.url ?? '/', `http://${host}`);
    const origin = `http://${host}`;
    if (url.pathname.startsWith(controlPrefix)) return control(req, res, url.pathname.slice(controlPrefix.length));
    if (url.pathname.startsWith(`${apiPrefix}/`)) return api(req, res, url.pathname.slice(apiPrefix.length), origin);
    return page(req, res, url);
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, origin: string) {
    const operation = operationByPath.get(path);
    if (!operation) return envelope(res, 404, failure(404, 'NOT_FOUND', `No operation at ${apiPrefix}${path}`));
    if (req.method !== 'POST') return envelope(res, 405, failure(405, 'METHOD_NOT_ALLOWED', 'Use POST'));
    const apiKey = keyOf(req);
    if (!apiKey) return envelope(res, 401, failure(401, 'INVALID_API_KEY', 'A valid X-API-KEY header is required'));
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return envelope(res, 415, failure(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'));
    }
    const raw = await readBody(req);
    if (raw === undefined) return envelope(res, 413, failure(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large'));

    const fault = parts.faults.take(operation);
    if (fault?.latencyMs) await sleep(fault.latencyMs);
    if (fault?.failure === 'hang') return; // never answers; the socket closes when the client gives up
    if (fault?.failure === 'http_500') return envelope(res, 500, failure(500, 'INTERNAL_ERROR', 'Practice fault: server error'));
    if (fault?.failure === 'error_envelope') return envelope(res, 200, failure(400, 'PRACTICE_FAULT', 'Practice fault: error envelope'));
    // A careless gateway that quotes the request, key included, in its error: the client must redact it.
    if (fault?.failure === 'echo_request') return envelope(res, 400, failure(400, 'VALIDATION_ERROR', `Rejected request with key ${apiKey}: ${raw}`));

    let data: Writable;
    try {
      data = parts.routes[operation]({ body: parseExact(raw), apiKey, origin });
    } catch (e) {
      if (e instanceof ExactJsonError) return envelope(res, 400, failure(400, 'INVALID_JSON', `The body is not valid JSON: ${e.message}`));
      if (e instanceof Refusal) return envelope(res, e.http, failure(e.http, e.errorCode, e.message));
      throw e;
    }
    if (fault?.failure === 'reset_after_processing') return void req.socket.destroy();
    if (fault?.failure === 'malformed_json') return send(res, 200, 'application/json', '{"code":200,"message":"Success","data":{"transactionId":');
    return envelope(res, 200, { code: 200, message: 'Success', errorCode: null, data: personaData(parts.faults.persona(), operation, data) });
  }

  async function control(req: IncomingMessage, res: ServerResponse, path: string) {
    if (!keyOf(req)) return envelope(res, 401, failure(401, 'INVALID_API_KEY', 'A valid X-API-KEY header is required'));
    if (req.method === 'GET' && path === '/records') return envelope(res, 200, { code: 200, message: 'Success', errorCode: null, data: parts.store.state.records });
    if (req.method !== 'POST') return envelope(res, 405, failure(405, 'METHOD_NOT_ALLOWED', 'Use POST'));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)) ?? '') as Record<string, unknown>;
    } catch {
      return envelope(res, 400, failure(400, 'INVALID_JSON', 'The body is not valid JSON'));
    }
    if (path === '/faults') {
      const operation = body.operation as GatewayOperation;
      if (![...operationByPath.values()].includes(operation)) return envelope(res, 400, failure(400, 'VALIDATION_ERROR', 'operation is not a gateway operation'));
      const fault = parseFault(body.fault ?? null);
      if (typeof fault === 'string') return envelope(res, 400, failure(400, 'VALIDATION_ERROR', fault));
      parts.faults.set(operation, fault);
      return envelope(res, 200, { code: 200, message: 'Success', errorCode: null, data: null });
    }
    if (path === '/persona') {
      const persona = body.persona ?? null;
      if (persona !== null && !isPersona(persona)) return envelope(res, 400, failure(400, 'VALIDATION_ERROR', 'persona is not a known fault persona'));
      parts.faults.setPersona(persona);
      return envelope(res, 200, { code: 200, message: 'Success', errorCode: null, data: null });
    }
    if (path === '/webhook') {
      const target = body.url;
      if (target !== null && (typeof target !== 'string' || !/^https?:\/\//.test(target))) return envelope(res, 400, failure(400, 'VALIDATION_ERROR', 'url must be an http(s) URL or null'));
      parts.setWebhookTarget(target as string | null);
      return envelope(res, 200, { code: 200, message: 'Success', errorCode: null, data: null });
    }
    return envelope(res, 404, failure(404, 'NOT_FOUND', 'No such control'));
  }

  async function page(req: IncomingMessage, res: ServerResponse, url: URL) {
    const routes: Record<string, [(r: PageRequest) => PageResponse, ((r: PageRequest) => PageResponse)?]> = {
      '/checkout': [parts.pages.showCheckout, parts.pages.payCheckout],
      '/link': [parts.pages.showLink, parts.pages.payLink],
      '/challenge': [parts.pages.showChallenge, parts.pages.completeChallenge],
      '/done': [parts.pages.showDone],
    };
    const route = routes[url.pathname];
    if (url.pathname === '/' && req.method === 'GET') return html(res, { status: 200, html: indexPage(port) });
    if (!route) return text(res, 404, 'Not found');
    // The page's words: the language in its address or form, else the browser's (page-words.ts). The
    // 3-D Secure page is shown inside the Paydesk that runs this gateway (its frame or window, never
    // a customer's browser): there, Paydesk's language before the browser's.
    const host = url.pathname === '/challenge' ? parts.hostLanguage?.() : undefined;
    const request = (params: URLSearchParams): PageRequest => ({ params, language: pageLanguage(params, req.headers['accept-language'], host), origin: url.origin });
    if (req.method === 'GET') return html(res, route[0](request(url.searchParams)));
    if (req.method === 'POST' && route[1]) {
      const body = await readBody(req);
      if (body === undefined) return text(res, 413, 'Too large');
      return html(res, route[1](request(new URLSearchParams(body))));
    }
    return text(res, 405, 'Method not allowed');
  }

  function keyOf(req: IncomingMessage): string | undefined {
    const given = req.headers['x-api-key'];
    if (typeof given !== 'string') return undefined;
    const expected = Buffer.from(parts.store.state.apiKey);
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected) ? given : undefined;
  }

  return {
    async listen(wanted: number): Promise<number> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(wanted, '127.0.0.1', () => resolve());
      });
      port = (server.address() as { port: number }).port;
      return port;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const failure = (code: number, errorCode: string, message: string) => ({ code, message, errorCode, data: null });

function envelope(res: ServerResponse, status: number, body: Writable) {
  send(res, status, 'application/json', stringifyExact(body));
}

function html(res: ServerResponse, response: PageResponse) {
  if (response.location) {
    res.writeHead(response.status, { Location: response.location, 'Cache-Control': 'no-store' });
    return res.end();
  }
  res.writeHead(response.status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': pageCsp, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(response.html);
}

function text(res: ServerResponse, status: number, body: string) {
  send(res, status, 'text/plain; charset=utf-8', body);
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBody) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function indexPage(port: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Practice gateway</title></head><body>
<h1>Paydesk practice gateway</h1><p>API base URL: http://127.0.0.1:${port}${apiPrefix}</p></body></html>`;
}
