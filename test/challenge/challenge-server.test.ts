// Main's 3-D Secure page server: the gateway's html served byte for byte in an opaque,
// sandboxed origin; the wrapper the preview frames; the return recorded once; other hosts refused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { startChallengeServer, type ChallengeServer } from '../../main/challenge/challenge-server';
import { createMemoryLogger } from '../../main/log/logger';
import type { ChallengeView } from '../../contract/methods/challenge';

let server: ChallengeServer;
let returns: ChallengeView[];
beforeEach(async () => {
  returns = [];
  server = await startChallengeServer({ logger: createMemoryLogger(), onReturn: (v) => returns.push(v) });
});
afterEach(() => server.close());

const html = '<!doctype html><html><body><form method="post" action="http://127.0.0.1:9/challenge"><input name="x" value="é&amp;"></form><script>document.forms[0]</script></body></html>';

function get(url: string, host?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: host ? { host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('challenge server', () => {
  it('serves the html exactly as received, sandboxed, and a framing wrapper', async () => {
    const { id, successUrl, failureUrl } = server.reserve();
    expect(successUrl).toBe(`${server.origin}/3ds/${id}/done?result=success`);
    expect(failureUrl).toBe(`${server.origin}/3ds/${id}/done?result=failure`);
    expect(server.attach(id, html, 'pay-1')).toMatchObject({ state: 'waiting', paymentId: 'pay-1', frameUrl: `${server.origin}/3ds/${id}/frame` });
    const page = await get(server.pageUrl(id));
    expect(page.body).toBe(html);
    expect(page.headers['content-security-policy']).toBe('sandbox allow-forms allow-scripts');
    const wrapper = await get(server.frameUrl(id));
    expect(wrapper.body).toContain(`<iframe title="3-D Secure verification" sandbox="allow-forms allow-scripts" src="/3ds/${id}">`);
    expect(wrapper.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('records the return once and tells main', async () => {
    const { id, successUrl } = server.reserve();
    server.attach(id, html, 'pay-2');
    expect((await get(`${successUrl}&orderId=O&status=APPROVED`)).status).toBe(200);
    await get(`${server.origin}/3ds/${id}/done?result=failure`);
    expect(returns).toEqual([expect.objectContaining({ id, paymentId: 'pay-2', state: 'success' })]);
    expect(server.get(id)?.state).toBe('success');
  });

  it('refuses unknown ids, unfinished challenges and other hosts', async () => {
    const { id } = server.reserve();
    expect((await get(server.pageUrl(id))).status).toBe(404); // no html yet
    expect((await get(`${server.origin}/3ds/${'x'.repeat(24)}`)).status).toBe(404);
    server.attach(id, html, 'pay-3');
    expect((await get(server.pageUrl(id), 'evil.example')).status).toBe(421);
  });
});

// Its own pages showed in English in the Arabic app's frame and window (the return page under the
// bank's, "over or unknown" on a reload): they follow Paydesk's language as it is when asked.
it('words its own pages in Paydesk’s language, right to left in Arabic, the gateway’s html untouched', async () => {
  let language: 'en' | 'ar' = 'ar';
  const arabic = await startChallengeServer({ logger: createMemoryLogger(), onReturn: () => undefined, language: () => language });
  try {
    const { id, successUrl } = arabic.reserve();
    arabic.attach(id, html, 'pay-4');
    expect((await get(arabic.pageUrl(id))).body).toBe(html);
    expect((await get(arabic.frameUrl(id))).body).toContain(`<html lang="ar" dir="rtl">`);
    expect((await get(arabic.frameUrl(id))).body).toContain(`<iframe title="التحقق بـ \u20663-D Secure\u2069" sandbox="allow-forms allow-scripts" src="/3ds/${id}">`);
    const done = await get(successUrl);
    expect(done.body).toContain('<html lang="ar" dir="rtl">');
    expect(done.body).toContain('<p>انتهى التحقق. يعرض بايدسك النتيجة.</p>');
    const over = await get(`${arabic.origin}/3ds/${'x'.repeat(24)}`);
    expect([over.status, over.body.includes('<p>انتهى هذا التحقق أو أنه غير معروف. أغلق هذه النافذة وافحص الدفعة في بايدسك.</p>')]).toEqual([404, true]);
    language = 'en';
    expect((await get(successUrl)).body).toContain('<html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Paydesk</title></head><body style="font-family:sans-serif;padding:16px"><p>Verification finished. Paydesk shows the result.</p>');
  } finally {
    await arabic.close();
  }
});
