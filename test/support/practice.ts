// A practice gateway for a test file: real HTTP on loopback, state in memory, a memory logger
// whose lines tests can search for leaks.
import { createMemoryLogger } from '../../main/log/logger';
import { startPracticeGateway, type PracticeOptions } from '../../main/practice/embedded';
import type { GatewayConnection } from '../../main/gateway/operations';

export async function startTestGateway(options: Partial<PracticeOptions> = {}) {
  const logger = createMemoryLogger();
  const gateway = await startPracticeGateway({ logger, webhookRetryDelaysMs: [20, 20, 20], ...options });
  const conn: GatewayConnection = { baseUrl: gateway.baseUrl, apiKey: gateway.apiKey };
  return { gateway, logger, conn };
}

export const testCustomer = { name: 'Layla Haddad', email: 'Layla.Haddad@Example.com', phone: '+966500000001' };
export const approveCard = { number: '5123 4500 0000 0008', holder: 'LAYLA HADDAD', expiryMonth: '01', expiryYear: '2039', cvv: '100' };
export const challengeCard = { number: '4111111111111111', holder: 'LAYLA HADDAD', expiryMonth: '01', expiryYear: '2039', cvv: '123' };
export const declineCard = { number: '4000000000000002', holder: 'LAYLA HADDAD', expiryMonth: '01', expiryYear: '2039', cvv: '123' };
export const redirects = { successUrl: 'https://shop.example/paid', failureUrl: 'https://shop.example/failed' };

let counter = 0;
export const newOrderId = (prefix = 'ORD') => `${prefix}-${Date.now().toString(36)}-${++counter}`;
