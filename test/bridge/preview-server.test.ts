// The bridge refuses anything but the app's own page on loopback, and a refused request
// does nothing: the handler is never reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { createMemoryLogger } from '../../main/log/logger';
import { startPreviewServer, type PreviewServer } from '../../main/bridge/preview-server';
import { pageHeaders } from '../support/page-headers';

type Reply = { status: number; body: string; headers: Record<string, string | string[] | undefined> };

function send(port: number, path: string, headers: Record<string, string>, body?: string, method = 'POST'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('preview bridge', () => {
  let server: PreviewServer;
  let calls = 0;
  const events = createEventHub();

  beforeAll(async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'paydesk-static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'assets', 'a.js'), 'export {}');
    writeFileSync(join(tmpdir(), 'paydesk-outside.html'), 'secret');
    const impl = {
      getAppInfo: () => {
        calls++;
        return { name: 'Paydesk', version: '9.9.9', runtime: 'test' as const, platform: 'linux', language: 'en' as const, team: null };
      },
      getActiveProfile: () => {
        throw new Error('not used');
      },
      bulkErrorReport: (input: { wording?: Record<string, string> }) => {
        calls++;
        return { fileName: 'report.csv', csv: Object.values(input.wording ?? {}).join(','), rows: 0 };
      },
    } as unknown as Implementations;
    server = await startPreviewServer({ handlers: createHandlers(impl, createMemoryLogger()), events, logger: createMemoryLogger(), staticDir });
  });
  afterAll(() => server.close());

  const good = () => pageHeaders(server);

  it('answers a call from the app page with the handler result', async () => {
    const before = calls;
    const reply = await send(server.port, '/api/call/getAppInfo', good(), '{}');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: true, value: { version: '9.9.9' } });
    expect(calls).toBe(before + 1);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });

  const refusals: Array<[string, (h: Record<string, string>) => Record<string, string>, number]> = [
    ['no token', ({ authorization: _a, ...h }) => h, 401],
    ['a wrong token', (h) => ({ ...h, authorization: 'Bearer wrong-token-of-some-length-here' }), 401],
    ['the token without Bearer', (h) => ({ ...h, authorization: server.token }), 401],
    ['a foreign Host (DNS rebinding)', (h) => ({ ...h, host: `evil.example:${server.port}` }), 421],
    ['a foreign Origin', (h) => ({ ...h, origin: 'http://evil.example' }), 403],
    ['another loopback port as Origin', (h) => ({ ...h, origin: `http://127.0.0.1:${server.port + 1}` }), 403],
    ['no Origin', ({ origin: _o, ...h }) => h, 403],
    ['the null Origin of a sandboxed frame', (h) => ({ ...h, origin: 'null' }), 403],
  ];
  for (const [what, change, status] of refusals) {
    it(`refuses ${what} and does nothing`, async () => {
      const before = calls;
      const reply = await send(server.port, '/api/call/getAppInfo', change(good()), '{}');
      expect(reply.status).toBe(status);
      expect(reply.body).not.toContain('9.9.9');
      expect(calls).toBe(before);
    });
  }

  it('refuses a method that is not in the contract', async () => {
    const reply = await send(server.port, '/api/call/constructor', good(), '{}');
    expect(reply.status).toBe(404);
  });

  it('refuses a body that is not JSON, or not declared as JSON', async () => {
    expect((await send(server.port, '/api/call/getAppInfo', good(), '{nope')).status).toBe(400);
    expect((await send(server.port, '/api/call/getAppInfo', { ...good(), 'content-type': 'text/plain' }, '{}')).status).toBe(415);
  });

  it('validates the input against the contract', async () => {
    const reply = await send(server.port, '/api/call/getAppInfo', good(), '{"extra":1}');
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('refuses a body over its limit with 413, before any handler runs', async () => {
    const before = calls;
    const reply = await send(server.port, '/api/call/getAppInfo', good(), JSON.stringify({ file: 'A'.repeat(17 * 1024 * 1024) }));
    expect(reply.status).toBe(413);
    expect(calls).toBe(before);
  });

  it('refuses an unknown key without echoing a huge name back', async () => {
    const huge = 'k'.repeat(600 * 1024);
    const reply = await send(server.port, '/api/call/getAppInfo', good(), JSON.stringify({ [huge]: 1 }));
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'invalid_input', reason: { key: 'input.unknownField' } } });
    expect(reply.body.length).toBeLessThan(1000);
  });

  it('refuses __proto__ and constructor keys, at the top and nested, instead of dropping them', async () => {
    const cases: Array<[string, string, string]> = [
      ['getAppInfo', '{"__proto__":{"isAdmin":true}}', '__proto__'],
      ['getAppInfo', '{"constructor":{"prototype":{}}}', 'constructor'],
      ['bulkErrorReport', '{"batchId":"b1","wording":{"__proto__":{"2":"x"}}}', 'wording.__proto__'],
      ['bulkErrorReport', '{"batchId":"b1","wording":{"constructor":"x"}}', 'wording.constructor'],
    ];
    for (const [method, body, path] of cases) {
      const before = calls;
      const reply = await send(server.port, `/api/call/${method}`, good(), body);
      const answer = JSON.parse(reply.body);
      expect(answer, body).toMatchObject({ ok: false, error: { code: 'invalid_input', fieldReasons: { [path]: { key: 'input.forbiddenKey' } } } });
      expect(calls, body).toBe(before); // the service never saw it
    }
    const fine = await send(server.port, '/api/call/bulkErrorReport', good(), '{"batchId":"b1","wording":{"2":"proto is fine as a value: __proto__"}}');
    expect(JSON.parse(fine.body)).toMatchObject({ ok: true, value: { csv: 'proto is fine as a value: __proto__' } });
  });

  it('serves the renderer with a strict CSP, and nothing outside its folder', async () => {
    const page = await send(server.port, '/', { host: `127.0.0.1:${server.port}` }, undefined, 'GET');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    for (const path of ['/../paydesk-outside.html', '/%2e%2e/paydesk-outside.html', '/assets/..%2f..%2fpaydesk-outside.html', '/%00index.html']) {
      const reply = await send(server.port, path, { host: `127.0.0.1:${server.port}` }, undefined, 'GET');
      expect(reply.status, path).toBe(404);
      expect(reply.body).not.toContain('secret');
    }
    const rebinding = await send(server.port, '/', { host: 'evil.example' }, undefined, 'GET');
    expect(rebinding.status).toBe(421);
  });

  it('streams events to the app page', async () => {
    const lines: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/api/events', method: 'POST', headers: good() }, (res) => {
        res.on('data', (d: Buffer) => {
          lines.push(...d.toString().split('\n').filter(Boolean));
          if (lines.length > 0) {
            req.destroy();
            resolve();
          }
        });
        setImmediate(() => events.emit({ type: 'profiles.changed' }));
      });
      req.on('error', (e) => (lines.length ? resolve() : reject(e)));
      req.end();
    });
    expect(JSON.parse(lines[0]!)).toEqual({ type: 'profiles.changed' });
  });
});
