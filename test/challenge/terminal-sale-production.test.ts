// Card payment on a production profile (walk37). The terminal's sale returns the customer to main's
// own 3-D Secure page on this computer (http://127.0.0.1:…); the rule that a production profile's
// customers go to https only (contract/return-address.ts, walk25) refused it, so no card payment
// could be taken on any production profile: "On a production profile the customer is sent to an
// https:// address only", under a form with no address field. The rule still holds for addresses a
// caller gives (chargeCard, links, sessions).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PaymentView } from '../../contract/methods/payments';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { paymentHandlers } from '../../main/api/payment-handlers';
import { challengeHandlers } from '../../main/challenge/challenge-handlers';
import { startChallengeServer, type ChallengeServer } from '../../main/challenge/challenge-server';
import { createEventHub } from '../../main/core/event-hub';
import { createGatewayClient } from '../../main/gateway/client';
import { openLedgerDb } from '../../main/ledger/database';
import { createMemoryLogger } from '../../main/log/logger';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import { createPaymentsService } from '../../main/payments/payments-service';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';
import { startDocumentedGateway } from '../support/documented-gateway';

const customer = { name: 'Mariam Qasim', email: 'mariam@example.com', phone: '+966501234567' };
const card = { number: '5123450000000008', holder: 'MARIAM QASIM', expiryMonth: '01', expiryYear: '2039', cvv: '100' };
const profile = { id: 'online-shop', name: 'Online shop', environment: 'production' as const };
const confirm = { environment: 'production', profileId: profile.id };

let gateway: Awaited<ReturnType<typeof startDocumentedGateway>>;
let challenges: ChallengeServer;
let dir: string;
let db: ReturnType<typeof openLedgerDb>;
type Answer = { ok: boolean; value?: unknown; error?: { code: string; message: string; fields?: Record<string, string> } };
let handlers: Record<string, (input: unknown, ctx: unknown) => Promise<Answer>>;
const ctx = { transport: 'direct' as const, osUser: 'cashier' };

beforeAll(async () => {
  gateway = await startDocumentedGateway();
  dir = mkdtempSync(join(tmpdir(), 'paydesk-terminal-production-'));
  db = openLedgerDb(dir);
  const logger = createMemoryLogger();
  challenges = await startChallengeServer({ logger, onReturn: () => undefined });
  const service = createPaymentsService({
    store: createSqliteLedgerStore(db), client: createGatewayClient({ logger, sleep: async () => {}, timeoutMs: 2_000 }), logger, events: createEventHub(),
    // A production profile whose default return addresses are its shop's own (https).
    active: async () => ({ profile, conn: gateway.conn, defaults: { successUrl: 'https://shop.example/paid', failureUrl: 'https://shop.example/not-paid' } }),
    connectionFor: async () => gateway.conn,
    requireConfirmation: requireProductionConfirmation,
  });
  const impl = { ...paymentHandlers({ service }), ...challengeHandlers({ server: challenges, chargeCard: service.chargeCard, windows: new Map() }) };
  handlers = createHandlers(impl as unknown as Implementations, logger) as unknown as typeof handlers;
});
afterAll(async () => {
  db.close();
  await challenges.close();
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
});

it('takes a card payment on a production profile, its 3-D Secure return on this computer', async () => {
  const answer = await handlers.terminalSale!({ amount: '55.00', currency: 'SAR', card, customer, authOnly: false, confirm }, ctx);
  expect(answer.error).toBeUndefined();
  expect((answer.value as { payment: PaymentView }).payment).toMatchObject({ state: 'paid', capturedMinor: 5_500, profileId: profile.id });
  // The gateway was given main's own return page, not the profile's defaults.
  const sent = JSON.parse(gateway.received.at(-1)!.body) as Record<string, string>;
  expect(Object.values(sent).filter((v) => typeof v === 'string' && v.startsWith(challenges.origin))).toHaveLength(2);
});

it('still needs the production confirmation', async () => {
  expect(await handlers.terminalSale!({ amount: '5.00', currency: 'SAR', card, customer, authOnly: false }, ctx)).toMatchObject({ ok: false, error: { code: 'confirmation_required' } });
});

it('still refuses an http address a caller gives a production sale', async () => {
  const answer = await handlers.chargeCard!({ amount: '5.00', currency: 'SAR', card, customer, authOnly: false, successUrl: 'http://shop.example/paid', confirm }, ctx);
  expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { successUrl: expect.stringContaining('https://') } } });
});
