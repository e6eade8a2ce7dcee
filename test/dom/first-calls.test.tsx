// The page's first calls in the preview leave from index.html's first script, while the app's
// scripts still load (renderer/src/first-calls-entry.ts, api/first-calls.ts): the app's first ask
// of each of those methods takes that answer for the very same input instead of asking main again;
// anything else, and any later ask, goes to main as before. Whole starts here run the page's own entry over the preview's
// transport (fetch) against main's real handlers in-process; each thing is asked of main once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createApp, type PaydeskApp } from '../../main/composition';

type Request = { url: string; calls: Array<{ method: string; input: unknown }> };
let app: PaydeskApp | undefined;
let dir = '';
let starts = 0;

afterEach(async () => {
  vi.unstubAllGlobals();
  await app?.close();
  app = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  localStorage.clear();
  sessionStorage.clear();
  delete window.paydesk;
  delete window.paydeskFirstCalls;
  history.replaceState(null, '', '/');
});

/**
 * The preview's bridge in-process: `/api/calls` (one ndjson line per call) and `/api/call/<name>`
 * answered by `app`'s handlers; every request with this start's token recorded (an earlier start's
 * page, still mounted, has its own token and is refused).
 */
function previewOf(token: string, handlers: (name: string, input: unknown) => Promise<unknown>) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if ((init.headers as Record<string, string>).authorization !== `Bearer ${token}`) return new Response('{}', { status: 401 });
    if (url === '/api/events') return new Response(new ReadableStream({ start: () => undefined }), { status: 200 });
    const body = JSON.parse(String(init.body ?? '{}')) as unknown;
    if (url === '/api/calls') {
      const calls = (body as { calls: Request['calls'] }).calls;
      requests.push({ url, calls });
      const lines = await Promise.all(calls.map(async (c, i) => JSON.stringify({ i, result: await handlers(c.method, c.input) }) + '\n'));
      return new Response(lines.join(''), { status: 200 });
    }
    const method = url.slice('/api/call/'.length);
    requests.push({ url, calls: [{ method, input: body }] });
    return new Response(JSON.stringify(await handlers(method, body)), { status: 200 });
  });
  const asked = () => requests.flatMap((r) => r.calls.map((c) => `${c.method} ${JSON.stringify(c.input)}`));
  return { requests, asked, askedTwice: () => asked().filter((key, i, all) => all.indexOf(key) !== i) };
}

/** A start in the preview: the address with its token, the first script, then the app's entry (both afresh). */
async function startInPreview(lastScreen?: string, options: { firstScript?: boolean } = {}) {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-first-calls-'));
  app = await createApp({ dataDir: dir, runtime: 'test', version: '0.0.0', startLaterMs: 60_000 });
  const handlers = app.handlers as unknown as Record<string, (input: unknown, ctx: unknown) => Promise<unknown>>;
  const token = `start-${++starts}`;
  const preview = previewOf(token, (name, input) => handlers[name]!(input, { transport: 'bridge', osUser: 'tester' }));
  history.replaceState(null, '', `/#token=${token}`);
  if (lastScreen) localStorage.setItem('paydesk.lastScreen', lastScreen);
  document.body.innerHTML = '<div id="root"></div>';
  vi.resetModules();
  vi.doMock('react', async (original) => {
    const react = await original<typeof import('react')>();
    return { ...react, StrictMode: react.Fragment };
  });
  if (options.firstScript !== false) await import('../../renderer/src/first-calls-entry');
  const sentFirst = preview.requests.map((r) => r.calls.map((c) => c.method));
  await import('../../renderer/src/main');
  return { ...preview, sentFirst };
}

