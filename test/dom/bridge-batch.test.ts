// The page's calls of one turn (a start asks for the session, the profile and the list's first
// page at once) go to main in one request, each settled as its answer's line arrives; a call alone,
// or a large one, goes alone as before. Whatever goes wrong, every call settles once, and nothing
// is ever sent again (a payment must never be sent twice).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridgeApi } from '../../renderer/src/api/bridge-transport';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

type Sent = { url: string; body: unknown };

/** A fake main: records each request and answers it with what `answer` gives. */
function fakeMain(answer: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const request = { url, body: JSON.parse(String(init.body)) };
    sent.push(request);
    return answer(request);
  });
  return sent;
}

/** An ndjson body whose lines the test writes one at a time. */
function stream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }),
    line: (value: unknown) => controller.enqueue(new TextEncoder().encode(JSON.stringify(value) + '\n')),
    end: () => controller.close(),
    cut: () => controller.error(new TypeError('network error')),
  };
}

const settled = async (promise: Promise<unknown>) => {
  const marker = Symbol('pending');
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
  return Promise.race([promise, Promise.resolve(marker)]).then((v) => (v === marker ? 'pending' : v));
};

const answer = (value: unknown) => ({ ok: true, value });

describe('the bridge transport, calls of one turn', () => {
  it('sends two calls made in the same turn in one request, each settled as its own answer arrives', async () => {
    const main = stream();
    const sent = fakeMain(() => main.response);
    const api = createBridgeApi();
    const info = api.getAppInfo({});
    const profiles = api.listProfiles({});
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ url: '/api/calls', body: { calls: [{ method: 'getAppInfo', input: {} }, { method: 'listProfiles', input: {} }] } }]);

    main.line({ i: 1, result: answer(['p1']) }); // the second's answer first: it is not held back
    expect(await profiles).toEqual(answer(['p1']));
    expect(await settled(info)).toBe('pending');
    main.line({ i: 0, result: answer({ version: '1' }) });
    main.end();
    expect(await info).toEqual(answer({ version: '1' }));
    expect(sent).toHaveLength(1);
  });

  it('sends a call made in a later turn alone, as before', async () => {
    const sent = fakeMain((s) => new Response(JSON.stringify(answer(s.url)), { status: 200 }));
    const api = createBridgeApi();
    expect(await api.getAppInfo({})).toEqual(answer('/api/call/getAppInfo'));
    expect(await api.listProfiles({})).toEqual(answer('/api/call/listProfiles'));
    expect(sent.map((s) => s.url)).toEqual(['/api/call/getAppInfo', '/api/call/listProfiles']);
  });

  it('sends a large input (a bulk file) alone, the turn\'s other calls together', async () => {
    const sent = fakeMain((s) => {
      if (s.url !== '/api/calls') return new Response(JSON.stringify(answer(s.url)), { status: 200 });
      const calls = (s.body as { calls: unknown[] }).calls;
      return new Response(calls.map((_, i) => JSON.stringify({ i, result: answer(i) }) + '\n').join(''), { status: 200 });
    });
    const api = createBridgeApi();
    const file = 'A'.repeat(65 * 1024);
    const results = await Promise.all([api.getAppInfo({}), api.bulkPreview({ file }), api.listProfiles({})]);
    expect(results).toEqual([answer(0), answer('/api/call/bulkPreview'), answer(1)]);
    expect(sent.map((s) => s.url).sort()).toEqual(['/api/call/bulkPreview', '/api/calls']);
    expect(sent.find((s) => s.url === '/api/call/bulkPreview')!.body).toEqual({ file });
  });

  it('sends more calls than main takes in one request (8) in several, each answered', async () => {
    const sent = fakeMain((s) => {
      if (s.url !== '/api/calls') return new Response(JSON.stringify(answer('alone')), { status: 200 });
      const calls = (s.body as { calls: unknown[] }).calls;
      if (calls.length > 8) return new Response('{"error":"Send 1 to 8 calls."}', { status: 400 });
      return new Response(calls.map((_, i) => JSON.stringify({ i, result: answer(i) }) + '\n').join(''), { status: 200 });
    });
    const api = createBridgeApi();
    const results = await Promise.all(Array.from({ length: 9 }, () => api.getAppInfo({})));
    expect(results).toEqual([...Array.from({ length: 8 }, (_, i) => answer(i)), answer('alone')]);
    expect(sent.map((s) => s.url)).toEqual(['/api/calls', '/api/call/getAppInfo']);
  });

  it('gives both calls of a batch answered 401 the no-token error, as a single call gets', async () => {
    fakeMain(() => new Response('{"error":"Missing or wrong preview token."}', { status: 401 }));
    const api = createBridgeApi();
    const [a, b] = await Promise.all([api.getAppInfo({}), api.listProfiles({})]);
    for (const result of [a, b]) expect(result).toMatchObject({ ok: false, error: { code: 'forbidden', reason: { key: 'bridge.noToken' } } });
  });

  it('a stream cut after the first line: the first call has its answer, the second the unreachable error, and nothing is sent again', async () => {
    const main = stream();
    const sent = fakeMain(() => main.response);
    const api = createBridgeApi();
    const payment = api.getAppInfo({});
    const other = api.listProfiles({});
    await new Promise((r) => setTimeout(r, 0));
    main.line({ i: 0, result: answer('done') });
    expect(await payment).toEqual(answer('done'));
    main.cut();
    expect(await other).toMatchObject({ ok: false, error: { code: 'network', reason: { key: 'bridge.unreachable' } } });
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toHaveLength(1);
  });

  it('a batch\'s stream that ends before every line, or a fetch that fails: the unanswered calls get the unreachable error, once', async () => {
    const ended = stream();
    fakeMain(() => ended.response);
    let api = createBridgeApi();
    const calls = [api.getAppInfo({}), api.listProfiles({})];
    await new Promise((r) => setTimeout(r, 0));
    ended.line({ i: 1, result: answer('two') });
    ended.line({ i: 1, result: answer('again') }); // a second answer for a settled call changes nothing
    ended.end();
    expect(await Promise.all(calls)).toMatchObject([{ ok: false, error: { reason: { key: 'bridge.unreachable' } } }, answer('two')]);

    const sent = fakeMain(() => {
      throw new TypeError('Failed to fetch');
    });
    api = createBridgeApi();
    expect(await Promise.all([api.getAppInfo({}), api.listProfiles({})])).toMatchObject([
      { ok: false, error: { code: 'network' } },
      { ok: false, error: { code: 'network' } },
    ]);
    expect(sent).toHaveLength(1);
  });

  it('a single call whose answer cannot be read fails its caller instead of never settling', async () => {
    fakeMain(() => new Response('not json', { status: 200 }));
    const result = createBridgeApi().getAppInfo({});
    expect(await settled(result.catch(() => 'failed'))).toBe('failed');
  });
});
