// The page's calls of one turn go to main in one request (POST /api/calls): checked like a single
// call (token, known methods), each answered as if sent alone, and each answer sent as soon as it
// is ready, so the start's quick questions never wait for a slow one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { createMemoryLogger } from '../../main/log/logger';
import { startPreviewServer, type PreviewServer } from '../../main/bridge/preview-server';
import { pageHeaders } from '../support/page-headers';

/** Sends a request and hands back the response as it starts, its body still to be read. */
function open(port: number, path: string, headers: Record<string, string>, body: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers }, resolve);
    req.on('error', reject);
    req.end(body);
  });
}

const readAll = async (res: IncomingMessage) => {
  let text = '';
  for await (const chunk of res as AsyncIterable<Buffer>) text += chunk.toString();
  return text;
};

/** The next complete line of an ndjson response, read as it arrives. */
function lineReader(res: IncomingMessage) {
  let buffered = '';
  const lines: string[] = [];
  let wake = () => {};
  let ended = false;
  res.on('data', (d: Buffer) => {
    buffered += d.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
    wake();
  });
  res.on('end', () => {
    ended = true;
    wake();
  });
  return async (): Promise<unknown> => {
    while (lines.length === 0 && !ended) await new Promise<void>((r) => (wake = r));
    const line = lines.shift();
    return line === undefined ? undefined : JSON.parse(line);
  };
}

