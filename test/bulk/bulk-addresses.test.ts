// A batch on a profile without default success/failure addresses (walk25): every row was refused
// at send, one by one, "no default yet". The run is now given the batch's addresses (the screen
// asks once) and every row carries them; given none, the run itself is refused before any row is
// sent, at the field. A real SQLite ledger and the practice gateway over HTTP.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createBulkService } from '../../main/bulk/bulk-service';
import { createSqliteBulkStore } from '../../main/ledger/bulk-store';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';
import { createMemoryLogger } from '../../main/log/logger';
import { createEventHub } from '../../main/core/event-hub';
import type { MethodInput } from '../../contract/methods';
import { AppFailure } from '../../contract/result';
import { startTestLedger } from '../ledger/support';

let ledger: Awaited<ReturnType<typeof startTestLedger>>;
beforeEach(async () => {
  ledger = await startTestLedger({ environment: 'sandbox' });
});
afterEach(async () => ledger.close());

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate\r\n';
const csv = header + ['A-1,10.00,SAR,Invoice 1,Sara,sara@example.com,+966501234567,,', 'A-2,12.00,SAR,Invoice 2,Omar,omar@example.com,+966507771234,,'].join('\r\n');
const file = { file: Buffer.from(csv, 'utf8').toString('base64') };

function bulkWithoutDefaults(sent: Array<MethodInput<'createPaymentLink'>>) {
  return createBulkService({
    store: createSqliteBulkStore(ledger.db), orders: ledger.service.store, logger: createMemoryLogger(), events: createEventHub(),
    // A new sandbox profile: no default addresses yet.
    active: async () => ({ ...(await ledger.service.active()), defaults: { successUrl: null, failureUrl: null } }),
    defaultCurrency: async () => 'SAR', requireConfirmation: requireProductionConfirmation, today: () => ledger.service.today(),
    createLink: async (input) => {
      sent.push(input);
      const result = await ledger.handlers.createPaymentLink(input, ledger.ctx);
      if (!result.ok) throw new AppFailure(result.error.code, result.error.message);
      return result.value;
    },
    createInvoice: async () => {
      throw new Error('no VAT rates in this file');
    },
  });
}

it('refuses the run before any row is sent when the profile has no default and none is given, at the field', async () => {
  const sent: Array<MethodInput<'createPaymentLink'>> = [];
  const bulk = bulkWithoutDefaults(sent);
  const batch = await bulk.createBatch(file, 'first.csv', ledger.ctx);
  const refusal = await bulk.start(batch.id, ledger.ctx, undefined, { failureUrl: 'https://souq.example/not-paid' }).then(() => undefined, (e: unknown) => e);
  expect(refusal).toBeInstanceOf(AppFailure);
  expect((refusal as AppFailure).extra.fieldReasons).toEqual({ successUrl: { key: 'input.urlMissing' } });
  expect(sent).toEqual([]);
  expect(ledger.practice.gateway.records()).toEqual([]);
  expect((await bulk.view(batch.id)).pending).toBe(2); // still waiting, nothing failed
});

it('sends every row once to the addresses given for the batch', async () => {
  const sent: Array<MethodInput<'createPaymentLink'>> = [];
  const bulk = bulkWithoutDefaults(sent);
  const batch = await bulk.createBatch(file, 'first.csv', ledger.ctx);
  await bulk.start(batch.id, ledger.ctx, undefined, { successUrl: ' https://souq.example/paid ', failureUrl: 'https://souq.example/not-paid' });
  await bulk.idle(batch.id);
  expect(await bulk.view(batch.id)).toMatchObject({ state: 'done', created: 2, failed: 0 });
  expect(sent.map((s) => [s.orderId, s.successUrl, s.failureUrl])).toEqual([['A-1', 'https://souq.example/paid', 'https://souq.example/not-paid'], ['A-2', 'https://souq.example/paid', 'https://souq.example/not-paid']]);
  expect(ledger.practice.gateway.records().map((r) => r.orderId)).toEqual(['A-1', 'A-2']);
});
