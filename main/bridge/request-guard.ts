// Checks that make the preview bridge safe on a shared machine: only loopback Host names
// (against DNS rebinding), only the app's own Origin (against other pages in the browser),
// and the per-launch token (against other local programs and users).
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type GuardVerdict = { ok: true } | { ok: false; status: number; reason: string };

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function checkHost(req: IncomingMessage, port: number): GuardVerdict {
  const host = req.headers.host ?? '';
  return allowedHosts(port).has(host.toLowerCase())
    ? { ok: true }
    : { ok: false, status: 421, reason: 'This server answers only on its loopback address.' };
}

/** API calls must come from the app's own page: a same-origin POST always carries Origin. */
export function checkApiRequest(req: IncomingMessage, port: number, token: string): GuardVerdict {
  const host = checkHost(req, port);
  if (!host.ok) return host;
  const origin = req.headers.origin;
  if (!origin || !allowedOrigins(port).has(origin)) {
    return { ok: false, status: 403, reason: 'Requests must come from the Paydesk page itself.' };
  }
  const auth = req.headers.authorization ?? '';
  const given = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
  if (!sameSecret(given, token)) return { ok: false, status: 401, reason: 'Missing or wrong preview token.' };
  return { ok: true };
}

function allowedOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
