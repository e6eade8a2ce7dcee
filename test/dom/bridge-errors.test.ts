// What the preview's bridge itself refuses is worded in the user's language too: a request over
// the bridge's body limit (a bulk file far over the limit, were it ever sent) says so, in both
// languages, instead of "The preview answered 413."
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridgeApi } from '../../renderer/src/api/bridge-transport';
import { localizeError } from '../../renderer/src/i18n';

afterEach(() => vi.unstubAllGlobals());

describe('the bridge transport', () => {
  it('words a refusal for size in both languages', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"error":"The request is too large."}', { status: 413 }));
    const result = await createBridgeApi().bulkPreview({ file: 'AAAA' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(localizeError('en', result.error).message).toBe('This is too large to send to Paydesk.');
    expect(localizeError('ar', result.error).message).toBe('هذا أكبر من أن يُرسل إلى بايدسك.');
  });
});
