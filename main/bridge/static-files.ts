// Serves the built renderer. Only files inside the folder, resolved without following a
// path out of it; everything else is 404.
import { readFileSync, realpathSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

export type StaticFile = { body: Buffer; contentType: string };

export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const relative = normalize(decoded === '/' ? '/index.html' : decoded);
  if (relative.split(/[\\/]/).includes('..')) return undefined;
  try {
    const realRoot = await realpath(root);
    const file = await realpath(join(realRoot, relative));
    if (!file.startsWith(realRoot + sep)) return undefined;
    const contentType = types[extname(file)];
    if (!contentType) return undefined;
    return { body: await readFile(file), contentType };
  } catch {
    return undefined;
  }
}

/**
 * The page and the files its HTML names (`/assets/…` scripts and stylesheets), read at once and
 * kept: the preview serves them from memory, so a request for them needs no turn of the event
 * loop per file-system step while main's services are being read (docs/performance.md, "Cold
 * start, sixth pass"). Keyed by URL path ('/' and '/index.html' both the page); a file that
 * cannot be read is left out (served from disk as any other).
 */
export function readPageFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  let realRoot: string;
  let html: Buffer;
  try {
    realRoot = realpathSync(root);
    html = readFileSync(join(realRoot, 'index.html'));
  } catch {
    return files;
  }
  const page = { body: html, contentType: types['.html']! };
  files.set('/', page);
  files.set('/index.html', page);
  for (const [, path] of html.toString('utf8').matchAll(/(?:src|href)="\.?(\/assets\/[^"]+\.(?:js|css))"/g)) {
    const relative = normalize(path!);
    if (relative.split(/[\\/]/).includes('..')) continue;
    try {
      const file = realpathSync(join(realRoot, relative));
      if (file.startsWith(realRoot + sep)) files.set(path!, { body: readFileSync(file), contentType: types[extname(file)]! });
    } catch {
      // served from disk, or 404, as before
    }
  }
  return files;
}