describe("the page's first calls, sent by the first script", () => {
  it("a returning user on the list: the first script's one request asks for the session and the list's first page, and the app shows those answers without asking again", async () => {
    const page = await startInPreview('transactions');
    expect(page.sentFirst).toEqual([['getAppInfo', 'getActiveProfile', 'searchPayments']]);
    await waitFor(() => expect(screen.getByTestId('tx-count').textContent).toBe('0 payments'));
    await waitFor(() => expect(page.asked().some((call) => call.startsWith('firstScreenShown'))).toBe(true));
    expect(page.askedTwice()).toEqual([]);
    expect(page.asked().filter((call) => call.startsWith('searchPayments'))).toHaveLength(1);
  });

  it("a new user (Home): the session and the list's first page Home asks ahead, each asked once", async () => {
    const page = await startInPreview();
    expect(page.sentFirst).toEqual([['getAppInfo', 'getActiveProfile', 'searchPayments']]);
    await waitFor(() => expect(document.querySelector('main[data-ready="true"]')).not.toBeNull());
    await waitFor(() => expect(page.asked().some((call) => call.startsWith('firstScreenShown'))).toBe(true));
    expect(page.askedTwice()).toEqual([]);
  });

  it('another screen: the session only; a screen the app does not know: the session, the app asks the list itself', async () => {
    const settings = await startInPreview('settings');
    expect(settings.sentFirst).toEqual([['getAppInfo', 'getActiveProfile']]);
    await waitFor(() => expect(document.querySelector('main[data-ready="true"]')).not.toBeNull());
    expect(settings.askedTwice()).toEqual([]);
    await app!.close();
    app = undefined;
    rmSync(dir, { recursive: true, force: true });
    localStorage.clear();
    delete window.paydeskFirstCalls;

    const unknown = await startInPreview('no-such-screen');
    expect(unknown.sentFirst).toEqual([['getAppInfo', 'getActiveProfile']]);
    await waitFor(() => expect(unknown.asked().filter((call) => call.startsWith('searchPayments'))).toHaveLength(1));
    expect(unknown.askedTwice()).toEqual([]);
  });

  it('without the first script the app asks for the same calls itself, in one request', async () => {
    const page = await startInPreview('transactions', { firstScript: false });
    expect(page.sentFirst).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('tx-count').textContent).toBe('0 payments'));
    expect(page.requests[0]!.calls.map((c) => c.method)).toEqual(['getAppInfo', 'getActiveProfile', 'searchPayments']);
    expect(page.askedTwice()).toEqual([]);
  });
});

describe('the first script sends nothing', () => {
  it("in Electron (the preload's window.paydesk), or once the app's transport is made, or with no token", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    history.replaceState(null, '', '/#token=first-calls-test');
    window.paydesk = {} as never;
    vi.resetModules();
    await import('../../renderer/src/first-calls-entry');
    delete window.paydesk;

    window.paydeskFirstCalls = 'app';
    vi.resetModules();
    await import('../../renderer/src/first-calls-entry');
    delete window.paydeskFirstCalls;

    history.replaceState(null, '', '/');
    vi.resetModules();
    await import('../../renderer/src/first-calls-entry');
    expect(fetch).not.toHaveBeenCalled();
    expect(window.paydeskFirstCalls).toBeUndefined();
  });
});

describe("the app's transport and the first script's answers", () => {
  const line = (i: number, value: unknown) => JSON.stringify({ i, result: { ok: true, value } }) + '\n';

  it("the app's first ask of a method the first script sent takes its answer if the input is the very same; another input, and every later ask, go to main", async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push(`${url} ${String(init.body)}`);
      if (url === '/api/calls') return new Response(line(0, 'main: info') + line(1, 'main: second'), { status: 200 });
      return new Response(JSON.stringify({ ok: true, value: `main: ${url}` }), { status: 200 });
    });
    window.paydeskFirstCalls = {
      calls: [{ method: 'getAppInfo', body: '{}' }, { method: 'searchPayments', body: '{"offset":0}' }],
      response: Promise.resolve(new Response(line(1, 'first: page') + line(0, 'first: info'), { status: 200 })),
    };
    const { createBridgeApi } = await import('../../renderer/src/api/bridge-transport');
    const api = createBridgeApi();
    expect(window.paydeskFirstCalls).toBe('app');
    const first = await Promise.all([api.getAppInfo({}), api.searchPayments({ offset: 100 } as never)]);
    expect(first).toEqual([{ ok: true, value: 'first: info' }, { ok: true, value: 'main: /api/call/searchPayments' }]);
    expect(sent).toEqual(['/api/call/searchPayments {"offset":100}']);
    // The same call later is asked again: the first script's answer was taken once, at the start.
    expect(await api.getAppInfo({})).toEqual({ ok: true, value: 'main: /api/call/getAppInfo' });
  });

  it("the first script's request refused or cut: the calls it carried get the error a call of their own would, and are not sent again", async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      sent.push(url);
      return new Response('{}', { status: 200 });
    });
    window.paydeskFirstCalls = {
      calls: [{ method: 'getAppInfo', body: '{}' }, { method: 'getActiveProfile', body: '{}' }],
      response: Promise.resolve(new Response('{"error":"Missing or wrong preview token."}', { status: 401 })),
    };
    const { createBridgeApi } = await import('../../renderer/src/api/bridge-transport');
    const api = createBridgeApi();
    const answers = await Promise.all([api.getAppInfo({}), api.getActiveProfile({})]);
    for (const answer of answers) expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden', reason: { key: 'bridge.noToken' } } });

    window.paydeskFirstCalls = { calls: [{ method: 'getAppInfo', body: '{}' }], response: Promise.reject(new TypeError('Failed to fetch')) };
    window.paydeskFirstCalls.response.catch(() => undefined);
    const again = createBridgeApi();
    expect(await again.getAppInfo({})).toMatchObject({ ok: false, error: { code: 'network', reason: { key: 'bridge.unreachable' } } });
    expect(sent).toEqual([]);
  });
});
