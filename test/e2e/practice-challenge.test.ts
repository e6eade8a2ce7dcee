// 3-D Secure as a customer meets it, in Chromium: the S2S sale's `html` shown unmodified in a
// merchant's iframe runs the challenge and ends in the redirect; the hosted checkout page
// is paid by typing a test card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { launchChromiumForTest } from './support/chromium-crash';
import { createGatewayClient } from '../../main/gateway/client';
import { createMemoryLogger } from '../../main/log/logger';
import { challengeCard, newOrderId, startTestGateway, testCustomer } from '../support/practice';
import { formatAmount } from '../../renderer/src/i18n/format';

const client = createGatewayClient({ logger: createMemoryLogger() });
let env: Awaited<ReturnType<typeof startTestGateway>>;
let browser: Browser;
let merchant: Server;
let merchantOrigin: string;
const iframeDocuments = new Map<string, string>();

beforeAll(async () => {
  env = await startTestGateway();
  browser = await launchChromiumForTest();
  // A tiny merchant site: a page that embeds the challenge html, and the two result pages.
  merchant = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/pay') {
      const html = iframeDocuments.get(url.searchParams.get('order') ?? '') ?? '';
      const srcdoc = html.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><title>Shop</title><iframe title="3-D Secure" srcdoc="${srcdoc}" width="500" height="400"></iframe>`);
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><title>${url.pathname}</title><h1 id="result">${url.pathname.slice(1)}</h1>`);
    }
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', () => resolve()));
  merchantOrigin = `http://127.0.0.1:${(merchant.address() as { port: number }).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => merchant.close(resolve));
  await env.gateway.close();
});

describe('3-D Secure in an iframe', () => {
  it.each([
    ['123456', 'success', 'paid'],
    ['654321', 'failure', 'declined'],
  ])('code %s ends on the %s page and the payment is %s', async (otp, resultPage, state) => {
    const orderId = newOrderId();
    const sale = await client.sale(env.conn, {
      orderId,
      amount: { minor: 9_900, currency: 'SAR' },
      authOnly: false,
      card: challengeCard,
      customer: testCustomer,
      successUrl: `${merchantOrigin}/success`,
      failureUrl: `${merchantOrigin}/failure`,
    });
    expect(sale.ok && sale.value.state).toBe('pending');
    iframeDocuments.set(orderId, sale.ok ? sale.value.html! : '');

    const page = await browser.newPage();
    try {
      await page.goto(`${merchantOrigin}/pay?order=${encodeURIComponent(orderId)}`);
      const frame = page.frameLocator('iframe');
      await frame.getByLabel('One-time code').fill(otp);
      await frame.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(() => page.frames()[1]?.url()).toContain(`${merchantOrigin}/${resultPage}?`);
      const landed = new URL(page.frames()[1]!.url());
      expect(landed.searchParams.get('orderId')).toBe(orderId);
      expect(await frame.locator('#result').textContent()).toBe(resultPage);
    } finally {
      await page.close();
    }
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state } });
  });
});

describe('3-D Secure in an iframe, in Arabic', () => {
  // The sale's html names no language: it goes to the challenge page, which reads the browser's
  // Accept-Language (Arabic here) and offers English by its switch (docs/practice-gateway.md).
  it('shows the challenge in Arabic, right to left, to a browser in Arabic, and the code pays', async () => {
    const orderId = newOrderId();
    const sale = await client.sale(env.conn, { orderId, amount: { minor: 9_900, currency: 'SAR' }, authOnly: false, card: challengeCard, customer: testCustomer, successUrl: `${merchantOrigin}/success`, failureUrl: `${merchantOrigin}/failure` });
    iframeDocuments.set(orderId, sale.ok ? sale.value.html! : '');
    const context = await browser.newContext({ locale: 'ar-SA' });
    try {
      const page = await context.newPage();
      await page.goto(`${merchantOrigin}/pay?order=${encodeURIComponent(orderId)}`);
      const frame = page.frameLocator('iframe');
      await expect.poll(() => frame.getByRole('heading', { name: 'تحقق من عملية الدفع' }).count()).toBe(1);
      expect(await frame.locator('html').getAttribute('dir')).toBe('rtl');
      await frame.getByLabel('رمز التحقق لمرة واحدة').fill('123456');
      await frame.getByRole('button', { name: 'تحقق', exact: true }).click();
      await expect.poll(() => page.frames()[1]?.url()).toContain(`${merchantOrigin}/success?`);
    } finally {
      await context.close();
    }
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'paid' } });
  });
});

describe('the hosted checkout page', () => {
  it('takes a test card typed by the customer and returns them to the shop', async () => {
    const orderId = newOrderId();
    const session = await client.initiateCheckout(env.conn, { orderId, amount: { minor: 2_500, currency: 'SAR' }, customer: testCustomer, authOnly: false, successUrl: `${merchantOrigin}/success`, failureUrl: `${merchantOrigin}/failure` });
    const page = await browser.newPage();
    try {
      await page.goto(session.ok ? session.value.redirectUrl : 'about:blank');
      await expect.poll(() => page.getByText(formatAmount(2_500, 'SAR', 'en')).count()).toBe(1); // as Paydesk shows it
      await page.getByLabel('Card number').fill('5123 4500 0000 0008');
      await page.getByLabel('Name on card').fill('Layla Haddad');
      await page.getByLabel('Expiry (MM/YY)').fill('01/39');
      await page.getByLabel('Security code').fill('100');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(`${merchantOrigin}/success?**`);
    } finally {
      await page.close();
    }
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'paid' } });
  });
});
