// app://paydesk/ serves the built renderer with a strict CSP and nothing outside its folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { protocol, resetFakeElectron } from './fake-electron';
import { registerAppScheme, serveRenderer } from '../../main/electron/app-protocol';

let root: string;
let serve: (request: Request) => Promise<Response> | Response;

beforeAll(() => {
  resetFakeElectron();
  root = mkdtempSync(join(tmpdir(), 'paydesk-protocol-'));
  mkdirSync(join(root, 'renderer', 'assets'), { recursive: true });
  writeFileSync(join(root, 'renderer', 'index.html'), '<!doctype html><title>Paydesk</title>');
  writeFileSync(join(root, 'renderer', 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'outside');
  symlinkSync(join(root, 'secret.txt'), join(root, 'renderer', 'assets', 'link.js'));
  registerAppScheme();
  serveRenderer(join(root, 'renderer'));
  serve = protocol.handlers.get('app')!;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (url: string) => Promise.resolve(serve(new Request(url)));

describe('app:// protocol', () => {
  it('registers app as a standard, secure scheme whose scripts\' compiled code Chromium keeps between starts', () => {
    expect(protocol.privileged).toEqual([expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }) })]);
  });

  it('serves the renderer with a CSP that allows no connections and no inline script', async () => {
    const response = await get('app://paydesk/index.html');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Paydesk</title>');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect((await get('app://paydesk/assets/app.js')).headers.get('content-type')).toContain('javascript');
  });

  it('refuses paths that leave the folder, however they are spelled', async () => {
    for (const url of [
      'app://paydesk/../secret.txt',
      'app://paydesk/%2e%2e/secret.txt',
      'app://paydesk/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://paydesk/%2E%2E%5Csecret.txt',
      'app://paydesk/assets/link.js',
      'app://paydesk/..%00/secret.txt',
      'app://other/index.html',
      'app://paydesk/missing.html',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('content-security-policy'), url).toContain("default-src 'none'");
    }
  });
});