describe('several calls in one request', () => {
  let server: PreviewServer;
  const ran: string[] = [];
  let release = () => {};
  let slow: Promise<void> = Promise.resolve();
  const holdAppInfo = () => (slow = new Promise<void>((r) => (release = r)));

  beforeAll(async () => {
    const impl = {
      getAppInfo: async () => {
        ran.push('getAppInfo');
        await slow;
        return { name: 'Paydesk', version: '9.9.9', runtime: 'test' as const, platform: 'linux', language: 'en' as const, team: null };
      },
      bulkErrorReport: (input: { wording?: Record<string, string> }) => {
        ran.push('bulkErrorReport');
        return { fileName: 'report.csv', csv: Object.values(input.wording ?? {}).join(','), rows: 0 };
      },
    } as unknown as Implementations;
    const staticDir = mkdtempSync(join(tmpdir(), 'paydesk-static-'));
    server = await startPreviewServer({ handlers: createHandlers(impl, createMemoryLogger()), events: createEventHub(), logger: createMemoryLogger(), staticDir });
  });
  afterAll(() => server.close());

  const good = () => pageHeaders(server);
  const report = { batchId: 'b1', wording: { 2: 'quick' } };
  const batch = JSON.stringify({ calls: [{ method: 'getAppInfo', input: {} }, { method: 'bulkErrorReport', input: report }] });

  it('sends each answer as soon as it is ready: the quick second call\'s before the slow first\'s, each what a single call answers', async () => {
    holdAppInfo();
    ran.length = 0;
    const res = await open(server.port, '/api/calls', good(), batch);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson');
    const next = lineReader(res);
    const first = await next();
    expect(ran).toEqual(['getAppInfo', 'bulkErrorReport']); // both started, the first still waiting
    release();
    const second = await next();
    expect(await next()).toBeUndefined(); // and the response ends

    const alone = async (method: string, input: unknown) => JSON.parse(await readAll(await open(server.port, `/api/call/${method}`, good(), JSON.stringify(input))));
    expect(first).toEqual({ i: 1, result: await alone('bulkErrorReport', report) });
    expect(second).toEqual({ i: 0, result: await alone('getAppInfo', {}) });
    expect(second).toMatchObject({ result: { ok: true, value: { version: '9.9.9' } } });
  });

  it('answers a call\'s invalid input as that call\'s answer, the others answered', async () => {
    const res = await open(server.port, '/api/calls', good(), JSON.stringify({ calls: [{ method: 'getAppInfo', input: { extra: 1 } }, { method: 'bulkErrorReport', input: report }] }));
    expect(res.statusCode).toBe(200);
    const lines = (await readAll(res)).split('\n').filter(Boolean).map((l) => JSON.parse(l)).sort((a, b) => a.i - b.i);
    expect(lines).toMatchObject([
      { i: 0, result: { ok: false, error: { code: 'invalid_input' } } },
      { i: 1, result: { ok: true, value: { csv: 'quick' } } },
    ]);
  });

  it('refuses a batch without the token with 401, as a single call, and runs none of it', async () => {
    ran.length = 0;
    const { authorization: _a, ...noToken } = good();
    const res = await open(server.port, '/api/calls', noToken, batch);
    expect(res.statusCode).toBe(401);
    expect(await readAll(res)).not.toContain('9.9.9');
    expect(ran).toEqual([]);
  });

  it('refuses a batch naming a method that does not exist with 404, and runs none of its calls', async () => {
    ran.length = 0;
    const res = await open(server.port, '/api/calls', good(), JSON.stringify({ calls: [{ method: 'getAppInfo', input: {} }, { method: 'constructor', input: {} }] }));
    expect(res.statusCode).toBe(404);
    await readAll(res);
    expect(ran).toEqual([]);
  });

  it('refuses a malformed batch with 400, and runs none of it', async () => {
    ran.length = 0;
    const nine = JSON.stringify({ calls: Array.from({ length: 9 }, () => ({ method: 'getAppInfo', input: {} })) });
    for (const body of ['{nope', '{}', '{"calls":[]}', '{"calls":[{"input":{}}]}', '{"calls":[null]}', '{"calls":{"method":"getAppInfo"}}', nine]) {
      const res = await open(server.port, '/api/calls', good(), body);
      expect(res.statusCode, body).toBe(400);
      await readAll(res);
    }
    expect(ran).toEqual([]);
  });

  it('keeps running a batch\'s calls when the page goes away mid-answer, and keeps serving', async () => {
    holdAppInfo();
    ran.length = 0;
    const res = await open(server.port, '/api/calls', good(), batch);
    const next = lineReader(res);
    expect(await next()).toMatchObject({ i: 1 });
    res.destroy();
    await new Promise((r) => setTimeout(r, 20));
    release();
    await slow;
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual(['getAppInfo', 'bulkErrorReport']);
    const after = await open(server.port, '/api/call/getAppInfo', good(), '{}');
    expect(JSON.parse(await readAll(after))).toMatchObject({ ok: true });
  });

  it('answers the others and ends when a handler throws (createHandlers never does; a handler passed in may)', async () => {
    const failing = {
      getAppInfo: () => Promise.reject(new Error('broken')),
      bulkErrorReport: () => new Promise((r) => setTimeout(() => r({ ok: true, value: 'late' }), 20)),
    } as unknown as Awaited<Parameters<typeof startPreviewServer>[0]['handlers']>;
    const other = await startPreviewServer({ handlers: failing, events: createEventHub(), logger: createMemoryLogger(), staticDir: mkdtempSync(join(tmpdir(), 'paydesk-static-')) });
    try {
      const headers = { ...good(), host: `127.0.0.1:${other.port}`, origin: `http://127.0.0.1:${other.port}`, authorization: `Bearer ${other.token}` };
      const res = await open(other.port, '/api/calls', headers, batch);
      const lines = (await readAll(res)).split('\n').filter(Boolean).map((l) => JSON.parse(l)).sort((a, b) => a.i - b.i);
      // The thrown one: what the page makes of a single call's 500.
      expect(lines).toEqual([
        { i: 0, result: { ok: false, error: { code: 'internal', message: 'The preview answered 500.', reason: { key: 'bridge.failed', values: { status: 500 } } } } },
        { i: 1, result: { ok: true, value: 'late' } },
      ]);
    } finally {
      await other.close();
    }
  });
});
