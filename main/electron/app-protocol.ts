// Serves the built renderer on app://paydesk/ with a strict CSP on every response. Files come
// through readStaticFile, which refuses anything outside the folder (.., encoded dots,
// absolute paths, symlinks out); any other host of the scheme is refused too.
import { protocol } from 'electron';
import { readStaticFile } from '../bridge/static-files';
import { appHost, appScheme } from './app-origin';

// The packaged page may not connect anywhere: every gateway call goes through main.
export const rendererCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const securityHeaders = {
  'Content-Security-Policy': rendererCsp,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
};

/**
 * Must run before the app is ready: makes app:// a standard, secure origin. `codeCache`: Chromium
 * keeps V8's compiled code of the page's scripts between starts (as it does for http pages), so a
 * start after the first does not compile react-dom and the app's bundle again (Electron 28+, only
 * for a standard scheme). Not measurable here (no Electron); the preview's bench starts a fresh
 * browser profile each run, so it is not counted in issue 13's figures.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false, codeCache: true } },
  ]);
}

export function serveRenderer(rendererDir: string): void {
  protocol.handle(appScheme, (request) => respond(rendererDir, request));
}

export async function respond(rendererDir: string, request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.host !== appHost || request.method !== 'GET') return refuse(404);
  // url.pathname is already normalised; the raw request text is checked too, so an encoded
  // `..` that the URL parser left alone cannot walk out of the folder.
  const rawPath = request.url.slice(`${appScheme}://${appHost}`.length);
  const file = await readStaticFile(rendererDir, rawPath || '/');
  if (!file) return refuse(404);
  return new Response(new Uint8Array(file.body), {
    status: 200,
    headers: { 'Content-Type': file.contentType, ...securityHeaders },
  });
}

function refuse(status: number): Response {
  return new Response('Not found', { status, headers: { 'Content-Type': 'text/plain', ...securityHeaders } });
}
