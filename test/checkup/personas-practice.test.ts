// The practice gateway's fault personas: off by default (the documented answers stay exactly
// as they are), chosen at start or over the control endpoint, per test.
import { afterEach, expect, it } from 'vitest';
import { startTestGateway, approveCard, testCustomer, redirects } from '../support/practice';
import { createGatewayClient } from '../../main/gateway/client';
import { createMemoryLogger } from '../../main/log/logger';

const client = createGatewayClient({ logger: createMemoryLogger(), sleep: async () => {} });
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

it('answers with the documented fields unless a persona is chosen', async () => {
  const { gateway, conn } = await startTestGateway();
  close = () => gateway.close();
  expect(gateway.faults.persona()).toBeNull();
  const sale = await client.sale(conn, { orderId: 'P-1', amount: { minor: 100, currency: 'SAR' }, authOnly: false, card: approveCard, customer: testCustomer, ...redirects });
  expect(sale.ok && Object.keys(JSON.parse(sale.raw).data).sort()).toEqual(['amount', 'currencyCode', 'orderId', 'rrn', 'status', 'transactionId', 'type']);
});

it('switches persona over the control endpoint, refuses unknown ones, and switches back', async () => {
  const { gateway, conn } = await startTestGateway();
  close = () => gateway.close();
  const post = (persona: unknown) => fetch(`${gateway.baseUrl}/_practice/persona`, { method: 'POST', headers: { 'X-API-KEY': gateway.apiKey }, body: JSON.stringify({ persona }) });
  expect((await post('nonsense')).status).toBe(400);
  expect((await post('renamed-fields')).status).toBe(200);
  const renamed = await client.initiateCheckout(conn, { orderId: 'P-2', amount: { minor: 100, currency: 'SAR' }, customer: testCustomer, authOnly: false, ...redirects });
  expect(renamed.ok).toBe(false);
  expect(Object.keys(JSON.parse(renamed.raw!).data)).toEqual(['paymentPageUrl', 'sessionRef']);
  expect((await post(null)).status).toBe(200);
  const documented = await client.initiateCheckout(conn, { orderId: 'P-3', amount: { minor: 100, currency: 'SAR' }, customer: testCustomer, authOnly: false, ...redirects });
  expect(documented.ok).toBe(true);
});
