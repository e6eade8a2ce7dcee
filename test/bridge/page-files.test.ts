// The preview reads its page and the files the page's HTML names once, at start, and serves them
// from memory (main/bridge/static-files.ts readPageFiles): the same bytes and types as from disk,
// with the same headers, and never a file outside the renderer's folder, whatever the HTML names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPageFiles } from '../../main/bridge/static-files';
import { startPreviewServer, type PreviewServer } from '../../main/bridge/preview-server';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { createMemoryLogger } from '../../main/log/logger';

let root = '';
let outside = '';
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'paydesk-page-files-'));
  outside = mkdtempSync(join(tmpdir(), 'paydesk-outside-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(outside, 'secret.js'), 'secret');
  writeFileSync(join(root, 'assets', 'index-1.js'), 'export const a = 1;');
  writeFileSync(join(root, 'assets', 'index-1.css'), 'body{}');
  writeFileSync(join(root, 'assets', 'later.js'), 'export {}');
  symlinkSync(join(outside, 'secret.js'), join(root, 'assets', 'link.js'));
  writeFileSync(join(root, 'index.html'), [
    '<!doctype html><script type="module" src="./assets/index-1.js"></script>',
    '<link rel="stylesheet" href="./assets/index-1.css">',
    '<link rel="modulepreload" href="./assets/link.js">',
    '<link rel="modulepreload" href="./assets/../../etc/passwd.js">',
    '<link rel="modulepreload" href="./assets/missing.js">',
  ].join(''));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe("the page's files read at start", () => {
  it('holds the page and the files it names inside the folder, as they are on disk', () => {
    const files = readPageFiles(root);
    expect([...files.keys()].sort()).toEqual(['/', '/assets/index-1.css', '/assets/index-1.js', '/index.html']);
    expect(files.get('/assets/index-1.js')).toEqual({ body: Buffer.from('export const a = 1;'), contentType: 'text/javascript; charset=utf-8' });
    expect(files.get('/assets/index-1.css')?.contentType).toBe('text/css; charset=utf-8');
    expect(files.get('/')?.contentType).toBe('text/html; charset=utf-8');
  });

  it('is empty when the folder has no page', () => {
    expect(readPageFiles(join(root, 'no-such-folder')).size).toBe(0);
  });

  describe('served by the preview', () => {
    let server: PreviewServer;
    beforeAll(async () => {
      server = await startPreviewServer({
        handlers: createHandlers({} as Implementations, createMemoryLogger()), events: createEventHub(), logger: createMemoryLogger(),
        staticDir: root, pageFiles: readPageFiles(root),
      });
    });
    afterAll(() => server.close());
    const get = (path: string) => fetch(`http://127.0.0.1:${server.port}${path}`);

    it('from memory with the same headers as from disk; other files from disk; nothing outside', async () => {
      const page = await get('/assets/index-1.js');
      expect(await page.text()).toBe('export const a = 1;');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(await (await get('/assets/later.js')).text()).toBe('export {}');
      expect((await get('/assets/link.js')).status).toBe(404);
      expect((await get('/')).headers.get('content-type')).toBe('text/html; charset=utf-8');
    });
  });
});
