// What the preview's bridge itself refuses is worded in the user's language too: a request over
// the bridge's body limit (a bulk file far over the limit, were it ever sent) says so, in both
// languages, instead of "The preview answered 413." And the token the preview opens the page with is
// used at once, kept for a reload only after the first call is sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridgeApi } from '../../renderer/src/api/bridge-transport';
import { localizeError } from '../../renderer/src/i18n';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the bridge transport', () => {
  it('words a refusal for size in both languages', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"error":"The request is too large."}', { status: 413 }));
    const result = await createBridgeApi().bulkPreview({ file: 'AAAA' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(localizeError('en', result.error).message).toBe('This is too large to send to Paydesk.');
    expect(localizeError('ar', result.error).message).toBe('هذا أكبر من أن يُرسل إلى بايدسك.');
  });

  it('sends the first call with the address\'s token before keeping it for a reload (a wait on the browser), then takes it out of the address', async () => {
    // The preview opens the page at /#token=…; keeping it costs sessionStorage's first use and
    // replaceState, 1-5 ms each (up to 50 while the browser loads the page): after the first calls.
    history.replaceState(null, '', '/#token=abc_123');
    const order: string[] = [];
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      order.push('sent');
      sent.push(new Headers(init.headers).get('authorization') ?? '');
      return new Response('{"ok":true,"value":{}}', { status: 200 });
    });
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      order.push(`kept ${key}`);
      setItem.call(this, key, value);
    });
    const api = createBridgeApi();
    void api.getAppInfo({});
    // Sent once the turn's calls are gathered (a microtask: calls of one turn go together), before
    // the token is kept.
    await Promise.resolve();
    expect(order).toEqual(['sent']);
    expect(sent).toEqual(['Bearer abc_123']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['sent', 'kept paydesk.previewToken']);
    expect(window.location.hash).toBe('');
    // A reload (a new page, the address without the token) finds it kept.
    await createBridgeApi().getAppInfo({});
    expect(sent).toEqual(['Bearer abc_123', 'Bearer abc_123']);
  });
});
