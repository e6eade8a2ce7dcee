// The practice gateway's payment page, as a new user pays their first practice link in Chromium:
// "Fill in" beside a test card puts it in the form, so paying takes three presses (Test cards,
// Fill in, Pay) where copying the card from the list took 38, and a typo declined.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromiumForTest } from './support/chromium-crash';
import { createGatewayClient } from '../../main/gateway/client';
import { createMemoryLogger } from '../../main/log/logger';
import { newOrderId, startTestGateway, testCustomer } from '../support/practice';

const client = createGatewayClient({ logger: createMemoryLogger() });
let env: Awaited<ReturnType<typeof startTestGateway>>;
let browser: Browser;

beforeAll(async () => {
  env = await startTestGateway();
  browser = await launchChromiumForTest();
});
afterAll(async () => {
  await browser?.close();
  await env.gateway.close();
});

describe('a test card filled in on the practice payment page', () => {
  it('pays a SAR 150.00 link in three presses, by the words on the page', async () => {
    const orderId = newOrderId('INV');
    const origin = new URL(env.gateway.baseUrl).origin;
    const link = await client.createPaymentLink(env.conn, { orderId, amount: { minor: 15_000, currency: 'SAR' }, description: 'Invoice', customer: testCustomer, successUrl: `${origin}/done?result=success`, failureUrl: `${origin}/done?result=failure` });
    const page = await browser.newPage();
    try {
      await page.goto(link.ok ? link.value.url : 'about:blank');
      await page.getByText('Test cards').click();
      await page.getByRole('listitem').filter({ hasText: 'approved' }).getByRole('link', { name: 'Fill in' }).click();
      expect(await page.getByLabel('Card number').inputValue()).toBe('5123 4500 0000 0008');
      expect(await page.getByLabel('Expiry (MM/YY)').inputValue()).toBe('01/39');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/done\?/);
    } finally {
      await page.close();
    }
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'paid' } });
  });

  it('fills in the 3-D Secure card, which then asks for its code', async () => {
    const orderId = newOrderId('INV');
    const link = await client.createPaymentLink(env.conn, { orderId, amount: { minor: 500, currency: 'SAR' }, description: 'Invoice', customer: testCustomer, successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' });
    const page = await browser.newPage();
    try {
      await page.goto(link.ok ? link.value.url : 'about:blank');
      await page.getByText('Test cards').click();
      await page.getByRole('listitem').filter({ hasText: '3-D Secure' }).getByRole('link', { name: 'Fill in' }).click();
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByLabel('One-time code').waitFor();
    } finally {
      await page.close();
    }
  });
});
