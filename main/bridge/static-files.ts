// Serves the built renderer. Only files inside the folder, resolved without following a
// path out of it; everything else is 404.
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
